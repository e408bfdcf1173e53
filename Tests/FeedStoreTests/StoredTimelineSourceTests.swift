import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import XCTest

/// A stored timeline as the list's source: from the store first, then
/// older pages from the network, stored, without a seam.
final class StoredTimelineSourceTests: XCTestCase {
    /// The network's pages: items 0…29 newest first, ten a page.
    private func network() -> GatedSource {
        let source = GatedSource()
        for page in 0..<3 {
            let range = (page * 10)..<(page * 10 + 10)
            source.answer(page, with: .success(FeedPage(items: range.map { item(100 - $0) },
                                                        next: page < 2 ? PageCursor(String(range.upperBound)) : nil)))
        }
        return source
    }

    private func walk(_ source: StoredTimelineSource) async throws -> [FeedItem] {
        var items: [FeedItem] = []
        var cursor: PageCursor?
        repeat {
            let page = try await source.nextPage(after: cursor)
            items += page.items
            cursor = page.next
        } while cursor != nil
        return items
    }

    func testWhenStoredItemsRunOutOlderPagesComeFromTheNetworkAndAreStored() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("paged")
        let network = network()
        // An update stored the first page and where the next one starts.
        let first = try await network.nextPage(after: nil)
        _ = try await store.store(first.items, in: feed)
        try await store.recordUpdate(of: feed, at: Date(), olderCursor: first.next)

        let source = StoredTimelineSource(store: store, scope: .subscription(feed), displayName: "paged",
                                          pageSize: 7, network: network)
        let items = try await walk(source)
        XCTAssertEqual(items.map(\.title), (0..<30).map { "Item \(100 - $0)" }, "every item once, in order")
        XCTAssertEqual(network.requests.map(\.cursor?.rawValue), [nil, "10", "20"])
        let value1 = try await store.itemCounts()[feed]
        XCTAssertEqual(value1, 30, "the network's pages were stored")
        let value2 = try await store.olderCursor(of: feed)
        XCTAssertNil(value2)
    }

    func testANeverUpdatedFeedTakesItsFirstPageFromTheNetworkAndStoresIt() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("new")
        let network = network()
        let source = StoredTimelineSource(store: store, scope: .subscription(feed), displayName: "new",
                                          pageSize: 10, network: network)
        let first = try await source.nextPage(after: nil)
        XCTAssertEqual(first.items.map(\.title), (0..<10).map { "Item \(100 - $0)" })
        XCTAssertEqual(first.items.first.map { Int64($0.id) != nil }, true, "shown from the store (a row id, not the guid)")
        XCTAssertEqual(network.requests.map(\.cursor?.rawValue), [nil], "one request, for the first page")
        let stored = try await store.itemCounts()[feed]
        XCTAssertEqual(stored, 10, "stored")
        let subscription = try await store.subscription(feed)
        XCTAssertNotNil(subscription?.lastUpdated, "recorded as updated")
        let older = try await store.olderCursor(of: feed)
        XCTAssertEqual(older, PageCursor("10"), "where its older pages start")

        // Paging goes on across the seam, and a second look starts from the store.
        var items = first.items
        var cursor = first.next
        while let next = cursor {
            let page = try await source.nextPage(after: next)
            items += page.items
            cursor = page.next
        }
        XCTAssertEqual(items.map(\.title), (0..<30).map { "Item \(100 - $0)" })
        let again = try await source.nextPage(after: nil)
        XCTAssertEqual(again.items.map(\.title), Array(items.prefix(10)).map(\.title))
        XCTAssertEqual(network.requestCount, 3, "the first page was not asked for again")
    }

    func testAFailedFirstPageIsRecordedAndRetryAsksTheNetworkAgain() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("offline")
        let network = GatedSource()
        network.answer(0, with: .failure(FeedError("Offline", kind: .offline)))
        network.answer(1, with: .success(FeedPage(items: [item(2), item(1)], next: nil, feedTitle: "Back Online")))
        let source = StoredTimelineSource(store: store, scope: .subscription(feed), displayName: "offline",
                                          pageSize: 10, network: network)
        do {
            _ = try await source.nextPage(after: nil)
            XCTFail("the network's failure reaches the list")
        } catch let error as FeedError {
            XCTAssertEqual(error.kind, .offline)
        }
        let failed = try await store.subscription(feed)
        XCTAssertEqual(failed?.failure?.kind, .offline, "the feed's failure, for the sidebar")
        let retried = try await source.nextPage(after: nil)
        XCTAssertEqual(retried.items.map(\.title), ["Item 2", "Item 1"])
        XCTAssertEqual(retried.feedTitle, "Back Online", "the feed's own title, for the window")
        XCTAssertNil(retried.next, "the feed has no older pages")
        let recovered = try await store.subscription(feed)
        XCTAssertNil(recovered?.failure, "the failure is cleared")
    }

    func testAFeedUpdatedBeforeWithNothingStoredIsEmptyWithoutAsking() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("empty")
        try await store.recordUpdate(of: feed, at: Date())
        let network = GatedSource()
        let source = StoredTimelineSource(store: store, scope: .subscription(feed), displayName: "empty",
                                          pageSize: 10, network: network)
        let page = try await source.nextPage(after: nil)
        XCTAssertEqual(page.items, [])
        XCTAssertNil(page.next)
        XCTAssertEqual(network.requestCount, 0)
    }

    func testANetworkFailureFailsThePageAndRetryGivesTheSameItems() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("flaky")
        let network = GatedSource()
        network.answer(0, with: .failure(FeedError("Timed out", kind: .timedOut)))
        network.answer(1, with: .success(FeedPage(items: [item(1), item(0)], next: nil)))
        _ = try await store.store([item(3), item(2)], in: feed)
        try await store.recordUpdate(of: feed, at: Date(), olderCursor: PageCursor("older"))
        let source = StoredTimelineSource(store: store, scope: .subscription(feed), displayName: "flaky",
                                          pageSize: 2, network: network)
        let top = try await source.nextPage(after: nil)
        XCTAssertEqual(top.items.map(\.title), ["Item 3", "Item 2"])
        let cursor = try XCTUnwrap(top.next)
        do {
            _ = try await source.nextPage(after: cursor)
            XCTFail("the network's failure reaches the list")
        } catch let error as FeedError {
            XCTAssertEqual(error.kind, .timedOut)
        }
        let retried = try await source.nextPage(after: cursor)
        XCTAssertEqual(retried.items.map(\.title), ["Item 1", "Item 0"])
        XCTAssertNil(retried.next, "the network said it has no more")
        XCTAssertEqual(network.requestCount, 2)
    }

    func testItemsOfOneDateAndUndatedItemsAreNotLostAtTheSeam() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("undated")
        // Three pages: the first two of items all of one date, the last undated.
        let network = GatedSource()
        let sameDate = Date(timeIntervalSince1970: 1_700_000_000)
        for page in 0..<3 {
            let items = (page * 5..<page * 5 + 5).map { n in
                FeedItem(id: "item-\(n)", title: "Item \(n)", date: page < 2 ? sameDate : nil)
            }
            network.answer(page, with: .success(FeedPage(items: items, next: page < 2 ? PageCursor(String(page + 1)) : nil)))
        }
        let source = StoredTimelineSource(store: store, scope: .subscription(feed), displayName: "undated",
                                          pageSize: 3, network: network)
        let items = try await walk(source)
        XCTAssertEqual(items.map(\.title), (0..<15).map { "Item \($0)" }, "every item once, in the feed's order")
        XCTAssertEqual(network.requestCount, 3)
        let stored = try await walk(source)
        XCTAssertEqual(network.requestCount, 3, "no request the second time")
        XCTAssertEqual(Set(stored.map(\.title)), Set(items.map(\.title)), "from the store, every item once")
        XCTAssertEqual(stored.count, 15)
        // Items of one date keep no order among themselves in the store
        // (ties go by the order stored); undated ones stay below, in order.
        XCTAssertEqual(stored.suffix(5).map(\.title), (10..<15).map { "Item \($0)" })
        XCTAssertEqual(stored.suffix(5).map(\.date), [Date?](repeating: nil, count: 5), "undated items stay undated")
    }

    func testAllItemsEndWhereTheStoreEnds() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("a")
        _ = try await store.store([item(2), item(1)], in: feed)
        let source = StoredTimelineSource(store: store, scope: .all, displayName: "All items", pageSize: 2)
        let page = try await source.nextPage(after: nil)
        XCTAssertEqual(page.items.count, 2)
        let value3 = try await source.nextPage(after: try XCTUnwrap(page.next))
        let next = value3
        XCTAssertEqual(next.items, [])
        XCTAssertNil(next.next)
    }

    func testTheFirstPageIsAScreenfulAndTheNextOnesFull() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("long")
        _ = try await store.store((0..<130).reversed().map { item($0) }, in: feed)
        let source = StoredTimelineSource(store: store, scope: .all, displayName: "All items", pageSize: 50)
        let first = try await source.nextPage(after: nil)
        XCTAssertEqual(first.items.count, StoredTimelineSource.firstPageLimit)
        let second = try await source.nextPage(after: try XCTUnwrap(first.next))
        XCTAssertEqual(second.items.count, 50)
        let items = try await walk(source)
        XCTAssertEqual(items.map(\.title), (0..<130).reversed().map { "Item \($0)" }, "every item once, in order")
    }

    func testAMangledCursorIsAClearError() async throws {
        let store = try StoreFolder().open()
        let source = StoredTimelineSource(store: store, scope: .all, displayName: "All items")
        do {
            _ = try await source.nextPage(after: PageCursor("not a place"))
            XCTFail("no page for a cursor the store never made")
        } catch let error as FeedError {
            XCTAssertEqual(error.kind, .notFound)
        }
    }
}
