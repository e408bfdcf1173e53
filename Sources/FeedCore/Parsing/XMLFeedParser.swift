import Foundation

/// Reads RSS (0.9x, 1.0, 2.0) and Atom (1.0 and 0.3) into a `FeedDocument`,
/// as leniently as a careful reader should (see `XMLTreeNode.parse`):
/// a document that needed repair is read without a word unless nothing at
/// all could be read from it.
///
/// HTML in descriptions and content becomes plain text, and is kept as
/// `contentHTML` for the reader's rich text; titles are plain text (Atom's
/// `type="html"` ones are reduced to their words). Links prefer
/// `rel="alternate"` and are resolved against `xml:base` and the
/// document's own address. RFC 5005 `<atom:link rel="next">`, in an RSS
/// channel or an Atom feed, becomes `nextURL`; the feed's Atom `<icon>`
/// (else `<logo>`) or RSS `<image><url>` becomes `iconURL`.
public enum XMLFeedParser {
    static let atom = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let rss1 = "http://purl.org/rss/1.0/"
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let dublinCoreTerms = "http://purl.org/dc/terms/"
    static let media = "http://search.yahoo.com/mrss/"

    /// `charset`: the HTTP `Content-Type` charset, when there was one.
    public static func parse(_ data: Data, baseURL: URL? = nil, charset: String? = nil) throws(FeedError) -> FeedDocument {
        let root = try XMLTreeNode.parse(data, baseURL: baseURL, charset: charset)
        var document: FeedDocument
        switch (root.name.lowercased(), root.namespace) {
        case ("rss", _):
            guard let channel = root.child("channel") else {
                throw root.damage ?? FeedError("This RSS feed has no channel", kind: .notAFeed, detail: "<rss> without <channel>")
            }
            document = rss(channel: channel, items: items(in: root), baseURL: baseURL)
            document.iconURL = rssImage(channel.child("image"))
        case ("rdf", _):
            guard let channel = root.child("channel") else {
                throw root.damage ?? FeedError("This RSS feed has no channel", kind: .notAFeed, detail: "<rdf:RDF> without <channel>")
            }
            document = rss(channel: channel, items: items(in: root), baseURL: baseURL)
            // RSS 1.0 describes the image beside the channel.
            document.iconURL = rssImage(root.child("image") ?? channel.child("image"))
        case ("feed", atom), ("feed", atom03), ("feed", nil):
            document = atomFeed(root)
        case ("html", _):
            throw FeedError("This is a web page, not a feed", kind: .webPage, detail: "the document is HTML")
        default:
            throw root.damage ?? FeedError("This isn't a feed", kind: .notAFeed, detail: "an XML document whose root is <\(root.name)>")
        }
        if let damage = root.damage {
            // Repaired: keep what has something to show, and say nothing
            // unless that is nothing at all.
            document.items.removeAll { $0.title.isEmpty && $0.link == nil && ($0.content ?? "").isEmpty }
            if document.items.isEmpty { throw damage }
        }
        document.items = ItemIdentity.distinct(document.items)
        return document
    }

    /// RSS items, wherever a broken feed put them (inside other items,
    /// outside the channel), in document order.
    private static func items(in root: XMLTreeNode) -> [XMLTreeNode] {
        root.descendants("item").filter { $0.namespace == nil || $0.namespace == rss1 || $0.namespace == rss090 }
    }

    // MARK: RSS

    private static func rss(channel: XMLTreeNode, items: [XMLTreeNode], baseURL: URL?) -> FeedDocument {
        let parsed = items.enumerated().map { index, item -> FeedItem in
            let guid = item.child("guid")
            let guidText = item.text(of: "guid")
            let permalink = guid?.attributes["isPermaLink"]?.lowercased() != "false" ? guidText.flatMap(webURL) : nil
            let link = item.text(of: "link").flatMap { url($0, in: item) }
                ?? alternateLink(in: item, atomNamespace: atom)
                ?? permalink
            let html = item.text(of: "encoded", content) ?? item.text(of: "description")
            let text = html.map(PlainText.fromHTML)
            let title = item.text(of: "title").map(PlainText.fromHTML)
            let picture = image(in: item)
            return FeedItem(
                id: guidText ?? item.attributes["about"] ?? link?.absoluteString ?? "\(title ?? "item")-\(index)",
                title: PlainText.title(title, text: text),
                summary: PlainText.line(text ?? "", limit: PlainText.summaryLimit),
                content: text,
                contentHTML: html,
                author: rssAuthor(of: item).map { PlainText.line($0, limit: 80) },
                date: rssDate(of: item),
                link: link,
                imageURL: picture?.url,
                imageSize: picture?.size)
        }
        return FeedDocument(
            title: PlainText.line(channel.text(of: "title").map(PlainText.fromHTML) ?? "", limit: PlainText.titleLimit),
            items: parsed,
            nextURL: nextLink(in: channel))
    }

    /// `dc:creator`, `author` (an address or a name, or Atom-style
    /// `<name>` inside it), `itunes:author`.
    private static func rssAuthor(of item: XMLTreeNode) -> String? {
        item.text(of: "creator", dublinCore)
            ?? item.child("author").flatMap { $0.text(of: "name") ?? item.text(of: "author") }
            ?? item.text(of: "author")
    }

    private static func rssDate(of item: XMLTreeNode) -> Date? {
        let candidates = [item.text(of: "pubDate"), item.text(of: "date", dublinCore), item.text(of: "published", atom),
                          item.text(of: "updated", atom), item.text(of: "issued", dublinCoreTerms),
                          item.text(of: "modified", dublinCoreTerms)]
        return candidates.lazy.compactMap { $0.flatMap(FeedDates.parse) }.first
    }

    // MARK: Atom

    private static func atomFeed(_ feed: XMLTreeNode) -> FeedDocument {
        let namespace = feed.namespace
        // Looked up once, not for every entry without an author.
        let feedAuthor = feed.child("author")?.text(of: "name")
        let entries = feed.descendants("entry").filter { $0.namespace == namespace }
            .enumerated().map { index, entry -> FeedItem in
                let link = alternateLink(in: entry, atomNamespace: namespace)
                let title = entry.child("title").map(atomText)
                let body = entry.child("content") ?? entry.child("summary")
                let contentText = body.map(atomText)
                let summaryText = entry.child("summary").map(atomText) ?? contentText
                let dates = ["published", "updated", "issued", "modified", "created"].lazy
                let date = dates.compactMap { entry.text(of: $0).flatMap(FeedDates.parse) }.first
                let enclosure = entry.children("link").first {
                    $0.attributes["rel"] == "enclosure" && ($0.attributes["type"] ?? "").hasPrefix("image/")
                }
                let picture = enclosure == nil ? image(in: entry) : nil
                return FeedItem(
                    id: entry.text(of: "id") ?? link?.absoluteString ?? "\(title ?? "entry")-\(index)",
                    title: PlainText.title(title, text: contentText),
                    summary: PlainText.line(summaryText ?? "", limit: PlainText.summaryLimit),
                    content: contentText,
                    contentHTML: body.flatMap(atomHTML),
                    author: (entry.child("author")?.text(of: "name") ?? feedAuthor).map { PlainText.line($0, limit: 80) },
                    date: date,
                    link: link,
                    imageURL: enclosure.flatMap { link in link.attributes["href"].flatMap { url($0, in: link) } } ?? picture?.url,
                    imageSize: picture?.size)
            }
        return FeedDocument(
            title: PlainText.line(feed.child("title").map(atomText) ?? "", limit: PlainText.titleLimit),
            items: entries,
            nextURL: nextLink(in: feed),
            iconURL: picture(feed.child("icon", namespace)) ?? picture(feed.child("logo", namespace)))
    }

    private enum TextKind { case text, html, xhtml }

    /// Atom 1.0's `type` (`text`, `html`, `xhtml`) or Atom 0.3's `type`
    /// (a media type) and `mode` (`escaped` is HTML).
    private static func kind(of element: XMLTreeNode) -> TextKind {
        let type = element.attributes["type"]?.lowercased() ?? "text"
        if element.attributes["mode"]?.lowercased() == "escaped" { return .html }
        switch type {
        case "html", "text/html": return .html
        case "xhtml", "application/xhtml+xml": return .xhtml
        default: return .text
        }
    }

    /// An Atom text construct as plain text: `text` as is, `html` and
    /// `xhtml` reduced to their words.
    private static func atomText(_ element: XMLTreeNode) -> String {
        switch kind(of: element) {
        case .html: PlainText.fromHTML(element.text)
        case .xhtml: PlainText.singleLine(element.allText)
        case .text: element.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// An Atom content or summary as HTML, when it is HTML or XHTML.
    private static func atomHTML(_ element: XMLTreeNode) -> String? {
        switch kind(of: element) {
        case .html: element.text
        case .xhtml: element.innerMarkup
        case .text: nil
        }
    }

    // MARK: Shared

    /// The item's web page: the first `rel="alternate"` link (or one with
    /// no `rel`, which means the same), an HTML one first.
    private static func alternateLink(in element: XMLTreeNode, atomNamespace: String?) -> URL? {
        let alternates = element.children("link").filter {
            ($0.namespace == atomNamespace || $0.namespace == atom) && ($0.attributes["rel"] ?? "alternate") == "alternate"
                && $0.attributes["href"] != nil
        }
        let html = alternates.first { ($0.attributes["type"] ?? "text/html").hasPrefix("text/html") } ?? alternates.first
        return html.flatMap { url($0.attributes["href"] ?? "", in: $0) }
    }

    /// RSS's channel `<image>`: the address in its `<url>`.
    private static func rssImage(_ image: XMLTreeNode?) -> URL? {
        guard let image, let text = image.text(of: "url") else { return nil }
        return picture(text, in: image)
    }

    /// Atom's `<icon>` or `<logo>`: its text is the address.
    private static func picture(_ element: XMLTreeNode?) -> URL? {
        element.flatMap { picture($0.text, in: $0) }
    }

    /// A picture's address, resolved; nil unless http, https or a file
    /// (a feed's `data:` or `javascript:` is no icon).
    private static func picture(_ text: String, in element: XMLTreeNode) -> URL? {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, let address = url(text, in: element),
              let scheme = address.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) else { return nil }
        return address
    }

    /// RFC 5005's `<link rel="next">` (Atom namespace, or Atom's own).
    private static func nextLink(in element: XMLTreeNode) -> URL? {
        element.children("link").first { $0.namespace == atom && $0.attributes["rel"] == "next" }
            .flatMap { link in link.attributes["href"].flatMap { url($0, in: link) } }
    }

    /// An image for the item: an image enclosure, or Media RSS content or
    /// thumbnail, with its size when Media RSS gives one.
    private static func image(in item: XMLTreeNode) -> (url: URL, size: ImageSize?)? {
        let enclosure = item.children("enclosure").first { ($0.attributes["type"] ?? "").hasPrefix("image/") }
        let media = item.children("content", media).first { $0.attributes["medium"] == "image" || ($0.attributes["type"] ?? "").hasPrefix("image/") }
            ?? item.child("thumbnail", media)
            ?? item.child("group", media)?.child("thumbnail", media)
        guard let element = enclosure ?? media, let address = element.attributes["url"].flatMap({ url($0, in: element) })
        else { return nil }
        let size = ImageSize(width: element.attributes["width"].flatMap { Int($0) },
                             height: element.attributes["height"].flatMap { Int($0) })
        return (address, size)
    }

    /// `text` as an address, resolved against the element's base (its
    /// `xml:base`, else the document's address); an empty one is the base.
    private static func url(_ text: String, in element: XMLTreeNode) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let base = element.base.flatMap { URL(string: $0) }
        guard !trimmed.isEmpty else { return base?.absoluteURL }
        return URL(string: trimmed, relativeTo: base)?.absoluteURL
    }

    /// An http(s) address as it stands (a guid that is a permalink).
    private static func webURL(_ text: String) -> URL? {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }
        return URL(string: text)
    }
}
