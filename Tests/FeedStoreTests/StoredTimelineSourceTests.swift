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
        let end = try await source.nextPage(after: try XCTUnwrap(retried.next))
        XCTAssertEqual(end.items, [])
        XCTAssertNil(end.next, "the network said it has no more")
        XCTAssertEqual(network.requestCount, 2)
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
