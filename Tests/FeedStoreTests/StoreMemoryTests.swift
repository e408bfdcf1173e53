import FeedCore
@testable import FeedStore
import FeedTestSupport
import Foundation
import GRDB
import GRDBSQLite
import Synchronization
import XCTest

/// A quiet store gives its connections' memory back (`QuietRelease`), and
/// works as before when used again.
final class StoreMemoryTests: XCTestCase {
    func testAQuietStoreEmptiesItsPageCachesAndReadsTheSameItemsAfter() async throws {
        let folder = StoreFolder()
        let file = folder.storeFile
        _ = try file.open()
        let store = FeedStore(pool: try StoreFile.openPool(at: file.url), url: file.url, quietDelay: .milliseconds(200))
        let feed = try await store.subscribe("long")
        _ = try await store.store((1...3_000).map { item($0) }, in: feed)
        let before = try await store.walk(.all, pageSize: 100)
        XCTAssertEqual(before.count, 3_000)

        // Looked at without counting as a use.
        let readerFull = try await store.cacheBytes()
        XCTAssertGreaterThan(readerFull, 256 * 1024, "walking 3,000 items fills a reader's cache")
        let heldFull = SQLiteMemory.inUse

        // Once quiet, a reader is a new connection: the old ones were closed.
        try await waitFor(seconds: 10) { try await store.cacheBytes() < 64 * 1024 }
        XCTAssertLessThan(SQLiteMemory.inUse, heldFull - readerFull / 2)

        let after = try await store.walk(.all, pageSize: 100)
        XCTAssertEqual(after.map(\.id), before.map(\.id))
        XCTAssertEqual(after, before)
    }

    func testEveryUsePutsTheReleaseOff() async throws {
        let releases = Mutex(0)
        let quiet = QuietRelease(delay: .milliseconds(300)) { releases.withLock { $0 += 1 } }
        // Used every 50 ms for 600 ms: never quiet for 300 ms.
        for _ in 0..<12 {
            quiet.noteUse()
            try await Task.sleep(for: .milliseconds(50))
            XCTAssertEqual(releases.withLock { $0 }, 0)
        }
        try await waitFor(seconds: 5) { releases.withLock { $0 } == 1 }
        // Quiet again after a use: one release more, not one a use.
        quiet.noteUse()
        quiet.noteUse()
        try await waitFor(seconds: 5) { releases.withLock { $0 } == 2 }
    }
}

extension FeedStore {
    /// A reader's page cache, in bytes (`SQLITE_DBSTATUS_CACHE_USED`),
    /// read without counting as a use.
    func cacheBytes() async throws -> Int {
        try await databasePool.read { db in
            var current: Int32 = 0
            var highest: Int32 = 0
            sqlite3_db_status(db.sqliteConnection, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
            return Int(current)
        }
    }
}
