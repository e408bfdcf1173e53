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

/// A failure a reader can be told about: a short reason for the footer and
/// status line, and an optional detail for the log.
public struct FeedError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Short and human: "The file doesn't exist", "Server error (503)".
    public var reason: String
    /// Longer, technical; printed on stderr, never shown in a row.
    public var detail: String?
    /// Set when the server asked us to wait (rate limits, 429/503 with
    /// `Retry-After`): how long, in seconds, before trying again is welcome.
    public var retryAfter: Double?

    public init(_ reason: String, detail: String? = nil, retryAfter: Double? = nil) {
        self.reason = reason
        self.detail = detail
        self.retryAfter = retryAfter
    }

    public var description: String {
        detail.map { "\(reason) (\($0))" } ?? reason
    }

    /// A cursor the source never handed out (a stale or mangled one).
    public static func badCursor(_ cursor: PageCursor) -> FeedError {
        FeedError("This page can't be found", detail: "bad cursor \(cursor)")
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
