import Foundation

/// One entry of a feed: a post, a story, a repository, a help topic.
///
/// Text fields are plain text (never markup) and already trimmed to sizes a
/// row can show; `content` keeps the full text for a reader view.
public struct FeedItem: Sendable, Hashable, Identifiable {
    /// Stable and unique within its feed; paging de-duplicates by it.
    public var id: String
    public var title: String
    public var summary: String
    public var content: String?
    public var author: String?
    public var date: Date?
    public var link: URL?
    public var imageURL: URL?
    /// A content warning (Mastodon's `spoiler_text`): shown instead of the
    /// summary until the reader expands the row.
    public var contentWarning: String?
    /// Who shared the item into this feed (a Mastodon boost), when not its
    /// author.
    public var sharedBy: String?
    /// A small picture of the author (a Mastodon or GitHub avatar).
    public var avatarURL: URL?

    public init(
        id: String,
        title: String,
        summary: String = "",
        content: String? = nil,
        author: String? = nil,
        date: Date? = nil,
        link: URL? = nil,
        imageURL: URL? = nil,
        contentWarning: String? = nil,
        sharedBy: String? = nil,
        avatarURL: URL? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.content = content
        self.author = author
        self.date = date
        self.link = link
        self.imageURL = imageURL
        self.contentWarning = contentWarning
        self.sharedBy = sharedBy
        self.avatarURL = avatarURL
    }
}
