/// The limits every request of an `HTTPClient` keeps.
public struct HTTPPolicy: Sendable, Equatable {
    public static let defaultVersion = "0.1.0"

    /// Longest wait to connect, and then between any two pieces of the
    /// answer. Whole seconds, at least one: URLSession on Linux truncates
    /// this to whole seconds and treats anything under one as zero, which
    /// times out at once.
    public var idleTimeout: Duration
    /// Longest time for the whole exchange, redirects included.
    public var responseTimeout: Duration
    /// Largest body accepted, after decoding. Refused up front when
    /// `Content-Length` says more; otherwise stopped as soon as the bytes
    /// received pass it.
    public var maxBodyBytes: Int
    /// Redirects followed before giving up.
    public var maxRedirects: Int
    /// Sent as `User-Agent` with every request.
    public var userAgent: String

    public init(idleTimeout: Duration = .seconds(10), responseTimeout: Duration = .seconds(30),
                maxBodyBytes: Int = 10 * 1024 * 1024, maxRedirects: Int = 5,
                version: String = defaultVersion) {
        precondition(maxBodyBytes > 0 && maxRedirects >= 0, "limits must be positive")
        self.idleTimeout = idleTimeout
        self.responseTimeout = responseTimeout
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.userAgent = Self.userAgent(version: version)
    }

    /// `Feedline/<version> (+https://github.com/feedline/feedline)`
    public static func userAgent(version: String) -> String {
        "Feedline/\(version) (+https://github.com/feedline/feedline)"
    }

    /// `idleTimeout` as URLSession can keep it: whole seconds, rounded up,
    /// at least one.
    var idleTimeoutSeconds: Double {
        max(1, (idleTimeout / .milliseconds(1) / 1000).rounded(.up))
    }

    /// `maxBodyBytes` as a reader would say it: "10 MB", "512 KB".
    var maxBodySize: String {
        let megabyte = 1024 * 1024
        if maxBodyBytes >= megabyte { return "\(maxBodyBytes / megabyte) MB" }
        if maxBodyBytes >= 1024 { return "\(maxBodyBytes / 1024) KB" }
        return "\(maxBodyBytes) bytes"
    }
}
