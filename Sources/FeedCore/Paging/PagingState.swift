/// A request for one page, as the paging state hands it out.
public struct PageRequest: Equatable, Sendable {
    /// Unique for the lifetime of a `PagingState`; an answer is accepted only
    /// for the request currently in flight.
    public let serial: Int
    /// Bumped by every refresh: which list the answer belongs to.
    public let generation: Int
    /// Where the page starts; nil for the first page.
    public let cursor: PageCursor?
    /// True for the first page of a generation (first load or refresh): its
    /// items replace the list instead of extending it.
    public var replacesItems: Bool { cursor == nil }
}

/// Where paging stands.
public enum PagingPhase: Equatable, Sendable {
    /// Nothing in flight; more can be asked for.
    case idle
    /// One request in flight.
    case loading(PageRequest)
    /// The request failed; nothing loads by itself until `retry` or `refresh`.
    case failed(FeedError, PageRequest)
    /// The feed has no more pages (for this generation).
    case exhausted
}

/// What an accepted page did to the list.
public enum PageResult: Equatable, Sendable {
    /// New items for the end of the list (duplicates already removed).
    case appended([FeedItem])
    /// The whole list, from a first load or a refresh.
    case replaced([FeedItem])

    public var items: [FeedItem] {
        switch self {
        case .appended(let items), .replaced(let items): items
        }
    }
}

/// The paging state machine: which page to ask for next, and what to make of
/// the answers. Pure and synchronous; `FeedSession` runs it.
///
/// Rules it keeps:
/// - at most one request in flight; asking again while loading does nothing;
/// - a failure keeps the cursor, and only `retry` (same cursor) or `refresh`
///   starts another request: no item is skipped and nothing loads by itself;
/// - `refresh` starts a new generation; answers for any older request are
///   dropped, whenever they arrive;
/// - items are de-duplicated by id across all pages of a generation;
/// - a source that keeps answering with nothing new is taken to have ended
///   after `fruitlessPageLimit` such pages, and one that answers with the
///   cursor it was asked for at once, so a misbehaving server cannot make us
///   ask forever.
public struct PagingState: Sendable {
    public static let fruitlessPageLimit = 3

    public private(set) var phase: PagingPhase = .idle
    public private(set) var generation = 0
    /// Items accepted in the current generation.
    public private(set) var itemCount = 0
    /// Whether the current generation's first page has arrived.
    public private(set) var hasFirstPage = false
    /// Whether paging ended because the source kept answering without
    /// moving on (the guard against endless requests), not because the
    /// feed said it ended.
    public private(set) var stalled = false
    private var nextCursor: PageCursor?
    private var seenIDs: Set<String> = []
    private var lastSerial = 0
    private var fruitlessPages = 0

    public init() {}

    /// The request in flight, if any.
    public var inFlight: PageRequest? {
        if case .loading(let request) = phase { request } else { nil }
    }

    /// The reader wants more. Returns the request to start, or nil when one
    /// is already in flight, after a failure, or at the end of the feed.
    public mutating func requestMore() -> PageRequest? {
        guard case .idle = phase else { return nil }
        return start(cursor: hasFirstPage ? nextCursor : nil, generation: generation)
    }

    /// Starts over from the first page in a new generation, superseding any
    /// request in flight. The current items stay until the answer arrives.
    public mutating func refresh() -> PageRequest {
        generation += 1
        return start(cursor: nil, generation: generation)
    }

    /// After a failure, asks again for exactly the page that failed.
    public mutating func retry() -> PageRequest? {
        guard case .failed(_, let failed) = phase else { return nil }
        return start(cursor: failed.cursor, generation: failed.generation)
    }

    /// Takes the answer to `request`. Returns what it does to the list, or
    /// nil when the answer is stale (not the request in flight) and dropped.
    public mutating func receive(_ page: FeedPage, for request: PageRequest) -> PageResult? {
        guard inFlight == request else { return nil }
        let result: PageResult
        if request.replacesItems {
            seenIDs = []
            itemCount = 0
            hasFirstPage = true
            fruitlessPages = 0
            result = .replaced(unseen(page.items))
        } else {
            result = .appended(unseen(page.items))
        }
        itemCount += result.items.count

        let advanced = page.next != request.cursor
        fruitlessPages = result.items.isEmpty || !advanced ? fruitlessPages + 1 : 0
        nextCursor = page.next
        stalled = page.next != nil && (!advanced || fruitlessPages >= Self.fruitlessPageLimit)
        if page.next == nil || stalled {
            phase = .exhausted
        } else {
            phase = .idle
        }
        return result
    }

    /// Takes a failure of `request`. Returns false when it is stale and
    /// dropped. The cursor stays, so `retry` asks for the same page.
    public mutating func fail(_ error: FeedError, for request: PageRequest) -> Bool {
        guard inFlight == request else { return false }
        phase = .failed(error, request)
        return true
    }

    /// Abandons the request in flight (the window closed, or the task was
    /// cancelled). Its answer, if one still comes, is dropped.
    public mutating func cancel() {
        guard inFlight != nil else { return }
        phase = .idle
    }

    private mutating func start(cursor: PageCursor?, generation: Int) -> PageRequest {
        lastSerial += 1
        let request = PageRequest(serial: lastSerial, generation: generation, cursor: cursor)
        phase = .loading(request)
        return request
    }

    /// Drops items already shown (and repeats within the page), remembering
    /// the rest.
    private mutating func unseen(_ items: [FeedItem]) -> [FeedItem] {
        items.filter { seenIDs.insert($0.id).inserted }
    }
}
