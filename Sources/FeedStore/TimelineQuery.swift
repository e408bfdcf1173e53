import FeedCore
import GRDB

/// Which rows of `item` a timeline holds, as SQL, and how its pages are
/// read: newest first by keyset, `(published, id) < (?, ?)`, never OFFSET.
///
/// Every scope but a folder is one range of one index, read from the
/// cursor down and stopped at the page's end: All items `item_timeline`,
/// a subscription `item_feed_timeline`, Unread and Starred their partial
/// indexes `item_unread_timeline` and `item_starred_timeline` (SQLite
/// takes a partial index only for a query whose terms imply its WHERE, so
/// `condition` writes those terms as literals, never as arguments). A
/// folder's page reads each of its subscriptions' ranges of
/// `item_feed_timeline` in turn into a sorter that keeps the newest
/// `limit`, leaving a range as soon as its rows fall below those (SQLite's
/// early out of an ordered IN loop): about its subscriptions times a page
/// of index entries, whatever the folder's size or the depth (measured
/// over 1,000,000 items: 0.3–0.5 ms a page for folders of 1 to 148
/// subscriptions, at the top and 4,000 items down).
enum TimelineQuery {
    /// The condition on `item` that keeps `scope`'s items, with its
    /// arguments; nil for every item.
    static func condition(_ scope: TimelineScope) -> (sql: String, arguments: [(any DatabaseValueConvertible)?])? {
        switch scope {
        case .all: return nil
        case .subscription(let id): return ("subscriptionID = ?", [id])
        case .unread: return ("isRead = 0", [])
        case .starred: return ("isStarred = 1", [])
        case .folder(let path):
            guard let folder = folderCondition(path) else { return nil }
            return ("subscriptionID IN (SELECT id FROM subscription WHERE \(folder.sql))", folder.arguments)
        }
    }

    /// The condition on `subscription` that keeps those in the folder at
    /// `path` or in folders inside it; nil for the top (every one). Folder
    /// columns are names joined by `StoredFolder.separator` (U+001F), so a
    /// folder's insides are the columns from "path\u{1F}" up to, not
    /// including, "path " (U+0020, the next character): a byte range.
    static func folderCondition(_ path: [String]) -> (sql: String, arguments: [(any DatabaseValueConvertible)?])? {
        let column = StoredFolder.column(path)
        guard !column.isEmpty else { return nil }
        return ("(folder = ? OR (folder >= ? AND folder < ?))",
                [column, column + String(StoredFolder.separator), column + " "])
    }

    static func page(of scope: TimelineScope, after cursor: TimelineCursor?, limit: Int,
                     in db: Database) throws -> TimelinePage {
        let query = pageQuery(scope, after: cursor, limit: limit)
        let read = try items(db, sql: query.sql, arguments: query.arguments)
        return TimelinePage(items: read.items, last: read.last, isFull: read.items.count == limit)
    }

    /// The items of the rows `sql` selects (`StoredItem.columns`), and
    /// where the last one is.
    private static func items(_ db: Database, sql: String,
                              arguments: StatementArguments) throws -> (items: [FeedItem], last: TimelineCursor?) {
        var items: [FeedItem] = []
        var last: TimelineCursor?
        try StoredItem.forEach(in: db, sql: sql, arguments: arguments) { item, row in
            items.append(item)
            last = TimelineCursor(published: row["published"], id: row["id"])
        }
        return (items, last)
    }

    /// The page of `scope` just above `cursor` (newer items), newest first:
    /// read upward from the cursor by the same index, then turned round.
    static func newerPage(of scope: TimelineScope, above cursor: TimelineCursor, limit: Int,
                          in db: Database) throws -> TimelinePage {
        let filter = filter(scope, ("(published, id) > (?, ?)", [cursor.published, cursor.id]))
        let read = try items(db, sql: "SELECT \(StoredItem.columns) FROM item \(filter.sql) ORDER BY published, id LIMIT ?",
                             arguments: StatementArguments(filter.arguments + [limit]))
        return TimelinePage(items: read.items.reversed(), last: read.last, isFull: read.items.count == limit)
    }

    /// The statement of a page of `scope`.
    static func pageQuery(_ scope: TimelineScope, after cursor: TimelineCursor?,
                          limit: Int) -> (sql: String, arguments: StatementArguments) {
        let filter = filter(scope, cursor.map { ("(published, id) < (?, ?)", [$0.published, $0.id]) })
        return ("SELECT \(StoredItem.columns) FROM item \(filter.sql) ORDER BY published DESC, id DESC LIMIT ?",
                StatementArguments(filter.arguments + [limit]))
    }

    /// A term of a WHERE clause and its arguments.
    typealias Term = (sql: String, arguments: [(any DatabaseValueConvertible)?])

    /// The WHERE clause ("" for none) that keeps `scope`'s items meeting
    /// every one of `terms` (nil ones left out), with its arguments in
    /// order: the scope's first.
    static func filter(_ scope: TimelineScope, _ terms: Term?...) -> Term {
        let all = ([condition(scope)] + terms).compactMap { $0 }
        guard !all.isEmpty else { return ("", []) }
        return ("WHERE " + all.map(\.sql).joined(separator: " AND "), all.flatMap(\.arguments))
    }
}
