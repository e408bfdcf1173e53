import FeedCore
import FeedTestSupport
import Foundation
import GtkKit
import GtkKitTestSupport
import XCTest

@testable import FeedlineUI

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

    func testEveryAcceleratorIsInstalledFromTheTable() {
        MainActor.assumeIsolated {
            for shortcut in Shortcut.all {
                guard let action = shortcut.action else { continue }
                XCTAssertEqual(TestApplication.shared.accelerators(for: action), shortcut.keys, action)
            }
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

    func testLargeTextMakesRowsGrowWithoutClipping() throws {
        try MainActor.assumeIsolated {
            let normal = Settings.textDPI
            defer { Settings.textDPI = normal }
            let window = openWindow(on: LocalFeedSource(file: fixture.writeFeed(count: 10)))
            let row = try XCTUnwrap(window.feedList.factory.cell(at: 0)?.row)
            let before = row.root.allocatedHeight
            Settings.textDPI = 2 * 96 * 1024
            waitUntil("the rows grow") { row.root.allocatedHeight > before * 3 / 2 }
            for label in [row.title, row.summary, row.byline] {
                XCTAssertGreaterThanOrEqual(label.allocatedHeight, label.minimumHeight, "nothing is clipped")
            }
            XCTAssertFalse(row.title.isEllipsized, "a short title still fits")
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
