import Foundation

/// How long a response may be used without asking the server again, from
/// its `Cache-Control`, `Expires` and `Last-Modified` fields (RFC 9111, as
/// a private cache: `private` answers are ours to keep).
public enum CacheFreshness: Equatable, Sendable {
    /// `no-store`: keep no copy.
    case doNotStore
    /// Fresh until this moment; after it, revalidate (`no-cache` and
    /// `max-age=0` give a moment already past).
    case freshUntil(Date)

    /// When the server says nothing: a tenth of the time since the image
    /// last changed (RFC 9111's heuristic), at most a week; a day when it
    /// does not say that either. An image's address rarely keeps another
    /// picture (a new avatar comes with a new address).
    static let defaultLifetime: TimeInterval = 86_400
    static let longestHeuristic: TimeInterval = 7 * 86_400

    public init(_ response: HTTPResponse, now: Date) {
        let directives = Self.directives(response.header("cache-control") ?? "")
        if directives["no-store"] != nil {
            self = .doNotStore
            return
        }
        if directives["no-cache"] != nil {
            self = .freshUntil(now)
            return
        }
        if let maxAge = directives["max-age"].flatMap({ $0 }).flatMap(Int.init) {
            self = .freshUntil(now.addingTimeInterval(TimeInterval(max(0, maxAge))))
            return
        }
        if let expires = response.header("expires") {
            // An unreadable date ("0", "-1") means already expired.
            self = .freshUntil(HTTPDate.parse(expires, now: now).map { max(now, $0) } ?? now)
            return
        }
        if let modified = response.header("last-modified").flatMap({ HTTPDate.parse($0, now: now) }), modified < now {
            let lifetime = min(Self.longestHeuristic, now.timeIntervalSince(modified) / 10)
            self = .freshUntil(now.addingTimeInterval(lifetime))
            return
        }
        self = .freshUntil(now.addingTimeInterval(Self.defaultLifetime))
    }

    /// `max-age=60, no-cache` → ["max-age": "60", "no-cache": nil], names
    /// lowercased, quotes dropped.
    static func directives(_ field: String) -> [String: String?] {
        var result: [String: String?] = [:]
        for part in field.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = pair.first?.lowercased(), !name.isEmpty else { continue }
            let value = pair.count > 1 ? pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
            result.updateValue(value, forKey: name)
        }
        return result
    }
}
