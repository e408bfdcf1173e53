import XCTest

@testable import FeedlineUI

/// Which items count as scrolled past: seen whole, then gone out through
/// the top; never one only partly seen, never one leaving through the
/// bottom, each once.
final class ScrolledPastTests: XCTestCase {
    /// Rows `first...last` of `height` pixels each, stacked from `top`.
    private func rows(_ positions: ClosedRange<Int>, top: Double, height: Double = 100) -> [ScrolledPast.Row] {
        positions.map { position in
            let rowTop = top + Double(position - positions.lowerBound) * height
            return ScrolledPast.Row(position: position, top: rowTop, bottom: rowTop + height)
        }
    }

    func testARowSeenWholeThenGoneOutThroughTheTopIsPassedOnce() {
        var past = ScrolledPast()
        XCTAssertEqual(past.update(rows: rows(0...5, top: 0), viewportHeight: 450), [])
        XCTAssertEqual(past.seenWhole, [0, 1, 2, 3], "row 4 sticks out below")
        XCTAssertEqual(past.update(rows: rows(0...5, top: -150), viewportHeight: 450), [0], "row 1 is half out: not yet")
        XCTAssertEqual(past.update(rows: rows(0...5, top: -200), viewportHeight: 450), [1])
        XCTAssertEqual(past.update(rows: rows(0...5, top: -250), viewportHeight: 450), [], "each once")
    }

    func testARowNeverSeenWholeIsNeverPassed() {
        var past = ScrolledPast()
        _ = past.update(rows: rows(0...5, top: -50), viewportHeight: 450)
        XCTAssertEqual(past.update(rows: rows(0...5, top: -300), viewportHeight: 450), [1, 2],
                       "row 0 was half out from the start")
    }

    func testRowsLeavingThroughTheBottomAreNotPassed() {
        var past = ScrolledPast()
        _ = past.update(rows: rows(10...15, top: 0), viewportHeight: 450)
        XCTAssertEqual(past.update(rows: rows(8...13, top: 0), viewportHeight: 450), [], "scrolled back up")
        XCTAssertEqual(past.update(rows: rows(8...15, top: -700), viewportHeight: 450), [8, 9, 10, 11, 12, 13],
                       "still seen: passed when the reader scrolls down past them")
    }

    func testARowNoLongerLaidOutCountsByItsPlaceInTheList() {
        var past = ScrolledPast()
        _ = past.update(rows: rows(0...5, top: 0), viewportHeight: 450)
        // A jump to the end: the first rows have no row widget any more.
        XCTAssertEqual(past.update(rows: rows(200...205, top: 0), viewportHeight: 450), [0, 1, 2, 3])
        XCTAssertEqual(past.update(rows: [], viewportHeight: 450), [], "nothing in view: nothing decided")
    }

    func testResetForgetsWhatWasSeen() {
        var past = ScrolledPast()
        _ = past.update(rows: rows(0...5, top: 0), viewportHeight: 450)
        past.reset()
        XCTAssertEqual(past.update(rows: rows(0...5, top: -450), viewportHeight: 450), [])
    }
}
