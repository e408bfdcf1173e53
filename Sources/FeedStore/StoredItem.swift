import FeedCore
import Foundation
import GRDB

/// An item as a row of `item`, and back.
///
/// In the store's timelines an item's `id` is its row id (unique across
/// every feed, stable while it is stored); the feed's own id for it is
/// `guid`, which keeps the same item arriving again in one row.
enum StoredItem {
    /// The columns a timeline reads.
    static let columns = """
        id, subscriptionID, published, dated, title, summary, content, contentHTML, author, link, imageURL,
        imageWidth, imageHeight, imageBlurhash, contentWarning, sharedBy, avatarURL, details, isRead, isStarred
        """

    /// Calls `body` with each item `sql` selects (`columns`) and its row.
    /// Read through a cursor, whose rows find a column by name in the
    /// statement's index: GRDB's copied rows (`Row.fetchAll`) lowercase
    /// every column's name at every lookup, a third of a timeline page's
    /// time. The row is valid only during the call.
    static func forEach(in db: Database, sql: String, arguments: StatementArguments,
                        _ body: (FeedItem, Row) throws -> Void) throws {
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            try body(item(row), row)
        }
    }

    static func item(_ row: Row) -> FeedItem {
        let id: Int64 = row["id"]
        let dated: Bool = row["dated"]
        return FeedItem(
            id: String(id), title: row["title"], summary: row["summary"], content: row["content"],
            contentHTML: row["contentHTML"], author: row["author"],
            date: dated ? Date(timeIntervalSince1970: row["published"]) : nil,
            link: url(row["link"]), imageURL: url(row["imageURL"]), contentWarning: row["contentWarning"],
            sharedBy: row["sharedBy"], avatarURL: url(row["avatarURL"]),
            imageSize: ImageSize(width: row["imageWidth"], height: row["imageHeight"]),
            imageBlurhash: (row["imageBlurhash"] as String?).flatMap(Blurhash.init),
            details: StoredDetails.details(row["details"]), isRead: row["isRead"], isStarred: row["isStarred"])
    }

    /// The row id of an item as a stored timeline names it: its row id, or
    /// `network:ID` for one shown from a network page (`NetworkPlace`);
    /// nil for any other name.
    static func rowID(_ timelineID: String) -> Int64? {
        Int64(timelineID.hasPrefix(NetworkPlace.itemPrefix) ? String(timelineID.dropFirst(NetworkPlace.itemPrefix.count))
                                                             : timelineID)
    }

    /// Ids as a JSON array, for `IN (SELECT value FROM json_each(?))`: one
    /// argument however many (SQLite allows 32,766 arguments a statement).
    static func jsonList(_ ids: some Sequence<Int64>) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// `texts` as a JSON array of strings, for `json_each` (guids are
    /// text: a Fever item's id is compared as its guid).
    static func jsonList(texts: some Sequence<String>) throws -> String {
        String(decoding: try JSONEncoder().encode(Array(texts)), as: UTF8.self)
    }

    private static func url(_ text: String?) -> URL? {
        text.flatMap(URL.init(string:))
    }

    /// What `upsert` did with an item.
    enum Upsert {
        /// A new row.
        case added
        /// The row with its guid, changed in place.
        case updated
        /// The row with its guid, which already held exactly this: not
        /// written at all.
        case unchanged
    }

    /// Stores `item` of subscription `feed`: a new row, or the row that
    /// has its guid updated in place (its read and starred marks, and its
    /// place in the timeline unless the feed now dates it, stay). A row
    /// that already holds what the item says is left alone, so a feed
    /// fetched again unchanged costs no writes.
    static func upsert(_ item: FeedItem, of feed: Subscription.ID, now: Date, in db: Database) throws -> Upsert {
        let existing = try Row.fetchOne(db, sql: "SELECT id, published FROM item WHERE subscriptionID = ? AND guid = ?",
                                        arguments: [feed, item.id])
        let values: [(String, (any DatabaseValueConvertible)?)] = [
            ("title", item.title), ("summary", item.summary), ("content", item.content),
            ("contentHTML", item.contentHTML), ("author", item.author), ("link", item.link?.absoluteString),
            ("imageURL", item.imageURL?.absoluteString), ("imageWidth", item.imageSize.map { Int($0.width) }),
            ("imageHeight", item.imageSize.map { Int($0.height) }), ("imageBlurhash", item.imageBlurhash?.text),
            ("contentWarning", item.contentWarning), ("sharedBy", item.sharedBy),
            ("avatarURL", item.avatarURL?.absoluteString), ("details", StoredDetails.column(item.details)),
        ]
        if let existing {
            let published: Double = item.date?.timeIntervalSince1970 ?? existing["published"]
            let names = values.map(\.0) + ["published", "dated"]
            let newValues = values.map(\.1) + [published, item.date != nil]
            let assignments = names.map { "\($0) = ?" }.joined(separator: ", ")
            // `IS` compares NULLs too: only a row that differs is written.
            let differs = names.map { "\($0) IS NOT ?" }.joined(separator: " OR ")
            try db.execute(sql: "UPDATE item SET \(assignments) WHERE id = ? AND (\(differs))",
                           arguments: StatementArguments(newValues + [existing["id"] as Int64] + newValues))
            return db.changesCount > 0 ? .updated : .unchanged
        }
        let names = ["subscriptionID", "guid", "published", "dated", "stored"] + values.map(\.0)
        let arguments: [(any DatabaseValueConvertible)?] = [
            feed, item.id, (item.date ?? now).timeIntervalSince1970, item.date != nil, now.timeIntervalSince1970,
        ] + values.map(\.1)
        try db.execute(sql: "INSERT INTO item (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
                       arguments: StatementArguments(arguments))
        return .added
    }
}
