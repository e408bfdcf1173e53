import Foundation

/// GitHub repository search, most stars first.
///
/// Pages follow the `Link` header's `rel="next"`. GitHub serves only the
/// first 1,000 results of a search (asking beyond answers 422), so paging
/// ends cleanly there. `api` may be a GitHub Enterprise base URL. A token,
/// when given, goes in the Authorization header and nowhere else: not in
/// cursors, errors or logs.
public struct GitHubSearchSource: FeedSource {
    public static let resultCap = 1000
    public static let pageSize = 30

    public let query: String
    public let api: URL
    public let http: HTTPClient
    private let token: String?

    public init(query: String, api: URL = FeedSpec.gitHubAPI, token: String? = nil, http: HTTPClient) {
        self.query = query
        self.api = api
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.http = http
    }

    public var displayName: String { FeedSpec.gitHubSearch(query: query, api: api).title }

    public var firstPageURL: URL {
        let url = api.apiEndpoint("/search/repositories", query: [
            URLQueryItem(name: "q", value: query),
            URLQueryItem(name: "sort", value: "stars"),
            URLQueryItem(name: "order", value: "desc"),
            URLQueryItem(name: "per_page", value: String(Self.pageSize)),
            URLQueryItem(name: "page", value: "1"),
        ])
        // "+" is a space to GitHub's query parser: encode a literal one.
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }

    public func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        let url = try cursor.map(WebCursor.url) ?? firstPageURL
        var headers = ["Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = try await http.get(url, headers: headers)
        let page = try GitHubSearchParser.parse(response.body)
        var next = response.header("link").flatMap { LinkHeader.parse($0, base: response.url)["next"] }
        if let url = next, Self.isBeyondCap(url) { next = nil }
        return FeedPage(items: page.items, next: page.items.isEmpty ? nil : next.map(WebCursor.make),
                        feedTitle: displayName)
    }

    /// Whether the page at `url` starts past the 1,000 results GitHub serves.
    static func isBeyondCap(_ url: URL) -> Bool {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let page = items.last(where: { $0.name == "page" })?.value.flatMap(Int.init) else { return false }
        let perPage = items.last(where: { $0.name == "per_page" })?.value.flatMap(Int.init) ?? 30
        return (page - 1) * perPage >= resultCap
    }
}

extension GitHubSearchSource: PageAheadSource {
    /// The page after the one at `cursor` (a page's address, as GitHub's
    /// `Link` header gives it): the same address with the next page
    /// number; nil past the 1,000 results GitHub serves.
    public func cursor(after cursor: PageCursor) -> PageCursor? {
        guard let url = try? WebCursor.url(cursor),
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let index = components.queryItems?.lastIndex(where: { $0.name == "page" }),
              let page = components.queryItems?[index].value.flatMap(Int.init) else { return nil }
        // Rebuilt from the encoded query, so the address reads as GitHub writes it.
        let encoded = (components.percentEncodedQuery ?? "").split(separator: "&", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("page=") ? "page=\(page + 1)" : String($0) }
        components.percentEncodedQuery = encoded.joined(separator: "&")
        guard let next = components.url, !Self.isBeyondCap(next) else { return nil }
        return WebCursor.make(next)
    }
}
