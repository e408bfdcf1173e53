import FeedCore
@testable import FeedStore
import Foundation
import GRDB
import XCTest

/// The sidebar's counts, kept by the store's triggers as items come, are
/// updated in place and go; and counted once for a store of version 1.
final class ItemCountTests: XCTestCase {
    func testCountsFollowItemsAddedAndUpdatedInPlace() async throws {
        let store = try StoreFolder().open()
        let busy = try await store.subscribe("busy")
        let quiet = try await store.subscribe("quiet")
        _ = try await store.store([item(1), item(2), item(3)], in: busy)
        // Item 2 again, changed: updated in place, not counted twice.
        _ = try await store.store([item(2, title: "Item 2, corrected"), item(4)], in: busy)
        let counts = try await store.itemCounts()
        XCTAssertEqual(counts, [busy: 4], "a subscription without items is left out")
        _ = try await store.store([item(9)], in: quiet)
        let both = try await store.itemCounts()
        XCTAssertEqual(both, [busy: 4, quiet: 1])
    }

    func testCountsMatchTheItemsAfterRetentionAndUnsubscribing() async throws {
        let store = try StoreFolder().open()
        let first = try await store.subscribe("first")
        let second = try await store.subscribe("second")
        _ = try await store.store((0..<30).reversed().map { item($0) }, in: first)
        _ = try await store.store((0..<5).map { item($0) }, in: second)
        let now = Date(timeIntervalSince1970: 1_700_000_000 + 1000 * 86_400)
        try await store.applyRetention(RetentionPolicy(maxAgeDays: 90, keepPerFeed: 10), now: now)
        try await store.unsubscribe(second)
        let counts = try await store.itemCounts()
        let walked = try await store.walk(.subscription(first), pageSize: 7).count
        XCTAssertEqual(walked, 10)
        XCTAssertEqual(counts, [first: walked])
    }

    func testAStoreOfVersion1IsCountedWhenItOpens() async throws {
        let folder = StoreFolder()
        let file = folder.storeFile
        try FileManager.default.createDirectory(at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A store as version 1 left it: items, and no counts kept.
        do {
            let queue = try DatabaseQueue(path: file.url.path)
            try StoreSchema.migrator.migrate(queue, upTo: "v1")
            try await queue.write { db in
                try db.execute(sql: """
                    INSERT INTO subscription (id, spec, title, position, added) VALUES (7, 'a', 'A', 0, 0), (8, 'b', 'B', 1, 0);
                    INSERT INTO item (subscriptionID, guid, published, dated, stored, title, summary)
                        VALUES (7, 'x', 1, 1, 1, 'X', ''), (7, 'y', 2, 1, 2, 'Y', ''), (8, 'z', 3, 1, 3, 'Z', '');
                    """)
            }
            try queue.close()
        }
        let store = try file.open().store
        let counts = try await store.itemCounts()
        XCTAssertEqual(counts, [7: 2, 8: 1])
        _ = try await store.store([item(1)], in: 8)
        let after = try await store.itemCounts()
        XCTAssertEqual(after, [7: 2, 8: 2], "and kept from then on")
    }
}
