import FeedCore
import FeedTestSupport
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// Paging through a real window: the list view, its scrolled window and
/// adjustment, the footer row and the status line, driven as a reader would.
final class FeedWindowPagingTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    private func localSource(count: Int, pageSize: Int = 20, failEvery: Int? = nil) -> SimulatedNetwork {
        SimulatedNetwork(LocalFeedSource(file: fixture.writeFeed(count: count), pageSize: pageSize),
                         latency: .zero, failEvery: failEvery)
    }

    func testAFirstPageThatDoesNotFillTheWindowKeepsLoading() {
        MainActor.assumeIsolated {
            let source = localSource(count: 100, pageSize: 3)
            let window = openWindow(on: source)
            settle(window)
            let adjustment = window.feedList.adjustment
            XCTAssertGreaterThan(adjustment.upper, adjustment.pageSize * 2.5,
                                 "pages load until the content reaches past the prefetch distance")
            XCTAssertEqual(ids(window), (0..<window.feedList.itemCount).map(FeedFixture.id))
            XCTAssertEqual(source.requestCount * 3, window.feedList.itemCount, "one request per page, none wasted")
            XCTAssertEqual(window.content.visibleChildName, "list")
        }
    }

    func testScrollingToTheBottomLoadsTheNextPage() {
        MainActor.assumeIsolated {
            let source = localSource(count: 200)
            let window = openWindow(on: source)
            settle(window)
            let before = window.feedList.itemCount
            scrollToBottom(window)
            waitUntil("the next page arrives") { window.feedList.itemCount > before }
            settle(window)
            XCTAssertEqual(window.feedList.itemCount % 20, 0)
            XCTAssertEqual(ids(window), (0..<window.feedList.itemCount).map(FeedFixture.id),
                           "no item skipped or shown twice")
            waitUntil("the page is announced") { window.announcements.contains("Loaded 20 more items") }
            XCTAssertEqual(window.statusBar.label.text, "\(window.feedList.itemCount) items")
        }
    }

    func testAStalledBottomStartsOneRequestHoweverOftenTheReaderScrolls() {
        MainActor.assumeIsolated {
            let source = GatedSource()
            source.answer(0, with: .success(GatedSource.page(0..<40, next: 40)))
            let window = openWindow(on: source)
            for _ in 0..<30 {
                scrollToBottom(window)
                MainLoop.iterate()
                window.feedList.adjustment.value -= 40
                MainLoop.iterate()
            }
            scrollToBottom(window)
            waitUntil("the loading footer shows") { window.feedList.footer == .loading }
            waitForPrefetchChecks(window)
            XCTAssertEqual(source.requestCount, 2, "the first page and exactly one more")
            XCTAssertEqual(source.requests.last?.cursor, PageCursor("40"))
            XCTAssertEqual(window.statusBar.label.text, "Loading more items…")

            source.answer(1, with: .success(GatedSource.page(40..<60, next: nil)))
            waitUntil("the page lands") { window.feedList.itemCount == 60 }
            XCTAssertEqual(ids(window), (0..<60).map(FeedFixture.id))
        }
    }

    /// Pumps until the list's position reports have had their chance: two
    /// frames drawn (each report is made after a frame) and none pending.
    @MainActor
    private func waitForPrefetchChecks(_ window: FeedWindow, file: StaticString = #filePath, line: UInt = #line) {
        waitForFrames(2, of: window.window, file: file, line: line)
        waitUntil("no position report is pending", file: file, line: line) { !window.feedList.positionReportScheduled }
        drainPendingWork()
    }

    /// A feed of 30 items whose second page failed.
    @MainActor
    private func failedSecondPage(file: StaticString = #filePath, line: UInt = #line) -> (GatedSource, FeedWindow) {
        let source = GatedSource()
        source.answer(0, with: .success(GatedSource.page(0..<30, next: 30)))
        let window = openWindow(on: source, file: file, line: line)
        scrollToBottom(window)
        waitUntil("the second page is asked for", file: file, line: line) { source.requestCount == 2 }
        source.answer(1, with: .failure(FeedError("The server is down")))
        waitUntil("the footer shows the failure", file: file, line: line) {
            window.feedList.footer == .failed(reason: "The server is down", refresh: false)
        }
        return (source, window)
    }

    func testAFailedPageSaysSoAndLosesNothing() {
        MainActor.assumeIsolated {
            let (_, window) = failedSecondPage()
            XCTAssertEqual(window.statusBar.label.text, "Couldn't load more items: The server is down")
            XCTAssertTrue(window.statusBar.retryButton.isVisible)
            XCTAssertEqual(ids(window), (0..<30).map(FeedFixture.id), "nothing already loaded is lost")
        }
    }

    func testScrollingAfterAFailureDoesNotTryAgainByItself() {
        MainActor.assumeIsolated {
            let (source, window) = failedSecondPage()
            window.feedList.adjustment.value = 0
            MainLoop.iterate()
            scrollToBottom(window)
            waitForPrefetchChecks(window)
            XCTAssertEqual(source.requestCount, 2)
        }
    }

    func testTheFooterRowsRetryLoadsThatSamePage() throws {
        try MainActor.assumeIsolated {
            let (source, window) = failedSecondPage()
            waitUntil("the footer row is on screen") {
                // Row heights are estimated until rows are laid out: keep
                // going to the bottom, as a reader would.
                self.scrollToBottom(window)
                return self.footerCell(window)?.shownFooter?.retryButton.isMapped == true
            }
            footerCell(window)?.shownFooter?.retryButton.click()
            waitUntil("the same page is asked for again") { source.requestCount == 3 }
            XCTAssertEqual(try source.request(2).cursor, PageCursor("30"))
            XCTAssertEqual(window.feedList.footer, .loading)
            source.answer(2, with: .success(GatedSource.page(30..<50, next: nil)))
            waitUntil("the page lands") { window.feedList.itemCount == 50 }
            XCTAssertEqual(ids(window), (0..<50).map(FeedFixture.id), "no item skipped or repeated")
            XCTAssertFalse(window.statusBar.retryButton.isVisible)
        }
    }

    func testTheStatusLineRetryWorksToo() {
        MainActor.assumeIsolated {
            let source = localSource(count: 100, failEvery: 2)
            let window = openWindow(on: source)
            scrollToBottom(window)
            waitUntil("the second request fails") {
                if case .failed = window.session.phase { true } else { false }
            }
            waitUntil("the failure is announced") {
                window.announcements.contains { $0.hasPrefix("Couldn't load more items: The connection was interrupted") }
            }
            window.statusBar.retryButton.click()
            waitUntil("the retried page lands") { window.feedList.itemCount == 40 }
            XCTAssertEqual(ids(window), (0..<40).map(FeedFixture.id))
        }
    }

    func testTheEndOfTheFeedSaysSo() {
        MainActor.assumeIsolated {
            let window = openWindow(on: localSource(count: 45))
            while window.session.phase != .exhausted {
                settle(window)
                scrollToBottom(window)
                MainLoop.iterate()
                if window.session.phase == .exhausted { break }
                waitUntil("another page") { window.session.state.inFlight == nil }
            }
            settle(window)
            XCTAssertEqual(window.feedList.itemCount, 45)
            XCTAssertEqual(window.feedList.footer, .end)
            XCTAssertEqual(window.statusBar.label.text, "You're all caught up · 45 items")
            waitUntil("the end is announced") {
                window.announcements.last?.hasSuffix("You're all caught up") == true
            }
            XCTAssertEqual(footerCell(window)?.shownFooter?.message.text, "You're all caught up")
        }
    }

    func testTheEndOfAShortFeedSaysSoOnOneLine() throws {
        try MainActor.assumeIsolated {
            let window = openWindow(on: localSource(count: 3))
            waitUntil("the end") { window.feedList.footer == .end }
            settle(window)
            let message = try XCTUnwrap(footerCell(window)?.shownFooter?.message)
            XCTAssertEqual(message.text, "You're all caught up")
            // A word a line, before: GTK asked a wrapping label for a
            // narrow width in the centred footer.
            let oneLine = Label("You're all caught up")
            XCTAssertLessThan(message.minimumHeight, oneLine.minimumHeight * 3 / 2, "one line, not a word a line")
        }
    }
}
