import FeedCore
import Foundation

/// Brings subscriptions up to date from their feeds: every one, or one.
///
/// The rule it keeps: each subscription is updated on its own, at most
/// `maxConcurrent` at a time (six by default), off the caller's thread,
/// and one that fails (a server error, garbage, a timeout) is recorded as
/// failed and never stops or delays the others beyond its own HTTP
/// limits. How one subscription is fetched and stored is `FeedFetch`'s.
/// After the updates, retention (the store's settings) removes what is no
/// longer kept.
///
/// Cost: one request per subscription (a web document's is conditional,
/// so an unchanged feed costs a 304 and one small write); the items of a
/// changed feed are stored in one transaction, rows that did not change
/// left unwritten. The timer that calls this every 30 minutes is the UI's.
public struct FeedUpdater: Sendable {
    /// Subscriptions fetched at once, unless told otherwise.
    public static let standardConcurrency = 6

    public let store: FeedStore
    /// Makes each subscription's source; its `http` client makes the
    /// conditional requests of web documents.
    public let sources: FeedSourceFactory
    public let maxConcurrent: Int

    public init(store: FeedStore, sources: FeedSourceFactory, maxConcurrent: Int = standardConcurrency) {
        precondition(maxConcurrent > 0, "at least one at a time")
        self.store = store
        self.sources = sources
        self.maxConcurrent = maxConcurrent
    }

    /// Updates every subscription once (but a Fever account's feeds, which
    /// its sync updates: `FeverSync`). `onEach` hears each one as it
    /// finishes (on the updating task, in no set order), for a UI to show
    /// progress. Throws only when the store can't list the subscriptions,
    /// and `CancellationError` when the calling task is cancelled (what
    /// finished before stays stored).
    public func updateAll(now: Date = Date(),
                          onEach: (@Sendable (UpdateReport.Entry) -> Void)? = nil) async throws -> UpdateReport {
        try await update(try await store.subscriptions().filter { !$0.spec.isFeverFeed }, now: now, onEach: onEach)
    }

    /// Updates one subscription (a report of none when it is gone).
    public func update(_ id: Subscription.ID, now: Date = Date()) async throws -> UpdateReport {
        try await update(try await store.subscription(id).map { [$0] } ?? [], now: now, onEach: nil)
    }

    /// Updates `subscriptions`, `maxConcurrent` at a time; the report
    /// lists them in the order given.
    public func update(_ subscriptions: [Subscription], now: Date = Date(),
                       onEach: (@Sendable (UpdateReport.Entry) -> Void)? = nil) async throws -> UpdateReport {
        let counts = try await store.itemCounts()
        var entries = [UpdateReport.Entry?](repeating: nil, count: subscriptions.count)
        try await withThrowingTaskGroup(of: (Int, UpdateReport.Entry).self) { group in
            var next = 0
            func start(_ index: Int) {
                let fetch = FeedFetch(store: store, sources: sources, subscription: subscriptions[index],
                                      isFirst: counts[subscriptions[index].id] == nil, now: now)
                group.addTask { (index, try await fetch.run()) }
            }
            while next < min(maxConcurrent, subscriptions.count) {
                start(next)
                next += 1
            }
            // One finishes, the next starts: never more than maxConcurrent.
            while let (index, entry) = try await group.next() {
                entries[index] = entry
                onEach?(entry)
                if next < subscriptions.count {
                    start(next)
                    next += 1
                }
            }
        }
        try Task.checkCancellation()
        var report = UpdateReport(entries: entries.compactMap { $0 })
        if !subscriptions.isEmpty {
            report.removedByRetention = try await store.applyRetention(try await store.settings().retention, now: now)
        }
        return report
    }
}

/// What an update did, subscription by subscription.
public struct UpdateReport: Equatable, Sendable {
    /// How one subscription's update went.
    public enum Outcome: Equatable, Sendable {
        /// The feed answered in full; its items were stored (new ones
        /// added, changed ones updated in place).
        case updated(FeedStore.Stored)
        /// The server said the feed hasn't changed since last time (304):
        /// nothing was read or stored.
        case notModified
        /// The update failed; the subscription records why.
        case failed(FeedError)
    }

    public struct Entry: Equatable, Sendable {
        public var subscription: Subscription.ID
        /// The subscription's name when the update started.
        public var title: String
        /// Its feed when the update started.
        public var feed: FeedSpec
        public var outcome: Outcome
        /// Where the subscription's feed lives from now on, when a
        /// permanent redirect (301, 308) moved it in this update.
        public var movedTo: FeedSpec?

        public init(subscription: Subscription.ID, title: String, feed: FeedSpec, outcome: Outcome,
                    movedTo: FeedSpec? = nil) {
            self.subscription = subscription
            self.title = title
            self.feed = feed
            self.outcome = outcome
            self.movedTo = movedTo
        }

        /// The feed is read from this computer (the bundled sample, a
        /// file): its update needs no network.
        public var isLocal: Bool {
            switch feed {
            case .sample: true
            case .document(let url): url.isFileURL
            case .mastodon, .gitHubSearch, .hackerNews, .fever: false
            }
        }
    }

    public var entries: [Entry]
    /// Items retention removed after the update.
    public var removedByRetention = 0

    public init(entries: [Entry] = [], removedByRetention: Int = 0) {
        self.entries = entries
        self.removedByRetention = removedByRetention
    }

    /// Items stored for the first time, across every subscription.
    public var newItems: Int {
        entries.reduce(0) { total, entry in
            if case .updated(let stored) = entry.outcome { return total + stored.added }
            return total
        }
    }

    /// Items already stored that changed, updated in place.
    public var changedItems: Int {
        entries.reduce(0) { total, entry in
            if case .updated(let stored) = entry.outcome { return total + stored.updated }
            return total
        }
    }

    /// Subscriptions whose server said nothing changed.
    public var notModified: Int {
        entries.count { $0.outcome == .notModified }
    }

    /// The subscriptions that failed, with why.
    public var failures: [(entry: Entry, error: FeedError)] {
        entries.compactMap { entry in
            if case .failed(let error) = entry.outcome { return (entry, error) }
            return nil
        }
    }

    /// The update reached none of its feeds: every feed on the network
    /// failed (offline, say), or, when none is on the network, every
    /// feed. Feeds read from this computer need no network, so their
    /// success doesn't count against an update that reached no server.
    /// False for an update of nothing.
    public var reachedNothing: Bool {
        let remote = entries.filter { !$0.isLocal }
        let counted = remote.isEmpty ? entries : remote
        return !counted.isEmpty && counted.allSatisfy {
            if case .failed = $0.outcome { return true }
            return false
        }
    }
}
