import Foundation

/// Hacker News' newest stories, through the Algolia search API
/// (`/api/v1/search_by_date?tags=story`).
///
/// Pages are numbered from 0 and `nbPages` ends the feed. New stories
/// arrive all the time, which would shift every later page; so the first
/// page pins the list at its newest story (`created_at_i<=T`) and later
/// pages ask within that pin: nothing shifts, nothing is skipped. The
/// cursor holds the page number and the pin: "2@1700000000".
public struct HackerNewsSource: FeedSource {
    public static let pageSize = 30

    public let api: URL
    public let http: HTTPClient

    public init(api: URL = FeedSpec.hackerNewsAPI, http: HTTPClient) {
        self.api = api
        self.http = http
    }

    public var displayName: String { "Hacker News" }

    func pageURL(_ page: Int, pinnedAt pin: Int?) -> URL {
        var query = [
            URLQueryItem(name: "tags", value: "story"),
            URLQueryItem(name: "hitsPerPage", value: String(Self.pageSize)),
            URLQueryItem(name: "page", value: String(page)),
        ]
        if let pin { query.append(URLQueryItem(name: "numericFilters", value: "created_at_i<=\(pin)")) }
        return api.apiEndpoint("/api/v1/search_by_date", query: query)
    }

    public func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        var page = 0
        var pin: Int?
        if let cursor {
            let parts = cursor.rawValue.split(separator: "@")
            guard parts.count == 2, let number = Int(parts[0]), number > 0, let time = Int(parts[1]) else {
                throw FeedError.badCursor(cursor)
            }
            (page, pin) = (number, time)
        }
        let response = try await http.get(pageURL(page, pinnedAt: pin), headers: ["Accept": "application/json"])
        let result = try HackerNewsParser.parse(response.body)
        let newest = pin ?? result.items.compactMap(\.date).max().map { Int($0.timeIntervalSince1970) }
        let hasMore = !result.items.isEmpty && page + 1 < result.pageCount
        let next = hasMore ? newest.map { PageCursor("\(page + 1)@\($0)") } : nil
        return FeedPage(items: result.items, next: next, feedTitle: displayName)
    }
}

extension HackerNewsSource: PageAheadSource {
    /// The next page number within the same pin: pages are numbered, so
    /// several can be asked for at once.
    public func cursor(after cursor: PageCursor) -> PageCursor? {
        let parts = cursor.rawValue.split(separator: "@")
        guard parts.count == 2, let number = Int(parts[0]), number > 0 else { return nil }
        return PageCursor("\(number + 1)@\(parts[1])")
    }
}
