import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import Loopback
import Synchronization
import XCTest

@testable import FeedlineUI

/// New items arriving above the reader, in a real window over a real
/// store, updated from a feed served on 127.0.0.1 (as the update timer
/// does): they go above the first item without moving any row, a banner
/// says how many ("12 new items") and a screen reader hears it; scrolling
/// up to them counts them seen; the banner, or Home, goes to the newest.
final class NewItemsTests: StoreTestCase, @unchecked Sendable {
    private var server: LoopbackServer!
    /// How many new items the feed has on top of its 40.
    private let newCount = Count()

    private final class Count: Sendable {
        private let value = Mutex(0)
        var now: Int { value.withLock { $0 } }
        func set(_ count: Int) { value.withLock { $0 = count } }
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let newCount = newCount
        server = try LoopbackServer { request in
            guard request.path == "/news.json" else { return .text("not here", status: 404) }
            let fresh = newCount.now
            let newItems = (0..<fresh).reversed().map { index in
                (id: "new-\(index)", title: "New \(index)", date: String(format: "2026-11-26T%02d:00:00Z", 10 + index))
            }
            let news = (0..<40).map { index in
                (id: "news-\(index)", title: "News \(index)",
                 date: String(format: "2026-11-25T%02d:%02d:00Z", 23 - index / 2, 30 - (index % 2) * 30))
            }
            return .jsonFeed("News", items: newItems + news)
        }
    }

    override func tearDown() {
        super.tearDown()
        server?.stop()
    }

    /// The feed updated once (40 items) and a window on All items,
    /// scrolled `down` pixels.
    @MainActor
    private func windowOnNews(down: Double, file: StaticString = #filePath, line: UInt = #line) throws
        -> (FeedWindow, Subscriptions) {
        let store = try fixture.store()
        _ = try subscribe(store, [(.document(server.url("/news.json")), "News", [])], file: file, line: line)
        let subscriptions = fixture.subscriptions(over: store, updates: true)
        let window = openWindow(on: subscriptions, waitForItems: false, file: file, line: line)
        waitUntil("the first update ends", file: file, line: line) {
            !subscriptions.isUpdating && subscriptions.count(of: .all) == 40
        }
        waitUntil("the list shows it", file: file, line: line) { self.titles(window).first == "News 0" }
        scrollDown(window, to: down, file: file, line: line)
        waitForFrames(of: window.window)
        return (window, subscriptions)
    }

    /// The title of the item at the top of the view and where its row is.
    @MainActor
    private func topRow(_ window: FeedWindow) -> (String, Double)? {
        guard let top = window.feedList.topOfView,
              let position = window.feedList.position(ofItemWithID: top.item.id),
              let y = window.feedList.factory.rowWidget(at: position)?.top(in: window.feedList.scroller) else { return nil }
        return (top.item.title, y)
    }

    /// Twelve new items come with an update, as the timer brings them.
    @MainActor
    private func update(_ subscriptions: Subscriptions, bringing count: Int) throws {
        newCount.set(count)
        try wait { await subscriptions.updateAll() }
    }

    func testNewItemsGoAboveWithoutMovingAnyRowAndTheBannerCountsThem() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions) = try windowOnNews(down: 600)
            let before = try XCTUnwrap(topRow(window))
            XCTAssertFalse(window.newItemsBanner.button.isVisible)
            try update(subscriptions, bringing: 12)
            waitUntil("the new items are above") { self.titles(window).first == "New 11" }
            waitForFrames(2, of: window.window)
            XCTAssertEqual(titles(window).prefix(13), ArraySlice((0..<12).reversed().map { "New \($0)" } + ["News 0"]))
            let after = try XCTUnwrap(topRow(window))
            XCTAssertEqual(after.0, before.0, "the same item on top")
            XCTAssertEqual(after.1, before.1, "at the same place: no row moved")
            XCTAssertTrue(window.newItemsBanner.button.isVisible)
            XCTAssertEqual(window.newItemsBanner.button.label, "↑ 12 new items")
            waitUntil("a screen reader hears it") { window.announcements.last == "12 new items" }
        }
    }

    func testNewItemsAboveTheReaderAtTheVeryTopStayAboveThem() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions) = try windowOnNews(down: 0)
            let before = try XCTUnwrap(topRow(window))
            XCTAssertEqual(before.0, "News 0")
            try update(subscriptions, bringing: 3)
            waitUntil("the new items are above") { self.titles(window).first == "New 2" }
            waitForFrames(2, of: window.window)
            XCTAssertEqual(try XCTUnwrap(topRow(window)).0, "News 0", "the reader still sees what they saw")
            XCTAssertEqual(try XCTUnwrap(topRow(window)).1, before.1)
            XCTAssertEqual(window.newItemsBanner.button.label, "↑ 3 new items")
        }
    }

    func testScrollingUpToTheNewItemsCountsThemSeen() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions) = try windowOnNews(down: 600)
            try update(subscriptions, bringing: 12)
            waitUntil("the new items are above") { self.titles(window).first == "New 11" }
            waitUntil("the banner shows") { window.newItemsBanner.button.isVisible }
            waitForFrames(2, of: window.window)
            let list = window.feedList
            // Up until News 0, below them, is three rows above the bottom
            // (rows out of view are not laid out: reckoned from the first in view).
            let first = try XCTUnwrap(list.visibleRows.min { $0.position < $1.position })
            let height = Double(try XCTUnwrap(list.factory.rowWidget(at: first.position)).allocatedHeight)
            let newsTop = first.top - Double(first.position - 12) * height
            list.adjustment.value += newsTop - (list.adjustment.pageSize - 3 * height)
            waitUntil("fewer are left to see") {
                (window.newItemsBanner.button.label.map { $0 != "↑ 12 new items" } ?? false)
                    && window.newItemsBanner.button.isVisible
            }
            list.adjustment.value = 0
            waitUntil("every new item was seen: the banner goes") { !window.newItemsBanner.button.isVisible }
        }
    }

    func testTheBannerGoesToTheNewestItem() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions) = try windowOnNews(down: 900)
            try update(subscriptions, bringing: 5)
            waitUntil("the banner shows") { window.newItemsBanner.button.isVisible }
            window.newItemsBanner.button.click()
            waitUntil("the newest item is on top, with focus") {
                self.topRow(window)?.0 == "New 4" && window.feedList.focusedItem?.title == "New 4"
            }
            XCTAssertFalse(window.newItemsBanner.button.isVisible)
        }
    }

    func testHomeGoesToTheNewestItemToo() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions) = try windowOnNews(down: 900)
            let list = window.feedList
            let top = try XCTUnwrap(list.topOfView).item.id
            list.focusRow(at: try XCTUnwrap(list.position(ofItemWithID: top)))
            waitUntil("a row has focus") { list.focusedItem != nil }
            try update(subscriptions, bringing: 5)
            waitUntil("the banner shows") { window.newItemsBanner.button.isVisible }
            XDoTool.press(["Home"], inWindowTitled: "All items")
            waitUntil("the newest item is on top, with focus") {
                self.topRow(window)?.0 == "New 4" && list.focusedItem?.title == "New 4"
            }
            XCTAssertFalse(window.newItemsBanner.button.isVisible)
        }
    }

    func testAnUpdateWithNothingNewShowsNoBanner() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions) = try windowOnNews(down: 600)
            let order = ids(window)
            try update(subscriptions, bringing: 0)
            waitForFrames(2, of: window.window)
            settle(window)
            XCTAssertEqual(ids(window), order)
            XCTAssertFalse(window.newItemsBanner.button.isVisible)
        }
    }
}
