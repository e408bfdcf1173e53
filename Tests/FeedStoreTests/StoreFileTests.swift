import FeedCore
@testable import FeedStore
import Foundation
import GRDB
import XCTest

/// Opening the store: where it lives, its mode, and what happens to a
/// file that is no database or a damaged one.
final class StoreFileTests: XCTestCase {
    func testTheStoreLivesUnderXDGDataHome() {
        XCTAssertEqual(StoreFile.standard(environment: ["XDG_DATA_HOME": "/data"]).url.path, "/data/feedline/feedline.sqlite")
        XCTAssertEqual(StoreFile.standard(environment: ["HOME": "/home/ada"]).url.path,
                       "/home/ada/.local/share/feedline/feedline.sqlite")
        XCTAssertTrue(StoreFile.standard(environment: [:]).url.path.hasSuffix("/.local/share/feedline/feedline.sqlite"))
    }

    func testANewStoreIsMadeWithItsFolderInWALMode() async throws {
        let folder = StoreFolder()
        let opened = try folder.storeFile.open()
        XCTAssertNil(opened.problem)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.storeFile.url.path))
        let value1 = try await opened.store.journalMode()
        XCTAssertEqual(value1, "wal")
        let value2 = try await opened.store.subscriptions()
        XCTAssertEqual(value2, [])
    }

    /// A long session's memory: every reader's page cache is small, the
    /// writer's SQLite's default.
    func testReadersKeepSmallPageCaches() async throws {
        let store = try StoreFolder().open()
        let reader = try await store.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        let writer = try await store.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        XCTAssertEqual(reader, -StoreFile.readerCacheKiB)
        XCTAssertEqual(writer, -2000)
    }

    func testWhatWasStoredIsThereWhenOpenedAgain() async throws {
        let folder = StoreFolder()
        let feed = try await folder.open().subscribe("kept")
        _ = try await folder.open().store([item(1), item(2)], in: feed)
        let again = try folder.open()
        let value3 = try await again.subscriptions().map(\.title)
        XCTAssertEqual(value3, ["kept"])
        let value4 = try await again.walk(.all, pageSize: 10).map(\.title)
        XCTAssertEqual(value4, ["Item 2", "Item 1"])
    }

    func testAFileThatIsNoDatabaseIsMovedAsideAndAFreshStoreMade() async throws {
        let folder = StoreFolder()
        let file = folder.storeFile
        try FileManager.default.createDirectory(at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: file.url)
        let opened = try file.open()
        let problem = try XCTUnwrap(opened.problem)
        XCTAssertTrue(problem.contains(file.quarantineURL.path), problem)
        XCTAssertEqual(try Data(contentsOf: file.quarantineURL), Data(repeating: 0x41, count: 8192), "kept as it was")
        let value5 = try await opened.store.subscriptions()
        XCTAssertEqual(value5, [])
        _ = try await opened.store.subscribe("works")
    }

    func testADatabaseDamagedInItsSchemaIsMovedAside() async throws {
        let folder = StoreFolder()
        let file = folder.storeFile
        do {
            let store = try file.open().store
            let feed = try await store.subscribe("soon damaged")
            _ = try await store.store((0..<50).map { item($0) }, in: feed)
            try await store.checkpoint()
        }
        // Overwrite the first page past the 100-byte header: the schema.
        let handle = try FileHandle(forWritingTo: file.url)
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 3000))
        try handle.close()
        let opened = try file.open()
        XCTAssertNotNil(opened.problem)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.quarantineURL.path))
        let value6 = try await opened.store.subscriptions()
        XCTAssertEqual(value6, [])
    }
}
