import FeedCore
import Foundation
import GRDB

/// What `FeverSync` reads and writes in the store: the account's feeds as
/// subscriptions, its items, the server's read and starred state, and how
/// far items were fetched. Each call one transaction, off the main thread.
extension FeedStore {
    /// The subscription of each of the account's feeds, by feed id.
    func feverSubscriptions(of account: FeverAccount.ID) async throws -> [FeverID: Subscription.ID] {
        try await pool.read { db in
            var result: [FeverID: Subscription.ID] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, spec FROM subscription WHERE accountID = ?", arguments: [account]) {
                if case .fever(_, _, let feed) = StoredSpec.spec(row["spec"]) { result[feed] = row["id"] }
            }
            return result
        }
    }

    /// Makes the account's subscriptions those of `server`: new feeds
    /// added at the end of the sidebar, known ones renamed and moved to
    /// their group's folder, and those the server no longer has removed
    /// with their items. Returns the subscription of each feed id.
    func syncSubscriptions(of account: FeverAccount, with server: FeverSubscriptions,
                           now: Date) async throws -> [FeverID: Subscription.ID] {
        try await pool.write { db in
            let groups = Dictionary(server.groups.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
            var position = try Int.fetchOne(db, sql: "SELECT coalesce(max(position), -1) + 1 FROM subscription") ?? 0
            var subscriptions: [FeverID: Subscription.ID] = [:]
            for feed in server.feeds {
                let spec = StoredSpec.column(.fever(endpoint: account.endpoint, user: account.user, feed: feed.id))
                let folder = StoredFolder.column(feed.groupIDs.compactMap { groups[$0] }.prefix(1).map { $0 })
                let title = feed.title.isEmpty ? (feed.url?.host ?? "") : feed.title
                if let id = try Int64.fetchOne(db, sql: "SELECT id FROM subscription WHERE spec = ?", arguments: [spec]) {
                    try db.execute(sql: """
                        UPDATE subscription SET title = ?, folder = ?, siteURL = ?, accountID = ?
                        WHERE id = ? AND (title IS NOT ? OR folder IS NOT ? OR siteURL IS NOT ? OR accountID IS NOT ?)
                        """, arguments: [title, folder, feed.siteURL?.absoluteString, account.id,
                                         id, title, folder, feed.siteURL?.absoluteString, account.id])
                    subscriptions[feed.id] = id
                } else {
                    try db.execute(sql: """
                        INSERT INTO subscription (spec, title, folder, siteURL, position, layout, added, accountID)
                        VALUES (?, ?, ?, ?, ?, 'list', ?, ?)
                        """, arguments: [spec, title, folder, feed.siteURL?.absoluteString, position,
                                         now.timeIntervalSince1970, account.id])
                    subscriptions[feed.id] = db.lastInsertedRowID
                    position += 1
                }
            }
            let kept = StoredItem.jsonList(subscriptions.values)
            try db.execute(sql: "DELETE FROM subscription WHERE accountID = ? AND id NOT IN (SELECT value FROM json_each(?))",
                           arguments: [account.id, kept])
            return subscriptions
        }
    }

    /// Stores the items (those of a feed the account has), each with the
    /// server's marks unless a change made here waits for it, and widens
    /// what the account knows it has fetched to their ids.
    /// (`widening` false: items picked by id, which say nothing of what
    /// lies between them and the rest: the fetched range stays.)
    func storeFeverItems(_ items: [FeverItem], of account: FeverAccount.ID,
                         in subscriptions: [FeverID: Subscription.ID], now: Date,
                         widening: Bool = true) async throws -> Stored {
        try await pool.write { db in
            var stored = Stored()
            for item in items.sorted(by: { $0.id < $1.id }) {
                guard let subscription = subscriptions[item.feedID] else { continue }
                stored.count(try StoredItem.upsert(item.item, of: subscription, now: now, in: db))
                try db.execute(sql: """
                    UPDATE item SET
                        isRead = CASE WHEN EXISTS (\(Self.waiting("'read', 'unread'"))) THEN isRead ELSE ? END,
                        isStarred = CASE WHEN EXISTS (\(Self.waiting("'saved', 'unsaved'"))) THEN isStarred ELSE ? END
                    WHERE subscriptionID = ? AND guid = ?
                    """, arguments: [account, item.id, item.item.isRead, account, item.id, item.item.isStarred,
                                     subscription, String(item.id)])
            }
            if widening, let newest = items.map(\.id).max(), let oldest = items.map(\.id).min() {
                try db.execute(sql: """
                    UPDATE account SET newestRemoteID = max(coalesce(newestRemoteID, ?), ?),
                                       oldestRemoteID = min(coalesce(oldestRemoteID, ?), ?) WHERE id = ?
                    """, arguments: [newest, newest, oldest, oldest, account])
            }
            return stored
        }
    }

    /// Sets every stored item of the account read unless listed in
    /// `unread`, starred when listed in `saved`: the server's state,
    /// except for items with a change made here still waiting. Returns
    /// how many items changed.
    package func applyServerMarks(of account: FeverAccount.ID, unread: Set<FeverID>, saved: Set<FeverID>) async throws -> Int {
        let unreadList = try StoredItem.jsonList(texts: unread.map(String.init))
        let savedList = try StoredItem.jsonList(texts: saved.map(String.init))
        return try await pool.write { db in
            let accountItems = "subscriptionID IN (SELECT id FROM subscription WHERE accountID = ?)"
            try db.execute(sql: """
                UPDATE item SET isRead = NOT (guid IN (SELECT value FROM json_each(?)))
                WHERE \(accountItems) AND isRead IS NOT (NOT (guid IN (SELECT value FROM json_each(?))))
                  AND NOT EXISTS (\(Self.waiting("'read', 'unread'", item: "CAST(item.guid AS INTEGER)")))
                """, arguments: [unreadList, account, unreadList, account])
            var changed = db.changesCount
            try db.execute(sql: """
                UPDATE item SET isStarred = guid IN (SELECT value FROM json_each(?))
                WHERE \(accountItems) AND isStarred IS NOT (guid IN (SELECT value FROM json_each(?)))
                  AND NOT EXISTS (\(Self.waiting("'saved', 'unsaved'", item: "CAST(item.guid AS INTEGER)")))
                """, arguments: [savedList, account, savedList, account])
            changed += db.changesCount
            return changed
        }
    }

    /// Names each subscription's icon (where its picture is).
    func setIcons(_ icons: [Subscription.ID: URL]) async throws {
        guard !icons.isEmpty else { return }
        try await pool.write { db in
            for (subscription, url) in icons {
                try db.execute(sql: "UPDATE subscription SET iconURL = ? WHERE id = ? AND iconURL IS NOT ?",
                               arguments: [url.absoluteString, subscription, url.absoluteString])
            }
        }
    }

    /// Which of `ids` (item ids on the server) no item of the account has.
    func feverItemsNotStored(_ ids: Set<FeverID>, of account: FeverAccount.ID) async throws -> Set<FeverID> {
        guard !ids.isEmpty else { return [] }
        let list = try StoredItem.jsonList(texts: ids.map(String.init))
        let stored = try await pool.read { db in
            try String.fetchAll(db, sql: """
                SELECT guid FROM item WHERE subscriptionID IN (SELECT id FROM subscription WHERE accountID = ?)
                AND guid IN (SELECT value FROM json_each(?))
                """, arguments: [account, list])
        }
        return ids.subtracting(stored.compactMap { FeverID($0) })
    }

    /// Records a sync's end: when, and its failure (nil: none).
    func recordSync(of account: FeverAccount.ID, at time: Date, failure: FeedError?) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE account SET lastSynced = ?, failureKind = ?, failureReason = ? WHERE id = ?",
                           arguments: [time.timeIntervalSince1970, failure?.kind.rawValue, failure?.reason, account])
        }
    }

    /// The server has nothing older than what is stored.
    func recordReachedOldest(of account: FeverAccount.ID) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE account SET reachedOldest = 1 WHERE id = ?", arguments: [account])
        }
    }

    /// A change to the item (`?` the account, then the item id unless
    /// `item` names it) and one of `marks` is waiting.
    private static func waiting(_ marks: String, item: String = "?") -> String {
        """
        SELECT 1 FROM pendingMark p WHERE p.accountID = ? AND p.target = 'item' AND p.remoteID = \(item) \
        AND p.mark IN (\(marks))
        """
    }
}
