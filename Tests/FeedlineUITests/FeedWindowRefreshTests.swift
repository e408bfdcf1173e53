import FeedCore
import FeedTestSupport
import Foundation
import GtkKit
import GtkKitTestSupport
import XCTest

@testable import FeedlineUI

/// Refresh and the first load, through a real window.
final class FeedWindowRefreshTests: GtkTestCase, @unchecked Sendable {
    func testRefreshReplacesTheRowsAndDropsALateAnswerFromBefore() throws {
        try MainActor.assumeIsolated {
            let source = GatedSource()
            source.answer(0, with: .success(GatedSource.page(0..<30, next: 30, label: "Old")))
            let window = openWindow(on: source)
            scrollToBottom(window)
            waitUntil("the second page is asked for") { source.requestCount == 2 }

            window.window.activateAction("win.refresh")
            waitUntil("the refresh asks for the first page") { source.requestCount == 3 }
            XCTAssertNil(try source.request(2).cursor)
            XCTAssertTrue(window.header.refreshSpinner.isVisible && window.header.refreshSpinner.isSpinning,
                          "a visible busy indicator while refreshing")
            XCTAssertEqual(window.feedList.itemCount, 30, "the old rows stay until the new ones arrive")
            XCTAssertEqual(window.statusBar.label.text, "Refreshing…")

            source.answer(2, with: .success(GatedSource.page(0..<20, next: 20, label: "New")))
            waitUntil("the new rows replace the old") { window.feedList.items.first?.title == "New 0" }
            // The page asked for before the refresh arrives late: it must not land.
            source.answer(1, with: .success(GatedSource.page(30..<60, next: 60, label: "Old")))
            waitUntil("the late answer reaches the session") { window.session.droppedAnswers == 1 }

            XCTAssertTrue(window.feedList.items.allSatisfy { $0.title.hasPrefix("New") },
                          "\(window.feedList.items.map(\.title))")
            XCTAssertEqual(Array(ids(window).prefix(20)), (0..<20).map(FeedFixture.id))
            waitUntil("the list is back at the top") { window.feedList.adjustment.value == 0 }
            XCTAssertFalse(window.header.refreshSpinner.isVisible)
            XCTAssertFalse(window.header.refreshSpinner.isSpinning)
            waitUntil("the refresh is announced") { window.announcements.contains("Feed refreshed") }
        }
    }

    func testAFailedRefreshKeepsTheRowsAndRetryRefreshes() throws {
        try MainActor.assumeIsolated {
            let source = GatedSource()
            source.answer(0, with: .success(GatedSource.page(0..<30, next: 30, label: "Old")))
            let window = openWindow(on: source)
            window.window.activateAction("win.refresh")
            waitUntil("the refresh asks") { source.requestCount == 2 }
            source.answer(1, with: .failure(FeedError("The network is unreachable")))
            waitUntil("the failure shows") { window.statusBar.retryButton.isVisible }

            XCTAssertEqual(window.statusBar.label.text, "Couldn't refresh: The network is unreachable")
            XCTAssertEqual(window.feedList.items.map(\.title), (0..<30).map { "Old \($0)" })
            XCTAssertEqual(window.content.visibleChildName, "list")
            XCTAssertEqual(window.feedList.footer, .failed(reason: "The network is unreachable", refresh: true))
            scrollToBottom(window)
            waitUntil("the footer row names the failed refresh") {
                window.feedList.factory.rowWidget(at: 30)?
                    .accessibleLabelIs("Couldn't refresh: The network is unreachable") == true
            }
            XCTAssertFalse(window.header.refreshSpinner.isVisible)

            window.statusBar.retryButton.click()
            waitUntil("the refresh is retried") { source.requestCount == 3 }
            XCTAssertNil(try source.request(2).cursor)
            source.answer(2, with: .success(GatedSource.page(0..<25, next: nil, label: "New")))
            waitUntil("the new rows land") { window.feedList.items.first?.title == "New 0" }
            XCTAssertEqual(window.feedList.itemCount, 25)
        }
    }

    func testTheFirstLoadShowsASpinnerThenTheErrorPageWithRetry() throws {
        try MainActor.assumeIsolated {
            let source = GatedSource()
            let window = openWindow(on: source, waitForItems: false)
            waitUntil("the first page is asked for") { source.requestCount == 1 }
            XCTAssertEqual(window.content.visibleChildName, "loading")
            XCTAssertTrue(window.loadingPage.spinner.isSpinning)

            source.answer(0, with: .failure(FeedError("The server answered 503")))
            waitUntil("the error page shows") { window.content.visibleChildName == "error" }
            XCTAssertEqual(window.errorPage.detail.text, "The server answered 503")
            XCTAssertFalse(window.loadingPage.spinner.isSpinning, "a hidden spinner does not spin")
            waitUntil("the failure is announced") {
                window.announcements.contains("Couldn't load the feed: The server answered 503. Retry is available")
            }

            window.errorPage.button?.click()
            waitUntil("retry asks again") { source.requestCount == 2 }
            XCTAssertNil(try source.request(1).cursor)
            XCTAssertEqual(window.content.visibleChildName, "loading")
            source.answer(1, with: .success(GatedSource.page(0..<40, next: nil)))
            waitUntil("the list shows") { window.content.visibleChildName == "list" }
            XCTAssertEqual(ids(window), (0..<40).map(FeedFixture.id))
        }
    }

    func testAMissingFeedFileIsExplainedInTheWindow() {
        MainActor.assumeIsolated {
            let fixture = FeedFixture()
            let window = openWindow(on: LocalFeedSource(file: fixture.url("missing.json")), waitForItems: false)
            waitUntil("the error page shows") { window.content.visibleChildName == "error" }
            XCTAssertEqual(window.errorPage.detail.text, "The file “missing.json” doesn't exist")
            XCTAssertEqual(window.statusBar.label.text, "Couldn't load the feed: The file “missing.json” doesn't exist")
        }
    }

    func testAMalformedFeedFileIsExplainedInTheWindow() {
        MainActor.assumeIsolated {
            let fixture = FeedFixture()
            let url = fixture.write(Data("<html>not a feed</html>".utf8), named: "page.json")
            let window = openWindow(on: LocalFeedSource(file: url), waitForItems: false)
            waitUntil("the error page shows") { window.content.visibleChildName == "error" }
            XCTAssertEqual(window.errorPage.detail.text, "This is a web page, not a feed")
        }
    }

    func testAnEmptyFeedSaysItHasNoItems() {
        MainActor.assumeIsolated {
            let fixture = FeedFixture()
            let window = openWindow(on: LocalFeedSource(file: fixture.writeFeed(title: "Quiet Feed", count: 0)),
                                    waitForItems: false)
            waitUntil("the empty page shows") { window.content.visibleChildName == "empty" }
            XCTAssertEqual(window.emptyPage.detail.text, "“Quiet Feed” has nothing to show yet.")
            XCTAssertEqual(window.window.title, "Quiet Feed")
            XCTAssertEqual(window.statusBar.label.text, "This feed has no items")
        }
    }
}
