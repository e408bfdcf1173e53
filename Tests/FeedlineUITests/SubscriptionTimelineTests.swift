import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import Loopback
import XCTest

@testable import FeedlineUI

/// The timelines the sidebar opens, in a real window over a real store:
/// All items and one subscription paged from the store with the list's
/// footer, a subscription going on from the network where its stored items
/// end, the first start, the view open last after a restart, and a store
/// that could not be read.
final class SubscriptionTimelineTests: StoreTestCase, @unchecked Sendable {
    func testAllItemsPagesEveryFeedFromTheStoreNewestFirstWithTheFooter() throws {
        try MainActor.assumeIsolated {
            let store = try fixture.store()
            let ids = try subscribe(store, [(spec("a"), "A", []), (spec("b"), "B", [])])
            // A's items on the hour, B's on the half hour: they interleave.
            try storeItems(store, in: ids[0], count: 15, label: "A")
            try storeItems(store, in: ids[1], count: 15, label: "B",
                           newest: Date(timeIntervalSince1970: 1_800_000_000 - 1800))
            let network = GatedSource()
            // Pages from the store after 150 ms (as --latency does), so the
            // footer can be seen loading.
            let subscriptions = Subscriptions(file: fixture.storeFile, library: nil, sources: nil, pageSize: 10,
                                              makeSource: { _ in network },
                                              wrapTimeline: { SimulatedNetwork($0, latency: .milliseconds(150)) })
            let window = openWindow(on: subscriptions)
            XCTAssertEqual(window.window.title, "All items")
            XCTAssertEqual(window.feedList.itemCount, 10, "a page at a time")
            scrollToBottom(window)
            waitUntil("the next page loads with the footer showing") { window.feedList.footer == .loading }
            while window.session.phase != .exhausted {
                scrollToBottom(window)
                settle(window)
            }
            XCTAssertEqual(titles(window), (0..<15).flatMap { ["A \($0)", "B \($0)"] }, "newest first, each once")
            XCTAssertEqual(window.feedList.footer, .end)
            XCTAssertEqual(network.requestCount, 0, "nothing from the network")
            XCTAssertEqual(window.statusBar.label.text, "You're all caught up · 30 items")
        }
    }

    func testASubscriptionPagesItsStoredItemsWithTheFooter() throws {
        try MainActor.assumeIsolated {
            let store = try fixture.store()
            let ids = try subscribe(store, [(spec("a"), "Alpha", []), (spec("b"), "Beta", [])])
            try storeItems(store, in: ids[0], count: 25, label: "Alpha")
            try storeItems(store, in: ids[1], count: 5, label: "Beta")
            let network = GatedSource()
            let window = openWindow(on: Subscriptions(store: store, pageSize: 10) { _ in network },
                                    opening: .scope(.subscription(ids[0])))
            XCTAssertEqual(window.window.title, "Alpha")
            while window.session.phase != .exhausted {
                scrollToBottom(window)
                settle(window)
            }
            XCTAssertEqual(titles(window), (0..<25).map { "Alpha \($0)" }, "its items only")
            XCTAssertEqual(window.feedList.footer, .end)
            XCTAssertEqual(network.requestCount, 0, "its stored items were all there is: no request")
        }
    }

    /// A feed served in three linked documents (JSON Feed `next_url`), 15
    /// items each.
    @MainActor
    private func pagedServer() throws -> LoopbackServer {
        let pages = (0..<3).map { page in
            let url = fixture.feeds.writeFeed(named: "p\(page).json", title: "Paged News", count: 15, label: "News") { index, item in
                let number = page * 15 + index
                item["id"] = "news-\(number)"
                item["title"] = "News \(number)"
                item["date_published"] = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_800_000_000 - Double(number) * 60))
            }
            return try? Data(contentsOf: url)
        }
        return try LoopbackServer { request in
            guard let page = ["/p0.json": 0, "/p1.json": 1, "/p2.json": 2][request.path], let body = pages[page],
                  var json = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                return .text("not here", status: 404)
            }
            if page < 2 { json["next_url"] = "http://\(request.header("host") ?? "")/p\(page + 1).json" }
            let data = (try? JSONSerialization.data(withJSONObject: json)) ?? Data()
            return .init(headers: ["Content-Type": "application/feed+json"], body: data)
        }
    }

    func testANewSubscriptionPagesOnFromTheNetworkWhereTheStoreEndsWithoutASeam() throws {
        try MainActor.assumeIsolated {
            let server = try pagedServer()
            defer { server.stop() }
            let store = try fixture.store()
            let feed = FeedSpec.document(server.url("/p0.json"))
            let subscriptions = fixture.subscriptions(over: store)
            let window = openWindow(on: subscriptions, opening: .feed(feed))
            XCTAssertEqual(server.feedPaths, ["/p0.json"], "never updated: its first page came from the network")
            XCTAssertEqual(titles(window).first, "News 0")
            let id = try XCTUnwrap(subscriptions.subscription(for: feed)?.id)
            waitUntil("the feed named itself") { window.window.title == "Paged News" }

            while window.session.phase != .exhausted {
                scrollToBottom(window)
                settle(window)
            }
            XCTAssertEqual(titles(window), (0..<45).map { "News \($0)" }, "every item once, in order, across the seam")
            XCTAssertEqual(server.feedPaths, ["/p0.json", "/p1.json", "/p2.json"])
            XCTAssertEqual(window.feedList.footer, .end)
            waitUntil("the sidebar's count follows") { subscriptions.count(of: .subscription(id)) == 45 }
            // Items scrolled past on the way down were read: it counts the others.
            let unread = window.feedList.items.filter { !$0.isRead }.count
            XCTAssertLessThan(unread, 45)
            waitUntil("the sidebar counts those unread") { self.sidebarRows(window).contains("Paged News \(unread)") }

            // Opened again (a restart), it pages from the store alone.
            let again = openWindow(on: fixture.subscriptions(over: store), opening: .scope(.subscription(id)))
            while again.session.phase != .exhausted {
                scrollToBottom(again)
                settle(again)
            }
            XCTAssertEqual(titles(again), titles(window))
            XCTAssertEqual(server.feedPaths.count, 3, "no request: everything was stored")
        }
    }

    func testANewReaderStartsOnAllItemsWithTheSampleFeed() {
        MainActor.assumeIsolated {
            let window = openWindow(on: fixture.startedSubscriptions())
            XCTAssertEqual(window.scope, .all)
            XCTAssertEqual(titles(window).first, "Sample 0", "the sample's first page, stored in the background")
            waitUntil("the sidebar counts its first page (of 10), named by the feed") {
                self.sidebarRows(window) == ["All items 10", "Unread 10", "Starred 0", "Sample 10"]
            }
        }
    }

    func testTheViewOpenLastIsOpenedAgainAfterARestart() throws {
        try MainActor.assumeIsolated {
            let first = fixture.startedSubscriptions()
            let window = openWindow(on: first)
            let news = FeedSpec.document(fixture.feeds.writeFeed(named: "news.json", title: "Restart News", count: 12, label: "News"))
            window.open(news)
            waitUntil("the news feed shows") { self.titles(window).first == "News 0" }
            let id = try XCTUnwrap(first.subscription(for: news)?.id)
            let store = try XCTUnwrap(first.store)
            let kept = try wait("the store keeps the view") {
                for _ in 0..<100 {
                    if try await store.viewSettings().lastOpened == .subscription(id) { return true }
                    try await Task.sleep(for: .milliseconds(20))
                }
                return false
            }
            XCTAssertTrue(kept)
            window.window.close()
            waitUntil("closed") { !window.window.isMapped }

            let restarted = openWindow(on: fixture.startedSubscriptions())
            XCTAssertEqual(restarted.scope, .subscription(id))
            XCTAssertEqual(titles(restarted).first, "News 0")
            XCTAssertEqual(restarted.window.title, "Restart News")
        }
    }

    func testAStoreThatCannotBeReadIsMovedAsideAndTheReaderIsTold() throws {
        try MainActor.assumeIsolated {
            let file = fixture.storeFile
            try FileManager.default.createDirectory(at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("this is no database, but it is long enough to look like a file header of some sort".utf8).write(to: file.url)
            let window = openWindow(on: fixture.startedSubscriptions())
            let told = "Your stored feeds couldn't be read; they were kept as \(file.quarantineURL.path) and a new store was made."
            waitUntil("the status line tells") { window.statusBar.label.text == told }
            waitUntil("and it is announced") { window.announcements.contains(told) }
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.quarantineURL.path), "kept, not deleted")
            XCTAssertEqual(titles(window).first, "Sample 0", "a new store, with the sample feed")
        }
    }

    func testADamagedFeedsJSONIsKeptAsideAndTheReaderIsTold() throws {
        try MainActor.assumeIsolated {
            let library = fixture.libraryFile
            try FileManager.default.createDirectory(at: library.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{\"version\": 1, \"feeds\": [".utf8).write(to: library.url)
            let window = openWindow(on: fixture.startedSubscriptions())
            waitUntil("the status line tells") { window.statusBar.label.text.hasPrefix("Your saved feeds were damaged") }
            XCTAssertTrue(FileManager.default.fileExists(atPath: library.quarantineURL.path))
            XCTAssertEqual(titles(window).first, "Sample 0", "the app goes on with the sample feed")
        }
    }

    func testFeedsJSONOfAnEarlierVersionIsTakenInWithTheFeedOpenLastAndThePictureSetting() throws {
        try MainActor.assumeIsolated {
            let news = FeedSpec.document(fixture.feeds.writeFeed(named: "news.json", title: "Old News", count: 12, label: "News"))
            var saved = FeedLibrary(feeds: [SavedFeed(news, title: "Old News")], lastOpened: news)
            saved.readerLoadsRemoteImages = false
            saved.setLayout(.grid, of: news)
            try fixture.libraryFile.save(saved)
            let window = openWindow(on: fixture.startedSubscriptions())
            XCTAssertEqual(window.window.title, "Old News", "the feed open last opens")
            XCTAssertEqual(window.feedList.layout, .grid, "in its layout")
            XCTAssertFalse(window.reader.loadsRemoteImages, "pictures in articles stay off")
            XCTAssertEqual(window.remoteImagesAction?.isOn, false)
            XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.libraryFile.url.path + ".backup"))
        }
    }
}
