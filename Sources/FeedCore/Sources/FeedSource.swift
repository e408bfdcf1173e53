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

    /// Fetches the items just above the item `item` (the first a list
    /// shows): newer ones, in a timeline read newest first. At most
    /// `limit`, newest first. Nil when the source cannot page that way
    /// (the default: a feed's first page is its newest).
    func newerPage(above item: String, limit: Int) async throws -> NewerPage?

    /// How far apart the same item can come twice, in items: paging checks
    /// each page against that many of the latest (nil, the default: any
    /// distance, so every id of the list is remembered). A stored
    /// timeline, read by keyset, repeats none.
    var repeatsWithin: Int? { get }
}

extension FeedSource {
    public func newerPage(above item: String, limit: Int) async throws -> NewerPage? { nil }
    public var repeatsWithin: Int? { nil }
}

/// A source that can name its next pages in advance (page numbers, a
/// file's offsets), so that several can be asked for at once: the paging
/// state still takes their answers in order (`PagingState.requestAhead`).
/// Sources that learn the next page from the current one (Link headers,
/// next links, keyset cursors) are not: they keep one page in flight.
public protocol PageAheadSource: FeedSource {
    /// Where the page after the one at `cursor` starts, as the source
    /// numbers its pages; nil when it can't tell.
    func cursor(after cursor: PageCursor) -> PageCursor?
}

/// The items above the first one a list shows, as a source returns them.
public struct NewerPage: Equatable, Sendable {
    /// Newest first: the last is the nearest to the item asked about.
    public var items: [FeedItem]
    /// Whether there are more above these.
    public var hasMore: Bool

    public init(items: [FeedItem], hasMore: Bool) {
        self.items = items
        self.hasMore = hasMore
    }
}

/// A failure a reader can be told about: what kind it is, and the facts
/// the words for it are made of (an HTTP status, the file or server by
/// name, the server's own short message). The words themselves are chosen
/// by the UI, in the reader's language, from `kind` and those facts;
/// `reason` and `detail` are English, for the log.
public struct FeedError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for code that acts on it (a rate limit waits, an
    /// offline machine waits for the network, a missing page is final) and
    /// for the UI to choose its words by.
    public enum Kind: String, Sendable, CaseIterable {
        /// This machine has no network.
        case offline
        /// The server's name could not be found.
        case serverNotFound
        /// The server refused the connection (nothing listens there).
        case refused
        /// The server could not be reached, or dropped the connection
        /// before answering.
        case unreachable
        /// The connection broke off mid-answer.
        case interrupted
        case timedOut
        /// No secure connection could be made to `subject`; with no
        /// subject, the address itself isn't https.
        case insecure
        /// 401, 403, 407; a file that may not be read.
        case accessDenied
        /// 404, 410; a file or page that doesn't exist.
        case notFound
        /// Another 4xx: the server would not take the request.
        case badRequest
        /// The server asked to wait (`retryAfter` says how long).
        case rateLimited
        /// 5xx, or a service's own error answer (`serverMessage`).
        case serverError
        /// An answer that was neither success nor error, or couldn't be read.
        case badAnswer
        /// More than the size limit allows.
        case tooLarge
        /// More redirects than the limit allows (a loop, most often).
        case tooManyRedirects
        /// A document that is no feed (or no picture).
        case notAFeed
        /// A web page where a feed was expected: a site's address, not its
        /// feed's.
        case webPage
        /// A feed that can't be read even leniently.
        case damaged
        /// A document that would be unsafe to read (entity declarations).
        case unsafe
        /// Nothing at all.
        case empty
        /// Writing to disk failed.
        case cannotSave
        /// A sync server refused the user name or password (Fever's
        /// `auth: 0`).
        case credentialsRefused
        /// An address that should answer as a Fever API answers otherwise
        /// (a web page, other JSON).
        case notFeverAPI
        /// Anything else; with a `.file` subject, that file couldn't be read.
        case other
    }

    /// What failed, by the name a reader knows it by.
    public enum Subject: Equatable, Sendable {
        /// A file on this computer, by its name ("feed.xml").
        case file(String)
        /// A server by its host name ("example.org"), or a web service by
        /// its own ("GitHub").
        case server(String)
    }

    public var kind: Kind
    /// Short and English, for the log: "The file doesn't exist", "Server
    /// error (503)". Not for a reader: the UI words the error from `kind`
    /// and the facts below.
    public var reason: String
    /// The HTTP status of the answer that failed, when there was one.
    public var status: Int?
    /// The file, server or service that failed, when one is to be named.
    public var subject: Subject?
    /// The server's own short message, when it gave one ("Validation
    /// Failed"), for the reader; plain text on one line, never markup.
    public var serverMessage: String?
    /// Longer, technical; printed on stderr, never shown in a row.
    public var detail: String?
    /// Set when the server asked us to wait (rate limits, 429/503 with
    /// `Retry-After`): how long, in seconds, before trying again is welcome.
    public var retryAfter: Double?

    public init(_ reason: String, kind: Kind = .other, status: Int? = nil, subject: Subject? = nil,
                detail: String? = nil, retryAfter: Double? = nil, serverMessage: String? = nil) {
        self.kind = kind
        self.reason = reason
        self.status = status
        self.subject = subject
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
