/// Anything that can hand out a feed page by page.
///
/// Sources are called from the paging machinery off the main thread and may
/// be called again for the same cursor (a retry); they keep no paging state
/// of their own beyond caches.
public protocol FeedSource: Sendable {
    /// What to call the feed before its first page has told us its title.
    var displayName: String { get }

    /// Fetches the page that starts at `cursor` (nil: the first page).
    ///
    /// Throws `FeedError` for anything a reader should see, and
    /// `CancellationError` when the task was cancelled.
    func nextPage(after cursor: PageCursor?) async throws -> FeedPage
}

/// A failure a reader can be told about: what kind it is, a short reason
/// for the footer and status line, the server's own words when it gave
/// some, and an optional detail for the log.
public struct FeedError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for code that acts on it (a rate limit waits, an
    /// offline machine waits for the network, a missing page is final).
    public enum Kind: String, Sendable, CaseIterable {
        /// This machine has no network.
        case offline
        /// The server's name could not be found.
        case serverNotFound
        /// The server refused or dropped the connection before answering.
        case unreachable
        /// The connection broke off mid-answer.
        case interrupted
        case timedOut
        /// No secure connection could be made, or the address isn't https.
        case insecure
        /// 401, 403, 407; a file that may not be read.
        case accessDenied
        /// 404, 410; a file or page that doesn't exist.
        case notFound
        /// Another 4xx: the server would not take the request.
        case badRequest
        /// The server asked to wait (`retryAfter` says how long).
        case rateLimited
        /// 5xx, or a service's own error answer.
        case serverError
        /// An answer that was neither success nor error, or couldn't be read.
        case badAnswer
        /// More than the limits allow (size, redirects).
        case tooLarge
        /// A web page, or a document that is no feed (or no picture).
        case notAFeed
        /// A feed that can't be read even leniently.
        case damaged
        /// A document that would be unsafe to read (entity declarations).
        case unsafe
        /// Nothing at all.
        case empty
        /// Writing to disk failed.
        case cannotSave
        case other
    }

    public var kind: Kind
    /// Short and human: "The file doesn't exist", "Server error (503)".
    public var reason: String
    /// The server's own short message, when it gave one ("Validation
    /// Failed"), for the reader; never markup.
    public var serverMessage: String?
    /// Longer, technical; printed on stderr, never shown in a row.
    public var detail: String?
    /// Set when the server asked us to wait (rate limits, 429/503 with
    /// `Retry-After`): how long, in seconds, before trying again is welcome.
    public var retryAfter: Double?

    public init(_ reason: String, kind: Kind = .other, detail: String? = nil, retryAfter: Double? = nil,
                serverMessage: String? = nil) {
        self.kind = kind
        self.reason = reason
        self.serverMessage = serverMessage
        self.detail = detail
        self.retryAfter = retryAfter
    }

    public var description: String {
        detail.map { "\(reason) (\($0))" } ?? reason
    }

    /// A cursor the source never handed out (a stale or mangled one).
    public static func badCursor(_ cursor: PageCursor) -> FeedError {
        FeedError("This page can't be found", kind: .notFound, detail: "bad cursor \(cursor)")
    }

    /// Wraps any error as a FeedError, keeping one that already is.
    public init(describing error: any Error) {
        if let feedError = error as? FeedError {
            self = feedError
        } else {
            self.init("Something went wrong", detail: String(describing: error))
        }
    }
}
