import GRDB

/// What the app reads from the store before its first window shows
/// anything, read at once (`FeedStore.startup`): one transaction, one trip
/// off the main thread, so it can be under way while GTK starts.
public struct StoreStartup: Sendable {
    /// Whether the first run was prepared (feeds.json taken in, the
    /// sample feed added): `FeedStore.prepareFirstRun` has nothing to do.
    public var firstRunDone: Bool
    public var settings: StoreSettings
    public var viewSettings: ViewSettings
    public var subscriptions: [Subscription]
    public var itemCounts: [Subscription.ID: Int]
    public var unread: UnreadCounts
    /// `FeedStore.newestItemID`: new items arrive above it.
    public var newestItemID: Int64
}

extension FeedStore {
    /// Everything of `StoreStartup`, in one read.
    public func startup() async throws -> StoreStartup {
        try await pool.read { db in
            StoreStartup(firstRunDone: try Self.feedsJSONMigrated(db), settings: try Self.settings(db),
                         viewSettings: try Self.viewSettings(db), subscriptions: try Self.subscriptions(db),
                         itemCounts: try Self.itemCounts(db), unread: try Self.unreadCounts(db),
                         newestItemID: try Self.newestItemID(db))
        }
    }
}
