import FeedCore
import FeedTestSupport
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// Where keyboard focus goes, driven by real key presses.
final class FeedWindowFocusTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    @MainActor
    private func open(_ source: any FeedSource, title: String) -> FeedWindow {
        let window = openWindow(on: source)
        waitUntil("the window has its feed's title") { window.window.title == title }
        return window
    }

    @MainActor
    private func failingWindow() -> (FeedWindow, String) {
        let title = "Focus \(UUID().uuidString.prefix(8))"
        let source = SimulatedNetwork(LocalFeedSource(file: fixture.writeFeed(title: title, count: 100)),
                                      latency: .zero, failEvery: 2)
        let window = open(source, title: title)
        scrollToBottom(window)
        waitUntil("the second page fails") { window.statusBar.retryButton.isVisible }
        return (window, title)
    }

    func testTabLeavesTheListForRetryAndShiftTabForTheMenu() {
        MainActor.assumeIsolated {
            let (window, title) = failingWindow()
            window.feedList.focusRow(at: 5)
            waitUntil("a row has focus") { window.feedList.focusedItem?.id == "item-5" }
            XDoTool.press(["Tab"], inWindowTitled: title)
            waitUntil("Tab reaches Retry") { window.statusBar.retryButton.containsFocus }

            window.feedList.focusRow(at: 5)
            XDoTool.press(["shift+Tab"], inWindowTitled: title)
            waitUntil("Shift+Tab reaches the main menu") { window.header.menuButton.containsFocus }
            XDoTool.press(["shift+Tab"], inWindowTitled: title)
            waitUntil("then the layout buttons, Grid") { window.header.gridButton.containsFocus }
            XDoTool.press(["shift+Tab"], inWindowTitled: title)
            waitUntil("and List") { window.header.listButton.containsFocus }
            XDoTool.press(["shift+Tab"], inWindowTitled: title)
            waitUntil("then Refresh") { window.header.refreshButton.containsFocus }
            XDoTool.press(["Tab"], inWindowTitled: title)
            waitUntil("Tab from Refresh reaches the layout buttons") { window.header.listButton.containsFocus }
            XDoTool.press(["Tab", "Tab"], inWindowTitled: title)
            waitUntil("then the main menu") { window.header.menuButton.containsFocus }
            // Then the window's own buttons (close...), then the list.
            for _ in 0..<6 where !window.feedList.view.containsFocus {
                XDoTool.press(["Tab"], inWindowTitled: title)
                waitForInputHandled(in: window)
            }
            XCTAssertTrue(window.feedList.view.containsFocus, "Tab comes round to the list")
        }
    }

    func testRetryByKeyboardKeepsFocusInTheList() {
        MainActor.assumeIsolated {
            let (window, title) = failingWindow()
            window.feedList.focusRow(at: 19)
            XDoTool.press(["Tab"], inWindowTitled: title)
            waitUntil("Retry has focus") { window.statusBar.retryButton.containsFocus }
            XDoTool.press(["Return"], inWindowTitled: title)
            waitUntil("the page lands") { window.feedList.itemCount == 40 }
            XCTAssertTrue(window.feedList.view.containsFocus, "focus stays in the list region")
            XCTAssertFalse(window.header.refreshButton.containsFocus)
        }
    }

    func testFocusOnTheLoadingFooterMovesToTheFirstNewItem() {
        MainActor.assumeIsolated {
            let source = GatedSource(displayName: "Footer Focus")
            source.answer(0, with: .success(GatedSource.page(0..<30, next: 30)))
            let window = open(source, title: "Gated Feed")
            window.feedList.focusRow(at: 29)
            waitUntil("the last row has focus") { window.feedList.focusedItem?.id == "item-29" }
            XDoTool.press(["End"], inWindowTitled: "Gated Feed")
            waitUntil("the next page is asked for") { source.requestCount == 2 }
            waitUntil("the footer shows") { window.feedList.footer == .loading }
            XDoTool.press(["Down"], inWindowTitled: "Gated Feed")
            waitUntil("the footer row has focus") { window.feedList.factory.rowContainsFocus(at: 30) }

            source.answer(1, with: .success(GatedSource.page(30..<50, next: nil)))
            waitUntil("focus moves to the first new item") { window.feedList.focusedItem?.id == "item-30" }
        }
    }

    func testFocusStaysOnItsRowWhenAPageLands() {
        MainActor.assumeIsolated {
            let source = GatedSource()
            source.answer(0, with: .success(GatedSource.page(0..<30, next: 30)))
            let window = open(source, title: "Gated Feed")
            window.feedList.focusRow(at: 25)
            scrollToBottom(window)
            waitUntil("the next page is asked for") { source.requestCount == 2 }
            window.feedList.focusRow(at: 25)
            waitUntil("row 25 has focus") { window.feedList.focusedItem?.id == "item-25" }
            waitUntilSteady("the scroll position", in: window) { window.feedList.adjustment.value }
            let offset = window.feedList.adjustment.value
            source.answer(1, with: .success(GatedSource.page(30..<50, next: 50)))
            waitUntil("the page lands") { window.feedList.itemCount == 50 }
            waitUntilSteady("the scroll position", in: window) { window.feedList.adjustment.value }
            XCTAssertEqual(window.feedList.focusedItem?.id, "item-25")
            XCTAssertEqual(window.feedList.adjustment.value, offset, accuracy: 1, "the view does not jump")
        }
    }

    func testAfterARefreshFocusIsOnTheFirstRow() {
        MainActor.assumeIsolated {
            let title = "Refocus \(UUID().uuidString.prefix(8))"
            let window = open(LocalFeedSource(file: fixture.writeFeed(title: title, count: 60)), title: title)
            window.feedList.focusRow(at: 7)
            waitUntil("row 7 has focus") { window.feedList.focusedItem?.id == "item-7" }
            XDoTool.press(["ctrl+r"], inWindowTitled: title)
            waitUntil("focus is on the first row") { window.feedList.focusedItem?.id == "item-0" }
            XCTAssertEqual(window.feedList.adjustment.value, 0)
        }
    }
}
