import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import Loopback
import Synchronization
import XCTest

@testable import FeedlineUI

/// Updating every subscription (FeedUpdater) from the window, against feeds
/// served on 127.0.0.1: Refresh updates them all, then reloads the view; a
/// feed that fails says so in its row and stops none of the others; at the
/// start the view comes from the store, then the feeds update without
/// moving it.
final class SubscriptionUpdateTests: GtkTestCase, @unchecked Sendable {
    private var fixture: SubscriptionsFixture!
    private var server: LoopbackServer!
    /// What the server answers: the version of each feed (2 adds an item
    /// to the top of A), whether B fails, how long answers take.
    private let served = Served()

    private final class Served: Sendable {
        private let state = Mutex((version: 1, bFails: false, delay: Duration.zero))

        var now: (version: Int, bFails: Bool, delay: Duration) { state.withLock { $0 } }

        func set(version: Int, bFails: Bool, delay: Duration) {
            state.withLock { $0 = (version, bFails, delay) }
        }
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        fixture = MainActor.assumeIsolated { SubscriptionsFixture() }
        let served = served
        server = try LoopbackServer { request in
            let (version, bFails, delay) = served.now
            let name: String
            switch request.path {
            case "/a.json": name = "A"
            case "/b.json" where bFails: return .init(status: 500, delay: delay)
            case "/b.json": name = "B"
            default: return .text("not here", status: 404)
            }
            var items: [[String: Any]] = (0..<3).map { index in
                ["id": "\(name)-\(index)", "title": "\(name) \(index)",
                 "date_published": "2026-11-2\(name == "A" ? 2 : 1)T1\(3 - index):00:00Z"]
            }
            if name == "A", version > 1 {
                items.insert(["id": "A-new", "title": "A new", "date_published": "2026-11-23T10:00:00Z"], at: 0)
            }
            let feed: [String: Any] = ["version": "https://jsonfeed.org/version/1.1", "title": "Feed \(name)", "items": items]
            let body = (try? JSONSerialization.data(withJSONObject: feed)) ?? Data()
            return .init(headers: ["Content-Type": "application/feed+json"], body: body, delay: delay)
        }
    }

    override func tearDown() {
        super.tearDown()
        server?.stop()
        fixture = nil
    }

    /// Feeds A and B, updated once, and a window on All items that can
    /// update them.
    @MainActor
    private func windowOnUpdatedFeeds(file: StaticString = #filePath, line: UInt = #line) throws
        -> (FeedWindow, Subscriptions, [Subscription.ID]) {
        let store = try fixture.store()
        let ids = try subscribe(store, [(.document(server.url("/a.json")), "Feed A", []),
                                        (.document(server.url("/b.json")), "Feed B", [])], file: file, line: line)
        let subscriptions = fixture.subscriptions(over: store, updates: true)
        // Once the store is read, the feeds update by themselves.
        let window = openWindow(on: subscriptions, waitForItems: false, file: file, line: line)
        waitUntil("the first update ends", file: file, line: line) { !subscriptions.isUpdating && subscriptions.count(of: .all) == 6 }
        waitUntil("All items shows it", file: file, line: line) { self.titles(window).count == 6 }
        XCTAssertEqual(titles(window), ["A 0", "A 1", "A 2", "B 0", "B 1", "B 2"], file: file, line: line)
        return (window, subscriptions, ids)
    }

    func testRefreshUpdatesEveryFeedWithTheSpinnerTurningThenReloadsTheView() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, ids) = try windowOnUpdatedFeeds()
            let asked = server.feedPaths.count
            served.set(version: 2, bFails: false, delay: .milliseconds(400))
            XCTAssertTrue(window.window.activateAction("win.refresh"))
            waitUntil("the spinner turns while the feeds update") {
                subscriptions.isUpdating && window.header.refreshSpinner.isVisible
            }
            waitUntil("the view reloads with the new item on top") { self.titles(window).first == "A new" }
            waitUntil("the spinner stops") { !window.header.refreshSpinner.isVisible }
            XCTAssertEqual(Set(server.feedPaths.dropFirst(asked)), ["/a.json", "/b.json"], "every feed was asked")
            waitUntil("the counts follow in the sidebar") {
                self.sidebarRows(window) == ["All items 7", "Unread 7", "Starred 0", "Feed A 4", "Feed B 3"]
            }
            XCTAssertEqual(subscriptions.count(of: .subscription(ids[0])), 4)
        }
    }

    func testAFeedThatFailsToUpdateSaysSoInItsRowAndTheOthersUpdate() throws {
        try MainActor.assumeIsolated {
            let (window, _, ids) = try windowOnUpdatedFeeds()
            served.set(version: 2, bFails: true, delay: .zero)
            XCTAssertTrue(window.window.activateAction("win.refresh"))
            waitUntil("A updated") { self.titles(window).first == "A new" }
            waitUntil("B's row shows its failure") { (try? self.sidebarRow(window, .subscription(ids[1])).cell.problem?.isVisible) == true }
            let (b, row) = try sidebarRow(window, .subscription(ids[1]))
            XCTAssertEqual(b.problem?.tooltip, "Couldn't update: Server error (500)")
            XCTAssertTrue(row.accessibleDescriptionIs("Couldn't update: Server error (500)"))
            XCTAssertNotEqual(try sidebarRow(window, .subscription(ids[0])).cell.problem?.isVisible, true)
            XCTAssertTrue(titles(window).contains("B 0"), "B's stored items stay")
            waitUntil("the status line says so") { window.statusBar.label.text == "1 feed couldn't be updated" }
        }
    }

    func testAtTheStartTheViewComesFromTheStoreThenTheFeedsUpdateWithoutMovingIt() throws {
        try MainActor.assumeIsolated {
            // Stored by an earlier run: A's three items.
            let store = try fixture.store()
            let a = try subscribe(store, [(.document(server.url("/a.json")), "Feed A", [])])[0]
            try wait {
                let first = try await FeedUpdater(store: store, sources: self.fixture.factory).update(a)
                XCTAssertEqual(first.newItems, 3)
            }
            served.set(version: 2, bFails: false, delay: .milliseconds(500))
            let asked = server.feedPaths.count
            let subscriptions = fixture.startedSubscriptions()
            let window = openWindow(on: subscriptions)
            XCTAssertEqual(titles(window).prefix(3), ["A 0", "A 1", "A 2"], "the first screen from the store")
            XCTAssertTrue(subscriptions.isUpdating, "while the feeds update")
            waitUntil("the update ends") { !subscriptions.isUpdating && server.feedPaths.count > asked }
            waitUntil("the counts follow") { subscriptions.count(of: .subscription(a)) == 4 }
            // Three items fit in the window: the new one goes above them in
            // view (NewItemsTests: a longer list does not move).
            waitUntil("the new item goes above the first") { self.titles(window).first == "A new" }
            XCTAssertEqual(titles(window).prefix(4), ["A new", "A 0", "A 1", "A 2"])
            XCTAssertTrue(window.window.activateAction("win.refresh"))
            waitUntil("Refresh shows the new item") { self.titles(window).first == "A new" }
        }
    }
}
