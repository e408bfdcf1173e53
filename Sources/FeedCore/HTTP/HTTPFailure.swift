import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `FeedError` for each way HTTP fails, in one place so they stay
/// consistent: its kind and the facts the UI words it from (the server's
/// host as `subject`, the HTTP `status`, the server's own message from a
/// JSON error body), an English `reason` for the log, and the technical
/// story (method, address, underlying error) in `detail`, scrubbed of
/// credentials.
struct HTTPFailure: Sendable {
    let url: URL
    let redactor: Redactor
    var method = "GET"

    private var host: String { url.serverName }

    /// An error naming the server (`subject`: its host).
    func error(_ reason: String, _ kind: FeedError.Kind, _ what: String, status: Int? = nil,
               retryAfter: Double? = nil, serverMessage: String? = nil) -> FeedError {
        FeedError(reason, kind: kind, status: status, subject: .server(host),
                  detail: redactor.scrub("\(method) \(redactor.describe(url)): \(what)"), retryAfter: retryAfter,
                  serverMessage: serverMessage)
    }

    /// An address that isn't https (the one asked for, or a redirect's):
    /// no subject, since no server failed to be secure.
    func insecure(_ what: String = "refused: not https, and not this computer") -> FeedError {
        var refusal = error("Only secure (https) addresses are allowed", .insecure, what)
        refusal.subject = nil
        return refusal
    }

    func tooLarge(_ policy: HTTPPolicy, received: String) -> FeedError {
        error("The response is too large (over \(policy.maxBodySize))", .tooLarge,
              "\(received), limit \(policy.maxBodyBytes) bytes")
    }

    func tooManyRedirects(_ policy: HTTPPolicy) -> FeedError {
        error("The server redirected too many times", .tooManyRedirects, "more than \(policy.maxRedirects) redirects")
    }

    func timedOut(_ what: String) -> FeedError {
        error("The server took too long to answer", .timedOut, what)
    }

    /// A failure URLSession reported. `answered` says whether a status line
    /// and header had arrived before it.
    func transport(_ failure: any Error, answered: Bool) -> FeedError {
        let nsError = failure as NSError
        let text = nsError.localizedDescription
        let what = "\(text) (\(nsError.domain) \(nsError.code))"
        switch nsError.code {
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed:
            return error("Couldn't find the server \(host)", .serverNotFound, what)
        case NSURLErrorCannotConnectToHost:
            return error("The server \(host) refused the connection", .refused, what)
        case NSURLErrorTimedOut:
            return timedOut(what)
        case NSURLErrorNotConnectedToInternet:
            return error("No network connection", .offline, what)
        case NSURLErrorHTTPTooManyRedirects:
            return error("The server redirected too many times", .tooManyRedirects, what)
        case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateHasBadDate,
             NSURLErrorServerCertificateUntrusted, NSURLErrorServerCertificateHasUnknownRoot,
             NSURLErrorServerCertificateNotYetValid, NSURLErrorClientCertificateRejected,
             NSURLErrorClientCertificateRequired:
            return error("Couldn't connect securely to \(host)", .insecure, what)
        case NSURLErrorBadServerResponse where !answered:
            return error("The server \(host) closed the connection without answering", .unreachable, what)
        case NSURLErrorBadServerResponse, NSURLErrorCannotParseResponse,
             NSURLErrorCannotDecodeRawData, NSURLErrorCannotDecodeContentData:
            return error("The server's answer couldn't be read", .badAnswer, what)
        case NSURLErrorNetworkConnectionLost:
            return error("The connection was interrupted", .interrupted, what)
        default:
            break
        }
        // libcurl's own words, for what corelibs reports as "unknown" (-1).
        let lowered = text.lowercased()
        if lowered.contains("ssl") || lowered.contains("tls") || lowered.contains("certificate") {
            return error("Couldn't connect securely to \(host)", .insecure, what)
        }
        if lowered.contains("network is unreachable") || lowered.contains("no route to host") {
            return error("No network connection", .offline, what)
        }
        if answered {
            return lowered.contains("remaining to read") || lowered.contains("partial")
                ? error("The server's answer was incomplete", .interrupted, what)
                : error("The connection was interrupted", .interrupted, what)
        }
        return error("Couldn't reach the server \(host)", .unreachable, what)
    }

    /// The error for a complete answer whose status isn't a success; nil
    /// for 2xx. Rate limits (429, 503 or GitHub's 403 with a wait) become
    /// "Rate limited" with `retryAfter` set. Every one carries the status,
    /// and the server's own message when its body is a JSON error object.
    func status(_ response: HTTPResponse, now: Date) -> FeedError? {
        let status = response.status
        if (200..<300).contains(status) { return nil }
        let what = "HTTP \(status)\(Self.bodySnippet(response.body))"
        let message = JSONDecoding.serverMessage(in: response.body)
        func failed(_ reason: String, _ kind: FeedError.Kind, _ story: String? = nil,
                    retryAfter: Double? = nil) -> FeedError {
            error(reason, kind, story ?? what, status: status, retryAfter: retryAfter, serverMessage: message)
        }
        if let wait = RateLimit.rateLimitWait(for: response, now: now) {
            return failed("Rate limited", .rateLimited, "\(what); wait \(Int(wait.rounded(.up))) s", retryAfter: wait)
        }
        switch status {
        case 401, 403, 407:
            return failed("Access denied (\(status))", .accessDenied)
        case 404, 410:
            return failed("The server says the page doesn't exist (\(status))", .notFound)
        case 400..<500:
            return failed("The server refused the request (\(status))", .badRequest)
        case 500..<600:
            return failed("Server error (\(status))", .serverError)
        case 300..<400:
            return failed("The server sent an unexpected answer (\(status))", .badAnswer,
                          "\(what), Location: \(response.header("location") ?? "none")")
        default:
            return failed("The server sent an unexpected answer (\(status))", .badAnswer)
        }
    }

    /// The start of an error body, for the log: servers often say why there.
    private static func bodySnippet(_ body: Data) -> String {
        guard !body.isEmpty else { return "" }
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
            .trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? "" : ": \(text)"
    }
}
