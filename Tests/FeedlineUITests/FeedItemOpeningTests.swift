import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// Opening items: Enter on a row opens the reader view and Escape comes
/// back; Ctrl+Enter opens the link, and links that cannot be opened say so.
final class FeedItemOpeningTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    /// Links the window opened, in order.
    @MainActor
    private final class Opened {
        var links: [String] = []
    }

    /// A feed of 30 items with two paragraphs each, whose links `opened`
    /// records; row `row` has focus. The window and its title.
    @MainActor
    private func feedForReading(focus row: Int, opened: Opened,
                                file: StaticString = #filePath, line: UInt = #line) -> (FeedWindow, String) {
        let title = "Reading \(UUID().uuidString.prefix(8))"
        let url = fixture.writeFeed(title: title, count: 30) { index, item in
            item["content_text"] = "Paragraph one of item \(index).\n\nParagraph two, <b>not bold</b>."
        }
        let window = openWindow(on: SimulatedNetwork(LocalFeedSource(file: url), latency: .zero), file: file, line: line)
        waitUntil("the title is the feed's", file: file, line: line) { window.window.title == title }
        window.openLink = { opened.links.append($0) }
        window.feedList.focusRow(at: row)
        waitUntil("row \(row) has focus", file: file, line: line) {
            window.feedList.focusedItem?.id == FeedFixture.id(row)
        }
        return (window, title)
    }

    /// As `feedForReading`, then Enter: the reader shows item `row`.
    @MainActor
    private func reading(_ row: Int, opened: Opened = Opened(),
                         file: StaticString = #filePath, line: UInt = #line) -> (FeedWindow, String) {
        let (window, title) = feedForReading(focus: row, opened: opened, file: file, line: line)
        XDoTool.press(["Return"], inWindowTitled: title)
        waitUntil("the reader shows item \(row)", file: file, line: line) {
            window.isReading && window.reader.currentPage.title.text == "Item \(row)"
        }
        return (window, title)
    }

    func testEnterReadsTheFocusedItemsWholeTextAsPlainText() {
        MainActor.assumeIsolated {
            let opened = Opened()
            let (window, title) = feedForReading(focus: 3, opened: opened)
            XDoTool.press(["Return"], inWindowTitled: title)
            waitUntil("Enter opens the reader view") { window.isReading }
            XCTAssertEqual(window.reader.currentPage.title.text, "Item 3")
            XCTAssertEqual(window.reader.currentPage.body.text, "Paragraph one of item 3.\n\nParagraph two, <b>not bold</b>.",
                           "the whole text, paragraphs kept, as plain text")
            XCTAssertFalse(window.reader.currentPage.body.usesMarkup)
            XCTAssertEqual(window.reader.position.text, "Item 4 of \(window.feedList.itemCount)")
            waitUntil("screen readers hear where it is") {
                window.announcements.last == "Item 4 of \(window.feedList.itemCount): Item 3"
            }
            XCTAssertTrue(window.reader.backButton.containsFocus, "keyboard focus is in the reader")
            XCTAssertTrue(opened.links.isEmpty, "Enter no longer opens the browser")
        }
    }

    func testInTheReaderCtrlEnterAndOpenInBrowserOpenTheLink() {
        MainActor.assumeIsolated {
            let opened = Opened()
            let (window, title) = reading(3, opened: opened)
            XDoTool.press(["ctrl+Return"], inWindowTitled: title)
            waitUntil("Ctrl+Enter opens the link") { opened.links == ["https://example.org/items/3"] }
            window.reader.openButton.click()
            XCTAssertEqual(opened.links.count, 2, "so does Open in Browser")
        }
    }

    func testEscapeComesBackToTheListWithFocusOnTheItem() {
        MainActor.assumeIsolated {
            let (window, title) = reading(3)
            XDoTool.press(["Escape"], inWindowTitled: title)
            waitUntil("Escape goes back to the list, focus on the item") {
                !window.isReading && window.feedList.focusedItem?.id == FeedFixture.id(3)
            }
        }
    }

    func testAPageLandingUnderneathLeavesTheReaderInPlaceAndAltLeftComesBack() {
        MainActor.assumeIsolated {
            let (window, title) = reading(7)
            scrollToBottom(window)
            window.session.loadMore()
            waitUntil("the rest of the feed lands underneath") { window.feedList.itemCount == 30 }
            waitForFrames(2, of: window.window)
            XCTAssertTrue(window.isReading, "a page landing underneath leaves the reader in place")
            XDoTool.press(["alt+Left"], inWindowTitled: title)
            waitUntil("Alt+Left goes back too") {
                !window.isReading && window.feedList.focusedItem?.id == FeedFixture.id(7)
            }
        }
    }

    func testTheBackButtonComesBackToTheItemsRow() {
        MainActor.assumeIsolated {
            let (window, _) = reading(2)
            window.reader.backButton.click()
            waitUntil("and Back") { !window.isReading && window.feedList.focusedItem?.id == FeedFixture.id(2) }
        }
    }

    func testASmallPictureShowsAtItsOwnSizeAndALargeOneFillsTheWidth() {
        MainActor.assumeIsolated {
            let title = "Pictures \(UUID().uuidString.prefix(8))"
            let url = fixture.writeFeed(title: title, count: 3) { index, item in
                // Nothing listens there: the placeholder keeps the picture's box.
                item["image"] = "http://127.0.0.1:9/picture-\(index).png"
                switch index {
                case 0: item["_feedline"] = ["image_width": 160, "image_height": 120]
                case 1: item["_feedline"] = ["image_width": 1600, "image_height": 1200]
                default: break
                }
            }
            let window = openWindow(on: SimulatedNetwork(LocalFeedSource(file: url), latency: .zero))
            waitUntil("the title is the feed's") { window.window.title == title }
            window.showReader(at: 0)
            let reader = window.reader
            waitUntil("the small picture's box is its own size, not blown up") {
                let picture = reader.currentPage.picture.picture
                return picture.allocatedWidth == 160 && picture.allocatedHeight == 120
            }
            let textTop = reader.currentPage.body.top(in: reader.currentPage.picture.picture) ?? 0
            XCTAssertEqual(textTop, 120 + 12, accuracy: 1, "the text follows right below it")
            let pageWidth = reader.currentPage.title.allocatedWidth
            for index in [1, 2] {
                reader.move(.next)
                waitUntil("a large picture (or one of unknown size) fills the width") {
                    let picture = reader.currentPage.picture.picture
                    return picture.allocatedWidth == pageWidth && picture.allocatedHeight == ReaderPage.pictureHeight
                }
                XCTAssertEqual(reader.item?.id, FeedFixture.id(index))
            }
        }
    }

    func testAContentWarningHidesTheTextAndPictureInTheReaderUntilShowPostAsInTheList() throws {
        let png = TestImages.png(width: 40, height: 30)
        let server = try LoopbackServer { _ in .init(headers: ["Content-Type": "image/png"], body: png) }
        MainActor.assumeIsolated {
            let path = "/spider-\(UUID().uuidString).png"
            let warned = FeedItem(id: "warned", title: "Warned", summary: "Behind the warning",
                                  imageURL: server.url(path), contentWarning: "Spiders")
            let plain = FeedItem(id: "plain", title: "Plain", summary: "Plain text")
            let source = GatedSource()
            source.answer(0, with: .success(FeedPage(items: [plain, warned], next: nil, feedTitle: "Gated Feed")))
            let window = openWindow(on: source)
            window.showReader(at: 0)
            let reader = window.reader
            XCTAssertTrue(reader.move(.next), "to the warned item, prefilled beside the first")
            let page = reader.currentPage
            XCTAssertEqual(page.warning.text, "Content warning: Spiders")
            XCTAssertEqual(page.body.text, "", "its text is not shown")
            XCTAssertFalse(page.body.isVisible)
            XCTAssertEqual(page.reveal.button.label, "Show Post")
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(server.requests.contains { $0.path == path }, "its picture is not even downloaded")

            page.reveal.button.click()
            XCTAssertEqual(page.body.text, "Behind the warning")
            XCTAssertTrue(page.body.isVisible)
            XCTAssertEqual(page.reveal.button.label, "Hide Post")
            waitUntil("Show Post downloads the picture") { page.picture.picture.texture != nil }
            XCTAssertTrue(window.feedList.revealed.contains("warned"), "one choice: the list's row shows it too")

            reader.move(.next)
            reader.move(.next)
            XCTAssertEqual(reader.item?.id, "warned", "round the ring of two and back")
            XCTAssertTrue(reader.currentPage.body.isVisible, "still shown")
            reader.currentPage.reveal.button.click()
            XCTAssertFalse(reader.currentPage.body.isVisible, "Hide Post hides it again")
            XCTAssertFalse(window.feedList.revealed.contains("warned"))
        }
    }

    func testCtrlEnterOpensTheFocusedItemsLinkAndOnlyWebLinks() {
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
            XDoTool.press(["ctrl+Return"], inWindowTitled: title)
            waitUntil("Ctrl+Enter opens the link") { opened == ["https://example.org/items/0"] }

            XDoTool.press(["Down", "ctrl+Return"], inWindowTitled: title)
            waitUntil("a file: link is refused") {
                window.statusBar.label.text == "Only web links can be opened (this one is “file”)"
            }
            XDoTool.press(["Down", "ctrl+Return"], inWindowTitled: title)
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
