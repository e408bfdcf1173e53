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
    /// items replace the list instead of extending it. Its cursor is nil,
    /// or the place a restored view starts at.
    public let replacesItems: Bool

    public init(serial: Int, generation: Int, cursor: PageCursor?, replacesItems: Bool? = nil) {
        self.serial = serial
        self.generation = generation
        self.cursor = cursor
        self.replacesItems = replacesItems ?? (cursor == nil)
    }
}

/// A request for the items above the first one shown (newer, in a
/// timeline read newest first), as the paging state hands it out.
public struct NewerRequest: Equatable, Sendable {
    public let serial: Int
    public let generation: Int
    /// The first item shown: the page is the items just above it.
    public let above: String
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
    /// New items for the top of the list, above the first one (newer
    /// items, in a timeline read newest first), duplicates removed.
    case prepended([FeedItem])

    public var items: [FeedItem] {
        switch self {
        case .appended(let items), .replaced(let items), .prepended(let items): items
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
///
/// Sources that can name their next pages in advance (page numbers, a
/// file's offsets: `PageAheadSource`) may have pages after the one the
/// list waits for asked for at once (`requestAhead`), as many as the
/// reader's speed needs. Their answers wait their turn: the list gets
/// pages in order, each once, and a failure stops it at exactly that page
/// (Retry asks for it, the pages after it already answered wait). A page
/// that ends the feed, or names another next page than foreseen, drops
/// the pages asked for after it; a rate limit goes back to one at a time
/// until a page comes.
///
/// A list may also grow upward, for sources that can page toward newer
/// items (a stored timeline): a view restored in the middle of its
/// timeline, or one whose source gained items above its first (an
/// update). At most one such request is in flight, beside the one
/// below; its answer goes above the first item, de-duplicated with the
/// rest, and is dropped after a refresh like any stale answer.
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
    /// Whether items may be above the first one shown: the list started
    /// below its top, or its source said it gained newer items.
    public private(set) var hasNewer = false
    /// The request for newer items in flight, if any.
    public private(set) var newerInFlight: NewerRequest?
    /// Pages asked for after the one in flight (or failed), in order.
    private var ahead: [AheadPage] = []
    /// A rate limit was met: no pages ahead until a page comes.
    private var limited = false
    private var nextCursor: PageCursor?
    /// Where the first page of the first generation starts (nil: the top).
    private var startCursor: PageCursor?
    /// The first item shown (what newer items go above).
    private var firstItemID: String?
    private var seenIDs: Set<String> = []
    /// The ids remembered, oldest first, when only the latest are
    /// (`remembering`).
    private var seenOrder: [String] = []
    /// How many of the latest items new ones are checked against (nil:
    /// every item of the generation).
    private let remembering: Int?
    private var lastSerial = 0
    private var fruitlessPages = 0

    /// `start`: where the first page starts, for a view restored at an
    /// item (nil: the top). A refresh always starts from the top.
    /// `remembering`: how many of the latest items new pages are checked
    /// against for repeats (nil: all of them), for a source whose pages
    /// cannot repeat far-off items (`FeedSource.repeatsWithin`): a list
    /// of a million items then remembers a bounded number of ids.
    public init(startingAt start: PageCursor? = nil, remembering: Int? = nil) {
        self.remembering = remembering
        startCursor = start
        hasNewer = start != nil
    }

    /// The request in flight, if any: the page the list waits for.
    public var inFlight: PageRequest? {
        if case .loading(let request) = phase { request } else { nil }
    }

    /// A page asked for after the one the list waits for, and its answer
    /// once it came.
    private struct AheadPage: Sendable {
        enum Answer: Sendable {
            case waiting
            case page(FeedPage)
            case failed(FeedError)
        }

        var request: PageRequest
        var answer: Answer = .waiting

        var isWaiting: Bool {
            if case .waiting = answer { true } else { false }
        }

        var isFailed: Bool {
            if case .failed = answer { true } else { false }
        }
    }

    /// Every request whose answer is still wanted: the one in flight, and
    /// those asked ahead of it not answered yet.
    public var requestsInFlight: [PageRequest] {
        (inFlight.map { [$0] } ?? []) + ahead.filter(\.isWaiting).map(\.request)
    }

    /// Whether an answer to `request` is still wanted (else it is stale and
    /// will be dropped).
    public func isWanted(_ request: PageRequest) -> Bool {
        inFlight == request || waitingAhead(request) != nil
    }

    /// Where `request` is among the pages asked ahead still waiting for
    /// their answer.
    private func waitingAhead(_ request: PageRequest) -> Int? {
        ahead.firstIndex { $0.request == request && $0.isWaiting }
    }

    /// The reader wants more. Returns the request to start, or nil when one
    /// is already in flight, after a failure, or at the end of the feed.
    public mutating func requestMore() -> PageRequest? {
        guard case .idle = phase else { return nil }
        if !hasFirstPage { return start(cursor: startCursor, generation: generation, replacesItems: true) }
        return start(cursor: nextCursor, generation: generation)
    }

    /// Starts over from the first page in a new generation, superseding any
    /// request in flight. The current items stay until the answer arrives.
    public mutating func refresh() -> PageRequest {
        generation += 1
        ahead = []
        limited = false
        startCursor = nil
        hasNewer = false
        newerInFlight = nil
        return start(cursor: nil, generation: generation)
    }

    /// After a failure, asks again for exactly the page that failed.
    public mutating func retry() -> PageRequest? {
        guard case .failed(_, let failed) = phase else { return nil }
        return start(cursor: failed.cursor, generation: failed.generation, replacesItems: failed.replacesItems)
    }

    /// Takes the answer to `request`. Returns what it does to the list, or
    /// nil when the answer is stale (not the request in flight) and dropped.
    public mutating func receive(_ page: FeedPage, for request: PageRequest) -> PageResult? {
        if let index = waitingAhead(request) {
            // A page ahead: it waits its turn.
            ahead[index].answer = .page(page)
            return nil
        }
        guard inFlight == request else { return nil }
        limited = false
        var result = take(page, for: request)
        // The pages asked ahead that came already follow, in order.
        while case .idle = phase, let next = ahead.first, next.request.cursor == nextCursor {
            switch next.answer {
            case .waiting:
                ahead.removeFirst()
                phase = .loading(next.request)
                return result
            case .page(let page):
                ahead.removeFirst()
                result = .appended(result.items + take(page, for: next.request).items)
            case .failed(let error):
                ahead.removeFirst()
                phase = .failed(error, next.request)
                return result
            }
        }
        // The end, or another next page than foreseen: the rest is stale.
        ahead = []
        return result
    }

    /// What one page, the list's next, does to it.
    private mutating func take(_ page: FeedPage, for request: PageRequest) -> PageResult {
        let result: PageResult
        if request.replacesItems {
            seenIDs = []
            seenOrder = []
            itemCount = 0
            hasFirstPage = true
            fruitlessPages = 0
            result = .replaced(unseen(page.items))
            firstItemID = result.items.first?.id
            // A view restored at an item it no longer finds starts at the top.
            if request.cursor == nil { hasNewer = false }
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
        if let index = waitingAhead(request) {
            // A page ahead: the list stops there when it gets there.
            ahead[index].answer = .failed(error)
        } else if inFlight == request {
            phase = .failed(error, request)
        } else {
            return false
        }
        if error.retryAfter != nil { limited = true }
        return true
    }

    /// Asks for pages after the one in flight, up to `count` in flight in
    /// all, each where `after` says the page after a cursor starts (nil:
    /// it can't tell, and no more are asked). Not for the first page, not
    /// after a failure or a rate limit, not at the end. Returns the
    /// requests to start.
    public mutating func requestAhead(upTo count: Int, after: (PageCursor) -> PageCursor?) -> [PageRequest] {
        guard hasFirstPage, !limited, case .loading(let head) = phase, !head.replacesItems,
              !ahead.contains(where: \.isFailed) else { return [] }
        var started: [PageRequest] = []
        while 1 + ahead.count < count, let base = ahead.last?.request.cursor ?? head.cursor, let cursor = after(base) {
            lastSerial += 1
            let request = PageRequest(serial: lastSerial, generation: generation, cursor: cursor)
            ahead.append(AheadPage(request: request))
            started.append(request)
        }
        return started
    }

    /// Abandons the request in flight (the window closed, or the task was
    /// cancelled). Its answer, if one still comes, is dropped.
    public mutating func cancel() {
        newerInFlight = nil
        ahead = []
        guard inFlight != nil else { return }
        phase = .idle
    }

    private mutating func start(cursor: PageCursor?, generation: Int, replacesItems: Bool? = nil) -> PageRequest {
        lastSerial += 1
        let request = PageRequest(serial: lastSerial, generation: generation, cursor: cursor, replacesItems: replacesItems)
        phase = .loading(request)
        return request
    }

    // MARK: Newer items, above the first

    /// The source gained items that may belong above the first one shown
    /// (an update stored some): the next `requestNewer` asks.
    public mutating func newerMayHaveArrived() {
        if hasFirstPage { hasNewer = true }
    }

    /// Returns the request for the items above the first one shown, or nil
    /// when there may be none, one is in flight, or nothing is shown yet.
    public mutating func requestNewer() -> NewerRequest? {
        guard hasNewer, newerInFlight == nil, hasFirstPage, let firstItemID else { return nil }
        lastSerial += 1
        let request = NewerRequest(serial: lastSerial, generation: generation, above: firstItemID)
        newerInFlight = request
        return request
    }

    /// Takes the answer to `request`: `items`, newest first, and whether
    /// more are above them. Returns what it does to the list, or nil when
    /// it is stale and dropped.
    public mutating func receiveNewer(_ items: [FeedItem], hasMore: Bool, for request: NewerRequest) -> PageResult? {
        guard newerInFlight == request else { return nil }
        newerInFlight = nil
        let fresh = unseen(items)
        itemCount += fresh.count
        if let first = fresh.first { firstItemID = first.id }
        // Nothing new though more was promised: stop rather than ask forever.
        hasNewer = hasMore && !fresh.isEmpty
        return .prepended(fresh)
    }

    /// Takes a failure of `request` (the next scroll near the top asks
    /// again). Returns false when it is stale.
    public mutating func failNewer(for request: NewerRequest) -> Bool {
        guard newerInFlight == request else { return false }
        newerInFlight = nil
        return true
    }

    /// Drops items already shown (and repeats within the page), remembering
    /// the rest.
    private mutating func unseen(_ items: [FeedItem]) -> [FeedItem] {
        let fresh = items.filter { seenIDs.insert($0.id).inserted }
        guard let remembering else { return fresh }
        seenOrder += fresh.map(\.id)
        if seenOrder.count > 2 * remembering {
            let forgotten = seenOrder.count - remembering
            for id in seenOrder[..<forgotten] { seenIDs.remove(id) }
            seenOrder.removeFirst(forgotten)
        }
        return fresh
    }
}
