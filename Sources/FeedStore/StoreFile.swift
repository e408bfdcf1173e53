import FeedCore
import Foundation
import GRDB

/// Where the store lives and how it is opened: one SQLite file in WAL
/// mode, its schema brought up to date by versioned migrations.
///
/// A file that cannot be opened as a database (damaged, or not a database
/// at all) is moved aside to `feedline.sqlite.bad`, a fresh store is made
/// in its place, and `problem` says so for the reader: nothing is
/// deleted. Opening does file work: call it off the main thread.
public struct StoreFile: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// `$XDG_DATA_HOME/feedline/feedline.sqlite`, or
    /// `~/.local/share/feedline/feedline.sqlite`.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> StoreFile {
        StoreFile(url: dataHome(environment).appendingPathComponent("feedline/feedline.sqlite"))
    }

    static func dataHome(_ environment: [String: String]) -> URL {
        if let path = environment["XDG_DATA_HOME"], path.hasPrefix("/") {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        // $HOME first, as the XDG spec says (Foundation's home directory
        // is the password file's, whatever HOME says).
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share", isDirectory: true)
    }

    /// Where a store that could not be opened is kept.
    public var quarantineURL: URL { url.appendingPathExtension("bad") }

    /// What `open` found.
    public struct Opened: Sendable {
        public var store: FeedStore
        /// Set when the file could not be opened and was moved aside: a
        /// sentence for the reader.
        public var problem: String?
    }

    /// Opens the store, making it (and its folder) when there is none.
    public func open() throws(FeedError) -> Opened {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw FeedError("Couldn't make the folder for your feeds", kind: .cannotSave,
                            subject: .file(url.deletingLastPathComponent().lastPathComponent),
                            detail: "\(url.deletingLastPathComponent().path): \(error)")
        }
        do {
            return Opened(store: try FeedStore(pool: Self.openPool(at: url), url: url))
        } catch {
            // Not a database, or a damaged one: keep it, start afresh.
            let kept = moveAside()
            do {
                let store = try FeedStore(pool: Self.openPool(at: url), url: url)
                return Opened(store: store, problem: "Your stored feeds couldn't be read (\(Self.describe(error))); \(kept). "
                              + "A new store was made.")
            } catch {
                throw FeedError("Couldn't open the store of your feeds", kind: .damaged,
                                subject: .file(url.lastPathComponent), detail: "\(url.path): \(error)")
            }
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    /// Moves the file and its WAL companions aside; says where they went.
    private func moveAside() -> String {
        let files = FileManager.default
        try? files.removeItem(at: quarantineURL)
        do {
            try files.moveItem(at: url, to: quarantineURL)
        } catch {
            try? files.removeItem(at: url)
            return "it couldn't be kept"
        }
        for suffix in ["-wal", "-shm"] {
            let companion = URL(fileURLWithPath: url.path + suffix)
            try? files.removeItem(at: URL(fileURLWithPath: quarantineURL.path + suffix))
            try? files.moveItem(at: companion, to: URL(fileURLWithPath: quarantineURL.path + suffix))
        }
        return "it was kept as \(quarantineURL.path)"
    }

    /// Readers open at once, and the page cache each keeps (KiB).
    static let readerLimit = 3
    static let readerCacheKiB = 512

    /// A pool on `url` (WAL: readers never wait for the writer), checked
    /// and migrated.
    static func openPool(at url: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "feedline.store"
        configuration.busyMode = .timeout(5)
        // Each connection keeps a page cache of its own, filled as it reads
        // and never emptied: SQLite's default 2,000 KiB each, for the writer
        // and up to 5 readers, is most of what a long session's memory
        // gained (docs/BENCHMARKS.md, "Long use"). Pages of a timeline read
        // a few index pages and a row page an item, so readers keep
        // `readerCacheKiB` and at most `readerLimit` are open; the writer,
        // whose updates and Mark All as Read touch many pages, keeps the
        // default.
        configuration.maximumReaderCount = readerLimit
        configuration.prepareDatabase { db in
            // Committed transactions survive a crash of the app (not of
            // the machine's power): the WAL default that costs least.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            if db.configuration.readonly {
                try db.execute(sql: "PRAGMA cache_size = -\(readerCacheKiB)")
            }
        }
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        // A file that is not SQLite fails here (SQLITE_NOTADB), one
        // damaged in its schema too. (A full check would read every page:
        // seconds for a large store, before the first row.)
        _ = try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
        try StoreSchema.migrator.migrate(pool)
        return pool
    }
}
