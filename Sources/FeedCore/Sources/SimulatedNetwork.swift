import Synchronization

/// Wraps a source with the conditions of a slow, flaky network: a delay
/// before every page, and a failure on every Nth request.
///
/// This is what `--latency` and `--fail-every` turn on, so that paging,
/// the loading footer and Retry can be seen and tried on a local feed.
public final class SimulatedNetwork: FeedSource {
    public let base: any FeedSource
    public let latency: Duration
    /// Every `failEvery`-th request fails (1-based); nil never fails.
    public let failEvery: Int?
    private let requests = Mutex(0)

    public init(_ base: any FeedSource, latency: Duration, failEvery: Int? = nil) {
        precondition(failEvery.map { $0 > 0 } ?? true, "failEvery must be positive")
        self.base = base
        self.latency = latency
        self.failEvery = failEvery
    }

    public var displayName: String { base.displayName }
    public var repeatsWithin: Int? { base.repeatsWithin }

    /// How many pages were asked for so far, failures included.
    public var requestCount: Int { requests.withLock { $0 } }

    public func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        let number = requests.withLock { count in
            count += 1
            return count
        }
        if latency > .zero {
            try await Task.sleep(for: latency)
        }
        if let failEvery, number % failEvery == 0 {
            throw FeedError(
                "The connection was interrupted", kind: .interrupted,
                detail: "simulated failure of request \(number) (--fail-every \(failEvery))"
            )
        }
        return try await base.nextPage(after: cursor)
    }

    /// The base's newer items, after the same latency (they never fail:
    /// `--fail-every` counts the pages below).
    public func newerPage(above item: String, limit: Int) async throws -> NewerPage? {
        if latency > .zero {
            try await Task.sleep(for: latency)
        }
        return try await base.newerPage(above: item, limit: limit)
    }
}

extension SimulatedNetwork: PageAheadSource {
    /// The base's, when it names its pages ahead.
    public func cursor(after cursor: PageCursor) -> PageCursor? {
        (base as? any PageAheadSource)?.cursor(after: cursor)
    }
}
