import Foundation

/// A Mastodon timeline: public (federated), local, or one hashtag.
///
/// Pages follow ONLY the `Link` header's `rel="next"` (which carries
/// `max_id`), as Mastodon asks; ids in the body are never used to build
/// the next address. The cursor is that next address.
public struct MastodonSource: FeedSource {
    public static let pageLimit = 40

    public let instance: URL
    public let timeline: MastodonTimeline
    public let http: HTTPClient

    public init(instance: URL, timeline: MastodonTimeline, http: HTTPClient) {
        self.instance = instance
        self.timeline = timeline
        self.http = http
    }

    public var displayName: String { FeedSpec.mastodon(instance: instance, timeline: timeline).title }

    /// The timeline's first page.
    public var firstPageURL: URL {
        let limit = URLQueryItem(name: "limit", value: String(Self.pageLimit))
        switch timeline {
        case .federated:
            return instance.apiEndpoint("/api/v1/timelines/public", query: [limit])
        case .local:
            return instance.apiEndpoint("/api/v1/timelines/public", query: [limit, URLQueryItem(name: "local", value: "true")])
        case .tag(let tag):
            return instance.apiEndpoint("/api/v1/timelines/tag/" + tag, query: [limit])
        }
    }

    public func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        let url = try cursor.map(WebCursor.url) ?? firstPageURL
        let response = try await http.get(url, headers: ["Accept": "application/json"])
        let items = try MastodonTimelineParser.parse(response.body)
        let next = response.header("link").flatMap { LinkHeader.parse($0, base: response.url)["next"] }
        // An empty page is the end, whatever the links say.
        return FeedPage(items: items, next: items.isEmpty ? nil : next.map(WebCursor.make),
                        feedTitle: displayName)
    }
}
