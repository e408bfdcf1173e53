import FeedCore
import XCTest

/// Pages asked ahead for a source that names its pages in advance: the
/// list gets them in order, each once, whatever order the answers come
/// in; a failure stops it at exactly that page; the end, a page named
/// otherwise than foreseen, a refresh and a rate limit drop or stop what
/// was asked ahead.
final class PagingAheadTests: XCTestCase {
    /// Pages of 10 at offsets "0", "10", "20"...: `after` names the next.
    private let pageItems = 10
    private func after(_ cursor: PageCursor) -> PageCursor? {
        Int(cursor.rawValue).map { PageCursor(String($0 + pageItems)) }
    }

    private func page(at offset: Int, of total: Int) -> FeedPage {
        let start = min(offset, total)
        let end = min(total, start + pageItems)
        return FeedPage(items: (start..<end).map { FeedItem(id: "item-\($0)", title: "Item \($0)") },
                        next: end < total ? PageCursor(String(end)) : nil)
    }

    private func offset(_ request: PageRequest) -> Int { Int(request.cursor?.rawValue ?? "0") ?? -1 }

    /// A state with its first page (0–9) in, the second (10) in flight.
    private func secondInFlight(total: Int = 100) throws -> (PagingState, PageRequest) {
        var state = PagingState()
        _ = state.receive(page(at: 0, of: total), for: try XCTUnwrap(state.requestMore()))
        let second = try XCTUnwrap(state.requestMore())
        return (state, second)
    }

    func testPagesAheadAreTheOnesThatFollowAndComeInOrderWhateverOrderTheyAnswerIn() throws {
        var (state, second) = try secondInFlight()
        let ahead = state.requestAhead(upTo: 4, after: after)
        XCTAssertEqual(ahead.map(offset), [20, 30, 40], "four in flight in all")
        XCTAssertEqual(state.requestsInFlight.count, 4)
        XCTAssertEqual(state.requestAhead(upTo: 4, after: after), [], "four already")
        // The last answers first, the one the list waits for last.
        XCTAssertNil(state.receive(page(at: 40, of: 100), for: ahead[2]), "it waits its turn")
        XCTAssertNil(state.receive(page(at: 20, of: 100), for: ahead[0]))
        let first = state.receive(page(at: 10, of: 100), for: second)
        XCTAssertEqual(first?.items.map(\.id), (10..<30).map { "item-\($0)" }, "10, then 20 which was waiting")
        XCTAssertEqual(state.inFlight, ahead[1], "now the list waits for 30")
        let rest = state.receive(page(at: 30, of: 100), for: ahead[1])
        XCTAssertEqual(rest?.items.map(\.id), (30..<50).map { "item-\($0)" })
        XCTAssertEqual(state.itemCount, 50)
        XCTAssertEqual(state.phase, .idle)
    }

    func testAFailureAheadStopsTheListAtThatPageAndRetryAsksForItAlone() throws {
        var (state, second) = try secondInFlight()
        let ahead = state.requestAhead(upTo: 3, after: after)
        XCTAssertTrue(state.fail(FeedError("refused", kind: .refused), for: ahead[0]))
        XCTAssertEqual(state.phase, .loading(second), "the list waits for 10 still")
        XCTAssertNil(state.receive(page(at: 30, of: 100), for: ahead[1]))
        XCTAssertEqual(state.receive(page(at: 10, of: 100), for: second)?.items.count, 10)
        guard case .failed(_, let failed) = state.phase else { return XCTFail("stops at 20: \(state.phase)") }
        XCTAssertEqual(offset(failed), 20)
        XCTAssertEqual(state.requestAhead(upTo: 3, after: after), [], "nothing more while it failed")
        let retried = try XCTUnwrap(state.retry())
        XCTAssertEqual(offset(retried), 20, "exactly the page that failed")
        let result = state.receive(page(at: 20, of: 100), for: retried)
        XCTAssertEqual(result?.items.map(\.id), (20..<40).map { "item-\($0)" }, "then 30, which had come")
        XCTAssertEqual(state.itemCount, 40)
    }

    func testTheEndDropsThePagesAskedAfterIt() throws {
        var (state, second) = try secondInFlight(total: 15)
        let ahead = state.requestAhead(upTo: 3, after: after)
        XCTAssertEqual(state.receive(page(at: 10, of: 15), for: second)?.items.count, 5)
        XCTAssertEqual(state.phase, .exhausted)
        XCTAssertEqual(state.requestsInFlight, [])
        XCTAssertFalse(state.isWanted(ahead[0]))
        XCTAssertNil(state.receive(page(at: 20, of: 15), for: ahead[0]), "dropped")
        XCTAssertEqual(state.itemCount, 15)
    }

    func testAPageNamingAnotherNextPageDropsWhatWasForeseen() throws {
        var (state, second) = try secondInFlight()
        let ahead = state.requestAhead(upTo: 2, after: after)
        XCTAssertNil(state.receive(page(at: 20, of: 100), for: ahead[0]))
        // The server's page 10 says the next starts at 25, not 20.
        var odd = page(at: 10, of: 100)
        odd.next = PageCursor("25")
        XCTAssertEqual(state.receive(odd, for: second)?.items.count, 10, "only its own items")
        XCTAssertEqual(state.phase, .idle)
        XCTAssertEqual(try XCTUnwrap(state.requestMore()).cursor, PageCursor("25"), "on from where the server said")
    }

    func testARefreshDropsThePagesAhead() throws {
        var (state, _) = try secondInFlight()
        let ahead = state.requestAhead(upTo: 4, after: after)
        let refresh = state.refresh()
        XCTAssertEqual(state.requestsInFlight, [refresh])
        XCTAssertNil(state.receive(page(at: 20, of: 100), for: ahead[0]))
        XCTAssertFalse(state.fail(FeedError("late"), for: ahead[1]), "a late failure is stale too")
    }

    func testNoPagesAheadOfTheFirstOrAfterARateLimitUntilAPageComes() throws {
        var state = PagingState()
        _ = try XCTUnwrap(state.requestMore())
        XCTAssertEqual(state.requestAhead(upTo: 4, after: after), [], "the first page comes alone")
        var (next, second) = try secondInFlight()
        let ahead = next.requestAhead(upTo: 2, after: after)
        XCTAssertTrue(next.fail(FeedError("slow down", kind: .rateLimited, retryAfter: 30), for: ahead[0]))
        XCTAssertEqual(next.requestAhead(upTo: 4, after: after), [], "a rate limit: one at a time")
        XCTAssertEqual(next.receive(page(at: 10, of: 100), for: second)?.items.count, 10)
        let retried = try XCTUnwrap(next.retry())
        _ = next.receive(page(at: 20, of: 100), for: retried)
        _ = try XCTUnwrap(next.requestMore())
        XCTAssertEqual(next.requestAhead(upTo: 3, after: after).count, 2, "a page came: pages ahead again")
    }

    func testAnyOrderOfAnswersAndFailuresGivesEveryItemOnceInOrder() throws {
        var generator = SeededGenerator(seed: 7)
        for round in 0..<200 {
            let total = Int.random(in: 1...120, using: &generator)
            var state = PagingState()
            var shown: [String] = []
            var waiting: [PageRequest] = []
            var steps = 0
            func take(_ result: PageResult?) { shown += result?.items.map(\.id) ?? [] }
            while state.phase != .exhausted, steps < 2_000 {
                steps += 1
                if let request = state.requestMore() { waiting.append(request) }
                waiting += state.requestAhead(upTo: Int.random(in: 1...4, using: &generator), after: after)
                if case .failed = state.phase, Bool.random(using: &generator), let retried = state.retry() {
                    waiting.append(retried)
                }
                guard !waiting.isEmpty else { continue }
                let request = waiting.remove(at: Int.random(in: 0..<waiting.count, using: &generator))
                guard state.isWanted(request) else { continue }
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    _ = state.fail(FeedError("flaky"), for: request)
                } else {
                    take(state.receive(page(at: offset(request), of: total), for: request))
                }
            }
            XCTAssertEqual(shown, (0..<total).map { "item-\($0)" }, "round \(round): \(total) items")
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failing round repeats.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
