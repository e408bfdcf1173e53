import Foundation

/// A whole feed document, parsed: what a local file or a single web document
/// holds before it is cut into pages.
public struct FeedDocument: Sendable {
    public var title: String
    public var items: [FeedItem]
    /// JSON Feed's `next_url`: where the feed's following document is.
    public var nextURL: URL?

    public init(title: String, items: [FeedItem], nextURL: URL? = nil) {
        self.title = title
        self.items = items
        self.nextURL = nextURL
    }
}

/// Reads JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1).
///
/// Lenient where the spec allows and readers expect it (a missing summary is
/// taken from the content, an item without an id falls back to its URL);
/// strict where guessing would be wrong (not JSON, not a JSON Feed).
public enum JSONFeedParser {
    public static func parse(_ data: Data) throws(FeedError) -> FeedDocument {
        let raw: RawFeed
        do {
            raw = try JSONDecoder().decode(RawFeed.self, from: data)
        } catch let error as DecodingError {
            throw FeedError("This isn't a valid JSON Feed", detail: describe(error))
        } catch {
            throw FeedError("This isn't a valid JSON Feed", detail: "\(error)")
        }
        guard raw.version?.hasPrefix("https://jsonfeed.org/version/") ?? false else {
            throw FeedError("This isn't a JSON Feed", detail: "the \"version\" field is missing or unknown")
        }
        var items: [FeedItem] = []
        items.reserveCapacity(raw.items.count)
        for (index, rawItem) in raw.items.enumerated() {
            items.append(item(from: rawItem, index: index))
        }
        return FeedDocument(
            title: PlainText.line(raw.title ?? "", limit: PlainText.titleLimit),
            items: items,
            nextURL: raw.next_url.flatMap(URL.init(string:))
        )
    }

    private static func item(from raw: RawItem, index: Int) -> FeedItem {
        let content = raw.content_text ?? raw.content_html.map(PlainText.fromHTML)
        let summarySource = raw.summary ?? content ?? ""
        let link = raw.url.flatMap(URL.init(string:))
        return FeedItem(
            id: raw.id?.value ?? raw.url ?? "item-\(index)",
            title: PlainText.line(raw.title ?? "", limit: PlainText.titleLimit),
            summary: PlainText.line(summarySource, limit: PlainText.summaryLimit),
            content: content,
            author: (raw.authors?.first ?? raw.author)?.name.map { PlainText.line($0, limit: 80) },
            date: raw.date_published.flatMap(parseDate),
            link: link,
            imageURL: (raw.image ?? raw.banner_image).flatMap(URL.init(string:))
        )
    }

    /// RFC 3339 with or without fractional seconds.
    static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            return "not JSON: \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
        return keys.isEmpty ? "the top level" : keys.joined()
    }

    // The document as JSON Feed spells it.
    private struct RawFeed: Decodable {
        var version: String?
        var title: String?
        var next_url: String?
        var items: [RawItem]
    }

    private struct RawItem: Decodable {
        var id: LenientID?
        var url: String?
        var title: String?
        var summary: String?
        var content_text: String?
        var content_html: String?
        var image: String?
        var banner_image: String?
        var date_published: String?
        var authors: [RawAuthor]?
        var author: RawAuthor?  // JSON Feed 1.0
    }

    private struct RawAuthor: Decodable {
        var name: String?
    }

    /// JSON Feed says ids are strings; some feeds write numbers.
    private struct LenientID: Decodable {
        var value: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) {
                value = string
            } else {
                value = String(try container.decode(Int.self))
            }
        }
    }
}
