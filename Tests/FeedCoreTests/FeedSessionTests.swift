import FeedCore
import FeedTestSupport
import Foundation
import Synchronization
import XCTest

/// A feed's session against real sources: fetches run off the main thread
/// and every snapshot arrives on the main actor, in order.
final class FeedSessionTests: XCTestCase {
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
        var snapshots: [FeedSnapshot] = []
        var onMainThread: [Bool] = []
        var continuation: CheckedContinuation<Void, Never>?
        var until: (FeedSnapshot) -> Bool = { _ in false }

        func record(_ snapshot: FeedSnapshot) {
            snapshots.append(snapshot)
            onMainThread.append(Thread.isMainThread)
            if until(snapshot) {
                continuation?.resume()
                continuation = nil
            }
        }

        func wait(until condition: @escaping (FeedSnapshot) -> Bool) async {
            until = condition
            await withCheckedContinuation { continuation = $0 }
        }
    }

    let fixture = FeedFixture()

    func testPagesLoadInOrderAndUpdatesArriveOnTheMainThread() async throws {
        let source = ThreadRecordingSource(LocalFeedSource(file: fixture.writeFeed(count: 25), pageSize: 10))
        let (snapshots, onMain) = await Self.loadEverything(from: source)
        XCTAssertEqual(onMain, Array(repeating: true, count: onMain.count))
        XCTAssertEqual(source.askedOnMainThread.withLock { $0 }, [false, false, false],
                       "three requests, none on the main thread")
        let ids = snapshots.compactMap(\.change).flatMap(\.items).map(\.id)
        XCTAssertEqual(ids, (0..<25).map(FeedFixture.id))
        XCTAssertEqual(snapshots.last?.phase, .exhausted)
    }

    func testTheSessionLearnsHowLongPagesTake() async throws {
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
        let session = FeedSession(source: source)
        let recorder = Recorder()
        session.onSnapshot = recorder.record
        let before = session.expectedLatency
        session.loadMore()
        await recorder.wait { $0.change != nil }
        XCTAssertEqual(session.prefetch.expectedLatency, session.expectedLatency, "the prefetch distance follows it")
        return (before, session.expectedLatency)
    }

    @MainActor
    private static func loadEverything(from source: any FeedSource) async -> ([FeedSnapshot], [Bool]) {
        let session = FeedSession(source: source)
        let recorder = Recorder()
        session.onSnapshot = recorder.record
        session.loadMore()
        await recorder.wait { $0.change != nil }
        session.loadMore()
        session.loadMore()  // ignored: one request at a time
        await recorder.wait { $0.change != nil }
        session.loadMore()
        await recorder.wait { $0.phase == .exhausted }
        return (recorder.snapshots, recorder.onMainThread)
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
        let session = FeedSession(source: source)
        let recorder = Recorder()
        session.onSnapshot = recorder.record
        session.loadMore()
        await recorder.wait { $0.change != nil }
        session.loadMore()
        await recorder.wait { if case .failed = $0.phase { true } else { false } }
        session.loadMore()  // ignored after a failure
        session.retry()
        await recorder.wait { $0.change != nil }
        return recorder.snapshots.compactMap(\.change).flatMap(\.items).map(\.id)
    }

    // MARK: Rate limits

    private static let rateLimited = FeedError("Rate limited", retryAfter: 0.3)

    func testAfterARateLimitTheSessionRetriesTheSamePageByItself() async {
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
        let session = FeedSession(source: source)
        let recorder = Recorder()
        session.onSnapshot = recorder.record
        session.loadMore()
        await recorder.wait { $0.change != nil }
        session.loadMore()
        await recorder.wait { if case .failed = $0.phase { true } else { false } }
        let countdown = session.secondsUntilAutomaticRetry
        await recorder.wait { $0.phase == .exhausted }
        return (recorder.snapshots.compactMap(\.change).flatMap(\.items).map(\.id), countdown,
                session.secondsUntilAutomaticRetry)
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
        let session = FeedSession(source: source)
        let recorder = Recorder()
        session.onSnapshot = recorder.record
        session.loadMore()
        await recorder.wait { $0.change != nil }
        session.loadMore()
        await recorder.wait { if case .failed = $0.phase { true } else { false } }
        XCTAssertNotNil(session.secondsUntilAutomaticRetry)
        if retryByHand { session.retry() } else { session.refresh() }
        XCTAssertNil(session.secondsUntilAutomaticRetry)
        await recorder.wait { if case .failed = $0.phase { true } else { false } }
        // What is tested is that nothing happens: well past the 0.3 s the
        // server asked for, a stale automatic retry would have asked again.
        try? await Task.sleep(for: .milliseconds(600))
        XCTAssertNil(session.secondsUntilAutomaticRetry)
    }

    // MARK: One way, no re-entry

    func testACallNeverPublishesBeforeItReturns() async {
        let source = GatedSource()
        let (duringCall, published) = await Self.snapshotsAroundLoadMore(source)
        XCTAssertEqual(duringCall, 0, "nothing is published from inside loadMore")
        XCTAssertEqual(published?.inFlight?.cursor, nil, "then the first page is shown loading")
        XCTAssertEqual(published?.change, nil)
    }

    @MainActor
    private static func snapshotsAroundLoadMore(_ source: GatedSource) async -> (Int, FeedSnapshot?) {
        let session = FeedSession(source: source)
        let recorder = Recorder()
        session.onSnapshot = recorder.record
        session.loadMore()
        let duringCall = recorder.snapshots.count
        await recorder.wait { $0.inFlight != nil }
        session.close()
        return (duringCall, recorder.snapshots.first)
    }

    func testTheCountdownToAnAutomaticRetryIsPublishedSecondBySecond() async {
        let source = GatedSource()
        source.answer(0, with: .success(GatedSource.page(0..<10, next: 10)))
        source.answer(1, with: .failure(FeedError("Rate limited", kind: .rateLimited, retryAfter: 2.2)))
        source.answer(2, with: .success(GatedSource.page(10..<20, next: nil)))
        let countdown = await Self.countdown(source)
        XCTAssertEqual(countdown, [3, 2, 1], "each whole second left, once, in order")
        XCTAssertEqual(source.requestCount, 3, "then the same page again, by itself")
    }

    @MainActor
    private static func countdown(_ source: GatedSource) async -> [Int] {
        let session = FeedSession(source: source)
        let recorder = Recorder()
        session.onSnapshot = recorder.record
        session.loadMore()
        await recorder.wait { $0.change != nil }
        session.loadMore()
        await recorder.wait { $0.phase == .exhausted }
        var seen: [Int] = []
        for snapshot in recorder.snapshots {
            if let left = snapshot.retryIn, left > 0, seen.last != left { seen.append(left) }
        }
        return seen
    }

    func testSessionsOpenAtOnceKeepToThemselves() async {
        let first = GatedSource(displayName: "First")
        let second = GatedSource(displayName: "Second")
        let (firstIDs, secondIDs) = await Self.twoSessions(first, second)
        XCTAssertEqual(firstIDs, ["item-0", "item-1"])
        XCTAssertEqual(secondIDs, ["item-5", "item-6", "item-7"])
    }

    @MainActor
    private static func twoSessions(_ first: GatedSource, _ second: GatedSource) async -> ([String], [String]) {
        let sessions = [FeedSession(source: first), FeedSession(source: second)]
        let recorders = [Recorder(), Recorder()]
        for (session, recorder) in zip(sessions, recorders) {
            session.onSnapshot = recorder.record
            session.loadMore()
        }
        // Answered in the other order than asked.
        second.answer(0, with: .success(GatedSource.page(5..<8, next: nil)))
        await recorders[1].wait { $0.phase == .exhausted }
        XCTAssertNotNil(sessions[0].state.inFlight, "the first still waits for its own page")
        first.answer(0, with: .success(GatedSource.page(0..<2, next: nil)))
        await recorders[0].wait { $0.phase == .exhausted }
        let ids = recorders.map { $0.snapshots.compactMap(\.change).flatMap(\.items).map(\.id) }
        return (ids[0], ids[1])
    }

    func testAClosedSessionDropsItsAnswerAndPublishesNothing() async {
        let source = GatedSource()
        let (published, dropped, phase) = await Self.closeWhileLoading(source)
        XCTAssertEqual(published, 0)
        XCTAssertEqual(dropped, 1, "the answer that came after closing was dropped")
        XCTAssertEqual(phase, .idle)
    }

    @MainActor
    private static func closeWhileLoading(_ source: GatedSource) async -> (Int, Int, PagingPhase) {
        let session = FeedSession(source: source)
        var published = 0
        session.onSnapshot = { _ in published += 1 }
        session.loadMore()
        session.close()
        session.loadMore()  // ignored once closed
        source.answer(0, with: .success(GatedSource.page(0..<10, next: 10)))
        while session.droppedAnswers == 0 && source.requestCount <= 1 {
            await Task.yield()
        }
        return (published, session.droppedAnswers, session.phase)
    }

    // MARK: Deciding from what the views report

    func testTheListAsksForMoreOnlyNearTheEnd() async {
        let source = GatedSource()
        source.answer(0, with: .success(GatedSource.page(0..<20, next: 20)))
        let requests = await Self.requestsAfterListReports(source)
        XCTAssertEqual(requests, [1, 1, 2], "far from the end: no page; within the prefetch distance: the next")
    }

    @MainActor
    private static func requestsAfterListReports(_ source: GatedSource) async -> [Int] {
        let session = FeedSession(source: source)
        let recorder = Recorder()
        session.onSnapshot = recorder.record
        session.loadMore()
        await recorder.wait { $0.change != nil }
        var counts = [source.requestCount]
        // 20 rows of 100 px in a 500 px window, at the top: 1,500 px below.
        session.listShows(ScrollMetrics(offset: 0, contentHeight: 2000, viewportHeight: 500, itemCount: 20), at: 10)
        counts.append(source.requestCount)
        // 100 px below: well inside 1.5 screens.
        session.listShows(ScrollMetrics(offset: 1400, contentHeight: 2000, viewportHeight: 500, itemCount: 20), at: 11)
        await recorder.wait { $0.inFlight != nil }
        await Self.untilAsked(source, times: 2)
        counts.append(source.requestCount)
        session.close()
        return counts
    }

    func testTheReaderAsksForMoreTenItemsBeforeTheLast() async {
        let source = GatedSource()
        source.answer(0, with: .success(GatedSource.page(0..<20, next: 20)))
        let requests = await Self.requestsAfterReaderReports(source)
        XCTAssertEqual(requests, [1, 1, 2])
    }

    @MainActor
    private static func requestsAfterReaderReports(_ source: GatedSource) async -> [Int] {
        let session = FeedSession(source: source)
        let recorder = Recorder()
        session.onSnapshot = recorder.record
        session.loadMore()
        await recorder.wait { $0.change != nil }
        var counts = [source.requestCount]
        session.readerShows(8, of: 20)
        counts.append(source.requestCount)
        session.readerShows(9, of: 20)
        await recorder.wait { $0.inFlight != nil }
        await Self.untilAsked(source, times: 2)
        counts.append(source.requestCount)
        session.close()
        return counts
    }

    func testAtTheBottomEdgeATriggerThatLoadsThereLoadsWhateverTheDistance() async {
        struct EdgeOnly: PrefetchDecision {
            var expectedLatency: Double = 0
            mutating func observe(offset: Double, at time: Double) {}
            func shouldLoadMore(_ metrics: ScrollMetrics, at time: Double) -> Bool { false }
            var loadsAtBottomEdge: Bool { true }
        }
        let source = GatedSource()
        source.answer(0, with: .success(GatedSource.page(0..<20, next: 20)))
        let requests = await Self.requestsAtEdge(source, decision: EdgeOnly())
        XCTAssertEqual(requests, [1, 1, 2])
    }

    @MainActor
    private static func requestsAtEdge(_ source: GatedSource, decision: any PrefetchDecision) async -> [Int] {
        let session = FeedSession(source: source)
        session.prefetch = decision
        let recorder = Recorder()
        session.onSnapshot = recorder.record
        session.loadMore()
        await recorder.wait { $0.change != nil }
        let atEnd = ScrollMetrics(offset: 1500, contentHeight: 2000, viewportHeight: 500, itemCount: 20)
        var counts = [source.requestCount]
        session.listShows(atEnd, at: 1)
        counts.append(source.requestCount)
        session.listShows(atEnd, atBottomEdge: true, at: 2)
        await recorder.wait { $0.inFlight != nil }
        await Self.untilAsked(source, times: 2)
        counts.append(source.requestCount)
        session.close()
        return counts
    }

    /// Waits (5 s at most) until the source has been asked `times` times:
    /// the session shows a page loading before its fetch, off the main
    /// thread, reaches the source.
    @MainActor
    private static func untilAsked(_ source: GatedSource, times: Int) async {
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while source.requestCount < times, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}
