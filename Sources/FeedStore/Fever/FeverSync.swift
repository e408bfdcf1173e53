import FeedCore
import Foundation

/// Keeps a Fever account and the store in step: the changes made here go
/// to the server first (`PendingMarks`, oldest first), then the account's
/// groups and feeds become subscriptions, the items newer than those
/// stored come (`since_id`), and the server's read and starred state is
/// applied to every stored item but those with a change still waiting.
/// The first sync fetches the newest `firstPages` pages; older items come
/// as the reader scrolls past them (`fetchOlder`, `max_id`).
///
/// Nothing stored is lost when a call fails: what was written stays, the
/// changes not yet taken stay queued, and the next sync goes on from
/// there. Each step is its own transaction, off the main thread.
public struct FeverSync: Sendable {
    public let store: FeedStore
    public let account: FeverAccount
    public let client: FeverClient
    /// Pages of 50 newest items the first sync fetches.
    public var firstPages = 4
    /// Unread and starred items the server has and the store not (older
    /// than what the syncs brought) fetched a sync at most, newest first
    /// (`with_ids`, 50 a call): the Unread and Starred views show them
    /// without scrolling All items back that far.
    public var markedLimit = 1_000
    /// Where the feeds' icons (the server's favicons) are written, each a
    /// file its subscription's `iconURL` names; nil: none fetched.
    public var iconFolder: URL?

    public init(store: FeedStore, account: FeverAccount, client: FeverClient) {
        self.store = store
        self.account = account
        self.client = client
    }

    /// What one sync did.
    public struct Report: Equatable, Sendable {
        /// Changes made here that the server took.
        public var sent = 0
        /// The account's feeds.
        public var feeds = 0
        public var stored = FeedStore.Stored()
        /// Stored items whose read or starred mark the server changed.
        public var marksChanged = 0
    }

    /// One sync; throws the first failure (recorded on the account) after
    /// keeping everything done before it.
    @discardableResult
    public func sync(now: Date = Date()) async throws -> Report {
        do {
            var report = Report()
            report.sent = try await sendPending()
            let server = try await client.subscriptions()
            let subscriptions = try await store.syncSubscriptions(of: account, with: server, now: now)
            report.feeds = subscriptions.count
            try await syncIcons(of: server.feeds, in: subscriptions)
            report.stored = try await fetchNewer(into: subscriptions, now: now)
            let unread = try await client.unreadItemIDs()
            let saved = try await client.savedItemIDs()
            // Sent again: a change made while the lists came would be
            // undone by them otherwise (it waits, so it is kept either way).
            report.sent += try await sendPending()
            report.marksChanged = try await store.applyServerMarks(of: account.id, unread: unread, saved: saved)
            report.stored = report.stored + (try await fetchMarked(unread.union(saved), into: subscriptions, now: now))
            try await store.recordSync(of: account.id, at: now, failure: nil)
            return report
        } catch {
            if !(error is CancellationError) {
                try? await store.recordSync(of: account.id, at: now, failure: FeedError(describing: error))
            }
            throw error
        }
    }

    /// The items of `ids` not stored yet, newest first, `markedLimit` at
    /// most (`with_ids`), stored.
    private func fetchMarked(_ ids: Set<FeverID>, into subscriptions: [FeverID: Subscription.ID],
                             now: Date) async throws -> FeedStore.Stored {
        let missing = try await store.feverItemsNotStored(ids, of: account.id).sorted(by: >).prefix(markedLimit)
        guard !missing.isEmpty else { return FeedStore.Stored() }
        let items = try await client.items(ids: Array(missing))
        return try await store.storeFeverItems(items, of: account.id, in: subscriptions, now: now, widening: false)
    }

    /// Sends the changes waiting, oldest first, each removed once the
    /// server took it; stops at the first failure (the rest wait for the
    /// next time). A change to an item the server no longer has is dropped.
    public func sendPending() async throws -> Int {
        var sent = 0
        for mark in try await store.pendingMarks(of: account.id) {
            do {
                switch mark.target {
                case .item: try await client.mark(item: mark.remoteID, as: mark.mark)
                case .feed: try await client.markRead(feed: mark.remoteID, before: mark.before ?? Date())
                }
                sent += 1
            } catch let error as FeedError where error.kind == .notFound {
                // Gone from the server: nothing left to mark.
            }
            try await store.removePendingMark(mark)
        }
        return sent
    }

    /// Writes the feeds' icons that are not in `iconFolder` yet (one
    /// `favicons` call, only then) and names each in its subscription.
    private func syncIcons(of feeds: [FeverFeed], in subscriptions: [FeverID: Subscription.ID]) async throws {
        guard let iconFolder else { return }
        let files = FileManager.default
        func file(_ icon: FeverID) -> URL { iconFolder.appendingPathComponent("\(account.id)-\(icon).icon") }
        let wanted = feeds.compactMap { feed in feed.faviconID.map { (feed: feed.id, icon: $0) } }
        if wanted.contains(where: { !files.fileExists(atPath: file($0.icon).path) }) {
            let icons = try await client.favicons()
            try? files.createDirectory(at: iconFolder, withIntermediateDirectories: true)
            for (_, icon) in wanted where !files.fileExists(atPath: file(icon).path) {
                try? icons[icon]?.write(to: file(icon), options: .atomic)
            }
        }
        var named: [Subscription.ID: URL] = [:]
        for (feed, icon) in wanted where files.fileExists(atPath: file(icon).path) {
            if let subscription = subscriptions[feed] { named[subscription] = file(icon) }
        }
        try await store.setIcons(named)
    }

    /// One page of items older than those stored (`max_id`), for a reader
    /// who scrolled past them; returns how many were new (0, and the
    /// account marked as having reached the oldest, when there are none).
    public func fetchOlder(now: Date = Date()) async throws -> Int {
        let current = try await store.feverAccount(account.id) ?? account
        guard !current.reachedOldest else { return 0 }
        let page = try await client.items(before: current.oldestRemoteID ?? FeverID.max)
        guard !page.items.isEmpty else {
            try await store.recordReachedOldest(of: account.id)
            return 0
        }
        let subscriptions = try await store.feverSubscriptions(of: account.id)
        return try await store.storeFeverItems(page.items, of: account.id, in: subscriptions, now: now).added
    }

    /// The items newer than the newest stored, by `since_id` until a page
    /// comes back short; on the first sync, the newest `firstPages` pages
    /// first. (Storing them widens what the account records as fetched.)
    private func fetchNewer(into subscriptions: [FeverID: Subscription.ID], now: Date) async throws -> FeedStore.Stored {
        var total = FeedStore.Stored()
        func keep(_ items: [FeverItem]) async throws {
            total = total + (try await store.storeFeverItems(items, of: account.id, in: subscriptions, now: now))
        }
        if try await store.feverAccount(account.id)?.newestRemoteID == nil {
            var below = FeverID.max
            for _ in 0..<firstPages {
                let page = try await client.items(before: below)
                try await keep(page.items)
                guard let lowest = page.items.map(\.id).min() else {
                    try await store.recordReachedOldest(of: account.id)
                    break
                }
                below = lowest
            }
        }
        var newest = try await store.feverAccount(account.id)?.newestRemoteID
        while let after = newest {
            let page = try await client.items(after: after)
            try await keep(page.items)
            guard page.isFull, let highest = page.items.map(\.id).max(), highest > after else { break }
            newest = highest
        }
        return total
    }
}
