import FeedCore
import FeedTestSupport
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// Rows as GTK draws them: plain text, recycled widgets, quiet spinners.
final class FeedRowTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    func testFeedTextIsShownLiterallyNeverAsMarkup() throws {
        try MainActor.assumeIsolated {
            let title = "<b>Bold</b> & <i>co</i> &amp; <span foreground='red'>red</span>"
            let summary = "Tom & Jerry <3 <a href='x'>link</a>"
            let url = fixture.writeFeed(count: 3) { index, item in
                item["title"] = title
                item["summary"] = summary
                item["authors"] = [["name": "<u>Eve</u>"]]
            }
            let window = openWindow(on: LocalFeedSource(file: url))
            let row = try XCTUnwrap(window.feedList.factory.cell(at: 0)?.row)
            XCTAssertEqual(row.title.text, title)
            XCTAssertEqual(row.summary.text, summary)
            XCTAssertTrue(row.byline.text.hasPrefix("<u>Eve</u> · "), row.byline.text)
            XCTAssertFalse(row.title.usesMarkup)
            XCTAssertFalse(row.summary.usesMarkup)
        }
    }

    func testSummariesWrapToTwoLinesAtMost() throws {
        try MainActor.assumeIsolated {
            let long = String(repeating: "A summary that goes on and on. ", count: 12)
            let url = fixture.writeFeed(count: 3) { _, item in item["summary"] = long }
            let window = openWindow(on: LocalFeedSource(file: url))
            let row = try XCTUnwrap(window.feedList.factory.cell(at: 0)?.row)
            XCTAssertEqual(row.summary.layoutLineCount, 2)
            XCTAssertTrue(row.summary.isEllipsized)
        }
    }

    func testRowWidgetsAreRecycledWithTenThousandItems() {
        MainActor.assumeIsolated {
            let url = fixture.writeFeed(count: 10_000)
            let window = openWindow(on: LocalFeedSource(file: url, pageSize: 1_000))
            while window.session.phase != .exhausted {
                scrollToBottom(window)
                waitUntil("the next page") {
                    window.session.phase == .exhausted || window.session.state.inFlight == nil
                        && window.feedList.itemCount % 1_000 == 0
                }
                MainLoop.iterate()
            }
            XCTAssertEqual(window.feedList.itemCount, 10_000)
            // Scroll through the whole list, a screenful at a time near the
            // end and in big jumps elsewhere, letting each position render.
            let adjustment = window.feedList.adjustment
            for fraction in stride(from: 0.0, through: 1.0, by: 0.05) {
                adjustment.value = (adjustment.upper - adjustment.pageSize) * fraction
                waitForFrames(1, of: window.window)
            }
            XCTAssertEqual(ids(window), (0..<10_000).map(FeedFixture.id))
            print("10,000 items: \(window.feedList.factory.cellsMade) row widgets made, "
                  + "\(window.feedList.view.rowWidgetCount) alive")
            XCTAssertLessThan(window.feedList.factory.cellsMade, 400,
                              "row widgets are recycled, not made per item")
            XCTAssertLessThan(window.feedList.view.rowWidgetCount, 400)
            XCTAssertGreaterThan(window.feedList.view.rowWidgetCount, 5)
        }
    }

    func testOnlyTheLoadingFooterSpins() {
        MainActor.assumeIsolated {
            let source = GatedSource()
            source.answer(0, with: .success(GatedSource.page(0..<30, next: 30)))
            let window = openWindow(on: source)
            XCTAssertFalse(window.loadingPage.spinner.isSpinning, "the first-load spinner stops once rows show")
            scrollToBottom(window)
            waitUntil("the loading footer is on screen") {
                self.scrollToBottom(window)
                return self.footer(of: window)?.spinner.isMapped == true
            }
            XCTAssertTrue(footer(of: window)?.spinner.isSpinning == true)

            source.answer(1, with: .failure(FeedError("Timed out")))
            waitUntil("the failure shows") { window.feedList.footer == .failed(reason: "Timed out", refresh: false) }
            // The footer rows rebind for the failure in the next frames.
            waitForFrames(2, of: window.window)
            let spinning = window.feedList.factory.cells.filter { $0.shownFooter?.spinner.isSpinning == true }
            XCTAssertTrue(spinning.isEmpty, "no footer spinner spins once nothing loads")
        }
    }

    @MainActor
    private func footer(of window: FeedWindow) -> FeedFooter? {
        window.feedList.factory.cells.lazy.compactMap(\.shownFooter).first
    }
}
