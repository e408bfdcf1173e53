import FeedCore
import FeedTestSupport
import Foundation
import Synchronization
import XCTest

/// The pager against real sources: fetches run off the main thread and
/// every update arrives on the main actor, in order.
final class FeedPagerTests: XCTestCase {
    /// Records on which thread it was asked for pages.
    final class ThreadRecordingSource: FeedSource {
        let base: any FeedSource
        let askedOnMainThread = Mutex<[Bool]>([])
        init(_ base: any FeedSource) { self.base = base }
        var displayName: String { base.displayName }
        func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
            askedOnMainThread.withLock { $0.append(Thread.isMainThread) }
            return try await base.nextPage(after: cursor)
        }
    }

    @MainActor
    final class Recorder {
        var updates: [PagerUpdate] = []
        var onMainThread: [Bool] = []
        var continuation: CheckedContinuation<Void, Never>?
        var until: (PagerUpdate) -> Bool = { _ in false }

        func record(_ update: PagerUpdate) {
            updates.append(update)
            onMainThread.append(Thread.isMainThread)
            if until(update) {
                continuation?.resume()
                continuation = nil
            }
        }

        func wait(until condition: @escaping (PagerUpdate) -> Bool) async {
            until = condition
            await withCheckedContinuation { continuation = $0 }
        }
    }

    let fixture = FeedFixture()

    func testPagesLoadInOrderAndUpdatesArriveOnTheMainThread() async throws {
        let source = ThreadRecordingSource(LocalFeedSource(file: fixture.writeFeed(count: 25), pageSize: 10))
        let (updates, onMain) = await Self.loadEverything(from: source)
        XCTAssertEqual(onMain, Array(repeating: true, count: onMain.count))
        XCTAssertEqual(source.askedOnMainThread.withLock { $0 }, [false, false, false],
                       "three requests, none on the main thread")
        let ids = updates.compactMap(\.result).flatMap(\.items).map(\.id)
        XCTAssertEqual(ids, (0..<25).map(FeedFixture.id))
        XCTAssertEqual(updates.last?.phase, .exhausted)
    }

    func testThePagerLearnsHowLongPagesTake() async throws {
        let file = fixture.writeFeed(count: 25)
        let seen = await Self.expectedLatency(
            of: SimulatedNetwork(LocalFeedSource(file: file, pageSize: 10), latency: .milliseconds(200)))
        XCTAssertEqual(seen.before, 0, "nothing is known before the first page")
        // At least the 200 ms the network sleeps (an upper bound would be a
        // timing test).
        XCTAssertGreaterThanOrEqual(seen.after, 0.2)
    }

    @MainActor
    private static func expectedLatency(of source: any FeedSource) async -> (before: Double, after: Double) {
        let pager = FeedPager(source: source)
        let recorder = Recorder()
        pager.onUpdate = recorder.record
        let before = pager.expectedLatency
        pager.loadMore()
        await recorder.wait { $0.result != nil }
        return (before, pager.expectedLatency)
    }

    @MainActor
    private static func loadEverything(from source: any FeedSource) async -> ([PagerUpdate], [Bool]) {
        let pager = FeedPager(source: source)
        let recorder = Recorder()
        pager.onUpdate = recorder.record
        pager.loadMore()
        await recorder.wait { $0.result != nil }
        pager.loadMore()
        pager.loadMore()  // ignored: one request at a time
        await recorder.wait { $0.result != nil }
        pager.loadMore()
        await recorder.wait { $0.phase == .exhausted }
        return (recorder.updates, recorder.onMainThread)
    }

    func testAFailureWaitsForRetryWhichAsksForTheSamePage() async throws {
        let network = SimulatedNetwork(LocalFeedSource(file: fixture.writeFeed(count: 30), pageSize: 10),
                                       latency: .zero, failEvery: 2)
        let ids = await Self.failThenRetry(network)
        XCTAssertEqual(ids, (0..<20).map(FeedFixture.id))
        XCTAssertEqual(network.requestCount, 3)
    }

    @MainActor
    private static func failThenRetry(_ source: any FeedSource) async -> [String] {
        let pager = FeedPager(source: source)
        let recorder = Recorder()
        pager.onUpdate = recorder.record
        pager.loadMore()
        await recorder.wait { $0.result != nil }
        pager.loadMore()
        await recorder.wait { if case .failed = $0.phase { true } else { false } }
        pager.loadMore()  // ignored after a failure
        pager.retry()
        await recorder.wait { $0.result != nil }
        return recorder.updates.compactMap(\.result).flatMap(\.items).map(\.id)
    }

    // MARK: Rate limits

    private static let rateLimited = FeedError("Rate limited", retryAfter: 0.3)

    func testAfterARateLimitThePagerRetriesTheSamePageByItself() async {
        let source = GatedSource()
        source.answer(0, with: .success(GatedSource.page(0..<10, next: 10)))
        source.answer(1, with: .failure(Self.rateLimited))
        source.answer(2, with: .success(GatedSource.page(10..<20, next: nil)))
        let (ids, countdown, after) = await Self.rateLimitedLoad(source)
        XCTAssertEqual(ids, (0..<20).map(FeedFixture.id), "nothing skipped or repeated")
        XCTAssertEqual(source.requests.map(\.cursor?.rawValue), [nil, "10", "10"], "the same page again")
        XCTAssertEqual(countdown, 1, "0.3 s shows as 1 s left")
        XCTAssertNil(after, "no retry scheduled once it ran")
    }

    @MainActor
    private static func rateLimitedLoad(_ source: GatedSource) async -> ([String], Int?, Int?) {
        let pager = FeedPager(source: source)
        let recorder = Recorder()
        pager.onUpdate = recorder.record
        pager.loadMore()
        await recorder.wait { $0.result != nil }
        pager.loadMore()
        await recorder.wait { if case .failed = $0.phase { true } else { false } }
        let countdown = pager.secondsUntilAutomaticRetry
        await recorder.wait { $0.phase == .exhausted }
        return (recorder.updates.compactMap(\.result).flatMap(\.items).map(\.id), countdown,
                pager.secondsUntilAutomaticRetry)
    }

    func testRetryingByHandOrRefreshingReplacesTheAutomaticRetry() async throws {
        for byHand in [true, false] {
            let source = GatedSource()
            source.answer(0, with: .success(GatedSource.page(0..<10, next: 10)))
            source.answer(1, with: .failure(Self.rateLimited))
            // The new request fails too, without a wait: only Retry may ask again.
            source.answer(2, with: .failure(FeedError("Server error (500)")))
            await Self.failThenAct(source, retryByHand: byHand)
            XCTAssertEqual(source.requestCount, 3, byHand ? "retry" : "refresh")
            XCTAssertEqual(source.requests.last?.cursor?.rawValue, byHand ? "10" : nil)
        }
    }

    @MainActor
    private static func failThenAct(_ source: GatedSource, retryByHand: Bool) async {
        let pager = FeedPager(source: source)
        let recorder = Recorder()
        pager.onUpdate = recorder.record
        pager.loadMore()
        await recorder.wait { $0.result != nil }
        pager.loadMore()
        await recorder.wait { if case .failed = $0.phase { true } else { false } }
        XCTAssertNotNil(pager.secondsUntilAutomaticRetry)
        if retryByHand { pager.retry() } else { pager.refresh() }
        XCTAssertNil(pager.secondsUntilAutomaticRetry)
        await recorder.wait { if case .failed = $0.phase { true } else { false } }
        // Well past the 0.3 s the server asked for: a stale automatic retry
        // would have asked again by now.
        try? await Task.sleep(for: .milliseconds(600))
        XCTAssertNil(pager.secondsUntilAutomaticRetry)
    }
}
