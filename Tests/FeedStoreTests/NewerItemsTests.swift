import FeedCore
import FeedStore
import Foundation
import XCTest

/// A stored timeline that grows upward: a view restored at an item starts
/// with it, the items above it come page by page (`newerPage`), each once
/// and in order; the store tells which items arrived after a mark (the
/// new-items banner's count) and Mark All as Read leaves those alone.
final class NewerItemsTests: XCTestCase {
    /// Three feeds whose items interleave in time (60 in all), with a tie:
    /// one item of each at the very same moment.
    private func interleavedStore() async throws -> FeedStore {
        let store = try StoreFolder().open()
        for index in 0..<3 {
            let feed = try await store.subscribe("f\(index)", folder: index == 2 ? ["Folder"] : [])
            let items = stride(from: index, to: 57, by: 3).reversed().map { item($0, title: "f\(index) \($0)") }
                + [FeedItem(id: "tie", title: "f\(index) tie", date: Date(timeIntervalSince1970: 1_700_000_000 + 30 * 3600))]
            _ = try await store.store(items, in: feed)
        }
        return store
    }

    /// Every item above `item`, walked upward in pages of `size`, in the
    /// order a list shows them once every page is prepended.
    private func walkUp(_ source: StoredTimelineSource, from item: String, pageSize size: Int) async throws -> [String] {
        var shown: [String] = []
        var first = item
        while true {
            let answer = try await source.newerPage(above: first, limit: size)
            let page = try XCTUnwrap(answer)
            shown = page.items.map(\.id) + shown
            guard let top = page.items.first, page.hasMore else { return shown }
            first = top.id
        }
    }

    func testTheItemsAboveAnyItemComeUpwardEachOnceInOrder() async throws {
        let store = try await interleavedStore()
        for scope in [TimelineScope.all, .unread, .folder(["Folder"])] {
            let all = try await store.walk(scope, pageSize: 1000).map(\.id)
            let source = StoredTimelineSource(store: store, scope: scope, displayName: "", pageSize: 50)
            for start in [1, 7, all.count / 2, all.count - 1] {
                for size in [1, 4, 50] {
                    let above = try await walkUp(source, from: all[start], pageSize: size)
                    XCTAssertEqual(above, Array(all[..<start]), "\(scope) above item \(start), pages of \(size)")
                }
            }
        }
    }

    func testTheTopItemHasNothingAbove() async throws {
        let store = try await interleavedStore()
        let top = try await store.page(of: .all, after: nil, limit: 1).items[0].id
        let source = StoredTimelineSource(store: store, scope: .all, displayName: "")
        let page = try await source.newerPage(above: top, limit: 50)
        XCTAssertEqual(page, NewerPage(items: [], hasMore: false))
    }

    func testARestoredViewStartsWithItsItemAndGoesOnDownFromIt() async throws {
        let store = try await interleavedStore()
        let all = try await store.walk(.all, pageSize: 1000).map(\.id)
        let source = StoredTimelineSource(store: store, scope: .all, displayName: "", pageSize: 10)
        var cursor: PageCursor? = StoredTimelineSource.cursor(startingAt: all[25])
        var shown: [String] = []
        var pages = 0
        while let asked = cursor {
            let page = try await source.nextPage(after: asked)
            shown += page.items.map(\.id)
            cursor = page.next
            pages += 1
        }
        XCTAssertEqual(shown, Array(all[25...]), "from the item itself to the end, nothing skipped or twice")
        XCTAssertEqual(pages, 4, "35 items: 10, 10, 10, then 5, which ends it")
    }

    func testARestoredViewWhoseItemIsGoneStartsAtTheTop() async throws {
        let store = try await interleavedStore()
        let all = try await store.walk(.all, pageSize: 1000).map(\.id)
        let source = StoredTimelineSource(store: store, scope: .all, displayName: "", pageSize: 10)
        let page = try await source.nextPage(after: StoredTimelineSource.cursor(startingAt: "999999"))
        XCTAssertEqual(page.items.map(\.id), Array(all.prefix(10)))
    }

    func testNewItemsAreCountedFromTheMarkAboveThePlace() async throws {
        let store = try await interleavedStore()
        let mark = try await store.newestItemID()
        let all = try await store.walk(.all, pageSize: 1000)
        let place = try await store.cursor(of: all[10].id)
        let unwrapped = try XCTUnwrap(place)
        let before = try await store.newItemCount(in: .all, above: unwrapped, arrivedAfter: mark)
        XCTAssertEqual(before, 0, "nothing arrived yet")
        // An update brings 4 items newer than everything and 2 older than the place.
        let feeds = try await store.subscriptions()
        let feed = try XCTUnwrap(feeds.first?.id)
        _ = try await store.store([item(100), item(101), item(102), item(103), item(-5), item(-6)], in: feed)
        let counted = try await store.newItemCount(in: .all, above: unwrapped, arrivedAfter: mark)
        XCTAssertEqual(counted, 4, "only those above the place")
        let inFolder = try await store.newItemCount(in: .folder(["Folder"]), above: unwrapped, arrivedAfter: mark)
        XCTAssertEqual(inFolder, 0, "none of them in the folder")
        let newest = try await store.newestItemID()
        XCTAssertGreaterThan(newest, mark)
    }

    func testNewItemsAreCountedByRowIDNotByTheTimeline() async throws {
        let store = try await interleavedStore()
        let plan = try await store.queryPlan(
            "SELECT count(*) FROM item NOT INDEXED WHERE id > ? AND (published, id) > (?, ?)", arguments: [0, 0, 0])
        XCTAssertTrue(plan.contains("INTEGER PRIMARY KEY (rowid>?)"), plan)
    }

    func testMarkAllAsReadLeavesItemsStoredAfterTheMarkUnread() async throws {
        let store = try await interleavedStore()
        let mark = try await store.newestItemID()
        let feeds = try await store.subscriptions()
        let feed = try XCTUnwrap(feeds.first?.id)
        _ = try await store.store([item(200), item(-20)], in: feed)
        let marked = try await store.markAllRead(in: .all, upTo: nil, arrivedBy: mark)
        XCTAssertEqual(marked.count, 60, "every item there at the mark")
        let unread = try await store.walk(.unread, pageSize: 100).map(\.title)
        XCTAssertEqual(Set(unread), ["Item 200", "Item -20"], "the two stored after it, above and below, stay unread")
    }
}
