import Foundation
import GRDB

/// The reader's settings the store keeps: how long items stay, and how
/// often feeds update while Feedline runs.
public struct StoreSettings: Equatable, Sendable {
    public var retention: RetentionPolicy = .standard
    /// Minutes between updates of every subscription (0: never by itself).
    public var updateMinutes = 30

    public init(retention: RetentionPolicy = .standard, updateMinutes: Int = 30) {
        self.retention = retention
        self.updateMinutes = max(0, updateMinutes)
    }
}

extension FeedStore {
    private enum Key: String {
        case retentionDays, retentionKeepPerFeed, updateMinutes, feedsJSONMigrated
    }

    public func settings() async throws -> StoreSettings {
        try await pool.read { db in
            let values = try Self.values(db)
            var settings = StoreSettings()
            settings.retention = RetentionPolicy(
                maxAgeDays: values[.retentionDays].flatMap(Int.init) ?? RetentionPolicy.standard.maxAgeDays,
                keepPerFeed: values[.retentionKeepPerFeed].flatMap(Int.init) ?? RetentionPolicy.standard.keepPerFeed)
            settings.updateMinutes = values[.updateMinutes].flatMap(Int.init).map { max(0, $0) } ?? 30
            return settings
        }
    }

    public func save(_ settings: StoreSettings) async throws {
        try await pool.write { db in
            try Self.set(.retentionDays, String(settings.retention.maxAgeDays), in: db)
            try Self.set(.retentionKeepPerFeed, String(settings.retention.keepPerFeed), in: db)
            try Self.set(.updateMinutes, String(settings.updateMinutes), in: db)
        }
    }

    /// Whether feeds.json of an earlier version has been taken in (once).
    func feedsJSONMigrated(_ db: Database) throws -> Bool {
        try Self.values(db)[.feedsJSONMigrated] != nil
    }

    func markFeedsJSONMigrated(_ db: Database) throws {
        try Self.set(.feedsJSONMigrated, "1", in: db)
    }

    private static func values(_ db: Database) throws -> [Key: String] {
        var values: [Key: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting") {
            if let key = Key(rawValue: row["key"]) { values[key] = row["value"] }
        }
        return values
    }

    private static func set(_ key: Key, _ value: String, in db: Database) throws {
        try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                       arguments: [key.rawValue, value])
    }
}
