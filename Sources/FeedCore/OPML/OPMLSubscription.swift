import Foundation

// A subscription list (OPML) as values: the feeds it names, where they sit,
// and what could not be taken from it. `OPMLReader` makes an `OPMLImport`
// from a file; `OPMLWriter` writes subscriptions back out. Nothing here
// touches the store or the network.

/// One feed from a subscription list: what an import gives and an export
/// writes.
public struct OPMLSubscription: Hashable, Sendable {
    /// The feed's own address (`xmlUrl`): http, https or a file.
    public var address: URL
    /// The name the list gives the feed (`title`, else `text`), trimmed;
    /// nil when it gives none. Plain text, never markup.
    public var title: String?
    /// The feed's web site (`htmlUrl`), when the list names a usable one.
    public var siteAddress: URL?
    /// The folders the feed sits in, from the top (`["Tech", "Swift"]`);
    /// `[]` at the top level.
    public var folder: [String]
    /// The outline's `type` as written (`rss`, `atom`, FreshRSS's
    /// `HTML+XPath`…); nil when it has none.
    public var type: String?

    public init(address: URL, title: String? = nil, siteAddress: URL? = nil, folder: [String] = [], type: String? = nil) {
        self.address = address
        self.title = title
        self.siteAddress = siteAddress
        self.folder = folder
        self.type = type
    }
}

/// An entry of a subscription list that was left out, and why: shown to
/// the reader after an import so nothing disappears without a word.
public struct OPMLProblem: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// The entry is a feed (`type="rss"`, a site address) but names no
        /// feed address: `xmlUrl` is missing or empty.
        case noAddress
        /// The feed address can't be followed: not an address at all,
        /// relative (`feeds/news.xml`), or of a kind other than http,
        /// https or file (`javascript:`, `mailto:`).
        case unusableAddress
    }

    /// The entry's name (`title`, else `text`), when it has one.
    public var title: String?
    /// The feed address as the file wrote it, trimmed; nil when there is
    /// none.
    public var address: String?
    public var reason: Reason

    public init(title: String?, address: String?, reason: Reason) {
        self.title = title
        self.address = address
        self.reason = reason
    }
}

/// What a subscription list holds: its feeds in document order, each feed
/// once, and the entries that were left out.
public struct OPMLImport: Equatable, Sendable {
    /// The list's own title (`<head><title>`), trimmed; nil when empty.
    public var title: String?
    public var subscriptions: [OPMLSubscription]
    public var problems: [OPMLProblem]
    /// How many entries named a feed already in `subscriptions` and were
    /// merged into it (the first one wins, with its folder). Addresses are
    /// the same when they differ only in the case of scheme and host, a
    /// fragment, a default port, or the `/` of an empty path.
    public var duplicatesMerged: Int

    public init(title: String? = nil, subscriptions: [OPMLSubscription] = [], problems: [OPMLProblem] = [], duplicatesMerged: Int = 0) {
        self.title = title
        self.subscriptions = subscriptions
        self.problems = problems
        self.duplicatesMerged = duplicatesMerged
    }
}
