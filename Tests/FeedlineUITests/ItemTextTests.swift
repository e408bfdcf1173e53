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

    /// Days are counted between local midnights: 26 hours before 01:00 in
    /// Kathmandu (UTC+5:45) is two days ago there, though one in UTC.
    func testDaysAgoCountLocalMidnights() {
        let before = getenv("TZ").map { String(cString: $0) }
        defer { if let before { setenv("TZ", before, 1) } else { unsetenv("TZ") } }
        let now = ISO8601DateFormatter().date(from: "2026-11-21T19:15:00Z")!  // 01:00 on 22 November there
        let then = now.addingTimeInterval(-26 * 3600)  // 23:00 on 20 November there
        setenv("TZ", "UTC", 1)
        XCTAssertEqual(RelativeDate.describe(then, now: now), "yesterday")
        setenv("TZ", "Asia/Kathmandu", 1)
        XCTAssertEqual(RelativeDate.describe(then, now: now), "2 days ago")
        XCTAssertEqual(RelativeDate.describe(now.addingTimeInterval(-20 * 3600), now: now), "20 hours ago")
    }

    func testAccessibleNameIsShort() {
        let item = FeedItem(id: "1", title: "Change your password", summary: "A long summary that is not spoken",
                            author: "Shaun McCance", date: now.addingTimeInterval(-7200))
        XCTAssertEqual(ItemText.accessibleName(item, now: now), "Change your password, by Shaun McCance, 2 hours ago")
        XCTAssertEqual(ItemText.byline(item, now: now), "Shaun McCance · 2 hours ago")
        XCTAssertEqual(ItemText.accessibleName(FeedItem(id: "2", title: ""), now: now), "Untitled")
    }
}
