import Foundation

/// Turns a `FeedSpec` into the source that pages it.
public struct FeedSourceFactory: Sendable {
    /// Where the bundled sample feed is.
    public var sampleFile: URL
    /// Items per page of a document cut into pages (files, single feeds).
    public var pageSize: Int
    /// The HTTP client every web source shares.
    public var http: HTTPClient
    /// GitHub's token (from `GITHUB_TOKEN`), for a higher rate limit.
    public var gitHubToken: String?

    public init(sampleFile: URL, pageSize: Int = 20, http: HTTPClient, gitHubToken: String? = nil) {
        self.sampleFile = sampleFile
        self.pageSize = pageSize
        self.http = http
        self.gitHubToken = gitHubToken
    }

    public func source(for spec: FeedSpec) -> any FeedSource {
        switch spec {
        case .sample:
            return LocalFeedSource(file: sampleFile, pageSize: pageSize)
        case .document(let url) where url.isFileURL:
            return LocalFeedSource(file: url, pageSize: pageSize)
        case .document(let url):
            return WebDocumentSource(url: url, pageSize: pageSize, http: http)
        case .mastodon(let instance, let timeline):
            return MastodonSource(instance: instance, timeline: timeline, http: http)
        case .gitHubSearch(let query, let api):
            return GitHubSearchSource(query: query, api: api, token: gitHubToken, http: http)
        case .hackerNews(let api):
            return HackerNewsSource(api: api, http: http)
        case .fever:
            return FeverFeedSource(displayName: spec.title)
        }
    }
}
