import Foundation

/// Reads RSS 2.0 (and 1.0) and Atom (RFC 4287) into a `FeedDocument`.
///
/// HTML in descriptions and content becomes plain text; titles are plain
/// text (Atom's `type="html"` ones are reduced to their words). RFC 5005
/// `<atom:link rel="next">`, in an RSS channel or an Atom feed, becomes
/// `nextURL`, resolved against the document's own address.
public enum XMLFeedParser {
    static let atom = "http://www.w3.org/2005/Atom"
    static let rss1 = "http://purl.org/rss/1.0/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let media = "http://search.yahoo.com/mrss/"

    public static func parse(_ data: Data, baseURL: URL? = nil) throws(FeedError) -> FeedDocument {
        let root = try XMLTreeNode.parse(data)
        switch (root.name.lowercased(), root.namespace) {
        case ("rss", _):
            guard let channel = root.child("channel") else {
                throw FeedError("This RSS feed has no channel", detail: "<rss> without <channel>")
            }
            return rss(channel: channel, items: channel.children("item"), baseURL: baseURL)
        case ("rdf", _):
            guard let channel = root.child("channel") else {
                throw FeedError("This RSS feed has no channel", detail: "<rdf:RDF> without <channel>")
            }
            return rss(channel: channel, items: root.children("item"), baseURL: baseURL)
        case ("feed", atom), ("feed", nil):
            return atomFeed(root, baseURL: baseURL)
        case ("html", _):
            throw FeedError("This is a web page, not a feed", detail: "the document is HTML")
        default:
            throw FeedError("This isn't a feed", detail: "an XML document whose root is <\(root.name)>")
        }
    }

    // MARK: RSS

    private static func rss(channel: XMLTreeNode, items: [XMLTreeNode], baseURL: URL?) -> FeedDocument {
        let dates = RFC822Dates()
        let parsed = items.enumerated().map { index, item -> FeedItem in
            let link = item.text(of: "link").flatMap { url($0, baseURL) }
            let html = item.text(of: "encoded", content) ?? item.text(of: "description")
            let text = html.map(PlainText.fromHTML)
            let title = item.text(of: "title").map(PlainText.fromHTML)
            let id = item.text(of: "guid") ?? link?.absoluteString ?? "\(title ?? "item")-\(index)"
            let picture = image(in: item, baseURL: baseURL)
            return FeedItem(
                id: id,
                title: PlainText.line(title ?? "", limit: PlainText.titleLimit),
                summary: PlainText.line(text ?? "", limit: PlainText.summaryLimit),
                content: text,
                contentHTML: html,
                author: (item.text(of: "creator", dublinCore) ?? item.text(of: "author")).map { PlainText.line($0, limit: 80) },
                date: item.text(of: "pubDate").flatMap(dates.parse) ?? item.text(of: "date", dublinCore).flatMap(JSONFeedParser.parseDate),
                link: link,
                imageURL: picture?.url,
                imageSize: picture?.size)
        }
        return FeedDocument(
            title: PlainText.line(channel.text(of: "title").map(PlainText.fromHTML) ?? "", limit: PlainText.titleLimit),
            items: parsed,
            nextURL: nextLink(in: channel, baseURL: baseURL))
    }

    // MARK: Atom

    private static func atomFeed(_ feed: XMLTreeNode, baseURL: URL?) -> FeedDocument {
        let entries = feed.children("entry").enumerated().map { index, entry -> FeedItem in
            let links = entry.children("link")
            let alternate = links.first { ($0.attributes["rel"] ?? "alternate") == "alternate" }
            let link = alternate?.attributes["href"].flatMap { url($0, baseURL) }
            let title = entry.child("title").map(atomText)
            let contentText = (entry.child("content") ?? entry.child("summary")).map(atomText)
            let summaryText = entry.child("summary").map(atomText) ?? contentText
            let date = (entry.text(of: "published") ?? entry.text(of: "updated")).flatMap(JSONFeedParser.parseDate)
            let enclosure = links.first { $0.attributes["rel"] == "enclosure" && ($0.attributes["type"] ?? "").hasPrefix("image/") }
            let picture = enclosure == nil ? image(in: entry, baseURL: baseURL) : nil
            return FeedItem(
                id: entry.text(of: "id") ?? link?.absoluteString ?? "\(title ?? "entry")-\(index)",
                title: PlainText.line(title ?? "", limit: PlainText.titleLimit),
                summary: PlainText.line(summaryText ?? "", limit: PlainText.summaryLimit),
                content: contentText,
                author: (entry.child("author") ?? feed.child("author"))?.text(of: "name").map { PlainText.line($0, limit: 80) },
                date: date,
                link: link,
                imageURL: enclosure?.attributes["href"].flatMap { url($0, baseURL) } ?? picture?.url,
                imageSize: picture?.size)
        }
        return FeedDocument(
            title: PlainText.line(feed.child("title").map(atomText) ?? "", limit: PlainText.titleLimit),
            items: entries,
            nextURL: nextLink(in: feed, baseURL: baseURL))
    }

    /// An Atom text construct as plain text: `text` as is, `html` and
    /// `xhtml` reduced to their words.
    private static func atomText(_ element: XMLTreeNode) -> String {
        switch element.attributes["type"] ?? "text" {
        case "html": PlainText.fromHTML(element.text)
        case "xhtml": PlainText.singleLine(element.allText)
        default: element.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    // MARK: Shared

    /// RFC 5005's `<link rel="next">` (Atom namespace, or Atom's own).
    private static func nextLink(in element: XMLTreeNode, baseURL: URL?) -> URL? {
        element.children("link").first { $0.namespace == atom && $0.attributes["rel"] == "next" }
            .flatMap { $0.attributes["href"] }
            .flatMap { url($0, baseURL) }
    }

    /// An image for the item: an image enclosure, or Media RSS content or
    /// thumbnail, with its size when Media RSS gives one.
    private static func image(in item: XMLTreeNode, baseURL: URL?) -> (url: URL, size: ImageSize?)? {
        let enclosure = item.children("enclosure").first { ($0.attributes["type"] ?? "").hasPrefix("image/") }
        let media = item.children("content", media).first { $0.attributes["medium"] == "image" || ($0.attributes["type"] ?? "").hasPrefix("image/") }
            ?? item.child("thumbnail", media)
            ?? item.child("group", media)?.child("thumbnail", media)
        guard let element = enclosure ?? media, let address = element.attributes["url"].flatMap({ url($0, baseURL) })
        else { return nil }
        let size = ImageSize(width: element.attributes["width"].flatMap { Int($0) },
                             height: element.attributes["height"].flatMap { Int($0) })
        return (address, size)
    }

    private static func url(_ text: String, _ baseURL: URL?) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return URL(string: trimmed, relativeTo: baseURL)?.absoluteURL
    }
}

/// RSS dates (RFC 822 and the variants feeds really send: with or without
/// the weekday and the seconds, numeric zones or names like GMT and EST).
struct RFC822Dates {
    private let formatters: [DateFormatter]

    init() {
        // "yy", not "yyyy": it reads "2003" as is and RFC 822's "03" as
        // 2003, where "yyyy" would take "03" for the year 3.
        let formats = ["EEE, d MMM yy HH:mm:ss Z", "EEE, d MMM yy HH:mm:ss zzz", "EEE, d MMM yy HH:mm Z",
                       "EEE, d MMM yy HH:mm zzz", "d MMM yy HH:mm:ss Z", "d MMM yy HH:mm:ss zzz",
                       "d MMM yy HH:mm Z", "d MMM yy HH:mm zzz"]
        formatters = formats.map { format in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            return formatter
        }
    }

    func parse(_ text: String) -> Date? {
        let trimmed = PlainText.singleLine(text)
        for formatter in formatters {
            if let date = formatter.date(from: trimmed) { return date }
        }
        return JSONFeedParser.parseDate(trimmed)
    }
}
