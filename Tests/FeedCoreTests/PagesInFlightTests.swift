import FeedCore
import FeedTestSupport
import Foundation
import Loopback
import Synchronization
import XCTest

/// Several pages in flight against a real HTTP server on 127.0.0.1: Hacker
/// News' numbered pages, a session whose reader flings, answers that come
/// in another order than asked (later pages sooner), a failure in the
/// middle and a refresh while pages are in flight.
final class PagesInFlightTests: XCTestCase {
    private var server: LoopbackServer!
    /// Pages that fail once (the first time they are asked for).
    private let failOnce = FailOnce()

    private final class FailOnce: Sendable {
        private let pages = Mutex<Set<Int>>([])
        func set(_ pages: Set<Int>) { self.pages.withLock { $0 = pages } }
        /// Whether `page` fails now (once).
        func take(_ page: Int) -> Bool { pages.withLock { $0.remove(page) != nil } }
    }

    static let pageCount = 6

    override func setUpWithError() throws {
        try super.setUpWithError()
        let failOnce = failOnce
        // Page k answers after (6 - k) × 60 ms: the later pages come first
        // (the first after 300 ms: pages are known to be slow).
        server = try LoopbackServer { request in
            let page = Int(request.queryValue("page") ?? "0") ?? 0
            let delay = Duration.milliseconds(page == 0 ? 300 : (Self.pageCount - page) * 60)
            if failOnce.take(page) {
                return .init(status: 500, body: Data("down".utf8), delay: delay)
            }
            let hits: [[String: Any]] = (0..<30).map { index in
                let number = page * 30 + index
                return ["objectID": String(90_000 - number), "title": "Story \(number)", "url": "https://example.org/\(number)",
                        "author": "pg", "points": 1, "num_comments": 0, "created_at": "2027-01-15T08:00:00Z",
                        "created_at_i": 1_800_000_000 - number * 60]
            }
            let body = try! JSONSerialization.data(withJSONObject: [
                "hits": hits, "page": page, "nbPages": Self.pageCount, "hitsPerPage": 30, "nbHits": 30 * Self.pageCount,
            ])
            return .init(headers: ["Content-Type": "application/json"], body: body, delay: delay)
        }
    }

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    private var allIDs: [String] { (0..<(30 * Self.pageCount)).map { "hn-\(90_000 - $0)" } }

    func testPagesAskedTogetherLandInOrderEachOnce() async {
        let (ids, most) = await Self.flingToTheEnd(HackerNewsSource(api: server.baseURL, http: HTTPClient()))
        XCTAssertEqual(ids, allIDs, "every story once, in order, though later pages answered first")
        XCTAssertGreaterThanOrEqual(most, 3, "pages were in flight together")
        XCTAssertLessThanOrEqual(most, PrefetchPolicy.maxPagesInFlight)
    }

    func testAFailureInTheMiddleLandsWhatCameBeforeHoldsWhatCameAfterAndRetryResumes() async {
        failOnce.set([2])
        let outcome = await Self.flingUntilFailure(HackerNewsSource(api: server.baseURL, http: HTTPClient()))
        XCTAssertEqual(outcome.shownAtFailure, Array(allIDs.prefix(60)), "pages 0 and 1 landed; 3 and after wait")
        XCTAssertEqual(outcome.failedPage, "2", "the list stopped at the page that failed")
        XCTAssertEqual(outcome.retriedPages, ["2"], "Retry asked for that page alone")
        XCTAssertEqual(outcome.ids, allIDs, "then everything, in order, each once")
    }

    func testARefreshWhilePagesAreInFlightDropsTheirAnswers() async {
        let (ids, dropped) = await Self.refreshWhileInFlight(HackerNewsSource(api: server.baseURL, http: HTTPClient()))
        XCTAssertEqual(ids, Array(allIDs.prefix(30)), "the list is the new first page alone")
        XCTAssertGreaterThanOrEqual(dropped, 1, "answers of the old generation were dropped")
    }

    // MARK: Driving a session

    /// A reader flinging at 4,000 px/s over rows of 20 px, near the end.
    @MainActor
    private static func fling(_ session: FeedSession, items: Int) {
        for frame in 0...10 {
            session.listScrolled(to: Double(frame) * 40, at: 10 + Double(frame) * 0.01)
        }
        let height = Double(items) * 20
        session.listShows(ScrollMetrics(offset: height - 350, contentHeight: height, viewportHeight: 300, itemCount: items),
                          at: 10.1)
    }

    /// A session with the first page in (its time tells the session
    /// pages are slow).
    @MainActor
    private static func openSlowly(_ source: any FeedSource, list: SnapshotList) async -> FeedSession {
        let session = FeedSession(source: source)
        session.onSnapshot = list.apply
        session.loadMore()
        await list.wait { !list.ids.isEmpty }
        return session
    }

    @MainActor
    private static func flingToTheEnd(_ source: any FeedSource) async -> ([String], Int) {
        let list = SnapshotList()
        let session = await openSlowly(source, list: list)
        var most = 0
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while session.phase != .exhausted, ContinuousClock.now < deadline {
            fling(session, items: list.ids.count)
            most = max(most, session.pagesInFlight)
            try? await Task.sleep(for: .milliseconds(10))
        }
        session.close()
        return (list.ids, most)
    }

    struct FailureOutcome {
        var shownAtFailure: [String] = []
        var failedPage: String?
        var retriedPages: [String] = []
        var ids: [String] = []
    }

    @MainActor
    private static func flingUntilFailure(_ source: any FeedSource) async -> FailureOutcome {
        var outcome = FailureOutcome()
        let list = SnapshotList()
        let session = await openSlowly(source, list: list)
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while session.state.failure == nil, ContinuousClock.now < deadline {
            fling(session, items: list.ids.count)
            try? await Task.sleep(for: .milliseconds(10))
        }
        // The pages after the failed one have had time to come: they wait.
        try? await Task.sleep(for: .milliseconds(400))
        outcome.shownAtFailure = list.ids
        if case .failed(_, let request) = session.phase {
            outcome.failedPage = request.cursor.map { String($0.rawValue.prefix { $0 != "@" }) }
        }
        session.retry()
        if let cursor = session.state.inFlight?.cursor { outcome.retriedPages.append(String(cursor.rawValue.prefix { $0 != "@" })) }
        while session.phase != .exhausted, ContinuousClock.now < deadline {
            fling(session, items: list.ids.count)
            try? await Task.sleep(for: .milliseconds(10))
        }
        outcome.ids = list.ids
        session.close()
        return outcome
    }

    @MainActor
    private static func refreshWhileInFlight(_ source: any FeedSource) async -> ([String], Int) {
        let list = SnapshotList()
        let session = await openSlowly(source, list: list)
        fling(session, items: list.ids.count)
        session.refresh()
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        // Every answer of the old generation has come by 400 ms.
        while (session.droppedAnswers < 1 || session.pagesInFlight > 0), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        try? await Task.sleep(for: .milliseconds(400))
        session.close()
        return (list.ids, session.droppedAnswers)
    }
}

private extension PagingState {
    var failure: FeedError? {
        if case .failed(let error, _) = phase { error } else { nil }
    }
}
