import Foundation

/// A whole feed document, parsed: what a local file or a single web document
/// holds before it is cut into pages.
public struct FeedDocument: Sendable {
    public var title: String
    public var items: [FeedItem]
    /// JSON Feed's `next_url`: where the feed's following document is.
    public var nextURL: URL?
    /// The feed's own picture for a list of feeds, when it declares one:
    /// Atom's `<icon>` (else `<logo>`), RSS's `<image><url>`, JSON Feed's
    /// `favicon` (else `icon`); resolved against where the feed came from.
    public var iconURL: URL?

    public init(title: String, items: [FeedItem], nextURL: URL? = nil, iconURL: URL? = nil) {
        self.title = title
        self.items = items
        self.nextURL = nextURL
        self.iconURL = iconURL
    }
}

/// Reads JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1).
///
/// Lenient where the spec allows and readers expect it (a missing summary is
/// taken from the content, an item without an id falls back to its URL);
/// strict where guessing would be wrong (not JSON, not a JSON Feed).
public enum JSONFeedParser {
    /// `baseURL`: where the document came from, for a relative `next_url`.
    public static func parse(_ data: Data, baseURL: URL? = nil) throws(FeedError) -> FeedDocument {
        let raw = try JSONDecoding.decode(RawFeed.self, from: data, reason: "This isn't a valid JSON Feed")
        guard raw.version?.hasPrefix("https://jsonfeed.org/version/") ?? false else {
            throw FeedError("This isn't a JSON Feed", kind: .notAFeed, detail: "the \"version\" field is missing or unknown")
        }
        var items: [FeedItem] = []
        items.reserveCapacity(raw.items.count)
        for (index, rawItem) in raw.items.enumerated() {
            items.append(item(from: rawItem, index: index, baseURL: baseURL))
        }
        return FeedDocument(
            title: PlainText.line(raw.title ?? "", limit: PlainText.titleLimit),
            items: ItemIdentity.distinct(items),
            nextURL: raw.next_url.flatMap { resolve($0, baseURL) },
            // `favicon` is the one made for a list of feeds (small, square);
            // `icon` is larger, for a timeline.
            iconURL: [raw.favicon, raw.icon].lazy.compactMap { $0.flatMap { webAddress($0, baseURL) } }.first
        )
    }

    /// An address in the feed, relative ones against where the feed came
    /// from ("avatars/ana.png" beside a local feed file).
    private static func resolve(_ text: String, _ baseURL: URL?) -> URL? {
        URL(string: text, relativeTo: baseURL)?.absoluteURL
    }

    /// A picture's address, when it resolves to http, https or a file
    /// (not `data:` or `javascript:`).
    private static func webAddress(_ text: String, _ baseURL: URL?) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, let url = resolve(trimmed, baseURL),
              let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) else { return nil }
        return url
    }

    private static func item(from raw: RawItem, index: Int, baseURL: URL?) -> FeedItem {
        let content = raw.content_text ?? raw.content_html.map(PlainText.fromHTML)
        let summarySource = raw.summary ?? content ?? ""
        let link = raw.url.flatMap(URL.init(string:))
        return FeedItem(
            id: raw.id?.value ?? raw.url ?? "item-\(index)",
            title: PlainText.title(raw.title, text: content ?? raw.summary),
            summary: PlainText.line(summarySource, limit: PlainText.summaryLimit),
            content: content,
            contentHTML: raw.content_text == nil ? raw.content_html : nil,
            author: (raw.authors?.first ?? raw.author)?.name.map { PlainText.line($0, limit: 80) },
            date: (raw.date_published ?? raw.date_modified).flatMap(parseDate),
            link: link,
            imageURL: (raw.image ?? raw.banner_image).flatMap { resolve($0, baseURL) },
            avatarURL: (raw.authors?.first ?? raw.author)?.avatar.flatMap { resolve($0, baseURL) },
            imageSize: raw._feedline.flatMap { ImageSize(width: $0.image_width, height: $0.image_height) },
            imageBlurhash: raw._feedline?.blurhash?.value
        )
    }

    /// RFC 3339, and the other ways feeds and APIs write dates
    /// (`FeedDates`).
    static func parseDate(_ text: String) -> Date? {
        FeedDates.parse(text)
    }

    // The document as JSON Feed spells it.
    private struct RawFeed: Decodable {
        var version: String?
        var title: String?
        var next_url: String?
        var icon: String?
        var favicon: String?
        var items: [RawItem]
    }

    private struct RawItem: Decodable {
        var id: LenientString?
        var url: String?
        var title: String?
        var summary: String?
        var content_text: String?
        var content_html: String?
        var image: String?
        var banner_image: String?
        var date_published: String?
        var date_modified: String?
        var authors: [RawAuthor]?
        var author: RawAuthor?  // JSON Feed 1.0
        /// Feedline's extension (JSON Feed allows `_` keys): the size of
        /// `image` and its blurhash, which JSON Feed does not say.
        var _feedline: RawExtension?
    }

    private struct RawExtension: Decodable {
        var image_width: Int?
        var image_height: Int?
        var blurhash: LenientBlurhash?
    }

    private struct RawAuthor: Decodable {
        var name: String?
        var avatar: String?
    }
}

/// A `blurhash` as feeds and APIs give it (JSON Feed's `_feedline`,
/// Mastodon's media): one that isn't a valid hash, or isn't even a string,
/// is no preview, never a broken item.
struct LenientBlurhash: Decodable {
    var value: Blurhash?

    init(from decoder: any Decoder) throws {
        value = (try? decoder.singleValueContainer().decode(String.self)).flatMap(Blurhash.init)
    }
}
