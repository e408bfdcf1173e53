import Foundation

/// A complete answer from a server: status, where it finally came from
/// (after redirects), its header fields and its decoded body.
public struct HTTPResponse: Sendable, Equatable {
    public let status: Int
    /// The address that answered, after every redirect.
    public let url: URL
    /// Header fields by lowercased name. Use `header(_:)` to look one up.
    public let headers: [String: String]
    /// The body, already decoded when it was sent gzip-encoded.
    public let body: Data
    /// Where the address asked for has moved for good: the last address
    /// reached through permanent redirects (301, 308) alone, from the
    /// first request up to the first temporary one (302, 303, 307). Nil
    /// when there was no redirect or the first was temporary.
    public let movedPermanently: URL?

    public init(status: Int, url: URL, headers: [String: String] = [:], body: Data = Data(),
                movedPermanently: URL? = nil) {
        self.status = status
        self.url = url
        self.movedPermanently = movedPermanently
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, second in
            "\(first), \(second)"
        }
        self.body = body
    }

    /// The header field `name`, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The `charset` parameter of `Content-Type`, unquoted, when given.
    public var charset: String? {
        guard let type = header("Content-Type") else { return nil }
        for parameter in type.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"' \t"))
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
