import FeedCore
import Foundation
import GRDB

/// The read and starred changes made here to items of a Fever account,
/// queued in the store in the same transaction as the change itself, so
/// none is lost when the app quits, the machine is offline or the server
/// fails: `FeverSync` sends them, oldest first, and removes each once the
/// server took it. A newer change to the same item and mark replaces the
/// older one still waiting; while one waits, the server's older state of
/// that item is not applied (the change made here wins).
public struct PendingMark: Equatable, Sendable {
    public enum Target: String, Sendable {
        case item, feed
    }

    public var id: Int64
    public var target: Target
    /// The server's id of the item or the feed.
    public var remoteID: FeverID
    public var mark: FeverMark
    /// For a feed marked read: its items the server had before then.
    public var before: Date?
}

enum PendingMarks {
    /// Items of one feed marked read at once from which Mark All as Read
    /// sends one mark for the feed instead of one for each item.
    static let feedMarkFrom = 50

    /// Queues Mark All as Read's changes (`rows`: the stored items it
    /// marked): for a feed of an account with `feedMarkFrom` of them or
    /// more, one feed mark (`mark=feed&as=read&before=`, the items the
    /// server had at the account's last sync: those shown here); for the
    /// rest, item marks.
    static func queueAllRead(rows: [Int64], now: Date, in db: Database) throws {
        guard !rows.isEmpty else { return }
        let marked = try Row.fetchAll(db, sql: """
            SELECT i.id, i.subscriptionID, s.accountID, s.spec, a.lastSynced
            FROM item i JOIN subscription s ON s.id = i.subscriptionID JOIN account a ON a.id = s.accountID
            WHERE i.id IN (SELECT value FROM json_each(?))
            """, arguments: [StoredItem.jsonList(rows)])
        var byFeed: [Int64: [Row]] = [:]
        for row in marked { byFeed[row["subscriptionID"], default: []].append(row) }
        var asFeeds = Set<Int64>()
        for (subscription, items) in byFeed where items.count >= feedMarkFrom {
            guard let first = items.first, let synced = first["lastSynced"] as Double?,
                  case .fever(_, _, let feed)? = StoredSpec.spec(first["spec"]) else { continue }
            try db.execute(sql: """
                INSERT INTO pendingMark (accountID, target, remoteID, mark, before, made) VALUES (?, 'feed', ?, 'read', ?, ?)
                """, arguments: [first["accountID"] as Int64, feed, synced, now.timeIntervalSince1970])
            asFeeds.insert(subscription)
        }
        let covered = Set(asFeeds.flatMap { byFeed[$0] ?? [] }.map { $0["id"] as Int64 })
        try queue(.read, rows: rows.filter { !covered.contains($0) }, now: now, in: db)
    }

    /// Queues `mark` for each of the stored items `rows` that belongs to a
    /// Fever account, replacing a change to the same mark still waiting.
    static func queue(_ mark: FeverMark, rows: [Int64], now: Date, in db: Database) throws {
        guard !rows.isEmpty else { return }
        let list = StoredItem.jsonList(rows)
        let axis = mark == .read || mark == .unread ? "'read', 'unread'" : "'saved', 'unsaved'"
        let accountItems = """
            SELECT s.accountID, CAST(i.guid AS INTEGER) FROM item i JOIN subscription s ON s.id = i.subscriptionID
            WHERE i.id IN (SELECT value FROM json_each(?)) AND s.accountID IS NOT NULL
            """
        try db.execute(sql: """
            DELETE FROM pendingMark WHERE target = 'item' AND mark IN (\(axis)) AND (accountID, remoteID) IN (\(accountItems))
            """, arguments: [list])
        try db.execute(sql: """
            INSERT INTO pendingMark (accountID, target, remoteID, mark, made)
            SELECT s.accountID, 'item', CAST(i.guid AS INTEGER), ?, ? FROM item i JOIN subscription s ON s.id = i.subscriptionID
            WHERE i.id IN (SELECT value FROM json_each(?)) AND s.accountID IS NOT NULL
            """, arguments: [mark.rawValue, now.timeIntervalSince1970, list])
    }
}

extension FeedStore {
    /// The changes waiting to be sent to `account`, oldest first.
    public func pendingMarks(of account: FeverAccount.ID) async throws -> [PendingMark] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM pendingMark WHERE accountID = ? ORDER BY id", arguments: [account])
                .compactMap { row in
                    guard let target = PendingMark.Target(rawValue: row["target"]),
                          let mark = FeverMark(rawValue: row["mark"]) else { return nil }
                    return PendingMark(id: row["id"], target: target, remoteID: row["remoteID"], mark: mark,
                                       before: (row["before"] as Double?).map(Date.init(timeIntervalSince1970:)))
                }
        }
    }

    /// The server took `mark`: it no longer waits.
    func removePendingMark(_ mark: PendingMark) async throws {
        try await pool.write { db in try db.execute(sql: "DELETE FROM pendingMark WHERE id = ?", arguments: [mark.id]) }
    }
}
