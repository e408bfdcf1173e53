import CGtk
import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import GtkKitTestSupport
import XCTest

@testable import FeedlineUI

/// Read and starred marks in real windows over a real store: opening an
/// item reads it, scrolling past one reads it (not with the setting off),
/// M and S, the item menu and the reader's Star button; rows change in
/// place (nothing moves), their names say "unread" and "starred", the
/// sidebar's unread counts follow, and other windows follow too.
final class ItemMarksTests: StoreTestCase, @unchecked Sendable {
    /// A store with one feed of `count` items ("News 0" the newest) and a
    /// window on All items, laid out.
    @MainActor
    private func windowOnNews(count: Int = 30, file: StaticString = #filePath, line: UInt = #line) throws
        -> (FeedWindow, Subscriptions, FeedStore) {
        let store = try fixture.store()
        let ids = try subscribe(store, [(spec("news"), "News", [])], file: file, line: line)
        try storeItems(store, in: ids[0], count: count, label: "News", file: file, line: line)
        let subscriptions = fixture.subscriptions(over: store)
        let window = openWindow(on: subscriptions, file: file, line: line)
        settle(window, file: file, line: line)
        return (window, subscriptions, store)
    }

    /// Focuses the list's row at `position`.
    @MainActor
    private func focus(_ window: FeedWindow, row position: Int, file: StaticString = #filePath, line: UInt = #line) {
        let id = window.feedList.item(at: position)?.id
        window.feedList.focusRow(at: position)
        waitUntil("row \(position) has focus", file: file, line: line) { id != nil && window.feedList.focusedItem?.id == id }
    }

    /// The items of the store not read yet, once every mark made is written.
    @MainActor
    private func storedUnread(_ store: FeedStore, _ subscriptions: Subscriptions,
                              file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try wait(file: file, line: line) { await subscriptions.waitForMarks() }
        return try storedItems(store, .unread, file: file, line: line).map(\.title)
    }

    /// Where the list's first row is drawn now (pixels from the top of
    /// the list's window), and the list's scroll position.
    @MainActor
    private func place(_ window: FeedWindow) -> [Double?] {
        [window.feedList.factory.rowWidget(at: 0)?.top(in: window.feedList.scroller), window.feedList.adjustment.value]
    }

    @MainActor
    private func isShownRead(_ window: FeedWindow, at position: Int) -> Bool {
        guard let row = window.feedList.factory.cell(at: position)?.row else { return false }
        return gtk_widget_has_css_class(row.title.widget, "read") != 0
    }

    /// The row's name as it must read for `item`.
    @MainActor
    private func name(_ item: FeedItem, unread: Bool, starred: Bool = false) -> String {
        ItemText.accessibleName(item, when: ItemText.when(item, now: Date()), unread: unread, starred: starred)
    }

    // MARK: Reading

    func testOpeningAnItemInTheReaderReadsItAndItsRowShowsItWithoutMoving() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, store) = try windowOnNews()
            let order = ids(window)
            let before = place(window)
            focus(window, row: 2)
            XCTAssertFalse(isShownRead(window, at: 2))
            XDoTool.press(["Return"], inWindowTitled: "All items")
            waitUntil("the reader shows News 2, read") { window.isReading && window.feedList.item(at: 2)?.isRead == true }
            XDoTool.press(["Escape"], inWindowTitled: "All items")
            waitUntil("back in the list, on News 2") { !window.isReading && window.feedList.focusedItem?.title == "News 2" }

            XCTAssertTrue(isShownRead(window, at: 2), "the row shows it: no dot, no bold title")
            XCTAssertFalse(isShownRead(window, at: 1), "its neighbours stay unread")
            XCTAssertFalse(isShownRead(window, at: 3))
            XCTAssertEqual(ids(window), order, "no row moved or went")
            XCTAssertEqual(place(window), before, "the list did not move")
            XCTAssertEqual(try storedUnread(store, subscriptions), (0..<30).filter { $0 != 2 }.map { "News \($0)" })
        }
    }

    func testScrollingPastAnItemSeenWholeReadsIt() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, store) = try windowOnNews(count: 40)
            let list = window.feedList
            let secondRow = try XCTUnwrap(list.factory.rowWidget(at: 1))
            let secondBottom = try XCTUnwrap(secondRow.top(in: list.scroller)) + Double(secondRow.allocatedHeight)
            let order = ids(window)
            // The first two rows go out through the top; the third stays in view.
            list.adjustment.value = secondBottom + 2
            waitUntil("the two rows scrolled past are read") { list.item(at: 0)?.isRead == true && list.item(at: 1)?.isRead == true }
            waitUntil("their rows show it") { self.isShownRead(window, at: 0) && self.isShownRead(window, at: 1) }
            settle(window)
            XCTAssertEqual(list.items.filter(\.isRead).map(\.title), ["News 0", "News 1"], "nothing still in view is read")
            XCTAssertEqual(ids(window), order)
            XCTAssertEqual(try storedUnread(store, subscriptions), (2..<40).map { "News \($0)" })

            list.adjustment.value = 0
            settle(window)
            waitForFrames(2, of: window.window)
            XCTAssertEqual(list.items.filter(\.isRead).map(\.title), ["News 0", "News 1"],
                           "rows leaving through the bottom are not read")
        }
    }

    /// Rows scrolled past show that they are read when the reader scrolls
    /// back to them, and say it in their names.
    func testRowsScrolledPastShowTheirMarksBackInView() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try windowOnNews(count: 40)
            let list = window.feedList
            let secondRow = try XCTUnwrap(list.factory.rowWidget(at: 1))
            list.adjustment.value = try XCTUnwrap(secondRow.top(in: list.scroller)) + Double(secondRow.allocatedHeight) + 2
            waitUntil("the two rows scrolled past are read") { list.item(at: 0)?.isRead == true && list.item(at: 1)?.isRead == true }
            list.adjustment.value = 0
            waitUntil("back in view, their rows show it") { self.isShownRead(window, at: 0) && self.isShownRead(window, at: 1) }
            for position in 0...1 {
                let item = try XCTUnwrap(list.item(at: position))
                let row = try XCTUnwrap(list.factory.rowWidget(at: position))
                XCTAssertTrue(row.accessibleLabelIs(name(item, unread: false)), "row \(position) says it is read")
            }
            XCTAssertFalse(isShownRead(window, at: 2), "the row never scrolled past stays unread")
        }
    }

    /// A reader who never pauses (a million items in one go) must not have
    /// every row marked on the way kept waiting: only rows that exist wait,
    /// the others bind as marked.
    func testRowsMarkedOutOfViewWaitOnlyWhileTheyHaveRows() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try windowOnNews(count: 40)
            let list = window.feedList
            let bound = Set(list.factory.boundPositions)
            XCTAssertFalse(bound.isEmpty)
            for position in 0..<5_000 {
                list.markedOutOfView(position)
            }
            XCTAssertLessThanOrEqual(list.marksOutOfView.count, FeedList.marksOutOfViewLimit,
                                     "positions without a row are let go")
            XCTAssertTrue(bound.isSubset(of: list.marksOutOfView), "the rows that exist still wait")
        }
    }

    func testScrollingPastReadsNothingWithTheSettingOff() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, store) = try windowOnNews(count: 40)
            XCTAssertTrue(subscriptions.marksReadOnScroll, "on by default")
            XCTAssertTrue(window.window.activateAction("win.mark-read-on-scroll"))
            XCTAssertFalse(subscriptions.marksReadOnScroll)
            XCTAssertFalse(try wait {
                await subscriptions.waitForWrites()
                return try await store.settings().marksReadOnScroll
            }, "the store keeps it")

            let list = window.feedList
            let thirdRow = try XCTUnwrap(list.factory.rowWidget(at: 2))
            list.adjustment.value = try XCTUnwrap(thirdRow.top(in: list.scroller)) + Double(thirdRow.allocatedHeight) + 2
            settle(window)
            waitForFrames(3, of: window.window)
            XCTAssertFalse(list.positionReportScheduled)
            XCTAssertEqual(list.items.filter(\.isRead).count, 0)
            XCTAssertEqual(try storedUnread(store, subscriptions).count, 40)
        }
    }

    // MARK: Keys, the menu, the reader's Star

    func testMTogglesTheFocusedItemBetweenReadAndUnread() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, store) = try windowOnNews(count: 5)
            focus(window, row: 1)
            XDoTool.press(["m"], inWindowTitled: "All items")
            waitUntil("News 1 is read") { window.feedList.item(at: 1)?.isRead == true && self.isShownRead(window, at: 1) }
            XCTAssertEqual(try storedUnread(store, subscriptions), ["News 0", "News 2", "News 3", "News 4"])
            waitUntil("it is said") { window.announcements.last == "Marked as read" }

            XDoTool.press(["m"], inWindowTitled: "All items")
            waitUntil("unread again") { window.feedList.item(at: 1)?.isRead == false && !self.isShownRead(window, at: 1) }
            XCTAssertEqual(try storedUnread(store, subscriptions).count, 5)
            waitUntil("it is said") { window.announcements.last == "Marked as unread" }
            XCTAssertEqual(window.feedList.focusedItem?.title, "News 1", "focus stays on the row")
        }
    }

    func testSStarsTheFocusedItemAndTheStarredViewShowsIt() throws {
        try MainActor.assumeIsolated {
            let (window, _, store) = try windowOnNews(count: 5)
            focus(window, row: 3)
            XDoTool.press(["s"], inWindowTitled: "All items")
            waitUntil("News 3 is starred") { window.feedList.item(at: 3)?.isStarred == true }
            let row = try XCTUnwrap(window.feedList.factory.cell(at: 3)?.row)
            XCTAssertEqual(row.marks.star?.isVisible, true, "the row shows a star")
            let item = try XCTUnwrap(window.feedList.item(at: 3))
            XCTAssertTrue(try XCTUnwrap(window.feedList.factory.rowWidget(at: 3)).accessibleLabelIs(name(item, unread: true, starred: true)))
            waitUntil("it is said") { window.announcements.last == "Starred" }
            waitUntil("the sidebar counts it") { self.sidebarRows(window).contains("Starred 1") }
            XCTAssertEqual(try storedItems(store, .starred).map(\.title), ["News 3"])

            XCTAssertTrue(window.window.activateAction("win.open-view", string: "starred"))
            waitUntil("the Starred view shows it") { window.scope == .starred && self.titles(window) == ["News 3"] }
        }
    }

    func testTheItemMenuMarksAndStars() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, store) = try windowOnNews(count: 5)
            focus(window, row: 0)
            XDoTool.press(["Menu"], inWindowTitled: "All items")
            waitUntil("the item menu opens") { ContextMenu.isOpen }
            let id = try XCTUnwrap(window.feedList.item(at: 0)?.id)
            let items = ContextMenu.lastMenu?.items ?? []
            XCTAssertEqual(items.suffix(2).map(\.label), ["Mark as _Read", "S_tar"])
            XCTAssertEqual(items.suffix(2).map(\.target), [id, id])
            XDoTool.press(["Escape"], inWindowTitled: "All items")
            waitUntil("closed") { !ContextMenu.isOpen }

            XCTAssertTrue(window.window.activateAction("win.mark-read", string: id))
            XCTAssertTrue(window.window.activateAction("win.star", string: id))
            XCTAssertEqual(window.feedList.item(at: 0).map { [$0.isRead, $0.isStarred] }, [true, true], "at once")
            XDoTool.press(["Menu"], inWindowTitled: "All items")
            waitUntil("the item menu opens again") { ContextMenu.isOpen }
            XCTAssertEqual((ContextMenu.lastMenu?.items ?? []).suffix(2).map(\.label), ["Mark as _Unread", "Uns_tar"])
            XDoTool.press(["Escape"], inWindowTitled: "All items")
            waitUntil("closed") { !ContextMenu.isOpen }
            try wait { await subscriptions.waitForMarks() }
            XCTAssertEqual(try storedItems(store, .starred).map { [$0.title, "\($0.isRead)"] }, [["News 0", "true"]])
        }
    }

    func testTheReadersStarButtonAndKeysKeepItsPlaceInTheText() throws {
        try MainActor.assumeIsolated {
            let store = try fixture.store()
            let ids = try subscribe(store, [(spec("long"), "Long Reads", [])])
            let text = (1...80).map { "Paragraph \($0) of a long article, long enough to scroll through." }.joined(separator: "\n\n")
            let items = (0..<3).map { n in
                FeedItem(id: "long-\(n)", title: "Long \(n)", summary: "About \(n)", content: text,
                         date: Date(timeIntervalSince1970: 1_800_000_000 - Double(n) * 3600))
            }
            try wait { _ = try await store.store(items, in: ids[0]) }
            let subscriptions = fixture.subscriptions(over: store)
            let window = openWindow(on: subscriptions)
            window.showReader(at: 1)
            let reader = window.reader
            waitUntil("the item is laid out and read") {
                reader.currentPage.scrollRange > 200 && window.feedList.item(at: 1)?.isRead == true
            }
            XCTAssertTrue(reader.starButton.isVisible)
            XCTAssertTrue(reader.starButton.accessibleLabelIs("Star"))
            reader.currentPage.scroll(lines: 3)
            let offset = reader.currentPage.scrollOffset
            XCTAssertGreaterThan(offset, 0)

            reader.starButton.click()
            waitUntil("starred") { window.feedList.item(at: 1)?.isStarred == true }
            XCTAssertTrue(reader.starButton.accessibleLabelIs("Unstar"))
            XCTAssertEqual(reader.starButton.iconName, ReaderView.starredIcon)
            XCTAssertEqual(reader.currentPage.item?.isStarred, true)
            XCTAssertEqual(reader.currentPage.scrollOffset, offset, "the text stays where the reader was")

            XDoTool.press(["m"], inWindowTitled: "All items")
            waitUntil("M: unread again") { window.feedList.item(at: 1)?.isRead == false }
            XDoTool.press(["s"], inWindowTitled: "All items")
            waitUntil("S: unstarred") { window.feedList.item(at: 1)?.isStarred == false }
            XCTAssertEqual(reader.currentPage.scrollOffset, offset)
            XCTAssertEqual(reader.slot, .item(1), "still on the same item")
            XCTAssertEqual(try storedUnread(store, subscriptions), ["Long 0", "Long 1", "Long 2"])
        }
    }

    // MARK: Names, counts, other windows

    func testUnreadIsInTheRowsNameUntilTheItemIsRead() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try windowOnNews(count: 5)
            let item = try XCTUnwrap(window.feedList.item(at: 0))
            let row = try XCTUnwrap(window.feedList.factory.rowWidget(at: 0))
            XCTAssertTrue(name(item, unread: true).hasSuffix(", unread"))
            XCTAssertTrue(row.accessibleLabelIs(name(item, unread: true)))
            XCTAssertTrue(window.window.activateAction("win.mark-read", string: item.id))
            XCTAssertTrue(row.accessibleLabelIs(name(item, unread: false)), "renamed in place")

            window.show(layout: .grid)
            waitUntil("the grid shows the items") { window.feedList.factory.rowWidget(at: 1) != nil }
            let second = try XCTUnwrap(window.feedList.item(at: 1))
            XCTAssertTrue(try XCTUnwrap(window.feedList.factory.rowWidget(at: 1)).accessibleLabelIs(name(second, unread: true)),
                          "tiles say it too")
            XCTAssertTrue(try XCTUnwrap(window.feedList.factory.rowWidget(at: 0)).accessibleLabelIs(name(item, unread: false)))
            window.show(layout: .list)
        }
    }

    func testAWindowOnOneFeedAloneShowsNoMarks() throws {
        try MainActor.assumeIsolated {
            let window = openWindow(on: LocalFeedSource(file: fixture.feeds.writeFeed(title: "Alone", count: 5)))
            waitUntil("the title") { window.window.title == "Alone" }
            let item = try XCTUnwrap(window.feedList.item(at: 0))
            XCTAssertTrue(try XCTUnwrap(window.feedList.factory.rowWidget(at: 0)).accessibleLabelIs(name(item, unread: false)))
            let row = try XCTUnwrap(window.feedList.factory.cell(at: 0)?.row)
            XCTAssertFalse(row.marks.dot.isVisible)
            XCTAssertFalse(window.reader.marksItems)
            focus(window, row: 0)
            XDoTool.press(["m", "s"], inWindowTitled: "Alone")
            waitForInputHandled(in: window)
            XCTAssertEqual(window.feedList.item(at: 0), item, "nothing to mark")
        }
    }

    func testUnreadCountsFollowInTheSidebarAsItemsAreMarked() throws {
        try MainActor.assumeIsolated {
            let store = try fixture.store()
            let ids = try subscribe(store, [(spec("a"), "Feed A", ["Tech"]), (spec("b"), "Feed B", ["Tech"]), (spec("c"), "Feed C", [])])
            try storeItems(store, in: ids[0], count: 4, label: "A")
            try storeItems(store, in: ids[1], count: 3, label: "B", newest: Date(timeIntervalSince1970: 1_700_000_000))
            try storeItems(store, in: ids[2], count: 2, label: "C", newest: Date(timeIntervalSince1970: 1_600_000_000))
            let window = openWindow(on: fixture.subscriptions(over: store))
            XCTAssertEqual(sidebarRows(window),
                           ["All items 9", "Unread 9", "Starred 0", "Tech 7", "  Feed A 4", "  Feed B 3", "Feed C 2"])
            focus(window, row: 0)
            XDoTool.press(["m", "Down", "m"], inWindowTitled: "All items")
            waitUntil("the counts follow") {
                self.sidebarRows(window) == ["All items 7", "Unread 7", "Starred 0", "Tech 5", "  Feed A 2", "  Feed B 3", "Feed C 2"]
            }
            XCTAssertTrue(try sidebarRow(window, .subscription(ids[0])).row.accessibleLabelIs("Feed A, 2 unread items"))
            XCTAssertTrue(try sidebarRow(window, .folder(["Tech"])).row.accessibleLabelIs("Tech folder, 5 unread items"))
            XCTAssertTrue(try sidebarRow(window, .all).row.accessibleLabelIs("All items, 7 unread items"))

            // Items that arrive count too.
            try storeItems(store, in: ids[2], count: 4, label: "C")
            window.subscriptions?.reload()
            waitUntil("new items are counted") { self.sidebarRows(window).last == "Feed C 4" }
            XCTAssertEqual(sidebarRows(window).prefix(2), ["All items 9", "Unread 9"])
        }
    }

    func testAMarkInOneWindowShowsInTheOthersRowsInPlace() throws {
        try MainActor.assumeIsolated {
            let (first, subscriptions, _) = try windowOnNews(count: 5)
            let second = openWindow(on: subscriptions)
            settle(second)
            let item = try XCTUnwrap(first.feedList.item(at: 2))
            XCTAssertTrue(first.window.activateAction("win.star", string: item.id))
            XCTAssertTrue(first.window.activateAction("win.mark-read", string: item.id))
            XCTAssertEqual(second.feedList.item(at: 2).map { [$0.isRead, $0.isStarred] }, [true, true], "told at once")
            XCTAssertTrue(isShownRead(second, at: 2))
            XCTAssertEqual(ids(second), ids(first))
        }
    }

    func testMarksThatKeepComingAreCountedTogetherAndTheLastCountIsRight() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, _) = try windowOnNews(count: 30)
            var counted = 0
            let token = subscriptions.observe { change in
                if case .list = change { counted += 1 }
            }
            defer { subscriptions.stopObserving(token) }
            // As scrolling past items marks them, one at a time.
            for position in 0..<30 {
                let id = try XCTUnwrap(window.feedList.item(at: position)?.id)
                subscriptions.mark(MarkChange(mark: .read(true), items: [id]), from: nil)
                if position % 3 == 2 { MainLoop.run(for: .milliseconds(10)) }
            }
            try wait { await subscriptions.waitForMarks() }
            XCTAssertEqual(subscriptions.unread.all, 0, "the last count has every mark")
            XCTAssertLessThanOrEqual(counted, 5, "30 marks read the counts and redrew the sidebar \(counted) times")
            XCTAssertGreaterThanOrEqual(counted, 1)
        }
    }
}
