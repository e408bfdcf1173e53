import GtkKit
import XCTest

@testable import FeedlineUI

/// Where one step takes the reader view, and which scrolls and drags make a
/// step: plain values, no windows.
final class ReaderSlotTests: XCTestCase {
    func testStepsWithinTheItemsLoaded() {
        XCTAssertEqual(ReaderSlot.item(3).step(.next, count: 10, exhausted: false), .item(4))
        XCTAssertEqual(ReaderSlot.item(3).step(.previous, count: 10, exhausted: false), .item(2))
        XCTAssertNil(ReaderSlot.item(0).step(.next, count: 0, exhausted: true), "no items, no steps")
    }

    func testAFinishedFeedIsARing() {
        XCTAssertEqual(ReaderSlot.item(9).step(.next, count: 10, exhausted: true), .item(0))
        XCTAssertEqual(ReaderSlot.item(0).step(.previous, count: 10, exhausted: true), .item(9))
        XCTAssertEqual(ReaderSlot.item(0).step(.next, count: 1, exhausted: true), .item(0), "one item: itself")
        var slot = ReaderSlot.item(2)
        for _ in 0..<23 { slot = slot.step(.next, count: 10, exhausted: true)! }
        XCTAssertEqual(slot, .item(5), "23 steps on a ring of 10")
        for _ in 0..<23 { slot = slot.step(.previous, count: 10, exhausted: true)! }
        XCTAssertEqual(slot, .item(2))
    }

    func testPastTheLastLoadedItemOfAnUnfinishedFeedComesTheNextPage() {
        XCTAssertEqual(ReaderSlot.item(9).step(.next, count: 10, exhausted: false), .more(after: 9))
        XCTAssertNil(ReaderSlot.more(after: 9).step(.next, count: 10, exhausted: false), "nothing beyond it")
        XCTAssertEqual(ReaderSlot.more(after: 9).step(.previous, count: 10, exhausted: false), .item(9))
        XCTAssertNil(ReaderSlot.item(0).step(.previous, count: 10, exhausted: false),
                     "the last item is not known yet: no way round")
    }

    func testTheNextPageLandsOnItsFirstItemOrWrapsWhenThereWasNothingMore() {
        let more = ReaderSlot.more(after: 9)
        XCTAssertNil(more.landing(count: 10, exhausted: false), "still loading, or failed")
        XCTAssertEqual(more.landing(count: 30, exhausted: false), .item(10))
        XCTAssertEqual(more.landing(count: 30, exhausted: true), .item(10))
        XCTAssertEqual(more.landing(count: 10, exhausted: true), .item(0), "an empty last page: round to the first")
        XCTAssertNil(ReaderSlot.item(4).landing(count: 30, exhausted: true), "only the next page lands")
    }

    func testWheelClicksStepOnceEachAndOnlySideways() {
        var steps = HorizontalScrollSteps()
        let right = ScrollStep(dx: 1, dy: 0, isWheelClick: true, inPixels: false)
        XCTAssertEqual(steps.scroll(right, at: 0.00).step, .next)
        XCTAssertEqual(steps.scroll(right, at: 0.02).step, .next, "a fast wheel: every click counts")
        let left = ScrollStep(dx: -1, dy: 0, isWheelClick: true, inPixels: false)
        XCTAssertEqual(steps.scroll(left, at: 0.04).step, .previous)
        let down = steps.scroll(ScrollStep(dx: 0, dy: 1, isWheelClick: true, inPixels: false), at: 0.06)
        XCTAssertFalse(down.handled, "up and down scroll the page")
        XCTAssertNil(down.step)
    }

    func testATouchpadSwipeStepsOnceHoweverFarItCoasts() {
        var steps = HorizontalScrollSteps()
        func swipe(_ dx: Double, at time: Double) -> ReaderSlot.Direction? {
            steps.scroll(ScrollStep(dx: dx, dy: 0.1, isWheelClick: false, inPixels: true), at: time).step
        }
        XCTAssertNil(swipe(20, at: 0.00))
        XCTAssertNil(swipe(20, at: 0.01))
        XCTAssertEqual(swipe(20, at: 0.02), .next, "48 px in: one step")
        let coasting = (3..<40).compactMap { swipe(30, at: Double($0) / 100) }
        XCTAssertEqual(coasting, [], "and no more in the same swipe")
        steps.fingersLifted()
        XCTAssertNil(swipe(-30, at: 0.5))
        XCTAssertEqual(swipe(-30, at: 0.51), .previous, "the next swipe steps again")
        XCTAssertEqual(swipe(-60, at: 1.0), .previous, "so does one after a pause, on X11 (no lift event)")
        let vertical = steps.scroll(ScrollStep(dx: 2, dy: 30, isWheelClick: false, inPixels: true), at: 2.0)
        XCTAssertFalse(vertical.handled, "a scroll mostly down is the page's")
    }

    func testDragsStepWhenFarOrFlungSideways() {
        var drag = HorizontalDragSteps()
        drag.began(at: 0)
        XCTAssertEqual(drag.moved(dx: -5, dy: 1, at: 0.05), .undecided, "within the slop")
        XCTAssertEqual(drag.moved(dx: -40, dy: 4, at: 0.10), .claim, "mostly sideways: the reader's")
        XCTAssertEqual(drag.moved(dx: -120, dy: 6, at: 0.30), .claim)
        XCTAssertEqual(drag.ended(dx: -120, at: 0.80), .next, "far enough to the left")

        drag.began(at: 1)
        XCTAssertEqual(drag.moved(dx: 30, dy: 2, at: 1.03), .claim)
        XCTAssertEqual(drag.ended(dx: 40, at: 1.05), .previous, "short but quick to the right: a fling")

        drag.began(at: 2)
        XCTAssertEqual(drag.moved(dx: -30, dy: 0, at: 2.5), .claim)
        XCTAssertNil(drag.ended(dx: -30, at: 3.0), "short and slow: nothing")

        drag.began(at: 4)
        XCTAssertEqual(drag.moved(dx: 6, dy: 40, at: 4.1), .deny, "mostly down: scrolling or selecting")
    }
}
