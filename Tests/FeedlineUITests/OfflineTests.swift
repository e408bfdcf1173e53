import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import GtkKitTestSupport
import Loopback
import XCTest

@testable import FeedlineUI

/// The network's state, as GIO's monitor tells it (a monitor of the
/// test's own, switched off and on): while offline no update starts by
/// itself, the status line says "Offline" and the stored items stay
/// readable; when the network is back, one update runs at once.
final class OfflineTests: StoreTestCase, @unchecked Sendable {
    private var server: LoopbackServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LoopbackServer { request in
            guard request.path == "/news.json" else { return .text("not here", status: 404) }
            return .jsonFeed("News", items: (0..<3).map { (id: "news-\($0)", title: "News \($0)",
                                                           date: "2026-11-25T1\(5 - $0):00:00Z") })
        }
    }

    override func tearDown() {
        super.tearDown()
        server?.stop()
    }

    /// A store with News's three items stored, and a window over it that
    /// updates, watching `network` (settled when it starts offline).
    @MainActor
    private func windowOnStoredNews(network: TestNetwork) throws -> (FeedWindow, Subscriptions) {
        let store = try fixture.store()
        let ids = try subscribe(store, [(.document(server.url("/news.json")), "News", [])])
        try storeItems(store, in: ids[0], count: 3, label: "Stored")
        let subscriptions = fixture.subscriptions(over: store, updates: true)
        subscriptions.watch(network.monitor)
        let window = openWindow(on: subscriptions)
        if !network.monitor.isAvailable { settle(window) }
        return (window, subscriptions)
    }

    func testOfflineNothingUpdatesByItselfAndTheStatusLineSaysSo() throws {
        try MainActor.assumeIsolated {
            let network = TestNetwork()
            network.set(available: false)
            let (window, subscriptions) = try windowOnStoredNews(network: network)
            XCTAssertEqual(titles(window), ["Stored 0", "Stored 1", "Stored 2"], "the stored items stay readable")
            XCTAssertEqual(window.statusBar.label.text, "Offline · You're all caught up · 3 items")
            XCTAssertFalse(subscriptions.isUpdating)
            XCTAssertEqual(server.feedPaths, [], "no update was tried")
        }
    }

    func testWhenTheNetworkComesBackOneUpdateRuns() throws {
        try MainActor.assumeIsolated {
            let network = TestNetwork()
            network.set(available: false)
            let (window, subscriptions) = try windowOnStoredNews(network: network)
            network.set(available: true)
            waitUntil("the update ran") { self.server.feedPaths == ["/news.json"] && !subscriptions.isUpdating }
            waitUntil("its items are in") { subscriptions.count(of: .all) == 6 }
            waitUntil("the status line is itself again") { !window.statusBar.label.text.hasPrefix("Offline") }
            waitUntil("a screen reader hears it") { window.announcements.contains("Online again") }
            XCTAssertEqual(server.feedPaths, ["/news.json"], "once")
        }
    }

    func testGoingOfflineIsShownAndSaid() throws {
        try MainActor.assumeIsolated {
            let network = TestNetwork()
            let (window, subscriptions) = try windowOnStoredNews(network: network)
            waitUntil("the first update ends") { self.server.feedPaths.count == 1 && !subscriptions.isUpdating }
            network.set(available: false)
            waitUntil("the status line says so") { window.statusBar.label.text.hasPrefix("Offline · ") }
            waitUntil("a screen reader hears it") {
                window.announcements.contains("Offline: feeds update when the network is back")
            }
        }
    }
}
