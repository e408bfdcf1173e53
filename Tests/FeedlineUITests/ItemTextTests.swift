import FeedCore
import Foundation
import XCTest

@testable import FeedlineUI

final class ItemTextTests: XCTestCase {
    let now = ISO8601DateFormatter().date(from: "2026-11-22T12:00:00Z")!

    func testRelativeDates() {
        func ago(_ seconds: TimeInterval) -> String {
            RelativeDate.describe(now.addingTimeInterval(-seconds), now: now)
        }
        XCTAssertEqual(ago(10), "just now")
        XCTAssertEqual(ago(60), "1 minute ago")
        XCTAssertEqual(ago(45 * 60), "45 minutes ago")
        XCTAssertEqual(ago(2 * 3600), "2 hours ago")
        XCTAssertEqual(ago(3 * 86_400), "3 days ago")
        XCTAssertTrue(ago(400 * 86_400).contains("2025"), ago(400 * 86_400))
    }

    func testAccessibleNameIsShort() {
        let item = FeedItem(id: "1", title: "Change your password", summary: "A long summary that is not spoken",
                            author: "Shaun McCance", date: now.addingTimeInterval(-7200))
        XCTAssertEqual(ItemText.accessibleName(item, now: now), "Change your password, by Shaun McCance, 2 hours ago")
        XCTAssertEqual(ItemText.byline(item, now: now), "Shaun McCance · 2 hours ago")
        XCTAssertEqual(ItemText.accessibleName(FeedItem(id: "2", title: ""), now: now), "Untitled")
    }
}
