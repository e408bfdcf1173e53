import Foundation

/// What changed after the pager did something: the new phase, and what an
/// accepted page did to the list (nil when only the phase changed).
public struct PagerUpdate: Sendable {
    public var phase: PagingPhase
    public var result: PageResult?
    /// The feed's title, when the page carried one.
    public var feedTitle: String?

    public init(phase: PagingPhase, result: PageResult? = nil, feedTitle: String? = nil) {
        self.phase = phase
        self.result = result
        self.feedTitle = feedTitle
    }
}

/// Runs the paging state machine against a source: starts fetches off the
/// main thread and reports every change on the main actor, in order.
///
/// One pager serves one window. The UI asks (`loadMore`, `retry`,
/// `refresh`), the pager decides, and `onUpdate` tells the UI what to show.
@MainActor
public final class FeedPager {
    public let source: any FeedSource
    public private(set) var state = PagingState()
    /// Called on the main actor after every change of phase or items.
    public var onUpdate: ((PagerUpdate) -> Void)?
    /// Called with every failure that reaches the reader, for logging.
    public var onFailure: ((FeedError) -> Void)?
    private var task: Task<Void, Never>?
    /// The retry the pager will make by itself after a rate limit.
    private var automaticRetry: Task<Void, Never>?
    /// When the pager will retry by itself, after a failure that said how
    /// long to wait (`FeedError.retryAfter`); nil when it will not.
    public private(set) var automaticRetryTime: ContinuousClock.Instant?
    /// Answers that came for a request no longer in flight (after a refresh
    /// or cancel) and were dropped.
    public private(set) var droppedAnswers = 0
    /// How long pages have recently taken to arrive, in seconds (a moving
    /// average that follows the latest pages; 0 before the first).
    public private(set) var expectedLatency: Double = 0

    public init(source: any FeedSource) {
        self.source = source
    }

    public var phase: PagingPhase { state.phase }

    /// Asks for the next page if paging is idle; does nothing while a page
    /// is loading, after a failure, or at the end. Cheap to call often.
    public func loadMore() {
        guard let request = state.requestMore() else { return }
        start(request)
    }

    /// Asks again for the page that failed (now, even when an automatic
    /// retry is scheduled).
    public func retry() {
        guard let request = state.retry() else { return }
        start(request)
    }

    /// Reloads from the first page; the current items stay until it arrives.
    public func refresh() {
        task?.cancel()
        start(state.refresh())
    }

    /// Stops the request in flight (its answer will be dropped) and any
    /// automatic retry.
    public func cancel() {
        task?.cancel()
        task = nil
        cancelAutomaticRetry()
        state.cancel()
    }

    /// Seconds left before the automatic retry, rounded up; nil when none
    /// is scheduled.
    public var secondsUntilAutomaticRetry: Int? {
        guard let time = automaticRetryTime else { return nil }
        let left = ContinuousClock.now.duration(to: time)
        return max(0, Int((left / .seconds(1)).rounded(.up)))
    }

    /// After a failure that asked us to wait, retries by itself once the
    /// wait is over, unless the reader retries, refreshes or leaves first.
    private func scheduleAutomaticRetry(after seconds: Double) {
        let time = ContinuousClock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
        automaticRetryTime = time
        automaticRetry = Task { [weak self] in
            try? await Task.sleep(until: time, clock: .continuous)
            guard !Task.isCancelled, let self, automaticRetryTime == time else { return }
            retry()
        }
    }

    private func cancelAutomaticRetry() {
        automaticRetry?.cancel()
        automaticRetry = nil
        automaticRetryTime = nil
    }

    private func start(_ request: PageRequest) {
        cancelAutomaticRetry()
        notify(result: nil, feedTitle: nil)
        let source = source
        let started = ContinuousClock.now
        task = Task {
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
        switch outcome {
        case .success(let page):
            guard let result = state.receive(page, for: request) else {
                droppedAnswers += 1
                return
            }
            let seconds = duration / .seconds(1)
            expectedLatency = expectedLatency == 0 ? seconds : expectedLatency * 0.6 + seconds * 0.4
            notify(result: result, feedTitle: page.feedTitle)
        case .failure(let error):
            // A cancelled request is no longer the one in flight: `fail`
            // drops it like any stale answer.
            let feedError = FeedError(describing: error)
            guard state.fail(feedError, for: request) else {
                droppedAnswers += 1
                return
            }
            onFailure?(feedError)
            if let wait = feedError.retryAfter {
                scheduleAutomaticRetry(after: wait)
            }
            notify(result: nil, feedTitle: nil)
        }
    }

    private func notify(result: PageResult?, feedTitle: String?) {
        onUpdate?(PagerUpdate(phase: state.phase, result: result, feedTitle: feedTitle))
    }
}
