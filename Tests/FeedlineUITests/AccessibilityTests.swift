import FeedCore
import FeedTestSupport
import Foundation
import GtkKit
import GtkKitTestSupport
import XCTest

@testable import FeedlineUI

/// What GTK holds for assistive technology, read back in process
/// (`GTK_A11Y=test`). The AT-SPI suite (Tests/accessibility) checks what a
/// screen reader actually receives.
final class AccessibilityTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    func testRowsListAndStatusAreNamed() throws {
        try MainActor.assumeIsolated {
            let url = fixture.writeFeed(title: "Named Feed", count: 30)
            let window = openWindow(on: LocalFeedSource(file: url))
            waitUntil("the title") { window.window.title == "Named Feed" }
            settle(window)
            XCTAssertTrue(window.feedList.view.accessibleLabelIs("Named Feed"))
            let now = Date()
            for position in 0..<5 {
                let item = window.feedList.items[position]
                let row = try XCTUnwrap(window.feedList.factory.rowWidget(at: position))
                XCTAssertTrue(row.accessibleLabelIs(ItemText.accessibleName(item, now: now)),
                              "row \(position) is named “\(ItemText.accessibleName(item, now: now))”")
            }
            XCTAssertTrue(window.feedList.view.accessibleBusyIs(false))
        }
    }

    func testTheListIsBusyWhileAPageLoadsAndTheSpinnerIsLabelled() throws {
        try MainActor.assumeIsolated {
            let source = GatedSource()
            source.answer(0, with: .success(GatedSource.page(0..<30, next: 30)))
            let window = openWindow(on: source)
            scrollToBottom(window)
            waitUntil("the next page is asked for") { source.requestCount == 2 }
            XCTAssertTrue(window.feedList.view.accessibleBusyIs(true))
            waitUntil("the loading footer is on screen") {
                self.scrollToBottom(window)
                return window.feedList.factory.cells.contains { $0.shownFooter?.spinner.isMapped == true }
            }
            let footer = try XCTUnwrap(window.feedList.factory.cells.lazy.compactMap(\.shownFooter).first)
            XCTAssertTrue(footer.spinner.accessibleLabelIs("Loading more items"))
            XCTAssertTrue(footer.spinner.accessibleBusyIs(true))
            source.answer(1, with: .failure(FeedError("Gone")))
            waitUntil("the failure shows") { window.statusBar.retryButton.isVisible }
            XCTAssertTrue(window.feedList.view.accessibleBusyIs(false))
            XCTAssertTrue(window.statusBar.retryButton.accessibleDescriptionIs("Gone"),
                          "Retry says why it is there")
        }
    }

    func testAnAnnouncementBorrowsTheFocusedDescriptionAndGivesItBack() {
        MainActor.assumeIsolated {
            let window = openWindow(on: LocalFeedSource(file: fixture.writeFeed(count: 30)))
            guard window.announcer.method == .focusedDescription else {
                // GTK 4.14+: announcements go through gtk_accessible_announce.
                return
            }
            let refresh = window.header.refreshButton
            refresh.grabFocus()
            XCTAssertTrue(refresh.accessibleDescriptionIs("Refresh (Ctrl+R)"), "GTK describes a button by its tooltip")
            window.announcer.announce("Hello")
            waitUntil("the focused widget describes the message") { refresh.accessibleDescriptionIs("Hello") }
            waitUntil("its own description comes back") { refresh.accessibleDescriptionIs("Refresh (Ctrl+R)") }
        }
    }
}
