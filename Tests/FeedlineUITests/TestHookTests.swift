import FeedCore
import FeedTestSupport
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// The records tests read (announcements, the context menu shown) cost the
/// app nothing that grows: a bounded list, a weak reference.
final class TestHookTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    func testTheWindowKeepsOnlyTheLatestAnnouncements() {
        MainActor.assumeIsolated {
            let window = openWindow(on: LocalFeedSource(file: fixture.writeFeed(title: "Hooks", count: 5)))
            let sent = (0..<(FeedWindow.announcementsKept + 10)).map { "Message \($0)" }
            for message in sent { window.announcer.onAnnounce?(message, .polite) }
            XCTAssertEqual(window.announcements.count, FeedWindow.announcementsKept)
            XCTAssertEqual(window.announcements, Array(sent.suffix(FeedWindow.announcementsKept)))
        }
    }

    func testAClosedContextMenuIsNotKeptAlive() {
        MainActor.assumeIsolated {
            let title = "Hooks \(UUID().uuidString.prefix(8))"
            let window = openWindow(on: LocalFeedSource(file: fixture.writeFeed(title: title, count: 5)))
            waitUntil("the title") { window.window.title == title }
            window.feedList.focusRow(at: 1)
            waitUntil("row 1 has focus") { window.feedList.focusedItem?.id == "item-1" }

            XDoTool.press(["Menu"], inWindowTitled: title)
            waitUntil("the item menu opens") { ContextMenu.isOpen }
            XCTAssertNotNil(ContextMenu.lastMenu, "the menu shown, while it shows")
            XDoTool.press(["Escape"], inWindowTitled: title)
            waitUntil("closed") { !ContextMenu.isOpen }
            waitUntil("and let go") { ContextMenu.lastMenu == nil }
        }
    }
}
