import Foundation

/// How one feed's session stands, for a window to render as it is: what
/// the latest change did to the items, and everything else a window shows
/// (footer, status line, busy state, countdown) as of now.
public struct FeedSnapshot: Equatable, Sendable {
    /// What this snapshot does to the items: a page to append, the whole
    /// list from a first load or refresh, or nil when only the rest moved.
    public var change: PageResult?
    public var phase: PagingPhase
    /// The feed's title, when the page just taken carried one.
    public var feedTitle: String?
    /// Paging ended because the source kept answering without moving on.
    public var stalled: Bool
    /// Seconds, rounded up, before the session retries by itself after a
    /// failure that asked to wait (a rate limit); nil when it won't.
    public var retryIn: Int?
    /// How long pages have recently taken to arrive, in seconds (0 before
    /// the first).
    public var expectedLatency: Double
    /// Items accepted in the current generation.
    public var itemCount: Int
    /// Whether items may be above the first one shown (a view restored
    /// below its top, or newer items stored since): Home goes to the top
    /// by reloading it.
    public var hasNewer: Bool

    public init(change: PageResult? = nil, phase: PagingPhase = .idle, feedTitle: String? = nil,
                stalled: Bool = false, retryIn: Int? = nil, expectedLatency: Double = 0, itemCount: Int = 0,
                hasNewer: Bool = false) {
        self.change = change
        self.phase = phase
        self.feedTitle = feedTitle
        self.stalled = stalled
        self.retryIn = retryIn
        self.expectedLatency = expectedLatency
        self.itemCount = itemCount
        self.hasNewer = hasNewer
    }

    /// The request in flight, if any.
    public var inFlight: PageRequest? {
        if case .loading(let request) = phase { request } else { nil }
    }

    /// The failure Retry would answer, if paging stopped on one.
    public var failure: FeedError? {
        if case .failed(let error, _) = phase { error } else { nil }
    }
}

/// One open feed: pages it from its source off the main thread, decides
/// when the next page starts from the positions the list and the reader
/// report, retries by itself when a server asked to wait, and publishes a
/// `FeedSnapshot` after every change, in order, on the main actor.
///
/// The walk is one way: a view reports (`listShows`, `readerShows`) or the
/// reader asks (`loadMore`, `retry`, `refresh`); the session decides and
/// fetches; `onSnapshot` tells the window what to show. A snapshot is
/// never published from inside one of those calls: changes they make are
/// published on a later turn of the main loop, so no view is spliced while
/// it is still reporting. Sessions share nothing: any number can be open
/// at once.
@MainActor
public final class FeedSession {
    public let source: any FeedSource
    public private(set) var state = PagingState()
    /// When the next page starts as the list scrolls. Feedline's own
    /// policy; the benchmark puts the tutorials' triggers here to compare.
    public var prefetch: any PrefetchDecision = PrefetchPolicy()
    /// Called on the main actor after every change, in order.
    public var onSnapshot: ((FeedSnapshot) -> Void)?
    /// Called with every failure that reaches the reader, for logging.
    public var onFailure: ((FeedError) -> Void)?
    /// Answers that came for a request no longer in flight (after a refresh
    /// or cancel) and were dropped.
    public private(set) var droppedAnswers = 0
    /// How long pages have recently taken to arrive, in seconds (a moving
    /// average that follows the latest pages; 0 before the first).
    public private(set) var expectedLatency: Double = 0

    /// The fetches under way, by request serial: the page the list waits
    /// for, and pages asked ahead of it.
    private var tasks: [Int: Task<Void, Never>] = [:]
    /// The fetch of newer items, above the first.
    private var newerTask: Task<Void, Never>?
    /// When the session will retry by itself; nil when it will not.
    private var automaticRetryTime: ContinuousClock.Instant?
    /// The retry itself, and the ticks that count down to it.
    private var automaticRetry: Task<Void, Never>?
    private var countdownTick: Task<Void, Never>?
    /// A change made by a call is waiting to be published.
    private var publishPending = false
    private var closed = false

    /// `start`: where the first page starts, for a view restored at an
    /// item (a cursor of the source's own; nil: the top). Items above it
    /// load as the reader scrolls up to them.
    public init(source: any FeedSource, startingAt start: PageCursor? = nil) {
        self.source = source
        state = PagingState(startingAt: start, remembering: source.repeatsWithin)
    }

    public var phase: PagingPhase { state.phase }

    /// How the session stands now (without a change to the items).
    public var snapshot: FeedSnapshot {
        FeedSnapshot(phase: state.phase, stalled: state.stalled, retryIn: secondsUntilAutomaticRetry,
                     expectedLatency: expectedLatency, itemCount: state.itemCount, hasNewer: state.hasNewer)
    }

    // MARK: What the reader asks

    /// Asks for the next page if paging is idle; does nothing while a page
    /// is loading, after a failure, or at the end. Cheap to call often.
    public func loadMore() {
        guard !closed, let request = state.requestMore() else { return }
        start(request)
    }

    /// Asks again for the page that failed (now, even when an automatic
    /// retry is scheduled).
    public func retry() {
        guard !closed, let request = state.retry() else { return }
        start(request)
    }

    /// Reloads from the first page; the current items stay until it arrives.
    public func refresh() {
        guard !closed else { return }
        newerTask?.cancel()
        start(state.refresh())
        dropUnwantedFetches()
    }

    /// Asks for the items above the first one shown, if there may be any
    /// and the source can page that way; does nothing while they load.
    public func loadNewer() {
        guard !closed, let request = state.requestNewer() else { return }
        let source = source
        newerTask = Task {
            let outcome: Result<NewerPage?, any Error>
            do {
                outcome = .success(try await Self.fetchNewer(from: source, above: request.above))
            } catch {
                outcome = .failure(error)
            }
            self.finishNewer(request, outcome)
        }
    }

    /// The source may have gained items above the first one shown (an
    /// update stored some): they are asked for now.
    public func newerMayHaveArrived() {
        guard !closed else { return }
        state.newerMayHaveArrived()
        loadNewer()
    }

    /// Ends the session: the request in flight is dropped, no retry comes,
    /// nothing more is published. For a window that closes or leaves the
    /// feed.
    public func close() {
        closed = true
        tasks.values.forEach { $0.cancel() }
        tasks = [:]
        newerTask?.cancel()
        newerTask = nil
        cancelAutomaticRetry()
        state.cancel()
        onSnapshot = nil
        onFailure = nil
    }

    // MARK: What the views report

    /// The list scrolled to `offset` (the top of the visible area) at
    /// `time` (seconds, any monotonic clock): the reader's speed.
    public func listScrolled(to offset: Double, at time: Double) {
        prefetch.observe(offset: offset, at: time)
    }

    /// The list, laid out, stands at `metrics`; `atBottomEdge` when it
    /// has just reached its end. Starts the next page when the prefetch
    /// decision says so.
    public func listShows(_ metrics: ScrollMetrics, atBottomEdge: Bool = false, at time: Double) {
        guard metrics.itemCount > 0 else { return }
        if (atBottomEdge && prefetch.loadsAtBottomEdge) || prefetch.shouldLoadMore(metrics, at: time) {
            loadMore()
            loadAhead(metrics, at: time)
        }
        if state.hasNewer && NewerLookAhead.shouldLoadNewer(metrics) {
            loadNewer()
        }
    }

    /// The reader view shows item `index` of the `loaded` items; nil when
    /// it stands on the place after the last item, waiting for more.
    public func readerShows(_ index: Int?, of loaded: Int) {
        guard let index else { return loadMore() }
        if ReaderLookAhead.shouldLoadMore(showing: index, of: loaded) { loadMore() }
        if state.hasNewer && ReaderLookAhead.shouldLoadNewer(showing: index) { loadNewer() }
    }

    // MARK: Retrying by itself

    /// Seconds left before the automatic retry, rounded up; nil when none
    /// is scheduled.
    public var secondsUntilAutomaticRetry: Int? {
        guard let time = automaticRetryTime else { return nil }
        let left = ContinuousClock.now.duration(to: time)
        return max(0, Int((left / .seconds(1)).rounded(.up)))
    }

    /// After a failure that asked us to wait, retries by itself once the
    /// wait is over, unless the reader retries, refreshes or leaves first,
    /// and publishes the countdown as each whole second passes.
    private func scheduleAutomaticRetry(after seconds: Double) {
        let time = ContinuousClock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
        automaticRetryTime = time
        automaticRetry = Task { [weak self] in
            try? await Task.sleep(until: time, clock: .continuous)
            guard !Task.isCancelled, let self, automaticRetryTime == time else { return }
            retry()
        }
        scheduleCountdownTick()
    }

    /// Wakes when the number of seconds left changes, to publish it.
    private func scheduleCountdownTick() {
        countdownTick?.cancel()
        guard let time = automaticRetryTime, let left = secondsUntilAutomaticRetry, left > 0 else { return }
        let wake = time.advanced(by: .seconds(-(left - 1)))
        countdownTick = Task { [weak self] in
            try? await Task.sleep(until: max(wake, ContinuousClock.now.advanced(by: .milliseconds(20))), clock: .continuous)
            guard !Task.isCancelled, let self, automaticRetryTime == time else { return }
            publish()
            scheduleCountdownTick()
        }
    }

    private func cancelAutomaticRetry() {
        automaticRetry?.cancel()
        automaticRetry = nil
        countdownTick?.cancel()
        countdownTick = nil
        automaticRetryTime = nil
    }

    // MARK: Fetching

    /// For a source that names its next pages in advance: asks for as
    /// many pages after the one in flight as the reader's speed and the
    /// pages' latency need (`PrefetchPolicy.pagesInFlight`, at most four).
    private func loadAhead(_ metrics: ScrollMetrics, at time: Double) {
        guard let source = source as? any PageAheadSource else { return }
        let wanted = prefetch.pagesInFlight(metrics, pageItems: lastPageSize, at: time)
        for request in state.requestAhead(upTo: wanted, after: source.cursor(after:)) {
            fetch(request)
        }
    }

    /// Items the last page brought (how far a page goes).
    private var lastPageSize = 0

    /// Pages being fetched now (the benchmark shows it).
    public var pagesInFlight: Int { tasks.count }

    /// Cancels the fetches whose answers are no longer wanted (a refresh,
    /// the end, another next page than foreseen).
    private func dropUnwantedFetches() {
        let wanted = Set(state.requestsInFlight.map(\.serial))
        for (serial, task) in tasks where !wanted.contains(serial) {
            task.cancel()
            tasks[serial] = nil
        }
    }

    private func start(_ request: PageRequest) {
        cancelAutomaticRetry()
        publishSoon()
        fetch(request)
    }

    /// Fetches `request`'s page off the main actor.
    private func fetch(_ request: PageRequest) {
        let source = source
        let started = ContinuousClock.now
        tasks[request.serial] = Task {
            let outcome: Result<FeedPage, any Error>
            do {
                outcome = .success(try await Self.fetch(from: source, after: request.cursor))
            } catch {
                outcome = .failure(error)
            }
            self.finish(request, outcome, took: ContinuousClock.now - started)
        }
    }

    /// Runs the source off the main actor.
    @concurrent
    private nonisolated static func fetch(
        from source: any FeedSource, after cursor: PageCursor?
    ) async throws -> FeedPage {
        try await source.nextPage(after: cursor)
    }

    private func finish(_ request: PageRequest, _ outcome: Result<FeedPage, any Error>, took duration: Duration) {
        tasks[request.serial] = nil
        guard state.isWanted(request) else {
            droppedAnswers += 1
            return
        }
        switch outcome {
        case .success(let page):
            let seconds = duration / .seconds(1)
            expectedLatency = expectedLatency == 0 ? seconds : expectedLatency * 0.6 + seconds * 0.4
            prefetch.expectedLatency = expectedLatency
            lastPageSize = page.items.count
            // A page ahead waits its turn (nil): nothing to show yet.
            guard let result = state.receive(page, for: request) else { return }
            dropUnwantedFetches()
            // Pages ahead that had come followed it, up to one that failed.
            if case .failed(let error, _) = state.phase { failed(error) }
            publish(result, feedTitle: page.feedTitle)
        case .failure(let error):
            // A cancelled request is no longer the one in flight: `fail`
            // drops it like any stale answer.
            let feedError = FeedError(describing: error)
            let waitedFor = request == state.inFlight
            guard state.fail(feedError, for: request) else {
                droppedAnswers += 1
                return
            }
            // A page ahead that failed waits its turn too.
            guard waitedFor else { return }
            failed(feedError)
            publish()
        }
    }

    /// The page the list waits for failed: logged, and retried by itself
    /// when the server asked to wait.
    private func failed(_ error: FeedError) {
        onFailure?(error)
        if let wait = error.retryAfter {
            scheduleAutomaticRetry(after: wait)
        }
    }

    @concurrent
    private nonisolated static func fetchNewer(from source: any FeedSource, above item: String) async throws -> NewerPage? {
        try await source.newerPage(above: item, limit: NewerLookAhead.pageSize)
    }

    private func finishNewer(_ request: NewerRequest, _ outcome: Result<NewerPage?, any Error>) {
        switch outcome {
        case .success(let page):
            guard let result = state.receiveNewer(page?.items ?? [], hasMore: page?.hasMore ?? false, for: request) else {
                droppedAnswers += 1
                return
            }
            publish(result.items.isEmpty ? nil : result)
        case .failure(let error):
            guard state.failNewer(for: request) else {
                droppedAnswers += 1
                return
            }
            // Not the reader's concern until they scroll up: the next
            // report near the top asks again. Logged.
            onFailure?(FeedError(describing: error))
        }
    }

    // MARK: Publishing

    /// Publishes on a later turn of the main loop, after the call that
    /// made the change has returned. Whatever is published first carries
    /// the change; the late turn then has nothing to add.
    private func publishSoon() {
        guard !publishPending else { return }
        publishPending = true
        Task { [weak self] in
            guard let self, publishPending else { return }
            publish()
        }
    }

    private func publish(_ change: PageResult? = nil, feedTitle: String? = nil) {
        publishPending = false
        guard !closed else { return }
        var snapshot = snapshot
        snapshot.change = change
        snapshot.feedTitle = feedTitle
        onSnapshot?(snapshot)
    }
}
