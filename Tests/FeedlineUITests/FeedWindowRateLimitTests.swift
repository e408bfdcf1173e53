import FeedCore
import FeedTestSupport
import GtkKit
import XCTest

@testable import FeedlineUI

/// A page answered "rate limited, try again in N s": the footer and the
/// status line count down, the session retries by itself, Retry tries now.
final class FeedWindowRateLimitTests: GtkTestCase, @unchecked Sendable {
    private func rateLimited(_ seconds: Double) -> Result<FeedPage, any Error> {
        .failure(FeedError("Rate limited", retryAfter: seconds))
    }

    func testTheFooterCountsDownAndThePageLoadsByItself() throws {
        try MainActor.assumeIsolated {
            let source = GatedSource()
            source.answer(0, with: .success(GatedSource.page(0..<30, next: 30)))
            source.answer(1, with: rateLimited(2.5))
            source.answer(2, with: .success(GatedSource.page(30..<50, next: nil)))
            let window = openWindow(on: source)
            scrollToBottom(window)

            waitUntil("the footer shows the wait") {
                window.feedList.footer == .failed(reason: "Rate limited", refresh: false, retryIn: 3)
            }
            XCTAssertEqual(window.statusBar.label.text, "Couldn't load more items: Rate limited, retrying in 3 s")
            waitUntil("the failure is announced") {
                window.announcements.last
                    == "Couldn't load more items: Rate limited, retrying in 3 s. Retry is available"
            }
            waitUntil("the row shows it") {
                self.scrollToBottom(window)
                return self.footerCell(window)?.shownFooter?.message.text
                    == "Couldn't load more items: Rate limited, retrying in 3 s"
            }
            // Retry has focus while the seconds tick: it keeps it.
            let retry = try XCTUnwrap(footerCell(window)?.shownFooter).retryButton
            XCTAssertTrue(retry.grabFocus())
            XCTAssertTrue(retry.containsFocus)
            waitUntil("a second passes") {
                window.feedList.footer == .failed(reason: "Rate limited", refresh: false, retryIn: 2)
            }
            XCTAssertEqual(footerCell(window)?.shownFooter?.message.text,
                           "Couldn't load more items: Rate limited, retrying in 2 s")
            XCTAssertEqual(window.statusBar.label.text, "Couldn't load more items: Rate limited, retrying in 2 s")
            XCTAssertTrue(retry.containsFocus, "the tick changed the text in place")
            XCTAssertEqual(source.requestCount, 2, "no request before the wait is over")

            waitUntil("the same page is asked for again, by itself") { source.requestCount == 3 }
            XCTAssertEqual(try source.request(2).cursor, PageCursor("30"))
            waitUntil("it lands") { window.feedList.itemCount == 50 }
            XCTAssertEqual(ids(window), (0..<50).map(FeedFixture.id), "nothing skipped or repeated")
            XCTAssertEqual(window.feedList.footer, .end)
            XCTAssertTrue(window.feedList.view.containsFocus, "focus went back into the list")
        }
    }

    func testRetryDoesNotWaitForTheCountdown() {
        MainActor.assumeIsolated {
            let source = GatedSource()
            source.answer(0, with: .success(GatedSource.page(0..<30, next: 30)))
            source.answer(1, with: rateLimited(120))
            source.answer(2, with: .success(GatedSource.page(30..<40, next: nil)))
            let window = openWindow(on: source)
            scrollToBottom(window)
            waitUntil("the footer shows the wait") {
                window.feedList.footer == .failed(reason: "Rate limited", refresh: false, retryIn: 120)
            }
            XCTAssertTrue(window.statusBar.retryButton.isVisible)
            window.statusBar.retryButton.click()
            waitUntil("the page lands at once") { window.feedList.itemCount == 40 }
            XCTAssertEqual(source.requestCount, 3)
            XCTAssertNil(window.session.secondsUntilAutomaticRetry)
            XCTAssertEqual(window.statusBar.label.text, "You're all caught up · 40 items")
        }
    }
}
