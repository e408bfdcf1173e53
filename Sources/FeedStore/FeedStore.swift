import FeedCore
import Foundation
import GRDB

/// The reader's subscriptions and their items, in one SQLite file
/// (`StoreFile` opens it). Every call runs on GRDB's own threads and
/// suspends the caller: the main thread never waits on SQLite. Reads never
/// wait for the writer (WAL); writes are transactions, so a crash leaves
/// every committed one whole and nothing half-written. Five seconds after
/// its last use it lets go of its connections' caches (`QuietRelease`).
public final class FeedStore: Sendable {
    public let url: URL
    let databasePool: DatabasePool
    /// Gives the connections' memory back when the store has been quiet.
    let quiet: QuietRelease

    /// How long the store waits unused before it lets go of its page
    /// caches (`QuietRelease`).
    static let quietDelay: Duration = .seconds(5)

    init(pool: DatabasePool, url: URL, quietDelay: Duration = FeedStore.quietDelay) {
        databasePool = pool
        self.url = url
        quiet = QuietRelease(pool: pool, delay: quietDelay)
    }

    /// The database, for a read or a write: each use puts off the release
    /// of the connections' memory until the store is quiet again.
    var pool: DatabasePool {
        quiet.noteUse()
        return databasePool
    }

    // MARK: Subscriptions

    /// Every subscription, in sidebar order.
    public func subscriptions() async throws -> [Subscription] {
        try await pool.read(Self.subscriptions)
    }

    static func subscriptions(_ db: Database) throws -> [Subscription] {
        try Row.fetchAll(db, sql: "SELECT \(Subscription.columns) FROM subscription ORDER BY position, id")
            .compactMap(Subscription.init(row:))
    }

    public func subscription(_ id: Subscription.ID) async throws -> Subscription? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Subscription.columns) FROM subscription WHERE id = ?", arguments: [id])
                .flatMap(Subscription.init(row:))
        }
    }

    /// What `subscribe` did.
    public struct Subscribed: Equatable, Sendable {
        /// The subscriptions, new or found, in the order asked.
        public var subscriptions: [Subscription.ID]
        /// How many were new.
        public var added: Int
    }

    /// Subscribes to each feed not followed yet, in one transaction, at the
    /// end of the sidebar. A feed already followed keeps its name and
    /// folder (the first one wins, as in OPML's duplicates).
    public func subscribe(_ feeds: [NewSubscription], now: Date = Date()) async throws -> Subscribed {
        try await pool.write { db in
            var position = try Int.fetchOne(db, sql: "SELECT coalesce(max(position), -1) + 1 FROM subscription") ?? 0
            var result = Subscribed(subscriptions: [], added: 0)
            for feed in feeds {
                let spec = StoredSpec.column(feed.spec)
                if let id = try Int64.fetchOne(db, sql: "SELECT id FROM subscription WHERE spec = ?", arguments: [spec]) {
                    result.subscriptions.append(id)
                    continue
                }
                try db.execute(sql: """
                    INSERT INTO subscription (spec, title, folder, siteURL, position, layout, added)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [spec, feed.title ?? feed.spec.title, StoredFolder.column(feed.folder),
                                     feed.siteURL?.absoluteString, position, feed.layout.rawValue,
                                     now.timeIntervalSince1970])
                result.subscriptions.append(db.lastInsertedRowID)
                result.added += 1
                position += 1
            }
            return result
        }
    }

    /// Stops following a feed; its items go with it, and the reading
    /// position of its view.
    public func unsubscribe(_ id: Subscription.ID) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM subscription WHERE id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [ReadingPosition.key(of: .subscription(id))])
        }
    }

    public func rename(_ id: Subscription.ID, to title: String) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE subscription SET title = ? WHERE id = ?", arguments: [title, id])
        }
    }

    /// Whether new items of `id` bring a desktop notification.
    public func setNotifies(_ notifies: Bool, of id: Subscription.ID) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE subscription SET notifies = ? WHERE id = ?", arguments: [notifies, id])
        }
    }

    public func setLayout(_ layout: FeedLayout, of id: Subscription.ID) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE subscription SET layout = ? WHERE id = ?", arguments: [layout.rawValue, id])
        }
    }

    // MARK: Items

    /// What `store` did.
    public struct Stored: Equatable, Sendable {
        public var added = 0
        /// Items already stored whose content changed, updated in place.
        public var updated = 0
        /// Items already stored that came again exactly as they were (not
        /// written).
        public var unchanged = 0

        public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0) {
            self.added = added
            self.updated = updated
            self.unchanged = unchanged
        }

        /// Two stores' counts together.
        public static func + (lhs: Stored, rhs: Stored) -> Stored {
            Stored(added: lhs.added + rhs.added, updated: lhs.updated + rhs.updated, unchanged: lhs.unchanged + rhs.unchanged)
        }

        mutating func count(_ upsert: StoredItem.Upsert) {
            switch upsert {
            case .added: added += 1
            case .updated: updated += 1
            case .unchanged: unchanged += 1
            }
        }
    }

    /// Stores a feed's items as they arrived (newest first, as feeds list
    /// them), in one transaction: new ones are added, ones already stored
    /// (the same guid) are updated in place.
    public func store(_ items: [FeedItem], in feed: Subscription.ID, now: Date = Date()) async throws -> Stored {
        try await pool.write { db in
            var stored = Stored()
            // Oldest first, so among items stored at once without a date
            // the feed's first gets the highest id and stays on top.
            for item in items.reversed() {
                stored.count(try StoredItem.upsert(item, of: feed, now: now, in: db))
            }
            return stored
        }
    }

    /// A page of the timeline of `scope`, newest first, after `cursor`
    /// (nil: from the newest). By keyset: as fast deep down as at the top
    /// (`TimelineQuery` says which index each scope reads).
    public func page(of scope: TimelineScope, after cursor: TimelineCursor?, limit: Int) async throws -> TimelinePage {
        try await pool.read { db in try TimelineQuery.page(of: scope, after: cursor, limit: limit, in: db) }
    }

    /// The items of `scope` just above the place `cursor` (newer ones), at
    /// most `limit`, newest first; `last` is the newest of them. For a
    /// list that grows upward: a view restored below its top, or newer
    /// items stored since it opened.
    public func newerPage(of scope: TimelineScope, above cursor: TimelineCursor, limit: Int) async throws -> TimelinePage {
        try await pool.read { db in try TimelineQuery.newerPage(of: scope, above: cursor, limit: limit, in: db) }
    }

    /// The row id of the item stored last (0 with none). Row ids only
    /// grow (AUTOINCREMENT): an item whose row id is above a mark taken
    /// earlier arrived since.
    public func newestItemID() async throws -> Int64 {
        try await pool.read(Self.newestItemID)
    }

    static func newestItemID(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT max(id) FROM item") ?? 0
    }

    /// How many items of `scope` above the place `cursor` arrived after
    /// `mark` (`newestItemID` then): the new items a view has not loaded.
    /// Read by row id from the mark up (few rows), never by the timeline.
    public func newItemCount(in scope: TimelineScope, above cursor: TimelineCursor, arrivedAfter mark: Int64) async throws -> Int {
        try await pool.read { db in
            let filter = TimelineQuery.filter(scope, ("id > ?", [mark]), ("(published, id) > (?, ?)", [cursor.published, cursor.id]))
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM item NOT INDEXED \(filter.sql)",
                                    arguments: StatementArguments(filter.arguments)) ?? 0
        }
    }

    /// How many items each subscription has stored (those with none are
    /// left out). Kept by the store's triggers: one read of the
    /// subscriptions however many items there are.
    public func itemCounts() async throws -> [Subscription.ID: Int] {
        try await pool.read(Self.itemCounts)
    }

    static func itemCounts(_ db: Database) throws -> [Subscription.ID: Int] {
        var counts: [Subscription.ID: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, itemCount FROM subscription WHERE itemCount > 0") {
            counts[row["id"]] = row["itemCount"]
        }
        return counts
    }

    // MARK: Updates

    /// Records how an update of `feed` went: when, the validators for the
    /// next conditional request, the failure (nil clears it), the feed's
    /// own icon and title, and, the first time, where its older pages
    /// start. The feed's title replaces only the name made up from its
    /// address (`FeedSpec.title`), never one the reader or a list gave it.
    public func recordUpdate(of feed: Subscription.ID, at time: Date, validators: HTTPValidators? = nil,
                             failure: FeedError? = nil, title: String? = nil, iconURL: URL? = nil,
                             olderCursor: PageCursor? = nil) async throws {
        try await pool.write { db in
            try db.execute(sql: """
                UPDATE subscription SET lastUpdated = ?, failureKind = ?, failureReason = ?, failureStatus = ?,
                    failureMessage = ? WHERE id = ?
                """, arguments: [time.timeIntervalSince1970, failure?.kind.rawValue, failure?.reason, failure?.status,
                                 failure?.serverMessage, feed])
            if let validators {
                try db.execute(sql: "UPDATE subscription SET etag = ?, lastModified = ? WHERE id = ?",
                               arguments: [validators.etag, validators.lastModified, feed])
            }
            if let iconURL {
                try db.execute(sql: "UPDATE subscription SET iconURL = ? WHERE id = ?", arguments: [iconURL.absoluteString, feed])
            }
            if let title, !title.isEmpty,
               let spec = try String.fetchOne(db, sql: "SELECT spec FROM subscription WHERE id = ?", arguments: [feed])
                .flatMap(StoredSpec.spec) {
                try db.execute(sql: "UPDATE subscription SET title = ? WHERE id = ? AND title = ?",
                               arguments: [title, feed, spec.title])
            }
            if let olderCursor {
                try db.execute(sql: "UPDATE subscription SET olderCursor = ? WHERE id = ? AND olderCursor IS NULL",
                               arguments: [olderCursor.rawValue, feed])
            }
        }
    }

    /// Where `feed`'s older pages start on the network, once its stored
    /// items run out (nil: nowhere, or all of them are stored).
    public func olderCursor(of feed: Subscription.ID) async throws -> PageCursor? {
        try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT olderCursor FROM subscription WHERE id = ?", arguments: [feed]).map(PageCursor.init)
        }
    }

    /// Stores an older page fetched from the network and moves the
    /// feed's older cursor past it, in one transaction: after a crash the
    /// page is either stored and passed, or neither.
    public func storeOlderPage(_ page: FeedPage, of feed: Subscription.ID, now: Date = Date()) async throws -> Stored {
        try await pool.write { db in
            var stored = Stored()
            for item in page.items.reversed() {
                stored.count(try StoredItem.upsert(item, of: feed, now: now, in: db))
            }
            try db.execute(sql: "UPDATE subscription SET olderCursor = ? WHERE id = ?", arguments: [page.next?.rawValue, feed])
            return stored
        }
    }
}

/// Which timeline: every subscription's items, one's, a folder's (its
/// subscriptions' and those of the folders inside it), the unread ones or
/// the starred ones. Each is paged newest first by keyset
/// (`FeedStore.page(of:after:limit:)`).
public enum TimelineScope: Hashable, Sendable {
    case all
    case subscription(Subscription.ID)
    /// A folder's path from the top (`Subscription.folder`); `[]` is the
    /// top, every subscription.
    case folder([String])
    /// Every unread item.
    case unread
    /// Every starred item.
    case starred
}

/// Where a timeline page ends: the last item's place in the order.
public struct TimelineCursor: Hashable, Sendable {
    public var published: Double
    public var id: Int64

    public init(published: Double, id: Int64) {
        self.published = published
        self.id = id
    }

    /// As a paging cursor: "published id", exact (Swift prints a Double
    /// so that it reads back the same).
    public var pageCursor: PageCursor { PageCursor("\(published) \(id)") }

    public init?(_ cursor: PageCursor) {
        let parts = cursor.rawValue.split(separator: " ")
        guard parts.count == 2, let published = Double(parts[0]), published.isFinite, let id = Int64(parts[1]) else {
            return nil
        }
        self.init(published: published, id: id)
    }
}

/// One page of a stored timeline.
public struct TimelinePage: Sendable {
    public var items: [FeedItem]
    /// The place of the page's last item; nil for an empty page.
    public var last: TimelineCursor?
    /// The page has as many items as asked: there may be more.
    public var isFull: Bool
}

// MARK: For tests and diagnostics

extension FeedStore {
    /// SQLite's journal mode ("wal").
    package func journalMode() async throws -> String? {
        try await pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }

    /// SQLite's `PRAGMA integrity_check`: "ok" for a sound file, else
    /// what is wrong, a line a problem.
    package func integrityCheck() async throws -> String {
        try await pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n") }
    }

    /// Moves what the WAL holds into the database file.
    package func checkpoint() async throws {
        _ = try await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// How SQLite runs the statement of a page of `scope` after `cursor`:
    /// EXPLAIN QUERY PLAN's details, joined.
    package func pagePlan(of scope: TimelineScope, after cursor: TimelineCursor) async throws -> String {
        try await pool.read { db in
            let query = TimelineQuery.pageQuery(scope, after: cursor, limit: 50)
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql, arguments: query.arguments)
                .map { $0["detail"] as String }.joined(separator: "; ")
        }
    }

    /// How SQLite runs `sql` (EXPLAIN QUERY PLAN's details, joined).
    package func queryPlan(_ sql: String, arguments: [Double]) async throws -> String {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: StatementArguments(arguments))
                .map { $0["detail"] as String }.joined(separator: "; ")
        }
    }
}
