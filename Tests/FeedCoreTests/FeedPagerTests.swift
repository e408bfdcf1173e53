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
}
