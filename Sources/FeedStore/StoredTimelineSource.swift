import FeedCore
import Foundation

/// A stored timeline as a source the endless list pages through (All
/// items, Unread, Starred, a folder's or one subscription's), newest first
/// by keyset.
///
/// For one subscription whose feed gives older pages (RFC 5005 next
/// links, Mastodon's Link header, GitHub and Hacker News pages), when its
/// stored items run out the next pages come from the network: each is
/// stored (and the feed's older cursor moved past it) and shown as the
/// feed gives it, so the reader never sees the seam, whatever the items'
/// dates say (items of one date across two pages, undated items, a feed
/// not in date order would otherwise sort above the place reached and be
/// skipped). A network failure fails the page; Retry asks for the same
/// place again. The next time the feed opens, those items come from the
/// store.
///
/// A subscription with nothing stored that was never updated (just added,
/// imported, named on the command line) or whose last update failed gets
/// its first page from the network too: it is stored, the update recorded
/// with where the older pages start, and the page shown from the store.
/// A failure is recorded as the feed's (the sidebar shows it) and fails
/// the page; Retry, or opening it again, asks the network again.
///
/// Cursors name a place in the store ("published id", `TimelineCursor`),
/// or, past the stored items, a place in the feed ("network B CURSOR":
/// the feed's own cursor, and B, the time undated items of the pages
/// from there are stored at, just below those shown before them, so that
/// they come back in the same order from the store).
public struct StoredTimelineSource: FeedSource {
    public let store: FeedStore
    public let scope: TimelineScope
    public let pageSize: Int
    /// The subscription's own source, for its older pages (nil: the
    /// store's items are all there is).
    public let network: (any FeedSource)?
    /// Stores older items from elsewhere when the stored ones run out (a
    /// Fever account's older pages, `FeverSync.fetchOlder`), returning how
    /// many it added (0: there are no more); nil: none.
    public let older: (@Sendable () async throws -> Int)?
    public let displayName: String
    /// Items in the first page at most: a screenful and some. GTK 4.8's
    /// list view makes a row widget for every item it has (up to 200),
    /// so the first page's size is what the first frame builds; the next
    /// page comes as soon as the list is scrolled near its end.
    public static let firstPageLimit = 20
    /// Keyset pages never repeat an item. An item whose date changed in an
    /// update may move below the place reached and come again: checked
    /// against the latest items (a few pages' worth), since a stored
    /// timeline may be a million items long.
    public var repeatsWithin: Int? { 2_000 }

    /// Network pages fetched at most for one page of the timeline (a feed
    /// whose pages are empty but link on moves on without end).
    static let networkPagesPerPage = 4

    public init(store: FeedStore, scope: TimelineScope, displayName: String, pageSize: Int = 50,
                network: (any FeedSource)? = nil, older: (@Sendable () async throws -> Int)? = nil) {
        self.store = store
        self.scope = scope
        self.displayName = displayName
        self.pageSize = pageSize
        self.network = network
        self.older = older
    }

    /// The cursor of a first page that starts with the item `item` (as a
    /// stored timeline names it), for a view restored where the reader
    /// was; the items above it come as the list grows upward
    /// (`newerPage`). An item no longer stored starts at the top.
    public static func cursor(startingAt item: String) -> PageCursor {
        PageCursor(startPrefix + item)
    }

    static let startPrefix = "at "

    public func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        var position: TimelineCursor?
        var isFirst = cursor == nil
        if let cursor {
            if cursor.rawValue.hasPrefix(Self.startPrefix) {
                position = try await store.cursor(of: String(cursor.rawValue.dropFirst(Self.startPrefix.count)))?
                    .includingItself
                isFirst = true
            } else if let place = NetworkPlace(cursor) {
                return try await olderPage(from: place)
            } else {
                guard let place = TimelineCursor(cursor) else { throw FeedError.badCursor(cursor) }
                position = place
            }
        }
        let limit = isFirst ? min(pageSize, Self.firstPageLimit) : pageSize
        var page = try await store.page(of: scope, after: position, limit: limit)
        var feedTitle: String?
        if position == nil, page.items.isEmpty, let first = try await fetchFirstPage() {
            feedTitle = first.feedTitle
            page = try await store.page(of: scope, after: position, limit: limit)
        }
        // The stored items end here: older ones may come from an account,
        // stored, then read from the store below the same place (a few
        // pages of the account's at most, which may hold none of a feed's).
        var fetches = 0
        while !page.isFull, let older, fetches < Self.networkPagesPerPage, try await older() > 0 {
            fetches += 1
            page = try await store.page(of: scope, after: position, limit: limit)
        }
        guard case .subscription(let feed) = scope, network != nil, !page.isFull,
              let older = try await store.olderCursor(of: feed) else {
            return FeedPage(items: page.items, next: page.isFull ? page.last?.pageCursor : nil, feedTitle: feedTitle)
        }
        // The stored items end here; the feed's older pages go on.
        let bottom = (page.last ?? position).map(\.published) ?? Date().timeIntervalSince1970
        let place = NetworkPlace(cursor: older, undatedAt: bottom - 1)
        guard page.items.isEmpty else {
            return FeedPage(items: page.items, next: place.pageCursor, feedTitle: feedTitle)
        }
        var fetched = try await olderPage(from: place)
        fetched.feedTitle = feedTitle
        return fetched
    }

    /// The stored items just above `item` (the first the list shows).
    /// Items shown from the feed's network pages are never above stored
    /// ones: an item not stored (any more) has none above it.
    public func newerPage(above item: String, limit: Int) async throws -> NewerPage? {
        guard let place = try await store.cursor(of: item) else { return NewerPage(items: [], hasMore: false) }
        let page = try await store.newerPage(of: scope, above: place, limit: limit)
        return NewerPage(items: page.items, hasMore: page.isFull)
    }

    /// For a subscription with nothing stored, never updated or whose last
    /// update failed: its first page from the network, stored and
    /// recorded (a failure recorded too). Nil when there is nothing to do.
    private func fetchFirstPage() async throws -> FeedPage? {
        guard case .subscription(let feed) = scope, let network,
              let subscription = try await store.subscription(feed),
              subscription.lastUpdated == nil || subscription.failure != nil else { return nil }
        let first: FeedPage
        do {
            first = try await network.nextPage(after: nil)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try await store.recordUpdate(of: feed, at: Date(), failure: FeedError(describing: error))
            throw error
        }
        try Task.checkCancellation()
        _ = try await store.store(first.items, in: feed)
        try await store.recordUpdate(of: feed, at: Date(), olderCursor: first.next)
        return first
    }

    /// The feed's page at `place`, stored and shown as the feed gives it
    /// (its items named `network:ID` by their rows, apart from the rows
    /// shown from the store, with the rows' read and starred marks). Empty
    /// pages that link on are followed a few times.
    private func olderPage(from place: NetworkPlace) async throws -> FeedPage {
        guard case .subscription(let feed) = scope, let network else { throw FeedError.badCursor(place.pageCursor) }
        var place = place
        for _ in 0..<Self.networkPagesPerPage {
            try Task.checkCancellation()
            let page = try await network.nextPage(after: place.cursor)
            try Task.checkCancellation()
            _ = try await store.storeOlderPage(page, of: feed, now: Date(timeIntervalSince1970: place.undatedAt))
            let next = page.next.map { NetworkPlace(cursor: $0, undatedAt: place.undatedAt - 1) }
            if !page.items.isEmpty || next == nil {
                let rows = try await store.storedRows(of: page.items.map(\.id), in: feed)
                let items = page.items.map { item in
                    var shown = item
                    if let row = rows[item.id] {
                        shown.id = NetworkPlace.itemPrefix + String(row.id)
                        shown.isRead = row.isRead
                        shown.isStarred = row.isStarred
                    } else {
                        shown.id = NetworkPlace.itemPrefix + item.id
                    }
                    return shown
                }
                return FeedPage(items: items, next: next?.pageCursor)
            }
            place = next!
        }
        // Still nothing: say where to go on (paging's stall guard stops a
        // feed that never moves).
        return FeedPage(items: [], next: place.pageCursor)
    }
}

/// A place in a subscription's feed beyond its stored items.
struct NetworkPlace {
    static let prefix = "network "
    /// What the items of network pages are called in the list, before
    /// their row ids (`StoredItem.rowID` reads both names).
    static let itemPrefix = "network:"

    var cursor: PageCursor
    /// When undated items of the page are stored as published.
    var undatedAt: Double

    init(cursor: PageCursor, undatedAt: Double) {
        self.cursor = cursor
        self.undatedAt = undatedAt
    }

    init?(_ cursor: PageCursor) {
        guard cursor.rawValue.hasPrefix(Self.prefix) else { return nil }
        let parts = cursor.rawValue.dropFirst(Self.prefix.count).split(separator: " ", maxSplits: 1,
                                                                        omittingEmptySubsequences: false)
        guard parts.count == 2, let undatedAt = Double(parts[0]), undatedAt.isFinite, !parts[1].isEmpty else { return nil }
        self.init(cursor: PageCursor(String(parts[1])), undatedAt: undatedAt)
    }

    var pageCursor: PageCursor { PageCursor("\(Self.prefix)\(undatedAt) \(cursor.rawValue)") }
}
