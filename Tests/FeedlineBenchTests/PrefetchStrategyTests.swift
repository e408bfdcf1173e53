import FeedCore
import FeedlineBench
import XCTest

/// The tutorials' triggers the benchmark compares with Feedline's own.
final class PrefetchStrategyTests: XCTestCase {
    // 40 items of 80 px and a 60 px footer: 3,260 px of content, 800 px seen.
    func metrics(offset: Double) -> ScrollMetrics {
        ScrollMetrics(offset: offset, contentHeight: 3260, viewportHeight: 800, itemCount: 40, footerHeight: 60)
    }

    func testTheLastRowTriggerWaitsUntilTheLastRowIsInView() {
        let policy = PrefetchStrategy.lastRow.decision()
        // The last row's top is at 3,120: in view once the bottom passes it.
        XCTAssertFalse(policy.shouldLoadMore(metrics(offset: 2319)))
        XCTAssertTrue(policy.shouldLoadMore(metrics(offset: 2321)))
    }

    func testTheFiveRowsTriggerStartsFiveRowsEarlier() {
        let policy = PrefetchStrategy.fiveRowsBefore.decision()
        XCTAssertFalse(policy.shouldLoadMore(metrics(offset: 1999)))
        XCTAssertTrue(policy.shouldLoadMore(metrics(offset: 2001)))
    }

    func testEdgeReachedAloneNeverPrefetches() {
        let policy = PrefetchStrategy.edgeReached.decision()
        XCTAssertFalse(policy.shouldLoadMore(metrics(offset: 2460)))
        // ...but an unfilled window still asks (no edge would ever fire).
        XCTAssertTrue(policy.shouldLoadMore(ScrollMetrics(offset: 0, contentHeight: 500, viewportHeight: 800)))
    }
}
