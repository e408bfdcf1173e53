import FeedCore
import Foundation
import GRDB

/// Read and starred marks, Mark All as Read and its undo, and the unread
/// counts the sidebar shows.
///
/// Items are named as stored timelines name them (`FeedItem.id`: the row
/// id, or `network:ID` for one shown from a network page); other names
/// are ignored. Every call is one transaction on GRDB's threads. Each
/// subscription's `unreadCount` is kept by the schema's triggers (version
/// 3) as marks change, items come and go, and subscriptions move or go,
/// so the counts are one read of the subscriptions.
extension FeedStore {
    /// The stored row an item of a stored timeline is (its `id`: the row
    /// id, or `network:ID` for one shown from a network page): the same
    /// item in two views, or two windows, has the same row. Nil for an
    /// item not named by a stored timeline.
    public static func row(ofItem id: String) -> Int64? {
        StoredItem.rowID(id)
    }

    /// Marks `items` read (or unread); returns those whose mark changed,
    /// named as given.
    @discardableResult
    public func setRead(_ read: Bool, items: [String]) async throws -> [String] {
        try await setMark("isRead", to: read, as: read ? .read : .unread, items: items)
    }

    /// Stars (or unstars) `items`; starred items outlive retention. Returns
    /// those whose mark changed, named as given.
    @discardableResult
    public func setStarred(_ starred: Bool, items: [String]) async throws -> [String] {
        try await setMark("isStarred", to: starred, as: starred ? .saved : .unsaved, items: items)
    }

    /// Stars or unstars one item.
    public func setStarred(_ starred: Bool, item: String) async throws {
        try await setStarred(starred, items: [item])
    }

    /// Sets `column`; a change to an item of a Fever account is queued
    /// for its server as `mark`, in the same transaction (`PendingMarks`).
    private func setMark(_ column: String, to value: Bool, as mark: FeverMark, items: [String]) async throws -> [String] {
        var names: [Int64: [String]] = [:]
        for item in items {
            if let id = StoredItem.rowID(item) { names[id, default: []].append(item) }
        }
        guard !names.isEmpty else { return [] }
        let list = StoredItem.jsonList(names.keys)
        let changed = try await pool.write { db in
            let changed = try Int64.fetchAll(db, sql: """
                UPDATE item SET \(column) = ? WHERE id IN (SELECT value FROM json_each(?)) AND \(column) IS NOT ?
                RETURNING id
                """, arguments: [value, list, value])
            try PendingMarks.queue(mark, rows: changed, now: Date(), in: db)
            return changed
        }
        return changed.flatMap { names[$0] ?? [] }
    }

    /// Marks every unread item of `scope` read, up to and including the
    /// place `newest` (the newest item the reader has seen; nil: every
    /// one), and only those stored by the time the row id `arrivedBy`
    /// was (`newestItemID` when the reader last looked; nil: whenever).
    /// Items above it, or stored since, such as those an update brought,
    /// stay unread. Returns exactly which items changed, for `undo`.
    ///
    /// One write; reads only unread items (by `item_unread_timeline`, or
    /// the scope's own index), each marked at the cost of its index
    /// entries and its subscription's count.
    public func markAllRead(in scope: TimelineScope, upTo newest: TimelineCursor?,
                            arrivedBy mark: Int64? = nil) async throws -> MarkedRead {
        let ids = try await pool.write { db in
            let filter = TimelineQuery.filter(scope, ("isRead = 0", []),
                                              newest.map { ("(published, id) <= (?, ?)", [$0.published, $0.id]) },
                                              mark.map { ("id <= ?", [$0]) })
            let ids = try Int64.fetchAll(db, sql: "UPDATE item SET isRead = 1 \(filter.sql) RETURNING id",
                                         arguments: StatementArguments(filter.arguments))
            try PendingMarks.queueAllRead(rows: ids, now: Date(), in: db)
            return ids
        }
        return MarkedRead(scope: scope, ids: ids.sorted())
    }

    /// Undoes `marked`: the items it marked read are unread again, and
    /// only those (an item read before it stays read; one stored since
    /// is untouched; one gone since stays gone). Returns how many changed.
    @discardableResult
    public func undo(_ marked: MarkedRead) async throws -> Int {
        guard !marked.ids.isEmpty else { return 0 }
        return try await pool.write { db in
            let ids = try Int64.fetchAll(db, sql: """
                UPDATE item SET isRead = 0 WHERE id IN (SELECT value FROM json_each(?)) AND isRead = 1 RETURNING id
                """, arguments: [StoredItem.jsonList(marked.ids)])
            try PendingMarks.queue(.unread, rows: ids, now: Date(), in: db)
            return ids.count
        }
    }

    /// Unread items a subscription (those with none left out), and the
    /// totals of the views, in one read of the kept counts.
    public func unreadCounts() async throws -> UnreadCounts {
        try await pool.read(Self.unreadCounts)
    }

    static func unreadCounts(_ db: Database) throws -> UnreadCounts {
        var counts = UnreadCounts()
        for row in try Row.fetchAll(db, sql: "SELECT id, unreadCount FROM subscription WHERE unreadCount > 0") {
            counts.subscriptions[row["id"]] = row["unreadCount"]
            counts.all += row["unreadCount"] as Int
        }
        // Starred items are few: counted through their own index.
        if let row = try Row.fetchOne(db, sql: "SELECT count(*), total(isRead = 0) FROM item WHERE isStarred = 1") {
            counts.starred = row[0]
            counts.starredUnread = Int(row[1] as Double)
        }
        return counts
    }

    /// The row ids and marks of `feed`'s items with the feed's own ids
    /// `guids` (those stored).
    func storedRows(of guids: [String], in feed: Subscription.ID) async throws -> [String: StoredRow] {
        let list = try StoredItem.jsonList(texts: guids)
        return try await pool.read { db in
            var rows: [String: StoredRow] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT guid, id, isRead, isStarred FROM item
                WHERE subscriptionID = ? AND guid IN (SELECT value FROM json_each(?))
                """, arguments: [feed, list]) {
                rows[row["guid"]] = StoredRow(id: row["id"], isRead: row["isRead"], isStarred: row["isStarred"])
            }
            return rows
        }
    }
}

/// A stored item's row and marks.
struct StoredRow: Sendable {
    var id: Int64
    var isRead: Bool
    var isStarred: Bool
}

/// What `markAllRead` changed: exactly which items, so that `undo` marks
/// those unread again and no others.
public struct MarkedRead: Equatable, Sendable {
    public let scope: TimelineScope
    /// The row ids marked, ascending.
    let ids: [Int64]

    /// How many items were marked read ("Marked 240 items as read").
    public var count: Int { ids.count }

    /// Whether the item with timeline id `item` was among them (for the
    /// rows shown: a binary search).
    public func contains(_ item: String) -> Bool {
        guard let id = StoredItem.rowID(item) else { return false }
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id
    }
}

/// Unread items, for the sidebar: each subscription's (a folder's is the
/// sum of those inside it), and the views'.
public struct UnreadCounts: Equatable, Sendable {
    /// Unread items of each subscription that has any.
    public var subscriptions: [Subscription.ID: Int] = [:]
    /// Unread items of every subscription: All items' and Unread's count.
    public var all = 0
    /// Starred items, read or not.
    public var starred = 0
    /// Starred items not read yet: the Starred view's unread count.
    public var starredUnread = 0

    public init(subscriptions: [Subscription.ID: Int] = [:], all: Int = 0, starred: Int = 0, starredUnread: Int = 0) {
        self.subscriptions = subscriptions
        self.all = all
        self.starred = starred
        self.starredUnread = starredUnread
    }
}
