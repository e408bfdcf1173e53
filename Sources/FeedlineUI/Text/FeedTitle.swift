import FeedCore

/// What to call a feed before its first page says better, in the reader's
/// language. FeedCore makes the same names in English (`FeedSpec.title`,
/// kept in feeds.json as a feed's saved title until its page names it);
/// these are the ones shown.
enum FeedTitle {
    /// "GNOME Help", "mastodon.social · Federated", "#swift on
    /// mastodon.social", "GitHub: language:swift", "Hacker News"; a file's
    /// name or a web feed's host as they are.
    static func made(for spec: FeedSpec) -> String {
        switch spec {
        case .sample:
            return L("GNOME Help")
        case .document:
            return spec.title
        case .mastodon(let instance, let timeline):
            let host = instance.serverName
            switch timeline {
            // Translators: a Mastodon server's federated timeline: "mastodon.social · Federated".
            case .federated: return Localization.format(L("%s · Federated"), host)
            // Translators: a Mastodon server's local timeline: "mastodon.social · Local".
            case .local: return Localization.format(L("%s · Local"), host)
            // Translators: a hashtag's timeline: "#swift on mastodon.social".
            case .tag(let tag): return Localization.format(L("#%1$s on %2$s"), tag, host)
            }
        case .gitHubSearch(let query, _):
            // Translators: a GitHub search as a feed: "GitHub: language:swift".
            return Localization.format(L("GitHub: %s"), query)
        case .hackerNews:
            return L("Hacker News")
        case .fever(let endpoint, _, let feed):
            // Translators: a feed of a Fever account before its name is known: "rss.example.org feed 12".
            return Localization.format(L("%1$s feed %2$d"), endpoint.serverName, Int(feed))
        }
    }

    /// A saved title as shown: the made name in the reader's language when
    /// it is FeedCore's English one, else the title as saved (the feed's own).
    static func shown(_ title: String, of spec: FeedSpec) -> String {
        title == spec.title ? made(for: spec) : title
    }
}
