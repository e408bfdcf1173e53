import FeedCore
import FeedTestSupport
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// Opening items: Enter on a row, and links that cannot be opened.
final class FeedItemOpeningTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    func testEnterOpensTheFocusedItemsLinkAndOnlyWebLinks() {
        MainActor.assumeIsolated {
            let title = "Links \(UUID().uuidString.prefix(8))"
            let url = fixture.writeFeed(title: title, count: 10) { index, item in
                switch index {
                case 1: item["url"] = "file:///etc/passwd"
                case 2: item.removeValue(forKey: "url")
                default: break
                }
            }
            let window = openWindow(on: LocalFeedSource(file: url))
            waitUntil("the title is the feed's") { window.window.title == title }
            var opened: [String] = []
            window.openLink = { opened.append($0) }

            XCTAssertTrue(window.feedList.factory.focusRow(at: 0))
            XDoTool.press(["Return"], inWindowTitled: title)
            waitUntil("Enter opens the link") { opened == ["https://example.org/items/0"] }

            XDoTool.press(["Down", "Return"], inWindowTitled: title)
            waitUntil("a file: link is refused") {
                window.statusBar.label.text == "Only web links can be opened (this one is “file”)"
            }
            XDoTool.press(["Down", "Return"], inWindowTitled: title)
            waitUntil("a missing link is explained") {
                window.statusBar.label.text == "“Item 2” has no link"
            }
            XCTAssertEqual(opened, ["https://example.org/items/0"])
        }
    }

    func testAltRRetriesAFailedPage() {
        MainActor.assumeIsolated {
            let title = "Retry \(UUID().uuidString.prefix(8))"
            let source = SimulatedNetwork(LocalFeedSource(file: fixture.writeFeed(title: title, count: 100)),
                                          latency: .zero, failEvery: 2)
            let window = openWindow(on: source)
            waitUntil("the title is the feed's") { window.window.title == title }
            scrollToBottom(window)
            waitUntil("the second page fails") { window.statusBar.retryButton.isVisible }
            XDoTool.press(["alt+r"], inWindowTitled: title)
            waitUntil("Alt+R loads it") { window.feedList.itemCount == 40 }
            XCTAssertEqual(ids(window), (0..<40).map(FeedFixture.id))
        }
    }
}
