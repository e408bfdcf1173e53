import FeedCore
import FeedStore
import Foundation
import XCTest

/// The timelines, paged from the store by keyset: every item once, in
/// order, whatever the page size, ties included.
final class TimelinePagingTests: XCTestCase {
    /// Three feeds whose items interleave in time, some at the very same
    /// moment.
    private func threeFeeds() async throws -> (FeedStore, [Subscription.ID]) {
        let store = try StoreFolder().open()
        var feeds: [Subscription.ID] = []
        for (index, name) in ["a", "b", "c"].enumerated() {
            let feed = try await store.subscribe(name)
            feeds.append(feed)
            // Feed a: 0, 3, 6, …; b: 1, 4, …; c: 2, 5, …; and one item at
            // hour 30 in every feed.
            let items = stride(from: index, to: 60, by: 3).reversed().map { item($0, title: "\(name)\($0)") }
                + [FeedItem(id: "tie", title: "\(name)-tie", date: Date(timeIntervalSince1970: 1_700_000_000 + 30 * 3600))]
            _ = try await store.store(items, in: feed)
        }
        return (store, feeds)
    }

    func testAllItemsComeNewestFirstEachOnceWhateverThePageSize() async throws {
        let (store, _) = try await threeFeeds()
        let whole = try await store.walk(.all, pageSize: 1000)
        XCTAssertEqual(whole.count, 63)
        let dates = whole.compactMap(\.date)
        XCTAssertEqual(dates, dates.sorted(by: >), "newest first")
        for size in [1, 2, 7, 50] {
            let paged = try await store.walk(.all, pageSize: size)
            XCTAssertEqual(paged.map(\.id), whole.map(\.id), "pages of \(size)")
        }
    }

    func testOneFeedsTimelineHasItsItemsOnly() async throws {
        let (store, feeds) = try await threeFeeds()
        let b = try await store.walk(.subscription(feeds[1]), pageSize: 4)
        XCTAssertEqual(b.count, 21)
        XCTAssertTrue(b.allSatisfy { $0.title.hasPrefix("b") })
    }

    func testACursorReadsBackExactly() throws {
        let cursor = TimelineCursor(published: 1_700_000_000.123_456_7, id: 42)
        XCTAssertEqual(TimelineCursor(cursor.pageCursor), cursor)
        XCTAssertNil(TimelineCursor(PageCursor("nonsense")))
        XCTAssertNil(TimelineCursor(PageCursor("nan 3")))
    }

    func testPagesUseTheIndexNeverASortOrAScan() async throws {
        let (store, _) = try await threeFeeds()
        let all = try await store.queryPlan(
            "SELECT id FROM item WHERE (published, id) < (?, ?) ORDER BY published DESC, id DESC LIMIT 50",
            arguments: [1_700_100_000, 10])
        XCTAssertTrue(all.contains("item_timeline"), all)
        XCTAssertFalse(all.contains("TEMP B-TREE"), all)
        let one = try await store.queryPlan(
            "SELECT id FROM item WHERE subscriptionID = ? AND (published, id) < (?, ?) ORDER BY published DESC, id DESC LIMIT 50",
            arguments: [1, 1_700_100_000, 10])
        XCTAssertTrue(one.contains("item_feed_timeline"), one)
        XCTAssertFalse(one.contains("TEMP B-TREE"), one)
    }
}
