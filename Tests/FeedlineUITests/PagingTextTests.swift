import FeedCore
import Foundation
import XCTest

@testable import FeedlineUI

/// What the status line, the footer and screen readers say.
final class PagingTextTests: XCTestCase {
    private func items(_ count: Int) -> [FeedItem] {
        (0..<count).map { FeedItem(id: "\($0)", title: "Item \($0)") }
    }

    /// The phases a real state machine goes through, for realistic requests.
    private func phases() -> (loading: PagingPhase, failed: PagingPhase, refreshing: PagingPhase, refreshFailed: PagingPhase) {
        var state = PagingState()
        let first = state.requestMore()!
        _ = state.receive(FeedPage(items: items(3), next: PageCursor("3")), for: first)
        let more = state.requestMore()!
        let loading = state.phase
        _ = state.fail(FeedError("Timed out"), for: more)
        let failed = state.phase
        let refresh = state.refresh()
        let refreshing = state.phase
        _ = state.fail(FeedError("Offline"), for: refresh)
        return (loading, failed, refreshing, state.phase)
    }

    func testStatusLine() {
        let phases = phases()
        XCTAssertEqual(PagingText.status(.idle, itemCount: 40), "40 items")
        XCTAssertEqual(PagingText.status(.idle, itemCount: 1), "1 item")
        XCTAssertEqual(PagingText.status(phases.loading, itemCount: 40), "Loading more items…")
        XCTAssertEqual(PagingText.status(phases.failed, itemCount: 40), "Couldn't load more items: Timed out")
        XCTAssertEqual(PagingText.status(phases.refreshing, itemCount: 40), "Refreshing…")
        XCTAssertEqual(PagingText.status(phases.refreshFailed, itemCount: 40), "Couldn't refresh: Offline")
        XCTAssertEqual(PagingText.status(phases.refreshFailed, itemCount: 0), "Couldn't load the feed: Offline")
        XCTAssertEqual(PagingText.status(.exhausted, itemCount: 312), "You're all caught up · 312 items")
        XCTAssertEqual(PagingText.status(.exhausted, itemCount: 0), "This feed has no items")
    }

    func testFooterFollowsThePhase() {
        let phases = phases()
        XCTAssertNil(FooterState(.idle, hasItems: true))
        XCTAssertEqual(FooterState(phases.loading, hasItems: true), .loading)
        XCTAssertEqual(FooterState(phases.failed, hasItems: true), .failed(reason: "Timed out", refresh: false))
        XCTAssertNil(FooterState(phases.refreshing, hasItems: true), "refresh shows its busy state in the header")
        XCTAssertEqual(FooterState(phases.refreshFailed, hasItems: true), .failed(reason: "Offline", refresh: true))
        XCTAssertEqual(PagingText.footer(.failed(reason: "Offline", refresh: true)), "Couldn't refresh: Offline")
        XCTAssertEqual(FooterState(.exhausted, hasItems: true, stalled: true), .stalled)
        XCTAssertEqual(PagingText.footer(.stalled), "The server sent nothing new, so loading stopped here")
        XCTAssertEqual(PagingText.status(.exhausted, itemCount: 12, stalled: true),
                       "The server sent nothing new, so loading stopped here · 12 items")
        XCTAssertEqual(PagingText.footer(.failed(reason: "Timed out", refresh: false)), "Couldn't load more items: Timed out")
        XCTAssertEqual(FooterState(.exhausted, hasItems: true), .end)
        XCTAssertNil(FooterState(.exhausted, hasItems: false), "an empty feed has a page of its own, not a footer")
    }

    func testAnnouncements() {
        let phases = phases()
        func say(_ phase: PagingPhase, _ result: PageResult?, before: Int) -> String? {
            PagingText.announcement(FeedSnapshot(change: result, phase: phase), shownBefore: before)?.message
        }
        XCTAssertEqual(say(.idle, .appended(items(20)), before: 20), "Loaded 20 more items")
        XCTAssertEqual(say(.idle, .appended(items(1)), before: 20), "Loaded 1 more item")
        XCTAssertEqual(say(.exhausted, .appended(items(5)), before: 20), "Loaded 5 more items. You're all caught up")
        XCTAssertEqual(say(.exhausted, .appended([]), before: 20), "You're all caught up")
        XCTAssertNil(say(.idle, .appended([]), before: 20))
        XCTAssertEqual(say(.idle, .replaced(items(20)), before: 0), "Loaded 20 items")
        XCTAssertEqual(say(.idle, .replaced(items(20)), before: 40), "Feed refreshed")
        XCTAssertEqual(say(phases.failed, nil, before: 40), "Couldn't load more items: Timed out. Retry is available")
        XCTAssertNil(say(phases.loading, nil, before: 40), "starting to load is not announced")
        let urgent = PagingText.announcement(FeedSnapshot(phase: phases.failed), shownBefore: 3)
        XCTAssertEqual(urgent?.urgent, true, "failures are assertive")
    }
}
