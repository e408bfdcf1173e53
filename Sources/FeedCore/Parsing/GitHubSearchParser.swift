import Foundation

/// One page of GitHub repository search results.
public struct GitHubSearchPage: Sendable {
    public var items: [FeedItem]
    public var totalCount: Int
    public var incompleteResults: Bool
}

/// Reads GitHub's `/search/repositories` answer. A row shows a repository
/// as: title = owner/name, summary = its description, facts = its stars
/// and language (on a line of their own, so a long description never
/// pushes them out of the row), byline = owner and last update.
public enum GitHubSearchParser {
    public static func parse(_ data: Data) throws(FeedError) -> GitHubSearchPage {
        let raw = try JSONDecoding.decodeAnswer(Results.self, from: data, reason: "This isn't a GitHub search result",
                                                service: "GitHub")
        return GitHubSearchPage(items: try raw.items.readable("repositories").map(item), totalCount: raw.total_count ?? 0,
                                incompleteResults: raw.incomplete_results ?? false)
    }

    private static func item(_ repository: Repository) -> FeedItem {
        let facts = ItemFacts(stars: repository.stargazers_count,
                              language: repository.language.map { PlainText.line($0, limit: 60) })
        return FeedItem(
            id: "github-\(repository.id.value)",
            title: PlainText.line(repository.full_name ?? repository.name ?? "Repository", limit: PlainText.titleLimit),
            summary: PlainText.line(repository.description ?? "", limit: PlainText.summaryLimit),
            content: repository.description,
            author: repository.owner?.login.map { PlainText.line($0, limit: 80) },
            date: repository.updated_at.flatMap(JSONFeedParser.parseDate),
            link: repository.html_url.flatMap(URL.init(string:)),
            avatarURL: repository.owner?.avatar_url.flatMap(URL.init(string:)),
            details: facts.map { PostDetails(facts: $0) })
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
