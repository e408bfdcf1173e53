import FeedCore
import GRDB

/// Reading back the items a list let go. A list of a stored timeline
/// keeps, for each item far from the reader, only a number (its key), and
/// reads the item again from the store when the reader comes back: its
/// memory does not grow with how far the reader scrolls.
extension FeedStore {
    /// The key a list keeps for an item of a stored timeline: its row id,
    /// negated for one shown from a network page (`network:ID`), so that it
    /// comes back under the same name. Nil for any other name (an item
    /// that cannot be read back).
    public static func listKey(ofItem id: String) -> Int64? {
        guard let row = StoredItem.rowID(id), row > 0 else { return nil }
        return id.hasPrefix(NetworkPlace.itemPrefix) ? -row : row
    }

    /// The row ids of the first `limit` items of `scope`'s timeline, in
    /// order: what a list of it holds keys for (for checks of its order).
    package func timelineRowIDs(of scope: TimelineScope, limit: Int) async throws -> [Int64] {
        try await pool.read { db in
            let filter = TimelineQuery.filter(scope)
            return try Int64.fetchAll(db, sql: "SELECT id FROM item \(filter.sql) ORDER BY published DESC, id DESC LIMIT ?",
                                      arguments: StatementArguments(filter.arguments + [limit]))
        }
    }

    /// The items with `keys` as stored now (their marks current), named as
    /// the list named them, by key. Those no longer stored are missing.
    public func items(listKeys keys: [Int64]) async throws -> [Int64: FeedItem] {
        let wanted = Set(keys)
        return try await pool.read { db in
            var items: [Int64: FeedItem] = [:]
            try StoredItem.forEach(
                in: db, sql: "SELECT \(StoredItem.columns) FROM item WHERE id IN (SELECT value FROM json_each(?))",
                arguments: [StoredItem.jsonList(Set(wanted.map { abs($0) }))]
            ) { item, row in
                let id: Int64 = row["id"]
                if wanted.contains(id) { items[id] = item }
                if wanted.contains(-id) {
                    var shown = item
                    shown.id = NetworkPlace.itemPrefix + String(id)
                    items[-id] = shown
                }
            }
            return items
        }
    }
}
