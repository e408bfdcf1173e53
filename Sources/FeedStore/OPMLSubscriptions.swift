import FeedCore
import Foundation

/// Subscriptions in and out of OPML subscription lists.
///
/// The rule it keeps: an export imports back as the same subscriptions,
/// names, sites and folders, in sidebar order (`OPMLFeeds` maps each kind
/// of feed to an outline and back). Feed documents are written as every
/// reader writes them (`type="rss"`, their address in `xmlUrl`).
/// Feedline's own kinds have a type of their own and an address that
/// says everything about them, so Feedline reads them back as they were
/// and other readers skip them or, for a Mastodon hashtag, read its RSS:
///
/// | feed                  | type                   | xmlUrl                                                    |
/// |-----------------------|------------------------|-----------------------------------------------------------|
/// | the bundled sample    | `feedline-sample`      | the sample file (any address reads back as the sample)    |
/// | Mastodon, federated   | `feedline-mastodon`    | `INSTANCE/api/v1/timelines/public`                        |
/// | Mastodon, local       | `feedline-mastodon`    | `INSTANCE/api/v1/timelines/public?local=true`             |
/// | Mastodon, a hashtag   | `feedline-mastodon`    | `INSTANCE/tags/TAG.rss` (Mastodon's RSS of the tag)        |
/// | GitHub search         | `feedline-github`      | `API/search/repositories?q=QUERY&sort=stars&order=desc`   |
/// | Hacker News           | `feedline-hacker-news` | `API/api/v1/search_by_date?tags=story`                    |
///
/// The layout (list or grid) has no place in OPML and is not exported.
public enum OPMLFeeds {
    public static let documentType = "rss"
    public static let sampleType = "feedline-sample"
    public static let mastodonType = "feedline-mastodon"
    public static let gitHubType = "feedline-github"
    public static let hackerNewsType = "feedline-hacker-news"

    /// The feed an outline names; nil when it is one of Feedline's own
    /// kinds whose address can't be read (or a kind this version doesn't
    /// know). Any other type is a feed document.
    public static func spec(of outline: OPMLSubscription) -> FeedSpec? {
        let address = outline.address
        switch outline.type?.lowercased() {
        case sampleType:
            return .sample
        case mastodonType:
            return mastodon(address)
        case gitHubType:
            guard let (api, query) = split(address, suffix: "/search/repositories"),
                  let text = query.first(where: { $0.name == "q" })?.value, !text.isEmpty else { return nil }
            return .gitHubSearch(query: text, api: api)
        case hackerNewsType:
            return split(address, suffix: "/api/v1/search_by_date").map { .hackerNews(api: $0.base) }
        case let type? where type.hasPrefix("feedline-"):
            return nil
        default:
            return .document(address)
        }
    }

    /// The outline for a subscription. `sampleFile`: where the bundled
    /// sample is, written as its address.
    public static func outline(for subscription: Subscription, sampleFile: URL) -> OPMLSubscription {
        let (address, type) = address(of: subscription.spec, sampleFile: sampleFile)
        return OPMLSubscription(address: address, title: subscription.title, siteAddress: subscription.siteURL,
                                folder: subscription.folder, type: type)
    }

    /// The address and type written for `spec`.
    static func address(of spec: FeedSpec, sampleFile: URL) -> (URL, String) {
        switch spec {
        case .sample:
            return (sampleFile, sampleType)
        case .document(let url):
            return (url, documentType)
        case .mastodon(let instance, .federated):
            return (joining(instance, "/api/v1/timelines/public"), mastodonType)
        case .mastodon(let instance, .local):
            return (joining(instance, "/api/v1/timelines/public", query: [URLQueryItem(name: "local", value: "true")]),
                    mastodonType)
        case .mastodon(let instance, .tag(let tag)):
            return (joining(instance, "/tags/\(tag).rss"), mastodonType)
        case .gitHubSearch(let query, let api):
            return (joining(api, "/search/repositories", query: [
                URLQueryItem(name: "q", value: query), URLQueryItem(name: "sort", value: "stars"),
                URLQueryItem(name: "order", value: "desc"),
            ]), gitHubType)
        case .hackerNews(let api):
            return (joining(api, "/api/v1/search_by_date", query: [URLQueryItem(name: "tags", value: "story")]),
                    hackerNewsType)
        case .fever(let endpoint, _, _):
            // Not exported (`exportSubscriptions`): the account's address.
            return (endpoint, documentType)
        }
    }

    private static func mastodon(_ address: URL) -> FeedSpec? {
        if let (instance, query) = split(address, suffix: "/api/v1/timelines/public") {
            let local = query.contains { $0.name == "local" && $0.value == "true" }
            return .mastodon(instance: instance, timeline: local ? .local : .federated)
        }
        guard let components = URLComponents(url: address, resolvingAgainstBaseURL: false),
              let range = components.path.range(of: "/tags/", options: .backwards),
              components.path.hasSuffix(".rss"),
              let tag = FeedAddress.hashtag(String(components.path[range.upperBound...].dropLast(4))),
              let (instance, _) = split(address, suffix: "/tags/\(tag).rss") else { return nil }
        return .mastodon(instance: instance, timeline: .tag(tag))
    }

    /// `base` (an instance or API, which may have a path of its own) with
    /// `path` after it.
    private static func joining(_ base: URL, _ path: String, query: [URLQueryItem] = []) -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return base }
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = basePath + path
        components.queryItems = query.isEmpty ? nil : query
        components.fragment = nil
        return components.url ?? base
    }

    /// The base before `suffix` (the address's path must end with it) and
    /// the query; nil when the path doesn't end so.
    private static func split(_ address: URL, suffix: String) -> (base: URL, query: [URLQueryItem])? {
        guard var components = URLComponents(url: address, resolvingAgainstBaseURL: false),
              components.path.hasSuffix(suffix), components.host?.isEmpty == false else { return nil }
        let query = components.queryItems ?? []
        components.path = String(components.path.dropLast(suffix.count))
        components.query = nil
        components.fragment = nil
        return components.url.map { ($0, query) }
    }

    /// One string for every spelling of one feed: scheme and host in lower
    /// case, no fragment or default port; for Feedline's own kinds the
    /// instance's or API's path without a final `/`. Two specs with the
    /// same key are the same subscription.
    static func key(_ spec: FeedSpec) -> String {
        switch spec {
        case .sample: "sample"
        case .document(let url): "document " + key(url, trimmingSlash: false)
        case .mastodon(let instance, let timeline): "mastodon \(key(instance, trimmingSlash: true)) \(timeline)"
        case .gitHubSearch(let query, let api): "github \(key(api, trimmingSlash: true)) \(query)"
        case .hackerNews(let api): "hackernews " + key(api, trimmingSlash: true)
        case .fever(let endpoint, let user, let feed): "fever \(key(endpoint, trimmingSlash: true)) \(user) \(feed)"
        }
    }

    private static func key(_ url: URL, trimmingSlash: Bool) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        let scheme = parts.scheme?.lowercased()
        parts.scheme = scheme
        parts.percentEncodedHost = parts.percentEncodedHost?.lowercased()
        parts.fragment = nil
        if (scheme == "http" && parts.port == 80) || (scheme == "https" && parts.port == 443) { parts.port = nil }
        if trimmingSlash, parts.percentEncodedPath.hasSuffix("/") { parts.percentEncodedPath.removeLast() }
        if !trimmingSlash, parts.percentEncodedPath.isEmpty, parts.host != nil { parts.percentEncodedPath = "/" }
        return parts.string ?? url.absoluteString
    }
}

extension FeedStore {
    /// What `importSubscriptions` did.
    public struct Imported: Equatable, Sendable {
        /// Subscriptions new to the store.
        public var added = 0
        /// Feeds of the list the store already follows (they keep their
        /// names and folders).
        public var alreadyThere = 0
        /// Entries of the list that named a feed named before in it.
        public var duplicatesMerged = 0
        /// Entries left out, and why.
        public var problems: [OPMLProblem] = []
        /// The list's feeds as subscriptions, new or found, in list order.
        public var subscriptions: [Subscription.ID] = []

        public init(added: Int = 0, alreadyThere: Int = 0, duplicatesMerged: Int = 0, problems: [OPMLProblem] = [],
                    subscriptions: [Subscription.ID] = []) {
            self.added = added
            self.alreadyThere = alreadyThere
            self.duplicatesMerged = duplicatesMerged
            self.problems = problems
            self.subscriptions = subscriptions
        }
    }

    /// Subscribes to every feed of `list` not followed yet, in one
    /// transaction, at the end of the sidebar with the list's names,
    /// sites and folders. A feed the store follows already, under any
    /// spelling of its address, stays as it is.
    public func importSubscriptions(_ list: OPMLImport, now: Date = Date()) async throws -> Imported {
        var known: [String: FeedSpec] = [:]
        for subscription in try await subscriptions() {
            known[OPMLFeeds.key(subscription.spec)] = known[OPMLFeeds.key(subscription.spec)] ?? subscription.spec
        }
        var result = Imported(duplicatesMerged: list.duplicatesMerged, problems: list.problems)
        var feeds: [NewSubscription] = []
        var seen: Set<String> = []
        for outline in list.subscriptions {
            guard let spec = OPMLFeeds.spec(of: outline) else {
                result.problems.append(OPMLProblem(title: outline.title, address: outline.address.absoluteString,
                                                   reason: .unusableAddress))
                continue
            }
            let key = OPMLFeeds.key(spec)
            guard seen.insert(key).inserted else {
                result.duplicatesMerged += 1
                continue
            }
            feeds.append(NewSubscription(known[key] ?? spec, title: outline.title, folder: outline.folder,
                                         siteURL: outline.siteAddress))
        }
        let subscribed = try await subscribe(feeds, now: now)
        result.added = subscribed.added
        result.alreadyThere = feeds.count - subscribed.added
        result.subscriptions = subscribed.subscriptions
        return result
    }

    /// Every subscription as an outline, in sidebar order (`OPMLFeeds`);
    /// `OPMLWriter` writes them.
    public func exportSubscriptions(sampleFile: URL) async throws -> [OPMLSubscription] {
        // A Fever account's feeds live on its server, which exports them.
        try await subscriptions().filter { !$0.spec.isFeverFeed }.map { OPMLFeeds.outline(for: $0, sampleFile: sampleFile) }
    }
}
