import Foundation

/// The feeds a reader added, and the one open last: what the feed switcher
/// lists and what Feedline reopens at the next start.
public struct FeedLibrary: Equatable, Sendable {
    /// Feeds the reader added, in the order they were added. The bundled
    /// sample feed is always there and not listed.
    public private(set) var feeds: [SavedFeed] = []
    /// The feed open last, if the reader ever switched.
    public var lastOpened: FeedSpec?
    /// Feeds the reader chose to see in another layout than the list
    /// (any feed: added, the sample, or one from the command line).
    public private(set) var layouts: [FeedSpec: FeedLayout] = [:]
    /// Whether the reader view downloads the pictures inside an item's
    /// text (off, for privacy: their descriptions show instead).
    public var readerLoadsRemoteImages = true

    public init(feeds: [SavedFeed] = [], lastOpened: FeedSpec? = nil, layouts: [FeedSpec: FeedLayout] = [:],
                readerLoadsRemoteImages: Bool = true) {
        self.feeds = []
        feeds.forEach { add($0) }
        self.lastOpened = lastOpened
        self.layouts = layouts.filter { $0.value != .list }
        self.readerLoadsRemoteImages = readerLoadsRemoteImages
    }

    /// How `spec` is shown: as the reader last chose, a list at first.
    public func layout(of spec: FeedSpec) -> FeedLayout {
        layouts[spec] ?? .list
    }

    public mutating func setLayout(_ layout: FeedLayout, of spec: FeedSpec) {
        layouts[spec] = layout == .list ? nil : layout
    }

    /// Adds `feed`, or renames it when it is already there.
    public mutating func add(_ feed: SavedFeed) {
        if let index = feeds.firstIndex(where: { $0.spec == feed.spec }) {
            feeds[index].title = feed.title
        } else if feed.spec != .sample {
            feeds.append(feed)
        }
    }

    public mutating func remove(_ spec: FeedSpec) {
        feeds.removeAll { $0.spec == spec }
        if lastOpened == spec { lastOpened = nil }
        layouts[spec] = nil
    }
}

/// A feed in the library: what to open and what to call it.
public struct SavedFeed: Equatable, Sendable {
    public var spec: FeedSpec
    public var title: String

    public init(_ spec: FeedSpec, title: String? = nil) {
        self.spec = spec
        self.title = title.flatMap { $0.isEmpty ? nil : $0 } ?? spec.title
    }
}

// MARK: feeds.json

/// The library as `feeds.json` spells it: readable, and stable across
/// versions (`version` says which).
///
///     {"version": 1,
///      "feeds": [{"title": "#swift on mastodon.social", "kind": "mastodon",
///                 "instance": "https://mastodon.social", "timeline": "tag", "tag": "swift"}],
///      "lastOpened": {"kind": "hacker-news", "api": "https://hn.algolia.com"},
///      "layouts": [{"kind": "sample", "layout": "grid"}],
///      "readerRemoteImages": false}
///
/// `layouts` (absent in files of earlier versions of Feedline) lists only
/// the feeds not shown as a list; `readerRemoteImages` is written only
/// when off.
extension FeedLibrary: Codable {
    private enum Keys: String, CodingKey { case version, feeds, lastOpened, layouts, readerRemoteImages }
    public static let formatVersion = 1

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container, debugDescription: "unknown version \(version)")
        }
        let layouts = try container.decodeIfPresent([LayoutChoice].self, forKey: .layouts) ?? []
        self.init(feeds: try container.decode([SavedFeed].self, forKey: .feeds),
                  lastOpened: try container.decodeIfPresent(FeedSpec.self, forKey: .lastOpened),
                  layouts: Dictionary(layouts.map { ($0.spec, $0.layout) }) { _, last in last },
                  readerLoadsRemoteImages: try container.decodeIfPresent(Bool.self, forKey: .readerRemoteImages) ?? true)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encode(feeds, forKey: .feeds)
        try container.encodeIfPresent(lastOpened, forKey: .lastOpened)
        if !layouts.isEmpty {
            // Sorted, so saving the same library writes the same file.
            let choices = layouts.map { LayoutChoice(spec: $0.key, layout: $0.value) }
            try container.encode(choices.sorted { $0.sortKey < $1.sortKey }, forKey: .layouts)
        }
        if !readerLoadsRemoteImages { try container.encode(false, forKey: .readerRemoteImages) }
    }
}

/// One entry of `layouts` in feeds.json: the feed's fields and its layout.
private struct LayoutChoice: Codable {
    var spec: FeedSpec
    var layout: FeedLayout

    private enum Keys: String, CodingKey { case layout }

    init(spec: FeedSpec, layout: FeedLayout) {
        self.spec = spec
        self.layout = layout
    }

    init(from decoder: any Decoder) throws {
        spec = try FeedSpec(from: decoder)
        // A layout this version does not know (a later Feedline's) is a
        // list here, rather than a damaged file.
        let name = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .layout)
        layout = FeedLayout(rawValue: name) ?? .list
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(layout.rawValue, forKey: .layout)
        try spec.encode(to: encoder)
    }

    var sortKey: String { "\(spec.title) \(spec)" }
}

extension SavedFeed: Codable {
    private enum Keys: String, CodingKey { case title }

    public init(from decoder: any Decoder) throws {
        let spec = try FeedSpec(from: decoder)
        let title = try decoder.container(keyedBy: Keys.self).decodeIfPresent(String.self, forKey: .title)
        self.init(spec, title: title)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(title, forKey: .title)
        try spec.encode(to: encoder)
    }
}

extension FeedSpec: Codable {
    private enum Keys: String, CodingKey { case kind, url, instance, timeline, tag, query, api, user, feed }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        func url(_ key: Keys) throws -> URL {
            let text = try container.decode(String.self, forKey: key)
            guard let url = URL(string: text), url.scheme != nil else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                       debugDescription: "not an absolute URL: \(text)")
            }
            return url
        }
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "sample":
            self = .sample
        case "document":
            self = .document(try url(.url))
        case "mastodon":
            let timeline: MastodonTimeline
            switch try container.decode(String.self, forKey: .timeline) {
            case "federated": timeline = .federated
            case "local": timeline = .local
            case "tag": timeline = .tag(try container.decode(String.self, forKey: .tag))
            case let other:
                throw DecodingError.dataCorruptedError(forKey: .timeline, in: container,
                                                       debugDescription: "unknown timeline \(other)")
            }
            self = .mastodon(instance: try url(.instance), timeline: timeline)
        case "github-search":
            self = .gitHubSearch(query: try container.decode(String.self, forKey: .query), api: try url(.api))
        case "hacker-news":
            self = .hackerNews(api: try url(.api))
        case "fever":
            self = .fever(endpoint: try url(.api), user: try container.decode(String.self, forKey: .user),
                          feed: try container.decode(Int64.self, forKey: .feed))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                   debugDescription: "unknown kind of feed \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .sample:
            try container.encode("sample", forKey: .kind)
        case .document(let url):
            try container.encode("document", forKey: .kind)
            try container.encode(url.absoluteString, forKey: .url)
        case .mastodon(let instance, let timeline):
            try container.encode("mastodon", forKey: .kind)
            try container.encode(instance.absoluteString, forKey: .instance)
            switch timeline {
            case .federated: try container.encode("federated", forKey: .timeline)
            case .local: try container.encode("local", forKey: .timeline)
            case .tag(let tag):
                try container.encode("tag", forKey: .timeline)
                try container.encode(tag, forKey: .tag)
            }
        case .gitHubSearch(let query, let api):
            try container.encode("github-search", forKey: .kind)
            try container.encode(query, forKey: .query)
            try container.encode(api.absoluteString, forKey: .api)
        case .hackerNews(let api):
            try container.encode("hacker-news", forKey: .kind)
            try container.encode(api.absoluteString, forKey: .api)
        case .fever(let endpoint, let user, let feed):
            try container.encode("fever", forKey: .kind)
            try container.encode(endpoint.absoluteString, forKey: .api)
            try container.encode(user, forKey: .user)
            try container.encode(feed, forKey: .feed)
        }
    }
}
