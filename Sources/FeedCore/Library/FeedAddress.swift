import Foundation

extension URL {
    /// The name a reader knows the server by: its host ("example.org"),
    /// else the whole address.
    public var serverName: String { host ?? absoluteString }
}

/// Reading feed addresses as people type them, on the command line and in
/// the Add Feed dialog.
public enum FeedAddress {
    /// A web address: "https://mastodon.social", or just "mastodon.social"
    /// (https is assumed). Nil for anything else (other schemes, no host,
    /// spaces).
    public static func web(_ text: String) -> URL? {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isWhitespace) else { return nil }
        if !trimmed.contains("://") { trimmed = "https://" + trimmed }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    /// A feed document: a web address with its scheme (http or https), a
    /// `file://` URL, or else a path (`~` expanded, relative to the current
    /// folder).
    public static func document(_ text: String) -> FeedSpec {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), let url = web(trimmed) {
            return .document(url)
        }
        if lowered.hasPrefix("file://"), let url = URL(string: trimmed), url.isFileURL {
            return .document(url)
        }
        let path = (trimmed as NSString).expandingTildeInPath
        return .document(URL(fileURLWithPath: path).standardizedFileURL)
    }

    /// A hashtag without its "#": letters, digits and underscores. Nil when
    /// it is empty or holds anything else.
    public static func hashtag(_ text: String) -> String? {
        var tag = Substring(text.trimmingCharacters(in: .whitespaces))
        if tag.hasPrefix("#") { tag = tag.dropFirst() }
        guard !tag.isEmpty, tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(tag)
    }
}
