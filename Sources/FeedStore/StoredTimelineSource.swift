import FeedCore
import Foundation

/// A stored timeline as a source the endless list pages through: All
/// items, or one subscription's, newest first by keyset.
///
/// For one subscription whose feed gives older pages (RFC 5005 next
/// links, Mastodon's Link header, GitHub and Hacker News pages), when its
/// stored items run out the next page comes from the network, is stored,
/// and paging goes on from the store: the reader never sees the seam. A
/// network failure fails the page; Retry asks for the same place again.
///
/// A subscription never updated, with nothing stored (just added, or
/// named on the command line), gets its first page from the network too:
/// it is stored, the update recorded with where the older pages start,
/// and the page shown from the store. If that fails, nothing is recorded,
/// so Retry (or opening it again) asks the network again.
public struct StoredTimelineSource: FeedSource {
    public let store: FeedStore
    public let scope: TimelineScope
    public let pageSize: Int
    /// The subscription's own source, for its older pages (nil: the
    /// store's items are all there is).
    public let network: (any FeedSource)?
    public let displayName: String
    /// Network pages fetched at most for one page of the timeline (a feed
    /// whose pages all hold items already stored moves on without end).
    static let networkPagesPerPage = 4

    public init(store: FeedStore, scope: TimelineScope, displayName: String, pageSize: Int = 50,
                network: (any FeedSource)? = nil) {
        self.store = store
        self.scope = scope
        self.displayName = displayName
        self.pageSize = pageSize
        self.network = network
    }

    public func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        var position: TimelineCursor?
        if let cursor {
            guard let place = TimelineCursor(cursor) else { throw FeedError.badCursor(cursor) }
            position = place
        }
        var page = try await store.page(of: scope, after: position, limit: pageSize)
        var feedTitle: String?
        if case .subscription(let feed) = scope, let network, cursor == nil, page.items.isEmpty,
           try await store.subscription(feed)?.lastUpdated == nil {
            let first = try await network.nextPage(after: nil)
            try Task.checkCancellation()
            _ = try await store.store(first.items, in: feed)
            try await store.recordUpdate(of: feed, at: Date(), olderCursor: first.next)
            feedTitle = first.feedTitle
            page = try await store.page(of: scope, after: position, limit: pageSize)
        }
        if case .subscription(let feed) = scope, let network, !page.isFull {
            var fetched = 0
            while !page.isFull, fetched < Self.networkPagesPerPage, let older = try await store.olderCursor(of: feed) {
                try Task.checkCancellation()
                let older = try await network.nextPage(after: older)
                fetched += 1
                _ = try await store.storeOlderPage(older, of: feed)
                page = try await store.page(of: scope, after: position, limit: pageSize)
            }
            if !page.isFull, try await store.olderCursor(of: feed) != nil, let last = page.last ?? position {
                // Still short, and the network has more: say where to go on.
                return FeedPage(items: page.items, next: last.pageCursor, feedTitle: feedTitle)
            }
        }
        return FeedPage(items: page.items, next: page.isFull ? page.last?.pageCursor : nil, feedTitle: feedTitle)
    }
}
