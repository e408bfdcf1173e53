import FeedCore
import FeedStore
import Foundation
import XCTest

/// The Unread, Starred and folder timelines, paged from the store by
/// keyset like All items: every matching item once, in order, whatever
/// the page size, ties included; Unread and Starred through their own
/// indexes.
final class ReadStateTimelineTests: XCTestCase {
    /// Four feeds (two in "Tech", one in "Tech/Deep", one at the top)
    /// whose items interleave in time, with one item of each at the very
    /// same moment; every third item read, every fifth starred.
    private func markedStore() async throws -> FeedStore {
        let store = try StoreFolder().open()
        let folders: [[String]] = [["Tech"], ["Tech"], ["Tech", "Deep"], []]
        for (index, folder) in folders.enumerated() {
            let name = "f\(index)"
            let feed = try await store.subscribe(name, folder: folder)
            let items = stride(from: index, to: 80, by: 4).reversed().map { item($0, title: "\(name) \($0)") }
                + [FeedItem(id: "tie", title: "\(name) tie", date: Date(timeIntervalSince1970: 1_700_000_000 + 40 * 3600))]
            _ = try await store.store(items, in: feed)
        }
        let all = try await store.walk(.all, pageSize: 1000)
        try await store.setRead(true, items: all.enumerated().filter { $0.offset % 3 == 0 }.map(\.element.id))
        try await store.setStarred(true, items: all.enumerated().filter { $0.offset % 5 == 0 }.map(\.element.id))
        return store
    }

    func testUnreadAndStarredHoldEachMatchingItemOnceInOrderWhateverThePageSize() async throws {
        let store = try await markedStore()
        let all = try await store.walk(.all, pageSize: 1000)
        XCTAssertEqual(all.count, 84)
        let unread = all.filter { !$0.isRead }
        let starred = all.filter(\.isStarred)
        XCTAssertEqual(unread.count, 56, "two items of three")
        XCTAssertEqual(starred.count, 17, "one of five")
        for size in [1, 2, 7, 50, 1000] {
            let unreadPaged = try await store.walk(.unread, pageSize: size)
            XCTAssertEqual(unreadPaged.map(\.id), unread.map(\.id), "Unread in pages of \(size)")
            let starredPaged = try await store.walk(.starred, pageSize: size)
            XCTAssertEqual(starredPaged.map(\.id), starred.map(\.id), "Starred in pages of \(size)")
        }
    }

    func testItemsCarryTheirMarks() async throws {
        let store = try await markedStore()
        let all = try await store.walk(.all, pageSize: 1000)
        XCTAssertEqual(all.enumerated().map { $0.offset % 3 == 0 }, all.map(\.isRead))
        XCTAssertEqual(all.enumerated().map { $0.offset % 5 == 0 }, all.map(\.isStarred))
    }

    func testAnItemMarkedReadLeavesUnreadAndItsCursorStillHolds() async throws {
        let store = try await markedStore()
        let unread = try await store.walk(.unread, pageSize: 1000)
        let first = try await store.page(of: .unread, after: nil, limit: 10)
        // The reader reads the page's last item, the cursor's own.
        let last = try XCTUnwrap(first.items.last).id
        try await store.setRead(true, items: [last])
        let next = try await store.page(of: .unread, after: first.last, limit: 1000)
        XCTAssertEqual(next.items.map(\.id), unread.dropFirst(10).map(\.id), "the next page starts right below it")
        let now = try await store.walk(.unread, pageSize: 1000)
        XCTAssertFalse(now.contains { $0.id == last }, "read, it is no longer in Unread")
        XCTAssertEqual(now.count, unread.count - 1)
    }

    func testAFolderHoldsItsSubscriptionsAndThoseOfFoldersInsideIt() async throws {
        let store = try await markedStore()
        let all = try await store.walk(.all, pageSize: 1000)
        let itemsOf: (Set<Int>) -> [String] = { feeds in
            all.filter { item in feeds.contains { item.title.hasPrefix("f\($0) ") } }.map(\.id)
        }
        for size in [1, 3, 20, 1000] {
            let tech = try await store.walk(.folder(["Tech"]), pageSize: size)
            XCTAssertEqual(tech.map(\.id), itemsOf([0, 1, 2]), "Tech, with Tech/Deep, in pages of \(size)")
            let deep = try await store.walk(.folder(["Tech", "Deep"]), pageSize: size)
            XCTAssertEqual(deep.map(\.id), itemsOf([2]), "Tech/Deep alone, in pages of \(size)")
        }
        let top = try await store.walk(.folder([]), pageSize: 9)
        XCTAssertEqual(top.map(\.id), all.map(\.id), "the top is every subscription")
        let none = try await store.walk(.folder(["Te"]), pageSize: 9)
        XCTAssertEqual(none, [], "a name's beginning is not a folder")
    }

    func testAFolderWhoseNameContinuesAnothersIsNotInsideIt() async throws {
        let store = try StoreFolder().open()
        let news = try await store.subscribe("news", folder: ["News"])
        let newsletters = try await store.subscribe("letters", folder: ["News letters"])
        let inner = try await store.subscribe("inner", folder: ["News", "Local"])
        _ = try await store.store([item(1, title: "news")], in: news)
        _ = try await store.store([item(2, title: "letters")], in: newsletters)
        _ = try await store.store([item(3, title: "inner")], in: inner)
        let folder = try await store.walk(.folder(["News"]), pageSize: 1)
        XCTAssertEqual(folder.map(\.title), ["inner", "news"])
    }

    func testUnreadAndStarredPagesUseTheirIndexNeverASortOrAScan() async throws {
        let store = try await markedStore()
        let cursor = TimelineCursor(published: 1_700_100_000, id: 10)
        for (scope, index) in [(TimelineScope.unread, "item_unread_timeline"), (.starred, "item_starred_timeline"),
                               (.all, "item_timeline"), (.subscription(1), "item_feed_timeline")] {
            let plan = try await store.pagePlan(of: scope, after: cursor)
            XCTAssertTrue(plan.contains("SEARCH item USING INDEX \(index) "), "\(scope): \(plan)")
            XCTAssertFalse(plan.contains("TEMP B-TREE"), "\(scope): \(plan)")
        }
        // A folder's: each subscription's range in turn, into a sorter of a page.
        let folder = try await store.pagePlan(of: .folder(["Tech"]), after: cursor)
        XCTAssertTrue(folder.contains("SEARCH item USING INDEX item_feed_timeline (subscriptionID=? AND published<?)"), folder)
        XCTAssertFalse(folder.contains("SCAN item"), folder)
    }

    func testAStoredTimelineSourcePagesUnreadWithoutTheNetwork() async throws {
        let store = try await markedStore()
        let unread = try await store.walk(.unread, pageSize: 1000)
        let source = StoredTimelineSource(store: store, scope: .unread, displayName: "Unread", pageSize: 25)
        let first = try await source.nextPage(after: nil)
        XCTAssertEqual(first.items.map(\.id), unread.prefix(StoredTimelineSource.firstPageLimit).map(\.id), "a screenful first")
        let second = try await source.nextPage(after: try XCTUnwrap(first.next))
        XCTAssertEqual(second.items.map(\.id), unread.dropFirst(20).prefix(25).map(\.id))
        let last = try await source.nextPage(after: try XCTUnwrap(second.next))
        XCTAssertEqual(last.items.map(\.id), unread.dropFirst(45).map(\.id), "the 11 left")
        XCTAssertNil(last.next, "and no more: Unread has no network part")
    }
}
