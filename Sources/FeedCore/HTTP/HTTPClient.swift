import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where HTTP happens: GET (and form POST) requests with Feedline's limits, answered as
/// `HTTPResponse` or failed with a `FeedError` a reader can understand.
///
/// - Only `https`, except plain `http` to this computer (tests, local
///   servers), for the first request and every redirect.
/// - Sends `User-Agent` (from the policy) and `Accept-Encoding: gzip`;
///   hands back decoded bodies.
/// - Follows up to `maxRedirects` redirects; drops `Authorization` and
///   `Cookie` when a redirect leaves the origin. The answer says where it
///   finally came from (`url`) and where permanent redirects (301, 308)
///   say the address has moved (`movedPermanently`).
/// - Bodies over `maxBodyBytes` are refused from `Content-Length`, or cut
///   off as soon as the bytes received pass the limit.
/// - Non-2xx answers throw: "Access denied (401)", "Server error (503)",
///   "Rate limited" with `retryAfter`... except 304 Not Modified to a
///   conditional request (`If-None-Match` or `If-Modified-Since` among the
///   headers), which is returned, with its empty body.
///   `get(_:headers:revalidating:)` makes such a request from stored
///   `HTTPValidators` and says which of the two it got.
/// - Header values the caller passes in (a token) never appear in any
///   error text.
///
/// One client keeps one URLSession (connections are reused); share it.
public final class HTTPClient: Sendable {
    public let policy: HTTPPolicy
    private let session: URLSession
    private let delegate: HTTPSessionDelegate

    /// What every client's session shares: no cache, no cookies, no stored
    /// credentials. Made once: on Linux every configuration made anew
    /// makes folders on disk (`LeftoverFolders`); a copy makes none.
    private static let base: URLSessionConfiguration = LeftoverFolders.removing {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return configuration
    }

    public init(policy: HTTPPolicy = HTTPPolicy()) {
        self.policy = policy
        let configuration = Self.base.copy() as! URLSessionConfiguration
        configuration.timeoutIntervalForRequest = policy.idleTimeoutSeconds
        configuration.timeoutIntervalForResource = policy.responseTimeout / .milliseconds(1) / 1000
        delegate = HTTPSessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Fetches `url`, following redirects. `headers` are added to the
    /// request (`Authorization: Bearer ...`); their values are kept out of
    /// every error.
    ///
    /// Costs one round trip per redirect and holds at most `maxBodyBytes`
    /// of body in memory. Throws `FeedError` for anything a reader should
    /// see, and `CancellationError` as soon as the calling task is
    /// cancelled (the transfer is cancelled too).
    public func get(_ url: URL, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await send(url, method: "GET", headers: headers, redactor: Redactor(headers: headers))
    }

    /// Posts `form` to `url` as `application/x-www-form-urlencoded`, with
    /// every limit of `get`. The values of `secretFields` (an API key) are
    /// kept out of every error, as secret headers are. A redirect is
    /// followed only when it keeps the method and body (307, 308); any
    /// other would turn the post into a GET without its form.
    public func post(_ url: URL, form: [(name: String, value: String)], secretFields: Set<String> = [],
                     headers: [String: String] = [:]) async throws -> HTTPResponse {
        let secrets = form.filter { secretFields.contains($0.name) }.map(\.value)
        var body = URLComponents()
        body.queryItems = form.map { URLQueryItem(name: $0.name, value: $0.value) }
        // URLComponents leaves "+" as it is; a form reads it as a space.
        let encoded = (body.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        var withType = headers
        withType["Content-Type"] = "application/x-www-form-urlencoded"
        return try await send(url, method: "POST", headers: withType, body: Data(encoded.utf8),
                              redactor: Redactor(headers: headers, secrets: secrets))
    }

    private func send(_ url: URL, method: String, headers: [String: String], body: Data? = nil,
                      redactor: Redactor) async throws -> HTTPResponse {
        guard SecureAddress.allows(url) else {
            throw HTTPFailure(url: url, redactor: redactor).insecure()
        }
        try Task.checkCancellation()
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        request.setValue(policy.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let exchange = HTTPExchange(request: request, policy: policy, redactor: redactor)
        let session = session
        let delegate = delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(in: session, delegate: delegate, continuation: continuation)
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    /// A conditional GET: fetches `url` unless the copy `validators` name
    /// is still current (`If-None-Match`, `If-Modified-Since`; none sent
    /// when `validators` is empty, which makes a plain GET).
    ///
    /// A 304 costs one round trip and no body; it is `.notModified` with
    /// the validators to keep. Anything else is as `get(_:headers:)`: a
    /// full answer, or a `FeedError` with every limit of a plain GET.
    public func get(_ url: URL, headers: [String: String] = [:],
                    revalidating validators: HTTPValidators) async throws -> HTTPRevalidation {
        let conditional = headers.filter { name, _ in
            !["if-none-match", "if-modified-since"].contains(name.lowercased())
        }.merging(validators.requestHeaders) { _, validator in validator }
        let response = try await get(url, headers: conditional)
        if response.status == 304 {
            // Only a conditional request gets here with a 304 (a plain
            // one's is an error): the copy is current.
            return .notModified(validators.updated(by: response.validators), movedPermanently: response.movedPermanently)
        }
        return .modified(response)
    }
}
