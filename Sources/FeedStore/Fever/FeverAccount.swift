import FeedCore
import Foundation
import GRDB

/// A Fever API account the store syncs with: the server's address and
/// the user name. The password is never stored here (the desktop's
/// Secret Service keeps it).
public struct FeverAccount: Equatable, Sendable, Identifiable {
    public typealias ID = Int64

    public var id: ID
    public var endpoint: URL
    public var user: String
    /// The highest item id fetched: newer items come by `since_id`.
    public var newestRemoteID: FeverID?
    /// The lowest item id fetched: older items come by `max_id`.
    public var oldestRemoteID: FeverID?
    /// The server has nothing older than `oldestRemoteID`.
    public var reachedOldest: Bool
    public var lastSynced: Date?
    /// Why the last sync failed, when it did.
    public var failure: FeedError?

    init(row: Row) {
        id = row["id"]
        endpoint = URL(string: row["endpoint"]) ?? URL(fileURLWithPath: "/")
        user = row["user"]
        newestRemoteID = row["newestRemoteID"]
        oldestRemoteID = row["oldestRemoteID"]
        reachedOldest = row["reachedOldest"]
        lastSynced = (row["lastSynced"] as Double?).map(Date.init(timeIntervalSince1970:))
        failure = (row["failureKind"] as String?).map { kind in
            FeedError(row["failureReason"] ?? "", kind: FeedError.Kind(rawValue: kind) ?? .other)
        }
    }
}

extension FeedStore {
    /// Adds the account (the same address and user name again: the one
    /// already there) and returns it.
    public func addFeverAccount(endpoint: URL, user: String) async throws -> FeverAccount {
        try await pool.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO account (kind, endpoint, user) VALUES ('fever', ?, ?)",
                           arguments: [endpoint.absoluteString, user])
            let row = try Row.fetchOne(db, sql: "SELECT * FROM account WHERE kind = 'fever' AND endpoint = ? AND user = ?",
                                       arguments: [endpoint.absoluteString, user])
            return FeverAccount(row: row!)
        }
    }

    public func feverAccounts() async throws -> [FeverAccount] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM account WHERE kind = 'fever' ORDER BY id").map(FeverAccount.init(row:))
        }
    }

    public func feverAccount(_ id: FeverAccount.ID) async throws -> FeverAccount? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM account WHERE id = ?", arguments: [id]).map(FeverAccount.init(row:))
        }
    }

    /// Removes the account, its feeds and their items, and the changes
    /// waiting for it.
    public func removeFeverAccount(_ id: FeverAccount.ID) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM subscription WHERE accountID = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [id])
        }
    }
}
