import FeedCore
@testable import FeedlineBench
import FeedStore
import Foundation
import XCTest

/// The store benchmark's store: item N of All items is the synthetic item
/// N (the rows the C reference shows), spread over the feeds.
final class StoreBenchmarkTests: XCTestCase {
    func testAllItemsListsTheSyntheticItemsInOrderAcrossTheFeeds() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("store-bench-\(UUID().uuidString).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        let fill = try await StoreBenchmark.fill(at: url, items: 2_345, feeds: 7)
        XCTAssertEqual(fill["items"] as? Int, 2_345)
        let store = try StoreFile(url: url).open().store
        let source = StoredTimelineSource(store: store, scope: .all, displayName: "All items", pageSize: 500)
        var titles: [String] = []
        var cursor: PageCursor?
        repeat {
            let page = try await source.nextPage(after: cursor)
            titles += page.items.map(\.title)
            cursor = page.next
        } while cursor != nil
        XCTAssertEqual(titles, (0..<2_345).map { SyntheticFeedSource.item($0).title })
        let subscriptions = try await store.subscriptions()
        XCTAssertEqual(subscriptions.count, 7)
        let counts = try await store.itemCounts()
        XCTAssertEqual(counts.values.reduce(0, +), 2_345)
        XCTAssertEqual(Set(counts.values), [335], "spread evenly")
    }

    func testPageTimesAreTakenAtTheTopAndDeepDown() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("store-bench-\(UUID().uuidString).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        _ = try await StoreBenchmark.fill(at: url, items: 1_000, feeds: 3)
        let times = try await StoreBenchmark.pageTimes(at: url, size: 10, pages: 5, deep: 900)
        XCTAssertEqual(times["deep_at"] as? Int, 900)
        XCTAssertNotNil((times["top_ms"] as? [String: Double])?["p50"])
        XCTAssertNotNil((times["deep_ms"] as? [String: Double])?["p50"])
    }
}
