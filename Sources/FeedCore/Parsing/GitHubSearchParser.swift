import Foundation

/// One page of GitHub repository search results.
public struct GitHubSearchPage: Sendable {
    public var items: [FeedItem]
    public var totalCount: Int
    public var incompleteResults: Bool
}

/// Reads GitHub's `/search/repositories` answer. A row shows a repository
/// as: title = owner/name, summary = its description with stars and
/// language ("A web framework · ★ 12,345 · Swift"), byline = owner and
/// last update.
public enum GitHubSearchParser {
    public static func parse(_ data: Data) throws(FeedError) -> GitHubSearchPage {
        let raw = try JSONDecoding.decodeAnswer(Results.self, from: data, reason: "This isn't a GitHub search result",
                                                service: "GitHub")
        return GitHubSearchPage(items: try raw.items.readable("repositories").map(item), totalCount: raw.total_count ?? 0,
                                incompleteResults: raw.incomplete_results ?? false)
    }

    private static func item(_ repository: Repository) -> FeedItem {
        let stars = repository.stargazers_count.map { "★ \($0.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))))" }
        let parts = [repository.description.map(PlainText.singleLine), stars, repository.language]
            .compactMap { $0 }.filter { !$0.isEmpty }
        return FeedItem(
            id: "github-\(repository.id.value)",
            title: PlainText.line(repository.full_name ?? repository.name ?? "Repository", limit: PlainText.titleLimit),
            summary: PlainText.line(parts.joined(separator: " · "), limit: PlainText.summaryLimit),
            content: repository.description,
            author: repository.owner?.login.map { PlainText.line($0, limit: 80) },
            date: repository.updated_at.flatMap(JSONFeedParser.parseDate),
            link: repository.html_url.flatMap(URL.init(string:)),
            avatarURL: repository.owner?.avatar_url.flatMap(URL.init(string:)))
    }

    private struct Results: Decodable {
        var total_count: Int?
        var incomplete_results: Bool?
        var items: Lenient<Repository>
    }

    private struct Repository: Decodable {
        var id: LenientString
        var name: String?
        var full_name: String?
        var html_url: String?
        var description: String?
        var stargazers_count: Int?
        var language: String?
        var updated_at: String?
        var owner: Owner?
    }

    private struct Owner: Decodable {
        var login: String?
        var avatar_url: String?
    }
}
