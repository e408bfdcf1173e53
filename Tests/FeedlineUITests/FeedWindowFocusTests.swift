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
            waitUntil("then Refresh") { window.header.refreshButton.containsFocus }
            XDoTool.press(["Tab"], inWindowTitled: title)
            waitUntil("Tab from Refresh reaches the main menu") { window.header.menuButton.containsFocus }
            // Then the window's own buttons (close...), then the list.
            for _ in 0..<4 where !window.feedList.listView.containsFocus {
                XDoTool.press(["Tab"], inWindowTitled: title)
                MainLoop.run(for: .milliseconds(100))
            }
            XCTAssertTrue(window.feedList.listView.containsFocus, "Tab comes round to the list")
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
            XCTAssertTrue(window.feedList.listView.containsFocus, "focus stays in the list region")
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
            MainLoop.run(for: .milliseconds(100))
            let offset = window.feedList.adjustment.value
            source.answer(1, with: .success(GatedSource.page(30..<50, next: 50)))
            waitUntil("the page lands") { window.feedList.itemCount == 50 }
            MainLoop.run(for: .milliseconds(100))
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

/// The item menu, the shortcuts window, large text and the dark style.
final class FeedWindowMenuTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    func testTheMenuKeyOpensTheItemMenuAndCopyLinkCopies() {
        MainActor.assumeIsolated {
            let title = "Menu \(UUID().uuidString.prefix(8))"
            let window = openWindow(on: LocalFeedSource(file: fixture.writeFeed(title: title, count: 30)))
            waitUntil("the title") { window.window.title == title }
            window.feedList.focusRow(at: 3)
            waitUntil("row 3 has focus") { window.feedList.focusedItem?.id == "item-3" }

            XDoTool.press(["Menu"], inWindowTitled: title)
            waitUntil("the item menu opens") { ContextMenu.isOpen }
            let items = ContextMenu.lastMenu?.items ?? []
            XCTAssertEqual(items.map(\.label), ["_Open in Browser", "_Copy Link"])
            XCTAssertEqual(items.map(\.target), ["item-3", "item-3"])
            XDoTool.press(["Escape"], inWindowTitled: title)
            waitUntil("Escape closes it") { !ContextMenu.isOpen }

            XDoTool.press(["shift+F10"], inWindowTitled: title)
            waitUntil("Shift+F10 opens it too") { ContextMenu.isOpen }
            XDoTool.press(["Escape"], inWindowTitled: title)
            waitUntil("closed") { !ContextMenu.isOpen }

            XCTAssertTrue(window.window.activateAction("win.copy-link", string: "item-3"))
            XCTAssertEqual(window.window.clipboardText, "https://example.org/items/3")
            XCTAssertEqual(window.statusBar.label.text, "Link copied")
        }
    }

    func testCtrlEnterOpensTheLink() {
        MainActor.assumeIsolated {
            let title = "Open \(UUID().uuidString.prefix(8))"
            let window = openWindow(on: LocalFeedSource(file: fixture.writeFeed(title: title, count: 30)))
            waitUntil("the title") { window.window.title == title }
            var opened: [String] = []
            window.openLink = { opened.append($0) }
            window.feedList.focusRow(at: 2)
            waitUntil("row 2 has focus") { window.feedList.focusedItem?.id == "item-2" }
            XDoTool.press(["ctrl+Return"], inWindowTitled: title)
            waitUntil("the link opens") { opened == ["https://example.org/items/2"] }
        }
    }

    func testF1ShowsTheKeyboardShortcuts() {
        MainActor.assumeIsolated {
            let title = "Help \(UUID().uuidString.prefix(8))"
            let window = openWindow(on: LocalFeedSource(file: fixture.writeFeed(title: title, count: 5)))
            waitUntil("the title") { window.window.title == title }
            XCTAssertFalse(window.shortcutsWindow.isVisible)
            XDoTool.press(["F1"], inWindowTitled: title)
            waitUntil("the shortcuts window shows") { window.shortcutsWindow.isVisible }
            window.shortcutsWindow.isVisible = false
        }
    }

    func testLargeTextMakesRowsGrowWithoutClipping() {
        MainActor.assumeIsolated {
            let normal = Settings.textDPI
            defer { Settings.textDPI = normal }
            let window = openWindow(on: LocalFeedSource(file: fixture.writeFeed(count: 10)))
            let cell = try! XCTUnwrap(window.feedList.factory.cell(at: 0))
            let before = cell.row.root.allocatedHeight
            Settings.textDPI = 2 * 96 * 1024
            waitUntil("the rows grow") { cell.row.root.allocatedHeight > before * 3 / 2 }
            for label in [cell.row.title, cell.row.summary, cell.row.byline] {
                XCTAssertGreaterThanOrEqual(label.allocatedHeight, label.minimumHeight, "nothing is clipped")
            }
            XCTAssertFalse(cell.row.title.isEllipsized, "a short title still fits")
        }
    }

    func testTheDesktopsDarkPreferenceIsFollowed() throws {
        try MainActor.assumeIsolated {
            let key = try XCTUnwrap(SettingsKey(schema: "org.gnome.desktop.interface", key: "color-scheme"),
                                    "gsettings-desktop-schemas is installed by scripts/setup")
            let original = key.stringValue
            defer { key.stringValue = original }
            key.stringValue = "default"
            let follower = ColorScheme.follow()
            XCTAssertNotNil(follower)
            XCTAssertFalse(Settings.prefersDarkTheme)
            key.stringValue = "prefer-dark"
            waitUntil("GTK follows the dark preference") { Settings.prefersDarkTheme }
            key.stringValue = "prefer-light"
            waitUntil("and back") { !Settings.prefersDarkTheme }
        }
    }
}
