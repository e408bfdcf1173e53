import Foundation

/// One page of Hacker News stories from the Algolia search API.
public struct HackerNewsPage: Sendable {
    public var items: [FeedItem]
    /// 0-based.
    public var page: Int
    /// `nbPages`: pages at or past it do not exist.
    public var pageCount: Int
}

/// Reads Algolia's `/api/v1/search_by_date` answer. A row shows a story
/// as: title, summary = "123 points · 45 comments · example.com", byline =
/// author and date. Stories without a link (Ask HN) link to their
/// discussion.
public enum HackerNewsParser {
    public static func parse(_ data: Data) throws(FeedError) -> HackerNewsPage {
        let raw = try JSONDecoding.decodeAnswer(Results.self, from: data, reason: "This isn't a Hacker News search result",
                                                service: "Hacker News search")
        return HackerNewsPage(items: try raw.hits.readable("stories").map(item), page: raw.page ?? 0,
                              pageCount: raw.nbPages ?? 0)
    }

    private static func item(_ hit: Hit) -> FeedItem {
        let discussion = URL(string: "https://news.ycombinator.com/item?id=\(hit.objectID.value)")
        let link = hit.url.flatMap(URL.init(string:)).flatMap { $0.scheme == nil ? nil : $0 } ?? discussion
        let host = hit.url.flatMap(URL.init(string:))?.host.map { $0.hasPrefix("www.") ? String($0.dropFirst(4)) : $0 }
        let counts = [hit.points.map { $0 == 1 ? "1 point" : "\($0) points" },
                      hit.num_comments.map { $0 == 1 ? "1 comment" : "\($0) comments" }, host]
        let date = hit.created_at_i.map { Date(timeIntervalSince1970: TimeInterval($0)) }
            ?? hit.created_at.flatMap(JSONFeedParser.parseDate)
        return FeedItem(
            id: "hn-\(hit.objectID.value)",
            title: PlainText.line(hit.title ?? hit.story_title ?? "Untitled story", limit: PlainText.titleLimit),
            summary: counts.compactMap { $0 }.joined(separator: " · "),
            content: hit.story_text.map(PlainText.fromHTML),
            contentHTML: hit.story_text,
            author: hit.author.map { PlainText.line($0, limit: 80) },
            date: date,
            link: link)
    }

    private struct Results: Decodable {
        var hits: Lenient<Hit>
        var page: Int?
        var nbPages: Int?
    }

    private struct Hit: Decodable {
        var objectID: LenientString
        var title: String?
        var story_title: String?
        var url: String?
        var author: String?
        var points: Int?
        var num_comments: Int?
        var created_at: String?
        var created_at_i: Int?
        var story_text: String?
    }
}
