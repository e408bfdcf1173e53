import Foundation

// Conditional requests (RFC 9110 13.1, RFC 9111 4.3): a client that keeps
// a copy sends back the validators of the answer it came in
// (`If-None-Match: <ETag>`, `If-Modified-Since: <Last-Modified>`), and a
// server whose copy is unchanged answers 304 Not Modified with no body.
// `HTTPClient.get(_:headers:revalidating:)` makes such a request and hands
// back either outcome as a value, never as an error.

/// An HTTP answer's validators: what a conditional request sends back
/// (`If-None-Match`, `If-Modified-Since`) so an unchanged feed costs a 304.
/// Kept exactly as the server wrote them (a weak `W/"…"` ETag included),
/// as the server expects them back.
public struct HTTPValidators: Equatable, Sendable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag.flatMap(Self.value)
        self.lastModified = lastModified.flatMap(Self.value)
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }

    /// The request header fields of a conditional GET; none when empty.
    public var requestHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    /// These validators, with what `newer` brings in their place (a 304
    /// may send a new ETag; one that sends none keeps the old).
    public func updated(by newer: HTTPValidators) -> HTTPValidators {
        HTTPValidators(etag: newer.etag ?? etag, lastModified: newer.lastModified ?? lastModified)
    }

    private static func value(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension HTTPResponse {
    /// The answer's `ETag` and `Last-Modified`, for the next conditional
    /// request.
    public var validators: HTTPValidators {
        HTTPValidators(etag: header("ETag"), lastModified: header("Last-Modified"))
    }
}

/// What a conditional GET found.
public enum HTTPRevalidation: Equatable, Sendable {
    /// 304 Not Modified: the copy the validators name is current; there is
    /// nothing to read. Holds the validators to keep from now on, and where
    /// the address has moved for good when permanent redirects led to the
    /// answer (`HTTPResponse.movedPermanently`).
    case notModified(HTTPValidators, movedPermanently: URL? = nil)
    /// A full answer (2xx), to read as any other; its own validators are
    /// `response.validators`.
    case modified(HTTPResponse)

    /// Where the address asked for has moved for good, either way.
    public var movedPermanently: URL? {
        switch self {
        case .notModified(_, let moved): moved
        case .modified(let response): response.movedPermanently
        }
    }
}
