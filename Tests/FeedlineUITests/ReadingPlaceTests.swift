import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// Keeping the reader's place, in real windows over a real store: each
/// view keeps where the reader was (top item, offset, focused item) when
/// another opens, and a window opened over the same store file later (as
/// after a restart) opens there, drawn from the store; the items above
/// the place come as the reader scrolls up, each once and in order.
/// (A real restart of the process is checked by the AT-SPI suite, run 6.)
final class ReadingPlaceTests: StoreTestCase, @unchecked Sendable {
    /// Feeds "News" (120 items) and "Other" (5), and a window on All items.
    @MainActor
    private func windowOnNews(file: StaticString = #filePath, line: UInt = #line) throws
        -> (FeedWindow, Subscriptions, [Subscription.ID]) {
        let opened = try windowOnNewsAndOther(news: 120, other: 5, file: file, line: line)
        return (opened.window, opened.subscriptions, opened.ids)
    }

    /// Scrolls the list down by `pixels` (loading pages on the way), then
    /// focuses the row `rowsDown` below the top one; returns where the
    /// reader is.
    @MainActor
    private func moveDown(_ window: FeedWindow, by pixels: Double, focusing rowsDown: Int,
                          file: StaticString = #filePath, line: UInt = #line) throws -> Place {
        let list = window.feedList
        scrollDown(window, to: pixels, file: file, line: line)
        waitForFrames(of: window.window)
        let top = try XCTUnwrap(list.topOfView, file: file, line: line)
        let topPosition = try XCTUnwrap(list.position(ofItemWithID: top.item.id), file: file, line: line)
        list.focusRow(at: topPosition + rowsDown)
        let focused = try XCTUnwrap(list.item(at: topPosition + rowsDown), file: file, line: line)
        waitUntil("the row has focus", file: file, line: line) { list.focusedItem?.id == focused.id }
        waitForFrames(of: window.window)
        return try place(window, file: file, line: line)
    }

    struct Place: Equatable {
        var top: String
        var offset: Double
        var focused: String?
    }

    /// Where the reader is now: the top item's title, how far it is
    /// scrolled out (whole pixels), the focused item's title.
    @MainActor
    private func place(_ window: FeedWindow, file: StaticString = #filePath, line: UInt = #line) throws -> Place {
        let top = try XCTUnwrap(window.feedList.topOfView, "nothing in view", file: file, line: line)
        return Place(top: top.item.title, offset: top.offset.rounded(), focused: window.feedList.focusedItem?.title)
    }

    /// Closes `window` (which keeps its place), then opens a window over
    /// a new model of the same store file, as the next start does.
    @MainActor
    private func restart(_ window: FeedWindow, _ subscriptions: Subscriptions, store: FeedStore? = nil,
                         file: StaticString = #filePath, line: UInt = #line) throws -> FeedWindow {
        window.window.close()
        try wait(file: file, line: line) { await subscriptions.flush() }
        return openWindow(on: fixture.subscriptions(over: try store ?? fixture.store()), file: file, line: line)
    }

    @MainActor
    private func waitForPlace(_ expected: Place, in window: FeedWindow, file: StaticString = #filePath, line: UInt = #line) {
        waitUntil("the place is \(expected)", file: file, line: line) {
            window.feedList.topOfView.map { top in
                Place(top: top.item.title, offset: top.offset.rounded(), focused: window.feedList.focusedItem?.title)
            } == expected
        }
        XCTAssertEqual(try? place(window), expected, file: file, line: line)
    }

    func testEachViewKeepsItsPlaceWhileAnotherIsOpen() throws {
        try MainActor.assumeIsolated {
            let (window, _, ids) = try windowOnNews()
            let kept = try moveDown(window, by: 1_530, focusing: 2)
            XCTAssertGreaterThan(kept.offset, 0, "the top item is partly scrolled out")
            window.open(.subscription(ids[1]))
            waitUntil("Other is shown") { self.titles(window).first == "Other 0" }
            window.open(.all)
            waitForPlace(kept, in: window)
        }
    }

    func testANewWindowOverTheSameStoreOpensWhereTheReaderWas() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, _) = try windowOnNews()
            let kept = try moveDown(window, by: 2_200, focusing: 3)
            let reopened = try restart(window, subscriptions)
            XCTAssertEqual(reopened.scope, .all)
            waitForPlace(kept, in: reopened)
        }
    }

    func testTheItemsAboveARestoredPlaceComeAsTheReaderScrollsUpEachOnceInOrder() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, _) = try windowOnNews()
            let kept = try moveDown(window, by: 3_000, focusing: 0)
            let reopened = try restart(window, subscriptions)
            waitForPlace(kept, in: reopened)
            let list = reopened.feedList
            XCTAssertNotEqual(titles(reopened).first, "News 0", "it started at the place, not at the top")
            // The reader scrolls up, a screenful at a time.
            waitUntil("every item above came") {
                list.adjustment.value = max(0, list.adjustment.value - list.adjustment.pageSize)
                return self.titles(reopened).first == "News 0" && list.adjustment.value == 0
            }
            settle(reopened)
            let expected = (0..<120).map { "News \($0)" } + (0..<5).map { "Other \($0)" }
            XCTAssertEqual(titles(reopened), Array(expected.prefix(titles(reopened).count)),
                           "in order, none twice, none skipped")
            XCTAssertGreaterThan(titles(reopened).count, 40)
        }
    }

    func testHomeInARestoredViewGoesToTheNewestItem() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, _) = try windowOnNews()
            _ = try moveDown(window, by: 4_000, focusing: 1)
            let reopened = try restart(window, subscriptions)
            waitUntil("a row has focus") { reopened.feedList.focusedItem != nil }
            XDoTool.press(["Home"], inWindowTitled: "All items")
            waitForPlace(Place(top: "News 0", offset: 0, focused: "News 0"), in: reopened)
            XCTAssertEqual(titles(reopened).prefix(3), ["News 0", "News 1", "News 2"], "loaded from the top")
        }
    }

    func testAPlaceWhoseItemIsGoneOpensAtTheTop() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, ids) = try windowOnNews()
            _ = try moveDown(window, by: 1_000, focusing: 0)
            let store = try fixture.store()
            // Every item of News goes (unsubscribed), and the place's item with them.
            try wait { try await store.unsubscribe(ids[0]) }
            let reopened = try restart(window, subscriptions, store: store)
            waitUntil("Other's items from the top") { self.titles(reopened) == (0..<5).map { "Other \($0)" } }
            XCTAssertEqual(reopened.feedList.adjustment.value, 0)
        }
    }
}
