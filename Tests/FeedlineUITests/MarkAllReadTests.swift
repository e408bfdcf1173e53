import CGtk
import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// Mark All as Read in real windows over a real store: Shift+Ctrl+A marks
/// every item of the open view, the sidebar's row menu those of any view,
/// folder or feed; the rows change in place, the counts follow, the window
/// says how many in a notification with Undo (and to screen readers);
/// Undo (its button or Ctrl+Z) marks exactly those unread again.
final class MarkAllReadTests: StoreTestCase, @unchecked Sendable {
    /// Feeds "News" (30 items) and "Other" (10) and a window on All items.
    @MainActor
    private func windowOnTwoFeeds(file: StaticString = #filePath, line: UInt = #line) throws
        -> (FeedWindow, Subscriptions, FeedStore, [Subscription.ID]) {
        try windowOnNewsAndOther(news: 30, other: 10, otherFolder: ["Folder"], file: file, line: line)
    }

    /// The items of the store not read yet, once every mark is written.
    @MainActor
    private func storedUnread(_ store: FeedStore, _ subscriptions: Subscriptions) throws -> [String] {
        try wait { await subscriptions.flush() }
        return try storedItems(store, .unread).map(\.title)
    }

    func testShiftCtrlAMarksEveryItemOfTheViewReadInPlace() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, store, _) = try windowOnTwoFeeds()
            let order = ids(window)
            let top = window.feedList.factory.rowWidget(at: 0)?.top(in: window.feedList.scroller)
            window.feedList.focusRow(at: 0)
            waitUntil("a row has focus") { window.feedList.focusedItem != nil }
            XDoTool.press(["shift+ctrl+a"], inWindowTitled: "All items")
            waitUntil("every row shows it read") { window.feedList.items.allSatisfy(\.isRead) }
            XCTAssertEqual(ids(window), order, "nothing moved or went")
            XCTAssertEqual(window.feedList.factory.rowWidget(at: 0)?.top(in: window.feedList.scroller), top)
            XCTAssertEqual(try storedUnread(store, subscriptions), [])
            waitUntil("the counts follow") { subscriptions.unreadCount(of: .all) == 0 }
            XCTAssertTrue(window.undoNotification.isShown)
            XCTAssertEqual(window.undoNotification.label.text, "Marked 40 items as read")
            waitUntil("a screen reader hears it") { window.announcements.contains("Marked 40 items as read") }
        }
    }

    func testUndoMarksExactlyThoseItemsUnreadAgain() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, store, _) = try windowOnTwoFeeds()
            // One item was read before.
            XCTAssertTrue(window.window.activateAction("win.mark-read", string: try XCTUnwrap(window.feedList.item(at: 3)).id))
            window.feedList.focusRow(at: 0)
            waitUntil("a row has focus") { window.feedList.focusedItem != nil }
            XCTAssertTrue(window.window.activateAction("win.mark-all-read"))
            waitUntil("the notification offers Undo") { window.undoNotification.isShown }
            XCTAssertEqual(window.undoNotification.label.text, "Marked 39 items as read")
            XDoTool.press(["ctrl+z"], inWindowTitled: "All items")
            waitUntil("the rows are unread again, but the one read before") {
                window.feedList.items.filter(\.isRead).map(\.title) == ["News 3"]
            }
            XCTAssertFalse(window.undoNotification.isShown, "Undo is done once")
            XCTAssertEqual(try storedUnread(store, subscriptions).count, 39)
            waitUntil("the counts follow") { subscriptions.unreadCount(of: .all) == 39 }
            waitUntil("a screen reader hears it") { window.announcements.contains("Marked 39 items as unread again") }
            XCTAssertEqual(window.undoNotification.undoAction?.isEnabled, false, "Ctrl+Z again does nothing")
        }
    }

    func testTheUndoButtonUndoesToo() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, store, _) = try windowOnTwoFeeds()
            XCTAssertTrue(window.window.activateAction("win.mark-all-read"))
            waitUntil("the notification offers Undo") { window.undoNotification.isShown }
            window.undoNotification.undoButton.click()
            waitUntil("every row is unread again") { !window.feedList.items.contains(where: \.isRead) }
            XCTAssertEqual(try storedUnread(store, subscriptions).count, 40)
        }
    }

    func testAFeedsRowMenuMarksThatFeedAlone() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, store, ids) = try windowOnTwoFeeds()
            XCTAssertTrue(window.window.activateAction("win.mark-all-read-in",
                                                       string: TimelineScope.subscription(ids[1]).settingValue))
            waitUntil("the store has it") { subscriptions.unreadCount(of: .subscription(ids[1])) == 0 }
            XCTAssertTrue(window.feedList.items.allSatisfy { $0.isRead == $0.title.hasPrefix("Other") },
                          "the rows shown of Other, and only those, are read")
            XCTAssertEqual(try storedUnread(store, subscriptions), (0..<30).map { "News \($0)" })
            waitUntil("the counts follow") {
                subscriptions.unreadCount(of: .subscription(ids[1])) == 0 && subscriptions.unreadCount(of: .all) == 30
            }
        }
    }

    func testAFoldersRowMenuOffersMarkAllAsRead() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, store, _) = try windowOnTwoFeeds()
            let sidebar = try XCTUnwrap(window.sidebar)
            let (cell, _) = try sidebarRow(window, .folder(["Folder"]))
            sidebar.onContextMenu?(try XCTUnwrap(cell.entry), cell.root, nil, nil)
            waitUntil("the folder's menu opens") { ContextMenu.isOpen }
            XCTAssertEqual(ContextMenu.lastMenu?.items.map(\.label), ["_Mark All as Read"])
            XDoTool.press(["Return"], inWindowTitled: "All items")
            waitUntil("the folder's items are read") { subscriptions.unreadCount(of: .folder(["Folder"])) == 0 }
            XCTAssertEqual(try storedUnread(store, subscriptions).count, 30)
        }
    }

    func testItemsThatArrivedSinceTheReaderLookedStayUnread() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, store, ids) = try windowOnTwoFeeds()
            // Stored after the view opened, newer than everything: a new item.
            try storeItems(store, in: ids[0], count: 1, label: "Late", newest: Date(timeIntervalSince1970: 1_900_000_000))
            XCTAssertTrue(window.window.activateAction("win.mark-all-read"))
            waitUntil("the notification shows") { window.undoNotification.isShown }
            XCTAssertEqual(window.undoNotification.label.text, "Marked 40 items as read")
            XCTAssertEqual(try storedUnread(store, subscriptions), ["Late 0"])
        }
    }

    func testAViewWithNothingUnreadSaysSo() throws {
        try MainActor.assumeIsolated {
            let (window, _, _, _) = try windowOnTwoFeeds()
            XCTAssertTrue(window.window.activateAction("win.mark-all-read"))
            waitUntil("the notification shows") { window.undoNotification.isShown }
            window.undoNotification.closeButton.click()
            XCTAssertFalse(window.undoNotification.isShown)
            XCTAssertTrue(window.window.activateAction("win.mark-all-read"))
            waitUntil("it says there is nothing to mark") { window.announcements.contains("No unread items to mark") }
            XCTAssertFalse(window.undoNotification.isShown)
        }
    }
}
