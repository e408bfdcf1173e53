import Foundation

/// Which feed to open: what the command line, the feed switcher and the
/// saved feed list name. Turned into a `FeedSource` by `FeedSourceFactory`.
public enum FeedSpec: Hashable, Sendable {
    /// The bundled sample feed (GNOME Help), which works offline.
    case sample
    /// A feed document: a local file or a web address (JSON Feed, RSS or
    /// Atom, told apart by content).
    case document(URL)
    /// A Mastodon timeline of `instance` (e.g. https://mastodon.social).
    case mastodon(instance: URL, timeline: MastodonTimeline)
    /// GitHub repository search, most stars first. `api` is the REST API's
    /// base URL (https://api.github.com, or a GitHub Enterprise one).
    case gitHubSearch(query: String, api: URL)
    /// Hacker News' newest stories through the Algolia search API at `api`.
    case hackerNews(api: URL)
    /// A feed of a Fever API account (FreshRSS, Miniflux, Tiny Tiny RSS,
    /// coldsweat): the API's address, the account's user name and the
    /// server's id of the feed. Its items come through the account's sync,
    /// never from the feed itself.
    case fever(endpoint: URL, user: String, feed: Int64)

    /// Whether this is a feed of a Fever account (updated by its sync).
    public var isFeverFeed: Bool {
        if case .fever = self { true } else { false }
    }

    public static let gitHubAPI = URL(string: "https://api.github.com")!
    public static let hackerNewsAPI = URL(string: "https://hn.algolia.com")!

    /// A name for the feed before its first page says better.
    public var title: String {
        switch self {
        case .sample:
            return "GNOME Help"
        case .document(let url):
            if url.isFileURL { return url.deletingPathExtension().lastPathComponent }
            return url.serverName
        case .mastodon(let instance, let timeline):
            let host = instance.serverName
            switch timeline {
            case .federated: return "\(host) · Federated"
            case .local: return "\(host) · Local"
            case .tag(let tag): return "#\(tag) on \(host)"
            }
        case .gitHubSearch(let query, _):
            return "GitHub: \(query)"
        case .hackerNews:
            return "Hacker News"
        case .fever(let endpoint, _, let feed):
            return "\(endpoint.serverName) feed \(feed)"
        }
    }
}

/// The Mastodon timelines Feedline can show.
public enum MastodonTimeline: Hashable, Sendable {
    /// Everything the instance knows of (`/api/v1/timelines/public`).
    case federated
    /// Posts from the instance's own users (`?local=true`).
    case local
    /// One hashtag, without the "#".
    case tag(String)
}
