import FeedCore
import Foundation
import GRDB

/// The reader's settings the store keeps: how long items stay, how often
/// feeds update while Feedline runs, and whether scrolling past an item
/// marks it read.
public struct StoreSettings: Equatable, Sendable {
    public var retention: RetentionPolicy = .standard
    /// Minutes between updates of every subscription (0: never by itself).
    public var updateMinutes = 30
    /// An item seen whole in the list and then scrolled out of it upward
    /// is marked read ("Mark as Read When Scrolled Past"); on by default.
    public var marksReadOnScroll = true

    public init(retention: RetentionPolicy = .standard, updateMinutes: Int = 30, marksReadOnScroll: Bool = true) {
        self.retention = retention
        self.updateMinutes = max(0, updateMinutes)
        self.marksReadOnScroll = marksReadOnScroll
    }
}

/// What the window keeps between runs: the view open last, how All
/// items is laid out (each subscription keeps its own, `Subscription.layout`),
/// whether the reader view loads pictures inside items' text, and where
/// the reader was in each view. Each is written on its own
/// (`setLastOpened`, `setReadingPosition`...), so two windows changing
/// different ones never undo each other.
public struct ViewSettings: Equatable, Sendable {
    /// The timeline shown last; nil before any (or when it was removed).
    public var lastOpened: TimelineScope?
    public var allItemsLayout: FeedLayout = .list
    public var loadsRemoteImages = true
    /// Whether Feedline goes on updating after its last window closes
    /// ("Run in Background"; off at first).
    public var runsInBackground = false
    /// Where the reader was in each view that remembers it (views of
    /// subscriptions since removed left out).
    public var positions: [TimelineScope: ReadingPosition] = [:]

    public init(lastOpened: TimelineScope? = nil, allItemsLayout: FeedLayout = .list, loadsRemoteImages: Bool = true,
                positions: [TimelineScope: ReadingPosition] = [:]) {
        self.lastOpened = lastOpened
        self.allItemsLayout = allItemsLayout
        self.loadsRemoteImages = loadsRemoteImages
        self.positions = positions
    }
}

extension TimelineScope {
    /// As a setting: "all", "unread", "starred", "subscription ID", or
    /// "folder PATH" (the path as the folder column writes it). Also how
    /// an action names a view.
    public var settingValue: String {
        switch self {
        case .all: "all"
        case .unread: "unread"
        case .starred: "starred"
        case .subscription(let id): "subscription \(id)"
        case .folder(let path): "folder " + StoredFolder.column(path)
        }
    }

    public init?(settingValue: String) {
        switch settingValue {
        case "all": self = .all
        case "unread": self = .unread
        case "starred": self = .starred
        default:
            let parts = settingValue.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "subscription":
                guard let id = Subscription.ID(parts[1]) else { return nil }
                self = .subscription(id)
            case "folder": self = .folder(StoredFolder.path(String(parts[1])))
            default: return nil
            }
        }
    }
}

extension FeedStore {
    private enum Key: String {
        case retentionDays, retentionKeepPerFeed, updateMinutes, marksReadOnScroll, feedsJSONMigrated
        case lastOpened, allItemsLayout, loadsRemoteImages, runsInBackground
    }

    public func settings() async throws -> StoreSettings {
        try await pool.read(Self.settings)
    }

    static func settings(_ db: Database) throws -> StoreSettings {
        let values = try Self.values(db)
        var settings = StoreSettings()
        settings.retention = RetentionPolicy(
            maxAgeDays: values[.retentionDays].flatMap(Int.init) ?? RetentionPolicy.standard.maxAgeDays,
            keepPerFeed: values[.retentionKeepPerFeed].flatMap(Int.init) ?? RetentionPolicy.standard.keepPerFeed)
        settings.updateMinutes = values[.updateMinutes].flatMap(Int.init).map { max(0, $0) } ?? 30
        settings.marksReadOnScroll = values[.marksReadOnScroll] != "0"
        return settings
    }

    public func save(_ settings: StoreSettings) async throws {
        try await pool.write { db in
            try Self.set(.retentionDays, String(settings.retention.maxAgeDays), in: db)
            try Self.set(.retentionKeepPerFeed, String(settings.retention.keepPerFeed), in: db)
            try Self.set(.updateMinutes, String(settings.updateMinutes), in: db)
            try Self.set(.marksReadOnScroll, settings.marksReadOnScroll ? "1" : "0", in: db)
        }
    }

    /// Whether scrolling past an item marks it read, written on its own
    /// (a window's menu changes it while an update may save the rest).
    public func setMarksReadOnScroll(_ marks: Bool) async throws {
        try await pool.write { db in try Self.set(.marksReadOnScroll, marks ? "1" : "0", in: db) }
    }

    /// What the window keeps. A view open last whose subscription is gone
    /// reads as nil, and its position is left out.
    public func viewSettings() async throws -> ViewSettings {
        try await pool.read(Self.viewSettings)
    }

    static func viewSettings(_ db: Database) throws -> ViewSettings {
        let values = try Self.values(db)
        var settings = ViewSettings()
        if let scope = values[.lastOpened].flatMap(TimelineScope.init(settingValue:)) {
            settings.lastOpened = try Self.exists(scope, in: db) ? scope : nil
        }
        settings.allItemsLayout = values[.allItemsLayout].flatMap(FeedLayout.init(rawValue:)) ?? .list
        settings.loadsRemoteImages = values[.loadsRemoteImages] != "0"
        settings.runsInBackground = values[.runsInBackground] == "1"
        for (scope, position) in try ReadingPosition.all(db) where try Self.exists(scope, in: db) {
            settings.positions[scope] = position
        }
        return settings
    }

    /// Whether `scope` is still there: a subscription's view goes with it.
    private static func exists(_ scope: TimelineScope, in db: Database) throws -> Bool {
        guard case .subscription(let id) = scope else { return true }
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM subscription WHERE id = ?)", arguments: [id]) ?? false
    }

    /// Remembers `scope` as the view to open at the next start.
    public func setLastOpened(_ scope: TimelineScope) async throws {
        try await pool.write { db in try Self.set(.lastOpened, scope.settingValue, in: db) }
    }

    public func setAllItemsLayout(_ layout: FeedLayout) async throws {
        try await pool.write { db in try Self.set(.allItemsLayout, layout.rawValue, in: db) }
    }

    /// Whether the reader view loads pictures inside items' text ("Load
    /// Pictures in Articles").
    public func setLoadsRemoteImages(_ loads: Bool) async throws {
        try await pool.write { db in try Self.set(.loadsRemoteImages, loads ? "1" : "0", in: db) }
    }

    /// Whether Feedline goes on updating in the background ("Run in
    /// Background").
    public func setRunsInBackground(_ runs: Bool) async throws {
        try await pool.write { db in try Self.set(.runsInBackground, runs ? "1" : "0", in: db) }
    }

    /// Whether feeds.json of an earlier version has been taken in (once).
    static func feedsJSONMigrated(_ db: Database) throws -> Bool {
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
