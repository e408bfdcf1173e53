import CGtk
import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import GtkKitTestSupport
import Loopback
import XCTest

@testable import FeedlineUI

/// The sidebar of a real window over a real store: what it lists and how
/// its rows read (the views, names, unread counts, folders, a failed
/// update, the open view), and the keys and clicks that reach it (F9, F6,
/// Ctrl+O, Enter, a click).
final class SidebarTests: StoreTestCase, @unchecked Sendable {
    /// A store of four subscriptions, three of them in folders (one
    /// nested), with items; a window on it showing All items.
    @MainActor
    private func windowOnFolders(file: StaticString = #filePath, line: UInt = #line) throws
        -> (FeedWindow, FeedStore, [Subscription.ID]) {
        let store = try fixture.store()
        let ids = try subscribe(store, [(spec("planet"), "Planet GNOME", ["Linux"]), (spec("lwn"), "LWN", ["Linux", "News"]),
                                        (spec("swift"), "Swift Blog", []), (spec("phoronix"), "Phoronix", ["Linux"])],
                                file: file, line: line)
        for (id, (count, label)) in zip(ids, [(1240, "Planet"), (1, "LWN"), (3, "Swift"), (0, "Phoronix")]) where count > 0 {
            try storeItems(store, in: id, count: count, label: label, file: file, line: line)
        }
        let window = openWindow(on: fixture.subscriptions(over: store), file: file, line: line)
        return (window, store, ids)
    }

    func testTheSidebarListsTheViewsThenEachSubscriptionWithItsUnreadCountInItsFolders() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try windowOnFolders()
            XCTAssertEqual(sidebarRows(window), [
                "All items 1244",
                "Unread 1244",
                "Starred 0",
                "Linux 1241",
                "  Planet GNOME 1240",
                "  News 1",
                "    LWN 1",
                "  Phoronix 0",
                "Swift Blog 3",
            ])
            let (cell, _) = try sidebarRow(window, .all)
            XCTAssertEqual(cell.count.text, "1,244", "counts grouped as the locale groups digits")
            XCTAssertEqual(cell.icon.iconName, SidebarRow.allItemsIcon)
            XCTAssertEqual(try sidebarRow(window, .unread).cell.icon.iconName, SidebarRow.unreadIcon)
            let starred = try sidebarRow(window, .starred).cell
            XCTAssertEqual(starred.icon.iconName, SidebarRow.starredIcon)
            XCTAssertFalse(starred.count.isVisible, "no count where nothing is unread")
        }
    }

    func testEachRowIsNamedAfterItsFeedAndItsUnreadCount() throws {
        try MainActor.assumeIsolated {
            let (window, _, ids) = try windowOnFolders()
            let sidebar = try XCTUnwrap(window.sidebar)
            XCTAssertTrue(sidebar.list.accessibleLabelIs("Subscriptions"))
            XCTAssertTrue(try sidebarRow(window, .all).row.accessibleLabelIs("All items, 1,244 unread items"))
            XCTAssertTrue(try sidebarRow(window, .unread).row.accessibleLabelIs("Unread, 1,244 items"))
            XCTAssertTrue(try sidebarRow(window, .starred).row.accessibleLabelIs("Starred, 0 unread items"))
            XCTAssertTrue(try sidebarRow(window, .subscription(ids[0])).row.accessibleLabelIs("Planet GNOME, 1,240 unread items"))
            XCTAssertTrue(try sidebarRow(window, .subscription(ids[1])).row.accessibleLabelIs("LWN, 1 unread item"), "the singular")
            XCTAssertTrue(try sidebarRow(window, .subscription(ids[3])).row.accessibleLabelIs("Phoronix, 0 unread items"))
            XCTAssertTrue(try sidebarRow(window, .folder(["Linux"])).row.accessibleLabelIs("Linux folder, 1,241 unread items"))
        }
    }

    func testAFeedWhoseUpdateFailedSaysWhyInItsRowAndTheOthersGoOn() throws {
        try MainActor.assumeIsolated {
            let store = try fixture.store()
            let ids = try subscribe(store, [(spec("down"), "Down Feed", []), (spec("fine"), "Fine Feed", [])])
            try storeItems(store, in: ids[1], count: 5, label: "Fine")
            try wait {
                try await store.recordUpdate(of: ids[0], at: Date(), failure: FeedError("LOG ONLY", kind: .serverError, status: 503))
            }
            let window = openWindow(on: fixture.subscriptions(over: store))
            XCTAssertEqual(titles(window), (0..<5).map { "Fine \($0)" }, "All items shows the others' items")

            let (down, downRow) = try sidebarRow(window, .subscription(ids[0]))
            XCTAssertEqual(down.problem?.isVisible, true, "a warning icon")
            XCTAssertEqual(down.problem?.tooltip, "Couldn't update: Server error (503)")
            XCTAssertTrue(downRow.accessibleDescriptionIs("Couldn't update: Server error (503)"))
            let (fine, fineRow) = try sidebarRow(window, .subscription(ids[1]))
            XCTAssertNotEqual(fine.problem?.isVisible, true, "no warning icon")
            XCTAssertTrue(fineRow.accessibleDescriptionIs(nil))
        }
    }

    func testTheRowOfTheOpenViewIsMarked() throws {
        try MainActor.assumeIsolated {
            let (window, _, ids) = try windowOnFolders()
            let all = try sidebarRow(window, .all).row
            XCTAssertTrue(gtk_widget_has_css_class(all.widget, "open-view") != 0)
            XCTAssertTrue(all.accessibleDescriptionIs("Shown now"))

            window.open(.subscription(ids[2]))
            waitUntil("the Swift Blog shows") { self.titles(window).first == "Swift 0" }
            let swift = try sidebarRow(window, .subscription(ids[2])).row
            XCTAssertTrue(gtk_widget_has_css_class(swift.widget, "open-view") != 0, "the mark moved")
            XCTAssertTrue(swift.accessibleDescriptionIs("Shown now"))
            let allAgain = try sidebarRow(window, .all).row
            XCTAssertFalse(gtk_widget_has_css_class(allAgain.widget, "open-view") != 0)
            XCTAssertTrue(allAgain.accessibleDescriptionIs(nil))
            XCTAssertEqual(window.window.title, "Swift Blog")
        }
    }

    func testF9HidesAndShowsTheSidebar() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try windowOnFolders()
            let sidebar = try XCTUnwrap(window.sidebar)
            let button = try XCTUnwrap(window.header.sidebarButton)
            XCTAssertTrue(sidebar.root.isMapped)
            XCTAssertTrue(button.isActive, "the header's sidebar button is pressed while it shows")
            let width = window.feedList.scroller.allocatedWidth
            window.feedList.focusRow(at: 0)
            XDoTool.press(["F9"], inWindowTitled: "All items")
            waitUntil("the sidebar hides") { !sidebar.root.isMapped }
            XCTAssertFalse(button.isActive)
            waitUntil("the list takes the window's width") { window.feedList.scroller.allocatedWidth > width }
            XCTAssertTrue(window.feedList.scroller.containsFocus, "focus stays in the list")

            XDoTool.press(["F9"], inWindowTitled: "All items")
            waitUntil("the sidebar shows again") { sidebar.root.isMapped }
            XCTAssertTrue(button.isActive)
            button.click()
            waitUntil("the header's button hides it too") { !sidebar.root.isMapped }
        }
    }

    func testHidingTheSidebarWithFocusInItMovesFocusToTheList() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try windowOnFolders()
            let sidebar = try XCTUnwrap(window.sidebar)
            sidebar.focusOpenRow()
            waitUntil("the sidebar has focus") { sidebar.containsFocus }
            XDoTool.press(["F9"], inWindowTitled: "All items")
            waitUntil("the sidebar hides") { !sidebar.root.isMapped }
            XCTAssertTrue(window.feedList.scroller.containsFocus, "focus went to the list, not nowhere")
        }
    }

    func testF6MovesFocusBetweenTheSidebarAndTheList() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try windowOnFolders()
            let sidebar = try XCTUnwrap(window.sidebar)
            let third = try XCTUnwrap(window.feedList.item(at: 2))
            window.feedList.focusRow(at: 2)
            waitUntil("row 2 of the list has focus") { window.feedList.focusedItem == third }
            XDoTool.press(["F6"], inWindowTitled: "All items")
            waitUntil("F6: the sidebar, on the open view's row") { sidebar.focusedEntry?.scope == .all }
            XDoTool.press(["Down", "F6"], inWindowTitled: "All items")
            waitUntil("F6 again: back in the list, on the row it had") { window.feedList.focusedItem == third }
            XDoTool.press(["shift+F6"], inWindowTitled: "All items")
            waitUntil("Shift+F6 too") { sidebar.containsFocus }
            XCTAssertEqual(window.scope, .all, "moving in the sidebar opens nothing")
        }
    }

    func testCtrlOShowsTheSidebarAndGoesToIt() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try windowOnFolders()
            let sidebar = try XCTUnwrap(window.sidebar)
            window.showSidebar(false)
            window.feedList.focusRow(at: 0)
            waitUntil("the sidebar is hidden and the list has focus") { !sidebar.root.isMapped && window.feedList.focusedItem != nil }
            XDoTool.press(["ctrl+o"], inWindowTitled: "All items")
            waitUntil("the sidebar shows, with focus on the open view") { sidebar.root.isMapped && sidebar.focusedEntry?.scope == .all }
        }
    }

    func testEnterOnARowOpensItsTimeline() throws {
        try MainActor.assumeIsolated {
            let (window, _, ids) = try windowOnFolders()
            let sidebar = try XCTUnwrap(window.sidebar)
            sidebar.focusOpenRow()
            waitUntil("the sidebar has focus") { sidebar.focusedEntry?.scope == .all }
            // All items, Unread, Starred, Linux (a folder), Planet GNOME.
            XDoTool.press(["Down", "Down", "Down", "Down", "Return"], inWindowTitled: "All items")
            waitUntil("Planet GNOME opens") { window.scope == .subscription(ids[0]) && self.titles(window).first == "Planet 0" }
            XCTAssertTrue(sidebar.containsFocus, "focus stays in the sidebar")
            XCTAssertEqual(window.window.title, "Planet GNOME")
        }
    }

    func testEnterOnAFolderOpensTheItemsOfEveryFeedInIt() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try windowOnFolders()
            let sidebar = try XCTUnwrap(window.sidebar)
            let linux = try XCTUnwrap(sidebar.position(of: .folder(["Linux"])))
            sidebar.focusRow(at: linux)
            waitUntil("the folder's row has focus") { sidebar.focusedEntry?.scope == .folder(["Linux"]) }
            XDoTool.press(["Return"], inWindowTitled: "All items")
            waitUntil("the folder opens") { window.scope == .folder(["Linux"]) && window.feedList.itemCount > 0 }
            XCTAssertEqual(window.window.title, "Linux")
            // LWN's one item and Planet's newest share a date: the later stored first.
            XCTAssertEqual(Array(titles(window).prefix(3)), ["LWN 0", "Planet 0", "Planet 1"], "the nested folder's feed too")
            XCTAssertFalse(titles(window).contains { $0.hasPrefix("Swift") }, "nothing from outside the folder")
            XCTAssertTrue(try sidebarRow(window, .folder(["Linux"])).row.accessibleDescriptionIs("Shown now"))
        }
    }

    func testTheUnreadAndStarredRowsOpenTheirViews() throws {
        try MainActor.assumeIsolated {
            let (window, store, _) = try windowOnFolders()
            let swift = try XCTUnwrap(try storedItems(store).first { $0.title == "Swift 1" })
            try wait { try await store.setStarred(true, item: swift.id) }
            XCTAssertTrue(window.window.activateAction("win.open-view", string: "starred"))
            waitUntil("Starred shows the starred item") { window.scope == .starred && self.titles(window) == ["Swift 1"] }
            XCTAssertEqual(window.window.title, "Starred")
            XCTAssertTrue(window.window.activateAction("win.open-view", string: "unread"))
            waitUntil("Unread shows every unread item") { window.scope == .unread && self.titles(window).first == "Swift 0" }
            XCTAssertEqual(window.window.title, "Unread")
        }
    }

    func testOneClickOnARowOpensItsTimeline() throws {
        try MainActor.assumeIsolated {
            let (window, _, ids) = try windowOnFolders()
            let (cell, _) = try sidebarRow(window, .subscription(ids[2]))
            let y = Int(try XCTUnwrap(cell.root.top(in: window.window))) + cell.root.allocatedHeight / 2
            XDoTool.point(at: 60, y, then: ["click", "1"], inWindowTitled: "All items")
            waitUntil("the Swift Blog opens") { window.scope == .subscription(ids[2]) && self.titles(window).first == "Swift 0" }
        }
    }

    func testTabLeavesTheSidebarForItsAddButton() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try windowOnFolders()
            let sidebar = try XCTUnwrap(window.sidebar)
            sidebar.focusOpenRow()
            waitUntil("the sidebar has focus") { sidebar.focusedEntry != nil }
            XDoTool.press(["Tab"], inWindowTitled: "All items")
            waitUntil("Add Feed has focus") { sidebar.addButton.containsFocus }
            XDoTool.press(["shift+Tab"], inWindowTitled: "All items")
            waitUntil("back in the sidebar") { sidebar.focusedEntry != nil }
            XDoTool.press(["shift+Tab"], inWindowTitled: "All items")
            waitUntil("Shift+Tab leaves the sidebar for the main menu") { window.header.menuButton.containsFocus }
        }
    }

    func testAFeedsIconIsItsSitesFaviconCachedWithThePictures() throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/favicon.ico": .init(headers: ["Content-Type": "image/png"], body: TestImages.png(width: 32, height: 32))
            default: .text("not here", status: 404)
            }
        }
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let store = try fixture.store()
            let ids = try subscribe(store, [(.document(server.url("/feed.xml")), "Local Site", []),
                                            (.document(fixture.feeds.writeFeed(count: 3)), "A File", [])])
            let window = openWindow(on: fixture.subscriptions(over: store), waitForItems: false)
            let (site, _) = try sidebarRow(window, .subscription(ids[0]))
            waitUntil("the site's favicon shows") { site.icon.texture != nil }
            XCTAssertEqual(server.requests.map(\.path), ["/favicon.ico"])
            let (file, _) = try sidebarRow(window, .subscription(ids[1]))
            XCTAssertEqual(file.icon.iconName, SidebarRow.feedIcon, "a file has no site: the generic icon")
        }
    }
}
