import Foundation

/// One entry of a feed: a post, a story, a repository, a help topic.
///
/// Text fields are plain text (never markup) and already trimmed to sizes a
/// row can show; `content` keeps the full text for a reader view.
public struct FeedItem: Sendable, Hashable, Identifiable {
    // The 16-byte fields first (strings, URLs, the Blurhash, which is a
    // string), then the one 8-byte reference to the rarer details, the
    // two 9-byte ones, and the two flags last: Swift lays fields out in
    // this order, and this one leaves no padding between them (a list of
    // 100,000 items holds 100,000 of these; an item without details pays
    // 8 bytes for them; the flags sit where the stride's padding was).

    /// Stable and unique within its feed; paging de-duplicates by it.
    public var id: String
    public var title: String
    public var summary: String
    public var content: String?
    /// The content as the feed wrote it, when that was HTML: what the
    /// reader view renders as rich text (through `RichText`, which keeps a
    /// safe subset). Never shown as markup; nil for plain-text content.
    public var contentHTML: String?
    public var author: String?
    public var link: URL?
    public var imageURL: URL?
    /// The feed's blurred preview of the image, shown while it loads and
    /// when it can't be had.
    public var imageBlurhash: Blurhash?
    /// A content warning (Mastodon's `spoiler_text`): shown instead of the
    /// summary until the reader expands the row.
    public var contentWarning: String?
    /// Who shared the item into this feed (a Mastodon boost), when not its
    /// author.
    public var sharedBy: String?
    /// A small picture of the author (a Mastodon or GitHub avatar).
    public var avatarURL: URL?
    /// What the item carries beyond text (media kind, poll, custom emoji,
    /// sensitive media, facts), held by reference: nil for most items.
    private var detailsBox: DetailsBox?
    public var date: Date?
    /// The image's size as the feed declares it (for its aspect ratio,
    /// before the image itself arrives), when it does.
    public var imageSize: ImageSize?
    /// The reader has read it (items from the store; false for others).
    public var isRead: Bool
    /// The reader starred it (items from the store; false for others).
    public var isStarred: Bool

    public init(
        id: String,
        title: String,
        summary: String = "",
        content: String? = nil,
        contentHTML: String? = nil,
        author: String? = nil,
        date: Date? = nil,
        link: URL? = nil,
        imageURL: URL? = nil,
        contentWarning: String? = nil,
        sharedBy: String? = nil,
        avatarURL: URL? = nil,
        imageSize: ImageSize? = nil,
        imageBlurhash: Blurhash? = nil,
        details: PostDetails? = nil,
        isRead: Bool = false,
        isStarred: Bool = false
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.content = content
        self.contentHTML = contentHTML
        self.author = author
        self.date = date
        self.link = link
        self.imageURL = imageURL
        self.contentWarning = contentWarning
        self.sharedBy = sharedBy
        self.avatarURL = avatarURL
        self.imageSize = imageSize
        self.imageBlurhash = imageBlurhash
        self.isRead = isRead
        self.isStarred = isStarred
        self.details = details
    }

    /// What the item carries beyond its text; nil (and nothing stored)
    /// when that is nothing.
    public var details: PostDetails? {
        get { detailsBox?.value }
        set { detailsBox = newValue.flatMap { $0.isEmpty ? nil : DetailsBox($0) } }
    }

    /// The item's media is sensitive: hidden until the reader asks.
    public var sensitiveMedia: Bool { detailsBox?.value.sensitiveMedia ?? false }
    public var media: MediaAttachment? { detailsBox?.value.media }
    public var poll: Poll? { detailsBox?.value.poll }
    /// Custom emoji of the title and of the text (none for most items).
    public var titleEmoji: [CustomEmoji] { detailsBox?.value.titleEmoji ?? [] }
    public var textEmoji: [CustomEmoji] { detailsBox?.value.textEmoji ?? [] }
    public var facts: ItemFacts? { detailsBox?.value.facts }
}

/// Holds an item's details by reference (immutable: a change makes a new
/// box), compared and hashed by value.
private final class DetailsBox: Sendable, Hashable {
    let value: PostDetails
    init(_ value: PostDetails) { self.value = value }
    static func == (lhs: DetailsBox, rhs: DetailsBox) -> Bool { lhs === rhs || lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Pixel dimensions a feed gives for an image.
public struct ImageSize: Sendable, Hashable {
    public var width: Int32
    public var height: Int32

    /// nil unless both are positive.
    public init?(width: Int?, height: Int?) {
        guard let width, let height, width > 0, height > 0,
              let width32 = Int32(exactly: width), let height32 = Int32(exactly: height) else { return nil }
        self.width = width32
        self.height = height32
    }

    /// Height over width.
    public var aspect: Double { Double(height) / Double(width) }
}
