import Foundation

/// Feed addresses as subscription lists write them: which ones can be
/// followed, and when two name the same feed.
///
/// Usable: absolute http and https addresses with a host, and file
/// addresses with an absolute path. White space around an address is
/// trimmed, and the `feed:` pseudo-scheme old exporters wrote
/// (`feed://host/rss`, `feed:https://host/rss`) stands for the web address
/// inside it. Everything else (relative paths, `javascript:`, `mailto:`,
/// words) is not an address Feedline can subscribe to.
enum OPMLAddress {
    /// `text` as a feed address, or nil when it is not usable.
    static func url(_ text: String) -> URL? {
        web(text, schemes: ["http", "https", "file"])
    }

    /// `text` as a web site address (`htmlUrl`): http or https only.
    static func site(_ text: String) -> URL? {
        web(text, schemes: ["http", "https"])
    }

    /// The same string for every spelling of one feed's address: scheme
    /// and host in lower case, no fragment, no default port, and `/` for
    /// an empty path ("https://example.org" is "https://example.org/").
    /// A trailing slash on a longer path is kept: `/feed` and `/feed/` can
    /// be different resources.
    static func sameFeedKey(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        let scheme = parts.scheme?.lowercased()
        parts.scheme = scheme
        parts.percentEncodedHost = parts.percentEncodedHost?.lowercased()
        parts.fragment = nil
        if (scheme == "http" && parts.port == 80) || (scheme == "https" && parts.port == 443) { parts.port = nil }
        if parts.percentEncodedPath.isEmpty { parts.percentEncodedPath = "/" }
        return parts.string ?? url.absoluteString
    }

    private static func web(_ text: String, schemes: Set<String>) -> URL? {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.lowercased().hasPrefix("feed:") {
            let inner = trimmed.dropFirst(5)
            trimmed = inner.hasPrefix("//") ? "http:" + inner : String(inner)
        }
        guard !trimmed.isEmpty,
              let url = URL(string: trimmed) ?? URL(string: encodingStrayCharacters(trimmed)),
              let scheme = url.scheme?.lowercased(), schemes.contains(scheme) else { return nil }
        if scheme == "file" { return url.path.hasPrefix("/") && url.path != "/" ? url : nil }
        // A host that had to be percent-encoded ("exa mple.com") is none.
        guard let host = url.host, !host.isEmpty, !host.contains(where: { $0 == "%" || $0.isWhitespace }) else { return nil }
        return url
    }

    /// Spaces and other characters an address may not hold, percent-encoded
    /// (hand-written lists have "my feed.xml"); what is already encoded stays.
    private static func encodingStrayCharacters(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static let allowed = CharacterSet.urlQueryAllowed.union(CharacterSet(charactersIn: "#%[]"))
}
