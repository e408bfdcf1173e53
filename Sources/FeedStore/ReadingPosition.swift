import Foundation
import GRDB

/// Where the reader was in a view: the item at the top, how far it was
/// scrolled past its top, and the item that had keyboard focus. Items are
/// named as the view named them (`FeedItem.id`).
///
/// Kept in the store's settings, one a view (the key "position " and the
/// view's setting value; JSON), so a restart returns to the same place
/// before any network: `cursor(of:)` says where the top item is, and
/// `TimelineCursor.includingItself` pages from it.
public struct ReadingPosition: Equatable, Sendable, Codable {
    /// The item at the top of the view.
    public var topItem: String
    /// How many pixels of the top item are scrolled out above the view (0:
    /// its top is the view's).
    public var offset: Double
    /// The item that had keyboard focus, if one had.
    public var focusedItem: String?

    public init(topItem: String, offset: Double = 0, focusedItem: String? = nil) {
        self.topItem = topItem
        self.offset = offset.isFinite ? offset : 0
        self.focusedItem = focusedItem
    }

    static let keyPrefix = "position "

    static func key(of scope: TimelineScope) -> String { keyPrefix + scope.settingValue }

    /// Every kept position (those that no longer read are left out).
    static func all(_ db: Database) throws -> [(TimelineScope, ReadingPosition)] {
        // The keys from "position " up to "position!", the next character.
        try Row.fetchAll(db, sql: "SELECT key, value FROM setting WHERE key >= ? AND key < ?",
                         arguments: [keyPrefix, "position!"]).compactMap { row in
            let key: String = row["key"]
            guard let scope = TimelineScope(settingValue: String(key.dropFirst(keyPrefix.count))),
                  let position = decoded(row["value"]) else { return nil }
            return (scope, position)
        }
    }

    static func decoded(_ value: String) -> ReadingPosition? {
        try? JSONDecoder().decode(ReadingPosition.self, from: Data(value.utf8))
    }

    var encoded: String {
        // Strings and a number: encoding cannot fail.
        (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

extension TimelineCursor {
    /// The cursor whose next page starts with this place's item itself:
    /// for a view restored at its top item.
    public var includingItself: TimelineCursor { TimelineCursor(published: published, id: id + 1) }
}

extension FeedStore {
    /// Remembers where the reader is in `scope` (nil forgets it).
    public func setReadingPosition(_ position: ReadingPosition?, of scope: TimelineScope) async throws {
        try await pool.write { db in
            if let position {
                try db.execute(sql: """
                    INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
                    """, arguments: [ReadingPosition.key(of: scope), position.encoded])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [ReadingPosition.key(of: scope)])
            }
        }
    }

    /// Where the reader was in `scope`, if it was kept.
    public func readingPosition(of scope: TimelineScope) async throws -> ReadingPosition? {
        try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [ReadingPosition.key(of: scope)])
                .flatMap(ReadingPosition.decoded)
        }
    }

    /// Where the item a stored timeline calls `item` is in the timelines'
    /// order; nil when it is not stored (any more). For a position
    /// restored, or Mark All as Read up to the newest item seen.
    public func cursor(of item: String) async throws -> TimelineCursor? {
        guard let id = StoredItem.rowID(item) else { return nil }
        return try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT published, id FROM item WHERE id = ?", arguments: [id])
                .map { TimelineCursor(published: $0["published"], id: $0["id"]) }
        }
    }
}
