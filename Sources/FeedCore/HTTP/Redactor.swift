import Foundation

/// Keeps credentials out of error texts and logs: the values of the
/// request's secret header fields (`Authorization` and the like), a URL's
/// user and password, and query items that look like keys or tokens.
///
/// Every `detail` the HTTP client writes goes through `scrub(_:)`.
struct Redactor: Sendable {
    private static let secretHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]
    private static let secretWords = ["token", "secret", "key", "password", "auth", "signature"]
    private static let mask = "REDACTED"

    private let secrets: [String]

    /// `secrets`: more values to mask wherever they appear (a form's API key).
    init(headers: [String: String], secrets extra: [String] = []) {
        var secrets = extra
        for (name, value) in headers where Self.isSecret(name.lowercased()) {
            secrets.append(value)
            // "Bearer abc123": the credential alone may be quoted elsewhere.
            if let credential = value.split(separator: " ").last, credential.count >= 4 {
                secrets.append(String(credential))
            }
        }
        self.secrets = secrets.filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    }

    /// `url` fit for a log: no user or password, secret-looking query
    /// values masked.
    func describe(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return scrub(url.absoluteString)
        }
        if components.user != nil || components.password != nil {
            components.user = nil
            components.password = nil
        }
        if let items = components.queryItems, items.contains(where: { Self.isSecret($0.name.lowercased()) }) {
            components.queryItems = items.map { item in
                Self.isSecret(item.name.lowercased()) ? URLQueryItem(name: item.name, value: Self.mask) : item
            }
        }
        return scrub(components.string ?? url.absoluteString)
    }

    /// `text` with every known secret masked.
    func scrub(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: Self.mask) }
    }

    private static func isSecret(_ name: String) -> Bool {
        secretHeaders.contains(name) || secretWords.contains { name.contains($0) }
    }
}
