import GRDB

/// The subscriptions as the sidebar shows them, read in one transaction
/// (`FeedStore.subscriptionList`): the list, its item and unread counts,
/// and the newest item's row id, consistent with each other.
public struct SubscriptionList: Sendable {
    public var subscriptions: [Subscription]
    public var itemCounts: [Subscription.ID: Int]
    public var unread: UnreadCounts
    /// `FeedStore.newestItemID`: new items arrive above it.
    public var newestItemID: Int64
}

/// What the app reads from the store before its first window shows
/// anything, read at once (`FeedStore.startup`): one transaction, one trip
/// off the main thread, so it can be under way while GTK starts.
public struct StoreStartup: Sendable {
    /// Whether the first run was prepared (feeds.json taken in, the
    /// sample feed added): `FeedStore.prepareFirstRun` has nothing to do.
    public var firstRunDone: Bool
    public var settings: StoreSettings
    public var viewSettings: ViewSettings
    public var list: SubscriptionList
}

extension FeedStore {
    /// Everything of `StoreStartup`, in one read.
    public func startup() async throws -> StoreStartup {
        try await pool.read { db in
            StoreStartup(firstRunDone: try Self.feedsJSONMigrated(db), settings: try Self.settings(db),
                         viewSettings: try Self.viewSettings(db), list: try Self.subscriptionList(db))
        }
    }

    /// The subscriptions and their counts, in one read.
    public func subscriptionList() async throws -> SubscriptionList {
        try await pool.read(Self.subscriptionList)
    }

    static func subscriptionList(_ db: Database) throws -> SubscriptionList {
        SubscriptionList(subscriptions: try subscriptions(db), itemCounts: try itemCounts(db),
                         unread: try unreadCounts(db), newestItemID: try newestItemID(db))
    }
}
