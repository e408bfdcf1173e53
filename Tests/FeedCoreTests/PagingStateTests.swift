import FeedCore
import XCTest

final class PagingStateTests: XCTestCase {
    private func items(_ range: Range<Int>) -> [FeedItem] {
        range.map { FeedItem(id: "item-\($0)", title: "Item \($0)") }
    }

    private func page(_ range: Range<Int>, next: String?) -> FeedPage {
        FeedPage(items: items(range), next: next.map(PageCursor.init))
    }

    func testFirstRequestStartsAtTheBeginningAndRepeatedTriggersAreIgnored() throws {
        var state = PagingState()
        let first = try XCTUnwrap(state.requestMore())
        XCTAssertNil(first.cursor)
        XCTAssertTrue(first.replacesItems)
        XCTAssertNil(state.requestMore(), "a second trigger while loading must not start a request")
        XCTAssertNil(state.requestMore())
        XCTAssertEqual(state.inFlight, first)
    }

    func testPagesFollowTheCursorAndAppend() throws {
        var state = PagingState()
        let first = try XCTUnwrap(state.requestMore())
        XCTAssertEqual(state.receive(page(0..<3, next: "3"), for: first), .replaced(items(0..<3)))
        XCTAssertEqual(state.phase, .idle)
        let second = try XCTUnwrap(state.requestMore())
        XCTAssertEqual(second.cursor, PageCursor("3"))
        XCTAssertFalse(second.replacesItems)
        XCTAssertEqual(state.receive(page(3..<6, next: "6"), for: second), .appended(items(3..<6)))
        XCTAssertEqual(state.itemCount, 6)
    }

    func testEndOfFeedStopsRequests() throws {
        var state = PagingState()
        let first = try XCTUnwrap(state.requestMore())
        _ = state.receive(page(0..<2, next: nil), for: first)
        XCTAssertEqual(state.phase, .exhausted)
        XCTAssertNil(state.requestMore())
    }

    func testFailureKeepsTheCursorAndNothingLoadsUntilRetry() throws {
        var state = PagingState()
        _ = state.receive(page(0..<3, next: "3"), for: try XCTUnwrap(state.requestMore()))
        let second = try XCTUnwrap(state.requestMore())
        XCTAssertTrue(state.fail(FeedError("offline"), for: second))
        XCTAssertEqual(state.phase, .failed(FeedError("offline"), second))
        XCTAssertNil(state.requestMore(), "no automatic loading after a failure")

        let retried = try XCTUnwrap(state.retry())
        XCTAssertEqual(retried.cursor, second.cursor, "retry asks for the same page")
        XCTAssertNotEqual(retried.serial, second.serial)
        XCTAssertEqual(state.receive(page(3..<6, next: nil), for: retried), .appended(items(3..<6)))
        XCTAssertEqual(state.itemCount, 6)
    }

    func testRetryOnlyAfterFailure() throws {
        var state = PagingState()
        XCTAssertNil(state.retry())
        _ = state.requestMore()
        XCTAssertNil(state.retry())
    }

    func testRefreshDropsTheAnswerOfAnOlderGeneration() throws {
        var state = PagingState()
        _ = state.receive(page(0..<3, next: "3"), for: try XCTUnwrap(state.requestMore()))
        let old = try XCTUnwrap(state.requestMore())
        let refresh = state.refresh()
        XCTAssertEqual(refresh.generation, old.generation + 1)
        XCTAssertTrue(refresh.replacesItems)

        XCTAssertNil(state.receive(page(3..<6, next: "6"), for: old), "a late page of the old generation is dropped")
        XCTAssertFalse(state.fail(FeedError("late"), for: old), "so is a late failure")
        XCTAssertEqual(state.inFlight, refresh)

        XCTAssertEqual(state.receive(page(10..<12, next: "12"), for: refresh), .replaced(items(10..<12)))
        XCTAssertEqual(state.itemCount, 2)
        XCTAssertEqual(state.requestMore()?.cursor, PageCursor("12"))
    }

    func testRefreshForgetsSeenIDsOfTheOldList() throws {
        var state = PagingState()
        _ = state.receive(page(0..<3, next: "3"), for: try XCTUnwrap(state.requestMore()))
        let refresh = state.refresh()
        XCTAssertEqual(state.receive(page(0..<3, next: "3"), for: refresh), .replaced(items(0..<3)),
                       "the same items come back after a refresh")
    }

    func testFailedRefreshKeepsTheOldListAndRetriesTheRefresh() throws {
        var state = PagingState()
        _ = state.receive(page(0..<3, next: "3"), for: try XCTUnwrap(state.requestMore()))
        let refresh = state.refresh()
        XCTAssertTrue(state.fail(FeedError("offline"), for: refresh))
        XCTAssertEqual(state.itemCount, 3)
        let retry = try XCTUnwrap(state.retry())
        XCTAssertTrue(retry.replacesItems)
        XCTAssertEqual(retry.generation, refresh.generation)
    }

    func testDuplicatesAcrossPagesAreDropped() throws {
        var state = PagingState()
        _ = state.receive(page(0..<5, next: "5"), for: try XCTUnwrap(state.requestMore()))
        let second = try XCTUnwrap(state.requestMore())
        // The source shifted: its next page repeats items 3 and 4.
        XCTAssertEqual(state.receive(page(3..<8, next: "8"), for: second), .appended(items(5..<8)))
        XCTAssertEqual(state.itemCount, 8)
    }

    func testASourceThatRepeatsOnlyNearbyIsCheckedAgainstTheLatestItems() throws {
        // A stored timeline: a list of any length remembers a bounded
        // number of ids (twice `remembering` at most).
        var state = PagingState(remembering: 4)
        _ = state.receive(page(0..<5, next: "5"), for: try XCTUnwrap(state.requestMore()))
        // Items 3 and 4 are among the latest: dropped.
        XCTAssertEqual(state.receive(page(3..<10, next: "10"), for: try XCTUnwrap(state.requestMore())),
                       .appended(items(5..<10)))
        // Item 0 is ten items back, long forgotten: such a source never
        // repeats one that far (a keyset's pages cannot), so it is shown.
        XCTAssertEqual(state.receive(page(9..<11, next: "11"), for: try XCTUnwrap(state.requestMore())),
                       .appended(items(10..<11)))
        XCTAssertEqual(state.receive(FeedPage(items: items(0..<1), next: nil), for: try XCTUnwrap(state.requestMore())),
                       .appended(items(0..<1)))
    }

    func testDuplicatesWithinOnePageAreDropped() throws {
        var state = PagingState()
        let first = try XCTUnwrap(state.requestMore())
        let repeated = FeedPage(items: items(0..<2) + items(1..<3), next: nil)
        XCTAssertEqual(state.receive(repeated, for: first), .replaced(items(0..<3)))
    }

    func testEmptyPagesThatPromiseMoreEndTheFeedAfterAFewTries() throws {
        var state = PagingState()
        _ = state.receive(page(0..<2, next: "2"), for: try XCTUnwrap(state.requestMore()))
        for attempt in 1...PagingState.fruitlessPageLimit {
            let request = try XCTUnwrap(state.requestMore(), "attempt \(attempt)")
            XCTAssertFalse(state.stalled)
            _ = state.receive(FeedPage(items: [], next: PageCursor("more-\(attempt)")), for: request)
        }
        XCTAssertEqual(state.phase, .exhausted)
        XCTAssertTrue(state.stalled, "ended by the guard, not by the feed")
        XCTAssertNil(state.requestMore())
        // A refresh starts over, and a real end is not a stall.
        _ = state.receive(page(0..<2, next: nil), for: state.refresh())
        XCTAssertEqual(state.phase, .exhausted)
        XCTAssertFalse(state.stalled)
    }

    func testACursorThatDoesNotAdvanceEndsTheFeed() throws {
        var state = PagingState()
        _ = state.receive(page(0..<2, next: "2"), for: try XCTUnwrap(state.requestMore()))
        let second = try XCTUnwrap(state.requestMore())
        _ = state.receive(page(2..<4, next: "2"), for: second)
        XCTAssertEqual(state.phase, .exhausted)
        XCTAssertTrue(state.stalled)
        XCTAssertEqual(state.itemCount, 4)
    }

    func testCancelDropsTheAnswerInFlight() throws {
        var state = PagingState()
        let first = try XCTUnwrap(state.requestMore())
        state.cancel()
        XCTAssertEqual(state.phase, .idle)
        XCTAssertNil(state.receive(page(0..<2, next: nil), for: first))
    }

    // MARK: Growing upward

    func testARestoredViewStartsAtItsCursorAndItsFirstPageReplacesTheList() throws {
        var state = PagingState(startingAt: PageCursor("at 7"))
        let first = try XCTUnwrap(state.requestMore())
        XCTAssertEqual(first.cursor, PageCursor("at 7"))
        XCTAssertTrue(first.replacesItems)
        XCTAssertEqual(state.receive(page(7..<10, next: "10"), for: first), .replaced(items(7..<10)))
        XCTAssertTrue(state.hasNewer, "items may be above the place it started at")
        let second = try XCTUnwrap(state.requestMore())
        XCTAssertEqual(second.cursor, PageCursor("10"))
        XCTAssertFalse(second.replacesItems)
    }

    func testAFailedRestoredFirstPageIsRetriedAtTheSamePlaceAndStillReplaces() throws {
        var state = PagingState(startingAt: PageCursor("at 7"))
        let first = try XCTUnwrap(state.requestMore())
        XCTAssertTrue(state.fail(FeedError("offline"), for: first))
        let retried = try XCTUnwrap(state.retry())
        XCTAssertEqual(retried.cursor, PageCursor("at 7"))
        XCTAssertTrue(retried.replacesItems)
    }

    func testARefreshOfARestoredViewStartsAtTheTopWithNothingAbove() throws {
        var state = PagingState(startingAt: PageCursor("at 7"))
        _ = state.receive(page(7..<10, next: "10"), for: try XCTUnwrap(state.requestMore()))
        let refresh = state.refresh()
        XCTAssertNil(refresh.cursor)
        XCTAssertFalse(state.hasNewer)
        XCTAssertNil(state.requestNewer())
        XCTAssertEqual(state.receive(page(0..<3, next: "3"), for: refresh), .replaced(items(0..<3)))
        XCTAssertFalse(state.hasNewer)
    }

    func testNewerPagesGoAboveTheFirstItemEachOnceUntilThereAreNoMore() throws {
        var state = PagingState(startingAt: PageCursor("at 6"))
        _ = state.receive(page(6..<9, next: "9"), for: try XCTUnwrap(state.requestMore()))
        let newer = try XCTUnwrap(state.requestNewer())
        XCTAssertEqual(newer.above, "item-6")
        XCTAssertNil(state.requestNewer(), "one request upward at a time")
        // The source repeats item-6 (a tie): it is dropped.
        XCTAssertEqual(state.receiveNewer(items(3..<7), hasMore: true, for: newer), .prepended(items(3..<6)))
        let next = try XCTUnwrap(state.requestNewer())
        XCTAssertEqual(next.above, "item-3", "above the new first item")
        XCTAssertEqual(state.receiveNewer(items(0..<3), hasMore: false, for: next), .prepended(items(0..<3)))
        XCTAssertFalse(state.hasNewer)
        XCTAssertNil(state.requestNewer())
        XCTAssertEqual(state.itemCount, 9)
    }

    func testAPageBelowAndOneAboveMayBeInFlightTogether() throws {
        var state = PagingState(startingAt: PageCursor("at 6"))
        _ = state.receive(page(6..<9, next: "9"), for: try XCTUnwrap(state.requestMore()))
        let below = try XCTUnwrap(state.requestMore())
        let above = try XCTUnwrap(state.requestNewer())
        XCTAssertEqual(state.receiveNewer(items(4..<6), hasMore: true, for: above), .prepended(items(4..<6)))
        XCTAssertEqual(state.receive(page(9..<12, next: nil), for: below), .appended(items(9..<12)))
        XCTAssertEqual(state.itemCount, 8)
    }

    func testAnAnswerFromAboveAfterARefreshIsDropped() throws {
        var state = PagingState(startingAt: PageCursor("at 6"))
        _ = state.receive(page(6..<9, next: "9"), for: try XCTUnwrap(state.requestMore()))
        let above = try XCTUnwrap(state.requestNewer())
        _ = state.refresh()
        XCTAssertNil(state.receiveNewer(items(4..<6), hasMore: true, for: above))
    }

    func testNewItemsArrivingAboveAViewFromTheTopAreAskedFor() throws {
        var state = PagingState()
        XCTAssertNil(state.requestNewer(), "nothing shown yet")
        _ = state.receive(page(0..<3, next: "3"), for: try XCTUnwrap(state.requestMore()))
        XCTAssertFalse(state.hasNewer, "a view from the top has nothing above")
        XCTAssertNil(state.requestNewer())
        state.newerMayHaveArrived()
        let newer = try XCTUnwrap(state.requestNewer())
        XCTAssertEqual(newer.above, "item-0")
        XCTAssertEqual(state.receiveNewer([], hasMore: false, for: newer), .prepended([]))
        XCTAssertFalse(state.hasNewer)
    }

    func testASourceThatPromisesMoreAboveButGivesNothingNewStops() throws {
        var state = PagingState(startingAt: PageCursor("at 3"))
        _ = state.receive(page(3..<5, next: nil), for: try XCTUnwrap(state.requestMore()))
        let newer = try XCTUnwrap(state.requestNewer())
        XCTAssertEqual(state.receiveNewer(items(3..<4), hasMore: true, for: newer), .prepended([]))
        XCTAssertFalse(state.hasNewer, "no endless asking upward")
    }

    func testAFailureAboveLetsTheNextScrollAskAgain() throws {
        var state = PagingState(startingAt: PageCursor("at 3"))
        _ = state.receive(page(3..<5, next: nil), for: try XCTUnwrap(state.requestMore()))
        let newer = try XCTUnwrap(state.requestNewer())
        XCTAssertTrue(state.failNewer(for: newer))
        XCTAssertEqual(state.phase, .exhausted, "the pages below are not touched")
        let again = try XCTUnwrap(state.requestNewer())
        XCTAssertEqual(again.above, "item-3")
    }
}
