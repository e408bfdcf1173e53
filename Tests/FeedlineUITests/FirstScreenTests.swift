import FeedCore
import FeedStore
import Foundation
import GtkKit
import Loopback
import XCTest

@testable import FeedlineUI

/// When a window on the subscriptions shows (Window/FirstScreen.swift):
/// with its first screen ready (the sidebar and the first page), or after
/// a short wait when that page is slow; and a long sidebar fills in a step
/// a frame without losing a row.
final class FirstScreenTests: StoreTestCase, @unchecked Sendable {
    /// A store subscribed to one feed "Slow" on 127.0.0.1, whose one item
    /// titled `item` comes `delay` after it is asked for.
    @MainActor
    private func storeWithSlowFeed(item: String, answeringAfter delay: Duration) throws
        -> (LoopbackServer, FeedStore, [Subscription.ID]) {
        let server = try LoopbackServer { _ in
            LoopbackServer.Response.jsonFeed("Slow", items: [("1", item, "2026-11-01T10:00:00Z")]).delayed(by: delay)
        }
        let store = try fixture.store()
        let ids = try subscribe(store, [(.document(server.url("/feed.json")), "Slow", [])])
        return (server, store, ids)
    }

    func testTheWindowShowsWithItsFirstPageAndSidebarAlreadyIn() throws {
        try MainActor.assumeIsolated {
            let store = try fixture.store()
            let ids = try subscribe(store, [(spec("news"), "News", [])])
            try storeItems(store, in: ids[0], count: 30, label: "News")
            let window = FeedWindow(application: TestApplication.shared, subscriptions: fixture.subscriptions(over: store),
                                    opening: .scope(.all))
            track(window)
            window.present()
            XCTAssertFalse(window.window.isVisible, "shown before the store answered")
            var whenShown: (items: Int, page: String?, sidebar: Int)?
            waitUntil("the window shows") {
                if window.window.isVisible, whenShown == nil {
                    whenShown = (window.feedList.itemCount, window.content.visibleChildName,
                                 window.sidebar?.listed.count ?? 0)
                }
                return whenShown != nil
            }
            XCTAssertEqual(whenShown?.items, 10, "the first page (of 10) is in the list as the window shows")
            XCTAssertEqual(whenShown?.page, "list", "no loading page in the first frame")
            XCTAssertEqual(whenShown?.sidebar, 4, "All items, Unread, Starred and News are listed")
        }
    }

    /// The app reads the store while GTK starts: a window made after it
    /// answered fills in its sidebar and asks for its first page as it is
    /// presented, without waiting for the main loop.
    func testAStoreThatAnsweredBeforeTheWindowFillsItInAtOnce() throws {
        try MainActor.assumeIsolated {
            let store = try fixture.store()
            let ids = try subscribe(store, [(spec("news"), "News", [])])
            try storeItems(store, in: ids[0], count: 30, label: "News")
            let factory = fixture.factory
            let subscriptions = Subscriptions(file: fixture.storeFile, library: nil, sources: nil, pageSize: 10) {
                factory.source(for: $0)
            }
            subscriptions.startLoading()
            waitUntil("the store answers") { subscriptions.storeHasAnswered }
            let window = FeedWindow(application: TestApplication.shared, subscriptions: subscriptions, opening: .scope(.all))
            track(window)
            window.present()
            XCTAssertEqual(subscriptions.state, .ready)
            XCTAssertEqual(window.sidebar?.listed.count, 4, "All items, Unread, Starred and News are listed")
            XCTAssertEqual(window.scope, .all)
            XCTAssertNotNil(window.session.state.inFlight, "the first page is asked for")
            waitUntil("the window shows") { window.window.isVisible }
            XCTAssertEqual(window.feedList.itemCount, 10)
        }
    }

    func testAWindowWhoseFirstPageIsSlowShowsWhileItLoads() throws {
        try MainActor.assumeIsolated {
            let (server, store, ids) = try storeWithSlowFeed(item: "Late", answeringAfter: .seconds(10))
            defer { server.stop() }
            let window = FeedWindow(application: TestApplication.shared, subscriptions: fixture.subscriptions(over: store),
                                    opening: .scope(.subscription(ids[0])))
            track(window)
            window.present()
            waitUntil("the window shows") { window.window.isVisible }
            XCTAssertEqual(window.feedList.itemCount, 0, "the feed has not answered")
            XCTAssertNotNil(window.session.state.inFlight, "its first page is still on its way")
            XCTAssertEqual(window.content.visibleChildName, "loading")
            XCTAssertEqual(window.sidebar?.listed.count, 4, "the sidebar is in")
        }
    }

    func testALongSidebarFillsInAStepAFrameWithEveryRowInOrder() throws {
        try MainActor.assumeIsolated {
            let store = try fixture.store()
            let count = 3 * Sidebar.fillStep
            let feeds = (0..<count).map { (spec("feed\($0)"), String(format: "Feed %03d", $0), [String]()) }
            _ = try subscribe(store, feeds)
            let window = FeedWindow(application: TestApplication.shared, subscriptions: fixture.subscriptions(over: store),
                                    opening: .scope(.all))
            track(window)
            window.present()
            let sidebar = try XCTUnwrap(window.sidebar)
            var listedWhenShown: Int?
            waitUntil("the window shows") {
                if window.window.isVisible, listedWhenShown == nil { listedWhenShown = sidebar.listed.count }
                return listedWhenShown != nil
            }
            XCTAssertEqual(listedWhenShown, Sidebar.fillStep, "the first frame makes the rows that fit, not 200")
            waitUntil("every subscription is listed") { sidebar.listed.count == count + 3 }
            XCTAssertEqual(sidebar.listed.dropFirst(3).map { $0.subscription?.title },
                           (0..<count).map { String(format: "Feed %03d", $0) })
            let last = try sidebarRow(window, .subscription(sidebar.entries.last!.subscription!.id)).cell
            XCTAssertEqual(last.title.text, String(format: "Feed %03d", count - 1))
        }
    }

    func testFocusCanGoToARowStillWaitingToBeListed() throws {
        try MainActor.assumeIsolated {
            let store = try fixture.store()
            let count = 3 * Sidebar.fillStep
            _ = try subscribe(store, (0..<count).map { (spec("feed\($0)"), "Feed \($0)", [String]()) })
            let window = FeedWindow(application: TestApplication.shared, subscriptions: fixture.subscriptions(over: store),
                                    opening: .scope(.all))
            track(window)
            window.present()
            let sidebar = try XCTUnwrap(window.sidebar)
            waitUntil("the window shows") { window.window.isVisible }
            XCTAssertLessThan(sidebar.listed.count, count + 3, "still filling in")
            sidebar.focusRow(at: count + 2)
            XCTAssertEqual(sidebar.listed.count, count + 3, "the rest listed at once")
            waitUntil("the last row has focus") { sidebar.focusedEntry?.subscription?.title == "Feed \(count - 1)" }
        }
    }

    func testAnEmptyViewSaysLoadingWhileTheFeedsUpdateNotNoItems() throws {
        try MainActor.assumeIsolated {
            let (server, store, _) = try storeWithSlowFeed(item: "Arrived", answeringAfter: .seconds(1))
            defer { server.stop() }
            let subscriptions = fixture.subscriptions(over: store, updates: true)
            let window = openWindow(on: subscriptions, opening: .scope(.all), waitForItems: false)
            waitUntil("the empty view shows") { window.window.isVisible && window.content.visibleChildName == "empty" }
            XCTAssertTrue(window.window.activateAction("win.refresh"))
            waitUntil("the feeds update") { subscriptions.isUpdating }
            XCTAssertEqual(window.content.visibleChildName, "loading", "not “nothing to show yet” while items may be coming")
            waitUntil("the item arrives") { self.titles(window) == ["Arrived"] }
            XCTAssertEqual(window.content.visibleChildName, "list")
        }
    }
}
