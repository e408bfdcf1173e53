import FeedCore
import XCTest

final class PrefetchPolicyTests: XCTestCase {
    let policy = PrefetchPolicy(viewportsAhead: 1.5)

    func testLoadsWhenLessThanOneAndAHalfViewportsRemain() {
        // 600 px viewport: the threshold is 900 px below the visible area.
        XCTAssertFalse(policy.shouldLoadMore(ScrollMetrics(offset: 0, contentHeight: 2000, viewportHeight: 600)))
        XCTAssertFalse(policy.shouldLoadMore(ScrollMetrics(offset: 500, contentHeight: 2000, viewportHeight: 600)))
        XCTAssertTrue(policy.shouldLoadMore(ScrollMetrics(offset: 501, contentHeight: 2000, viewportHeight: 600)))
        XCTAssertTrue(policy.shouldLoadMore(ScrollMetrics(offset: 1400, contentHeight: 2000, viewportHeight: 600)))
    }

    func testAnUnfilledViewportKeepsLoading() {
        XCTAssertTrue(policy.shouldLoadMore(ScrollMetrics(offset: 0, contentHeight: 300, viewportHeight: 600)))
    }

    func testNothingIsDecidedBeforeLayout() {
        XCTAssertFalse(policy.shouldLoadMore(ScrollMetrics(offset: 0, contentHeight: 0, viewportHeight: 0)))
    }
}

/// Feedline's own speed-aware strategy (the tutorials' triggers it is
/// compared with are the benchmark's: FeedlineBenchTests).
final class AdaptivePrefetchTests: XCTestCase {
    // 40 items of 80 px and a 60 px footer: 3,260 px of content, 800 px seen.
    func metrics(offset: Double) -> ScrollMetrics {
        ScrollMetrics(offset: offset, contentHeight: 3260, viewportHeight: 800, itemCount: 40, footerHeight: 60)
    }

    func testAFastReaderOnASlowFeedGetsThePageEarlier() {
        var policy = PrefetchPolicy()
        policy.expectedLatency = 1.0
        // 2,000 px/s for half a second, one frame each 1/60 s.
        var time = 10.0
        var offset = 0.0
        for _ in 0..<30 {
            policy.observe(offset: offset, at: time)
            time += 1.0 / 60
            offset += 2000.0 / 60
        }
        XCTAssertEqual(policy.speed(at: time), 2000, accuracy: 100)
        // 1 s of pages at 2,000 px/s, times 1.5: 3,000 px ahead, past the
        // floor of 1,200.
        XCTAssertEqual(policy.distanceAhead(metrics(offset: offset), at: time), 3000, accuracy: 150)
        XCTAssertTrue(policy.shouldLoadMore(metrics(offset: 0), at: time), "2,460 px left is not enough")
    }

    func testAReaderWhoStopsFallsBackToTheFloor() {
        var policy = PrefetchPolicy()
        policy.expectedLatency = 1.0
        policy.observe(offset: 0, at: 1.0)
        policy.observe(offset: 40, at: 1.02)
        XCTAssertGreaterThan(policy.speed(at: 1.03), 0)
        XCTAssertEqual(policy.speed(at: 2.0), 0)
        XCTAssertEqual(policy.distanceAhead(metrics(offset: 0), at: 2.0), 1200)
        XCTAssertFalse(policy.shouldLoadMore(metrics(offset: 0), at: 2.0))
    }

    func testScrollingUpIsNotApproachingTheEnd() {
        var policy = PrefetchPolicy()
        policy.observe(offset: 2000, at: 1.0)
        policy.observe(offset: 1900, at: 1.02)
        XCTAssertEqual(policy.speed(at: 1.02), 0)
    }

    func testTheReaderAsksForTheNextPageTenItemsBeforeTheLastLoaded() {
        XCTAssertFalse(ReaderLookAhead.shouldLoadMore(showing: 0, of: 20))
        XCTAssertFalse(ReaderLookAhead.shouldLoadMore(showing: 8, of: 20))
        XCTAssertTrue(ReaderLookAhead.shouldLoadMore(showing: 9, of: 20), "ten items left after it")
        XCTAssertTrue(ReaderLookAhead.shouldLoadMore(showing: 19, of: 20), "the last one")
        XCTAssertTrue(ReaderLookAhead.shouldLoadMore(showing: 0, of: 5), "a short feed asks at once")
    }
}
