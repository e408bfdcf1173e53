/// Where the next page of a feed starts. Opaque to everyone but the source
/// that made it: an offset for a local document, a URL for a web API.
public struct PageCursor: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

/// One page as a source returns it.
public struct FeedPage: Sendable {
    public var items: [FeedItem]
    /// The cursor of the page after this one, or nil at the end of the feed.
    public var next: PageCursor?
    /// The feed's own title, when the source knows it.
    public var feedTitle: String?

    public init(items: [FeedItem], next: PageCursor?, feedTitle: String? = nil) {
        self.items = items
        self.next = next
        self.feedTitle = feedTitle
    }
}
