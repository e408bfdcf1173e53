import FeedCore
import FeedTestSupport
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// The window driven by real key presses.
final class FeedWindowKeyboardTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    @MainActor
    private func openKeyboardWindow(count: Int) -> (FeedWindow, String) {
        let title = "Keyboard Feed \(UUID().uuidString.prefix(8))"
        let url = fixture.writeFeed(title: title, count: count)
        let window = openWindow(on: LocalFeedSource(file: url, pageSize: 20))
        waitUntil("the window has its feed's title") { window.window.title == title }
        settle(window)
        return (window, title)
    }

    func testTheEndKeyLoadsTheNextPage() {
        MainActor.assumeIsolated {
            let (window, title) = openKeyboardWindow(count: 200)
            let before = window.feedList.itemCount
            XCTAssertTrue(window.feedList.factory.focusRow(at: 0))
            XDoTool.press(["End"], inWindowTitled: title)
            waitUntil("End loads the next page") { window.feedList.itemCount > before }
            settle(window)
            XCTAssertEqual(ids(window), (0..<window.feedList.itemCount).map(FeedFixture.id))
        }
    }

    func testCtrlRAndF5Refresh() {
        MainActor.assumeIsolated {
            let (window, title) = openKeyboardWindow(count: 60)
            fixture.writeFeed(title: title, count: 60, label: "Second")
            XDoTool.press(["ctrl+r"], inWindowTitled: title)
            waitUntil("Ctrl+R reloads the feed") { window.feedList.items.first?.title == "Second 0" }
            settle(window)
            fixture.writeFeed(title: title, count: 60, label: "Third")
            XDoTool.press(["F5"], inWindowTitled: title)
            waitUntil("F5 reloads it too") { window.feedList.items.first?.title == "Third 0" }
            XCTAssertTrue(window.feedList.items.allSatisfy { $0.title.hasPrefix("Third") })
        }
    }
}
