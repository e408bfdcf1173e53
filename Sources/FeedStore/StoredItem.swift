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
        imageWidth, imageHeight, imageBlurhash, contentWarning, sharedBy, avatarURL, details
        """

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
            details: StoredDetails.details(row["details"]))
    }

    private static func url(_ text: String?) -> URL? {
        text.flatMap(URL.init(string:))
    }

    /// Stores `item` of subscription `feed`: a new row, or the row that
    /// has its guid updated in place (its read and starred marks, and its
    /// place in the timeline unless the feed now dates it, stay).
    /// Returns whether the row is new.
    static func upsert(_ item: FeedItem, of feed: Subscription.ID, now: Date, in db: Database) throws -> Bool {
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
            let assignments = (values.map { "\($0.0) = ?" } + ["published = ?", "dated = ?"]).joined(separator: ", ")
            try db.execute(sql: "UPDATE item SET \(assignments) WHERE id = ?",
                           arguments: StatementArguments(values.map(\.1) + [published, item.date != nil, existing["id"] as Int64]))
            return false
        }
        let names = ["subscriptionID", "guid", "published", "dated", "stored"] + values.map(\.0)
        let arguments: [(any DatabaseValueConvertible)?] = [
            feed, item.id, (item.date ?? now).timeIntervalSince1970, item.date != nil, now.timeIntervalSince1970,
        ] + values.map(\.1)
        try db.execute(sql: "INSERT INTO item (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
                       arguments: StatementArguments(arguments))
        return true
    }
}
