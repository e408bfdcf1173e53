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
