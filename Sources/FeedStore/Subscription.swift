import FeedCore
import Foundation
import GRDB

/// A feed the reader follows, as the store keeps it.
public struct Subscription: Equatable, Sendable, Identifiable {
    public typealias ID = Int64

    public var id: ID
    public var spec: FeedSpec
    /// What the sidebar calls it: the reader's name for it, else the
    /// feed's own title once known.
    public var title: String
    /// The folder path from the top ([] at the top level).
    public var folder: [String]
    /// The site the feed belongs to (OPML's `htmlUrl`).
    public var siteURL: URL?
    /// The feed's own icon or image, when it declares one.
    public var iconURL: URL?
    /// Order in the sidebar.
    public var position: Int
    public var layout: FeedLayout
    /// When it last updated (successfully or not).
    public var lastUpdated: Date?
    /// Why the last update failed, when it did.
    public var failure: FeedError?
    /// Validators of the last answer, for a conditional request.
    public var validators: HTTPValidators
    /// Whether new items of it bring a desktop notification while no
    /// window is in front (the reader chose it; off at first).
    public var notifiesNewItems: Bool

    public init(id: ID, spec: FeedSpec, title: String, folder: [String] = [], siteURL: URL? = nil, iconURL: URL? = nil,
                position: Int = 0, layout: FeedLayout = .list, lastUpdated: Date? = nil, failure: FeedError? = nil,
                validators: HTTPValidators = HTTPValidators(), notifiesNewItems: Bool = false) {
        self.id = id
        self.spec = spec
        self.title = title
        self.folder = folder
        self.siteURL = siteURL
        self.iconURL = iconURL
        self.position = position
        self.layout = layout
        self.lastUpdated = lastUpdated
        self.failure = failure
        self.validators = validators
        self.notifiesNewItems = notifiesNewItems
    }

    /// Where the sidebar looks for the feed's icon: its own, else the
    /// site's `/favicon.ico` (http and https only).
    public var iconAddress: URL? {
        if let iconURL { return iconURL }
        let site: URL? = switch spec {
        case .document(let url): siteURL ?? url
        case .mastodon(let instance, _): instance
        case .gitHubSearch: URL(string: "https://github.com")
        case .hackerNews: URL(string: "https://news.ycombinator.com")
        case .fever(let endpoint, _, _): siteURL ?? endpoint
        case .sample: nil
        }
        guard let site, let scheme = site.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = site.host else { return nil }
        return URL(string: "\(scheme)://\(host)\(site.port.map { ":\($0)" } ?? "")/favicon.ico")
    }
}

/// A subscription to add: what OPML, Add Feed and feeds.json know of it.
public struct NewSubscription: Equatable, Sendable {
    public var spec: FeedSpec
    public var title: String?
    public var folder: [String]
    public var siteURL: URL?
    public var layout: FeedLayout

    public init(_ spec: FeedSpec, title: String? = nil, folder: [String] = [], siteURL: URL? = nil,
                layout: FeedLayout = .list) {
        self.spec = spec
        self.title = title.flatMap { $0.isEmpty ? nil : $0 }
        self.folder = folder
        self.siteURL = siteURL
        self.layout = layout
    }
}

// MARK: Rows

/// Folder paths in one column: names joined by a character no name has
/// (the unit separator; names lose any they had).
enum StoredFolder {
    static let separator: Character = "\u{1F}"

    static func column(_ path: [String]) -> String {
        path.map { $0.filter { $0 != separator } }.filter { !$0.isEmpty }.joined(separator: String(separator))
    }

    static func path(_ column: String) -> [String] {
        column.isEmpty ? [] : column.split(separator: separator, omittingEmptySubsequences: true).map(String.init)
    }
}

/// A `FeedSpec` as one canonical text, the same for the same feed.
enum StoredSpec {
    static func column(_ spec: FeedSpec) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // FeedSpec's encoding writes strings only: it cannot fail.
        return (try? encoder.encode(spec)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    static func spec(_ column: String) -> FeedSpec? {
        try? JSONDecoder().decode(FeedSpec.self, from: Data(column.utf8))
    }
}

extension Subscription {
    static let columns = """
        id, spec, title, folder, siteURL, iconURL, position, layout, etag, lastModified, lastUpdated,
        failureKind, failureReason, failureStatus, failureMessage, notifies
        """

    /// A row of `columns`; nil for a spec this version can't read.
    init?(row: Row) {
        guard let spec = StoredSpec.spec(row["spec"]) else { return nil }
        id = row["id"]
        self.spec = spec
        title = row["title"]
        folder = StoredFolder.path(row["folder"])
        siteURL = (row["siteURL"] as String?).flatMap(URL.init(string:))
        iconURL = (row["iconURL"] as String?).flatMap(URL.init(string:))
        position = row["position"]
        layout = FeedLayout(rawValue: row["layout"]) ?? .list
        validators = HTTPValidators(etag: row["etag"], lastModified: row["lastModified"])
        notifiesNewItems = row["notifies"]
        lastUpdated = (row["lastUpdated"] as Double?).map(Date.init(timeIntervalSince1970:))
        failure = (row["failureKind"] as String?).map { kind in
            FeedError(row["failureReason"] ?? "", kind: FeedError.Kind(rawValue: kind) ?? .other,
                      status: row["failureStatus"], serverMessage: row["failureMessage"])
        }
    }
}
