import FeedCore
import FeedStore
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// A stored timeline's list holds only the items near the reader, in a
/// real window over a real store: scrolled far, it lets the others go;
/// scrolled back, they read back from the store, the same items in the
/// same places (their marks as stored now), and keyboard focus stays on
/// the item that had it.
final class ItemsLetGoTests: StoreTestCase, @unchecked Sendable {
    /// A store with "News" (`count` items), a window on All items paging
    /// 50 at a time, holding `holdAround` items each side of its rows,
    /// not marking items read as they scroll past.
    @MainActor
    private func windowOnNews(count: Int, holdAround: Int = 100,
                              file: StaticString = #filePath, line: UInt = #line) throws
        -> (window: FeedWindow, store: FeedStore, stored: [FeedItem]) {
        let store = try fixture.store()
        let ids = try subscribe(store, [(spec("news"), "News", [])], file: file, line: line)
        try storeItems(store, in: ids[0], count: count, label: "News", file: file, line: line)
        let window = openWindow(on: fixture.subscriptions(over: store, pageSize: 50), opening: .scope(.all),
                                file: file, line: line)
        window.feedList.holdAround = holdAround
        // Items stay as stored: none marked read as they scroll past.
        window.feedList.tracksScrollingPast = false
        settle(window, file: file, line: line)
        return (window, store, try storedItems(store, file: file, line: line))
    }

    /// Scrolls to the end of the list as pages come, until every item is
    /// in it; returns the most items it held on the way.
    @MainActor
    private func scrollThrough(_ window: FeedWindow, count: Int,
                               file: StaticString = #filePath, line: UInt = #line) -> Int {
        let list = window.feedList
        var mostHeld = list.heldItemCount
        while list.itemCount < count || window.session.phase != .exhausted {
            let before = (list.itemCount, list.adjustment.value)
            scrollToBottom(window)
            settle(window, file: file, line: line)
            waitForFrames(of: window.window, file: file, line: line)
            mostHeld = max(mostHeld, list.heldItemCount)
            if (list.itemCount, list.adjustment.value) == before && window.session.phase == .exhausted { break }
        }
        return mostHeld
    }

    /// Moves the list to show `position` near its top, as dragging the
    /// scroll bar there would, and waits until the rows in view show
    /// their items (read back).
    @MainActor
    private func jump(_ window: FeedWindow, to position: Int,
                      file: StaticString = #filePath, line: UInt = #line) {
        let list = window.feedList
        list.adjustment.value = list.adjustment.upper * Double(position) / Double(list.itemCount)
        waitUntil("the rows near \(position) show their items", file: file, line: line) {
            let rows = list.visibleRows.map(\.position)
            return !rows.isEmpty && rows.allSatisfy { list.factory.cell(at: $0)?.item != nil }
        }
    }

    func testFarItemsAreLetGoAndComeBackTheSameInTheirPlaces() throws {
        try MainActor.assumeIsolated {
            let (window, _, stored) = try windowOnNews(count: 1_200)
            let list = window.feedList
            let mostHeld = scrollThrough(window, count: stored.count)
            XCTAssertEqual(list.itemCount, stored.count)
            // The newest 100, the rows GTK keeps, and 100 each side of them.
            XCTAssertLessThan(mostHeld, 700, "held at most \(mostHeld) of \(stored.count)")
            XCTAssertNil(list.item(at: 600), "items far from the reader were let go")
            XCTAssertNotNil(list.item(at: 50), "the newest are held, where Home goes")
            XCTAssertNotNil(list.item(at: stored.count - 1), "the last is held")
            // Every item in its place, once: held or not.
            for (index, item) in stored.enumerated() where list.position(ofItemWithID: item.id) != index {
                XCTFail("\(item.title) is at \(list.position(ofItemWithID: item.id).map(String.init) ?? "no place"), not \(index)")
                break
            }

            jump(window, to: 600)
            let shown = list.visibleRows.map(\.position).sorted()
            XCTAssertFalse(shown.isEmpty)
            XCTAssertEqual(shown.compactMap(list.item(at:)), shown.map { stored[$0] },
                           "the items read back are the stored ones, in their places")
            XCTAssertEqual(shown.compactMap { list.factory.cell(at: $0)?.item }, shown.map { stored[$0] },
                           "and their rows show them")
            waitUntil("the items around them read back too") {
                list.item(at: shown[0] - 40) != nil && list.item(at: shown.last! + 40) != nil
            }
            // Rows out of view are bound with theirs a few a frame after.
            waitUntil("every row GTK keeps shows its item") {
                list.factory.boundPositions.filter { $0 < list.itemCount }.allSatisfy { position in
                    list.factory.cell(at: position)?.item == stored[position]
                }
            }
            XCTAssertNil(list.item(at: stored.count - 1), "the end, far now, was let go")
            XCTAssertLessThan(list.heldItemCount, 700)
        }
    }

    func testAnItemMarkedWhileLetGoComesBackWithItsMark() throws {
        try MainActor.assumeIsolated {
            let (window, store, stored) = try windowOnNews(count: 900)
            let list = window.feedList
            _ = scrollThrough(window, count: stored.count)
            XCTAssertNil(list.item(at: 450))
            // Another window (or a sync) marks it while it is let go.
            try wait { try await store.setRead(true, items: [stored[450].id]) }
            jump(window, to: 448)
            waitUntil("it read back") { list.item(at: 450) != nil }
            XCTAssertEqual(list.item(at: 450)?.isRead, true, "read back as stored now")
            XCTAssertEqual(list.item(at: 449)?.isRead, false)
        }
    }

    func testTheFocusedItemIsKeptWhileTheReaderScrollsAway() throws {
        try MainActor.assumeIsolated {
            let (window, _, stored) = try windowOnNews(count: 900)
            let list = window.feedList
            scrollDown(window, to: list.adjustment.upper)
            while list.itemCount < 400 { scrollToBottom(window); settle(window) }
            list.focusRow(at: 300)
            waitUntil("row 300 has focus") { list.factory.focusedCell?.position == 300 }
            let focused = list.item(at: 300)

            _ = scrollThrough(window, count: stored.count)
            XCTAssertNil(list.item(at: 310), "items near it were let go")
            XCTAssertEqual(list.item(at: 300), focused, "the focused item was not")
            XCTAssertEqual(list.focusedItem, focused)

            jump(window, to: 298)
            XCTAssertEqual(list.factory.focusedCell?.position, 300, "focus is where it was")
            XCTAssertEqual(list.focusedItem?.id, stored[300].id)
        }
    }

    func testPageUpEndAndHomeWorkFarDownWithRealKeys() throws {
        try MainActor.assumeIsolated {
            // Only 30 held each side: Page Up goes through items let go.
            let (window, _, stored) = try windowOnNews(count: 1_200, holdAround: 30)
            let list = window.feedList
            _ = scrollThrough(window, count: stored.count)
            list.focusLastItem()
            waitUntil("the last row has focus") { list.factory.focusedCell?.position == stored.count - 1 }
            XCTAssertNil(list.item(at: 900), "far items were let go")

            XDoTool.press(Array(repeating: "Page_Up", count: 60), inWindowTitled: window.window.title ?? "")
            waitUntilSteady("focus", in: window) { list.factory.focusedCell?.position }
            let focused = try XCTUnwrap(list.factory.focusedCell)
            XCTAssertLessThan(focused.position, stored.count - 150, "Page Up went up through items let go")
            XCTAssertEqual(focused.cell.item, stored[focused.position], "the focused row shows its item")

            // The last row is the footer ("You're all caught up").
            XDoTool.press(["End"], inWindowTitled: window.window.title ?? "")
            waitUntil("End focuses the last row") { list.factory.focusedCell?.position == stored.count }
            waitUntil("the last item, read back, shows above it") {
                list.factory.cell(at: stored.count - 1)?.item == stored.last
            }

            XDoTool.press(["Home"], inWindowTitled: window.window.title ?? "")
            waitUntil("Home focuses the first row") { list.factory.focusedCell?.position == 0 }
            XCTAssertEqual(list.focusedItem, stored.first)
        }
    }

    func testAFeedsOwnPagesAreAllHeld() {
        MainActor.assumeIsolated {
            // A window on one feed file (no store): nothing can read back.
            let file = fixture.feeds.writeFeed(named: "long.json", title: "Long", count: 600, label: "Long")
            let window = openWindow(on: LocalFeedSource(file: file, pageSize: 50))
            window.feedList.holdAround = 50
            _ = scrollThrough(window, count: 600)
            XCTAssertEqual(window.feedList.heldItemCount, window.feedList.itemCount)
        }
    }
}
