import FeedCore
import FeedStore
import Foundation
import GtkKit
import GtkKitTestSupport
import Loopback
import XCTest

@testable import FeedlineUI

/// A feed that moved for good, as the window shows it: the update follows
/// the permanent redirect (301) and the subscription moves with it, so
/// its row in the sidebar, named after the address, follows the feed to
/// the new one; Refresh then asks the new address straight away.
final class SubscriptionMoveTests: GtkTestCase, @unchecked Sendable {
    private var fixture: SubscriptionsFixture!
    private var server: LoopbackServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        fixture = MainActor.assumeIsolated { SubscriptionsFixture() }
        // The feed was at localhost and moved for good to 127.0.0.1 (the
        // same server). It has no title, so its name is its address's.
        server = try LoopbackServer { request in
            let port = request.header("host")?.split(separator: ":").last.map(String.init) ?? ""
            switch request.path {
            case "/old.json": return .redirect(to: "http://127.0.0.1:\(port)/feed.json", status: 301)
            case "/feed.json":
                let items: [[String: Any]] = (0..<3).map { ["id": "item-\($0)", "title": "Item \($0)",
                                                             "date_published": "2026-11-2\(3 - $0)T10:00:00Z"] }
                let feed: [String: Any] = ["version": "https://jsonfeed.org/version/1.1", "items": items]
                return .init(headers: ["Content-Type": "application/feed+json"],
                             body: (try? JSONSerialization.data(withJSONObject: feed)) ?? Data())
            default: return .text("not here", status: 404)
            }
        }
    }

    override func tearDown() {
        super.tearDown()
        server?.stop()
        fixture = nil
    }

    func testAnUpdateMovesAFeedThatMovedForGoodAndItsRowFollows() throws {
        try MainActor.assumeIsolated {
            let old = try XCTUnwrap(URL(string: "http://localhost:\(server.port)/old.json"))
            let new = server.url("/feed.json")
            let store = try fixture.store()
            let id = try wait { try await store.subscribe([NewSubscription(.document(old))]).subscriptions[0] }
            let subscriptions = fixture.subscriptions(over: store, updates: true)
            // Once the store is read, the feeds update by themselves.
            let window = openWindow(on: subscriptions, waitForItems: false)
            waitUntil("the update moved the feed") { subscriptions.subscription(for: .document(new)) != nil }
            XCTAssertNil(subscriptions.subscription(for: .document(old)))
            XCTAssertEqual(subscriptions.subscription(for: .document(new))?.id, id, "the same subscription")
            waitUntil("its row follows") {
                self.sidebarRows(window) == ["All items 3", "Unread 3", "Starred 0", "127.0.0.1 3"]
            }
            let (_, row) = try sidebarRow(window, .subscription(id))
            XCTAssertTrue(row.accessibleLabelIs("127.0.0.1, 3 unread items"))

            XCTAssertEqual(server.feedPaths, ["/old.json", "/feed.json"])
            XCTAssertTrue(window.window.activateAction("win.refresh"))
            waitUntil("Refresh updated the feed") { server.feedPaths.count > 2 && !subscriptions.isUpdating }
            XCTAssertEqual(server.feedPaths.dropFirst(2), ["/feed.json"], "at its new address straight away")
        }
    }
}
