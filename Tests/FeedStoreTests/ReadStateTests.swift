import FeedCore
@testable import FeedStore
import FeedTestSupport
import Foundation
import GRDB
import XCTest

/// Read and starred marks: the unread counts the store keeps follow every
/// change; Mark All as Read stops at the newest item seen and its undo
/// gives back exactly what it took; a store of version 2 is counted when
/// it opens.
final class ReadStateTests: XCTestCase {
    /// The unread items of each subscription, counted the slow way: every
    /// item walked.
    private func countedUnread(_ store: FeedStore) async throws -> [Subscription.ID: Int] {
        var counts: [Subscription.ID: Int] = [:]
        for subscription in try await store.subscriptions() {
            let unread = try await store.walk(.subscription(subscription.id), pageSize: 1000).filter { !$0.isRead }.count
            if unread > 0 { counts[subscription.id] = unread }
        }
        return counts
    }

    /// The kept counts, checked against the items and their total.
    private func keptUnread(_ store: FeedStore, file: StaticString = #filePath, line: UInt = #line) async throws
        -> [Subscription.ID: Int] {
        let kept = try await store.unreadCounts()
        let counted = try await countedUnread(store)
        XCTAssertEqual(kept.subscriptions, counted, "kept counts are the items'", file: file, line: line)
        XCTAssertEqual(kept.all, counted.values.reduce(0, +), "All's count is their sum", file: file, line: line)
        return kept.subscriptions
    }

    private func ids(_ store: FeedStore, _ scope: TimelineScope = .all) async throws -> [String: String] {
        // Title -> timeline id.
        Dictionary(uniqueKeysWithValues: try await store.walk(scope, pageSize: 1000).map { ($0.title, $0.id) })
    }

    func testUnreadCountsFollowMarkingStoringRetentionAndUnsubscribing() async throws {
        let store = try StoreFolder().open()
        let busy = try await store.subscribe("busy")
        let quiet = try await store.subscribe("quiet")
        _ = try await store.store((0..<30).reversed().map { item($0) }, in: busy)
        _ = try await store.store([item(1), item(2), item(3)], in: quiet)
        var counts = try await keptUnread(store)
        XCTAssertEqual(counts, [busy: 30, quiet: 3], "stored items are unread")

        let titles = try await ids(store, .subscription(busy))
        let changed = try await store.setRead(true, items: [titles["Item 29"]!, titles["Item 28"]!, titles["Item 0"]!, "nonsense"])
        XCTAssertEqual(Set(changed), [titles["Item 29"]!, titles["Item 28"]!, titles["Item 0"]!])
        let again = try await store.setRead(true, items: [titles["Item 29"]!])
        XCTAssertEqual(again, [], "already read: nothing changed")
        counts = try await keptUnread(store)
        XCTAssertEqual(counts, [busy: 27, quiet: 3])

        try await store.setRead(false, items: [titles["Item 28"]!])
        // Item 29 comes again, corrected (updated in place, still read), and a new one.
        _ = try await store.store([item(30), item(29, title: "Item 29, corrected")], in: busy)
        counts = try await keptUnread(store)
        XCTAssertEqual(counts, [busy: 29, quiet: 3], "one marked unread again, one new; the corrected one stays read")

        // Retention removes read and unread items alike: hours 0…20 go.
        let now = Date(timeIntervalSince1970: 1_700_000_000 + 21 * 3600 + 90 * 86_400)
        let removed = try await store.applyRetention(RetentionPolicy(maxAgeDays: 90, keepPerFeed: 1), now: now)
        XCTAssertEqual(removed, 21 + 2, "busy's 0…20 (0 read), quiet's all but its newest")
        counts = try await keptUnread(store)
        XCTAssertEqual(counts, [busy: 9, quiet: 1], "busy's 21…30 but 29, read")

        try await store.unsubscribe(busy)
        counts = try await keptUnread(store)
        XCTAssertEqual(counts, [quiet: 1])
    }

    func testCountsFollowAnItemMovedToAnotherSubscription() async throws {
        let store = try StoreFolder().open()
        let from = try await store.subscribe("from")
        let to = try await store.subscribe("to")
        _ = try await store.store([item(1), item(2), item(3)], in: from)
        let titles = try await ids(store)
        try await store.setRead(true, items: [titles["Item 1"]!])
        try await store.pool.write { db in
            try db.execute(sql: "UPDATE item SET subscriptionID = ? WHERE id IN (?, ?)",
                           arguments: [to, Int64(titles["Item 1"]!)!, Int64(titles["Item 2"]!)!])
        }
        let counts = try await keptUnread(store)
        XCTAssertEqual(counts, [from: 1, to: 1], "the read item moved without counting")
    }

    func testStarredTotalsCountStarredItemsAndThoseUnread() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("feed")
        _ = try await store.store([item(1), item(2), item(3)], in: feed)
        let titles = try await ids(store)
        let starred = try await store.setStarred(true, items: [titles["Item 1"]!, titles["Item 2"]!])
        XCTAssertEqual(starred.count, 2)
        try await store.setRead(true, items: [titles["Item 1"]!, titles["Item 3"]!])
        let counts = try await store.unreadCounts()
        XCTAssertEqual(counts, UnreadCounts(subscriptions: [feed: 1], all: 1, starred: 2, starredUnread: 1))
        try await store.setStarred(false, item: titles["Item 2"]!)
        let after = try await store.unreadCounts()
        XCTAssertEqual(after.starred, 1)
        XCTAssertEqual(after.starredUnread, 0)
    }

    func testMarkAllReadStopsAtTheNewestItemSeenAndUndoGivesBackExactlyWhatItTook() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("feed")
        let other = try await store.subscribe("other")
        _ = try await store.store((0..<10).reversed().map { item($0) }, in: feed)
        _ = try await store.store([item(5, title: "Other 5")], in: other)
        var titles = try await ids(store)
        // Read before: stays read through the undo.
        try await store.setRead(true, items: [titles["Item 3"]!])
        // The reader's newest item seen is Item 7; then an update brings Item 20.
        let seen = try await store.cursor(of: titles["Item 7"]!)
        _ = try await store.store([item(20)], in: feed)

        let marked = try await store.markAllRead(in: .subscription(feed), upTo: try XCTUnwrap(seen))
        XCTAssertEqual(marked.count, 7, "items 0…7 but 3, read before")
        XCTAssertEqual(marked.scope, .subscription(feed))
        XCTAssertTrue(marked.contains(titles["Item 7"]!))
        XCTAssertTrue(marked.contains(NetworkPlace.itemPrefix + titles["Item 0"]!), "a row shown from a network page")
        XCTAssertFalse(marked.contains(titles["Item 3"]!))
        XCTAssertFalse(marked.contains(titles["Item 8"]!))
        XCTAssertFalse(marked.contains(titles["Other 5"]!))
        titles = try await ids(store)
        var unread = Set(try await store.walk(.unread, pageSize: 3).map(\.title))
        XCTAssertEqual(unread, ["Item 20", "Item 9", "Item 8", "Other 5"], "newer than the one seen, or elsewhere")
        var counts = try await keptUnread(store)
        XCTAssertEqual(counts, [feed: 3, other: 1])

        // Before the undo: another item comes, and the reader reads Item 9.
        _ = try await store.store([item(21)], in: feed)
        try await store.setRead(true, items: [titles["Item 9"]!])
        let undone = try await store.undo(marked)
        XCTAssertEqual(undone, 7)
        unread = Set(try await store.walk(.unread, pageSize: 3).map(\.title))
        XCTAssertEqual(unread, Set(["Item 21", "Item 20", "Item 8", "Other 5"] + [0, 1, 2, 4, 5, 6, 7].map { "Item \($0)" }),
                       "exactly the items it marked are unread again")
        counts = try await keptUnread(store)
        XCTAssertEqual(counts, [feed: 10, other: 1])
        let twice = try await store.undo(marked)
        XCTAssertEqual(twice, 0, "an undo undone changes nothing")
    }

    func testMarkAllReadOfAViewOrAFolderTakesItsItemsOnly() async throws {
        let store = try StoreFolder().open()
        let tech = try await store.subscribe("tech", folder: ["Tech"])
        let deep = try await store.subscribe("deep", folder: ["Tech", "Deep"])
        let top = try await store.subscribe("top")
        for (index, feed) in [tech, deep, top].enumerated() {
            _ = try await store.store((0..<5).map { item(index * 10 + $0) }, in: feed)
        }
        let folder = try await store.markAllRead(in: .folder(["Tech"]), upTo: nil)
        XCTAssertEqual(folder.count, 10, "the folder and the one inside it")
        var counts = try await keptUnread(store)
        XCTAssertEqual(counts, [top: 5])

        let titles = try await ids(store)
        try await store.setStarred(true, items: [titles["Item 21"]!, titles["Item 2"]!])
        let starred = try await store.markAllRead(in: .starred, upTo: nil)
        XCTAssertEqual(starred.count, 1, "the starred item still unread")
        XCTAssertTrue(starred.contains(titles["Item 21"]!))
        counts = try await keptUnread(store)
        XCTAssertEqual(counts, [top: 4])

        let all = try await store.markAllRead(in: .unread, upTo: nil)
        XCTAssertEqual(all.count, 4)
        counts = try await keptUnread(store)
        XCTAssertEqual(counts, [:])
        try await store.undo(folder)
        counts = try await keptUnread(store)
        XCTAssertEqual(counts, [tech: 5, deep: 5])
    }

    func testItemsShownFromANetworkPageCarryTheirMarksAndCanBeMarked() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("paged")
        let network = GatedSource()
        network.answer(0, with: .success(FeedPage(items: [item(9), item(8)], next: PageCursor("older"))))
        // The older page, and the same again (a Retry, a second window).
        network.answer(1, with: .success(FeedPage(items: [item(7), item(6)], next: nil)))
        network.answer(2, with: .success(FeedPage(items: [item(7), item(6)], next: nil)))
        let source = StoredTimelineSource(store: store, scope: .subscription(feed), displayName: "paged",
                                          pageSize: 2, network: network)
        let first = try await source.nextPage(after: nil)
        XCTAssertEqual(first.items.map(\.title), ["Item 9", "Item 8"])
        let older = try await source.nextPage(after: try XCTUnwrap(first.next))
        XCTAssertEqual(older.items.map(\.title), ["Item 7", "Item 6"], "from the network")
        let rows = try await ids(store)
        XCTAssertEqual(older.items.map(\.id), [rows["Item 7"]!, rows["Item 6"]!].map { NetworkPlace.itemPrefix + $0 },
                       "named by their rows, apart from the rows shown from the store")
        XCTAssertEqual(older.items.map(\.isRead), [false, false])

        let changed = try await store.setRead(true, items: [older.items[0].id])
        XCTAssertEqual(changed, [older.items[0].id], "marked by the name it was shown with")
        let counts = try await keptUnread(store)
        XCTAssertEqual(counts, [feed: 3])
        let cursor = try await store.cursor(of: older.items[0].id)
        XCTAssertEqual(cursor.map { String($0.id) }, rows["Item 7"])

        let again = try await source.nextPage(after: NetworkPlace(cursor: PageCursor("older"), undatedAt: 0).pageCursor)
        XCTAssertEqual(again.items.map(\.title), ["Item 7", "Item 6"])
        XCTAssertEqual(again.items.map(\.isRead), [true, false], "its marks from the store")
    }

    func testAStoreOfVersion2IsCountedWhenItOpens() async throws {
        let folder = StoreFolder()
        let file = folder.storeFile
        try FileManager.default.createDirectory(at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A store as version 2 left it: items, some read, one starred; no unread counts kept.
        do {
            let queue = try DatabaseQueue(path: file.url.path)
            try StoreSchema.migrator.migrate(queue, upTo: "v2 item counts")
            try await queue.write { db in
                try db.execute(sql: """
                    INSERT INTO subscription (id, spec, title, position, added) VALUES (7, 'a', 'A', 0, 0), (8, 'b', 'B', 1, 0);
                    INSERT INTO item (subscriptionID, guid, published, dated, stored, title, summary, isRead, isStarred)
                        VALUES (7, 'x', 1, 1, 1, 'X', '', 1, 0), (7, 'y', 2, 1, 2, 'Y', '', 0, 1),
                               (7, 'w', 4, 1, 4, 'W', '', 0, 0), (8, 'z', 3, 1, 3, 'Z', '', 1, 1);
                    """)
            }
            try queue.close()
        }
        let store = try file.open().store
        let counts = try await store.unreadCounts()
        XCTAssertEqual(counts, UnreadCounts(subscriptions: [7: 2], all: 2, starred: 2, starredUnread: 1))
        let unread = try await store.walk(.unread, pageSize: 1).map(\.title)
        XCTAssertEqual(unread, ["W", "Y"])
        let starred = try await store.walk(.starred, pageSize: 1).map(\.title)
        XCTAssertEqual(starred, ["Z", "Y"])
        _ = try await store.store([item(1)], in: 8)
        let after = try await store.unreadCounts()
        XCTAssertEqual(after.subscriptions, [7: 2, 8: 1], "and kept from then on")
        let itemCounts = try await store.itemCounts()
        XCTAssertEqual(itemCounts, [7: 3, 8: 2], "version 2's counts go on")
    }
}
