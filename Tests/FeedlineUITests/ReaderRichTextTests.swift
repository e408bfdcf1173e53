import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import GtkKit
import GtkKitTestSupport
import XCTest

@testable import FeedlineUI

/// An item's HTML in the reader view, in real windows with real keys and
/// clicks: lists, quotes and code shown, scripts never; each link a
/// keyboard stop named by its words (what a screen reader hears) that
/// Enter, Space or a click opens, its address shown while pointed at;
/// pictures in the text fetched only when remote pictures are on.
final class ReaderRichTextTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    /// A window on a feed whose items carry `html` (one each), reading the first.
    @MainActor
    private func read(_ html: [String], name: String, remoteImages: Bool = true,
                      file: StaticString = #filePath, line: UInt = #line) -> FeedWindow {
        let title = "\(name) \(UUID().uuidString.prefix(8))"
        let url = fixture.writeFeed(title: title, count: html.count) { index, item in
            item["content_html"] = html[index]
        }
        let window = openWindow(on: SimulatedNetwork(LocalFeedSource(file: url), latency: .zero))
        waitUntil("the title is the feed's", file: file, line: line) { window.window.title == title }
        window.reader.loadsRemoteImages = remoteImages
        window.showReader(at: 0)
        waitUntil("the rich text is ready", file: file, line: line) { window.reader.currentPage.richText.richText != nil }
        return window
    }

    @MainActor
    private func press(_ keys: [String], in window: FeedWindow) {
        XDoTool.press(keys, inWindowTitled: window.window.title ?? "")
    }

    func testAnItemsHTMLShowsAsRichTextWithListsQuotesAndCodeButNeverItsScript() {
        MainActor.assumeIsolated {
            let window = read(["""
                <h2>Release notes</h2><p>Read <a href="/notes">the <b>full</b> notes</a> or
                <a href="javascript:alert(1)">this</a>.</p><ul><li>First point</li><li>Second point</li></ul>
                <ol><li>One</li><li>Two</li></ol><blockquote><p>A quoted line</p></blockquote>
                <pre>let x = 1</pre><p>Use <code>swift build</code>.</p><table><tr><td>a</td><td>b</td></tr></table>
                <script>document.title = 'pwned'</script><p onclick="evil()">The end&#x200B;.</p>
                """], name: "Rich")
            let page = window.reader.currentPage
            let text = page.richText.textView.text
            XCTAssertFalse(page.body.isVisible, "no plain text as well")
            XCTAssertTrue(page.richText.textView.isMapped)
            for shown in ["Release notes", "Read the full notes or this.", "• First point", "• Second point", "1. One",
                          "2. Two", "A quoted line", "let x = 1", "Use swift build.", "a | b", "The end."] {
                XCTAssertTrue(text.contains(shown), "“\(shown)” in:\n\(text)")
            }
            for hidden in ["pwned", "document", "evil", "onclick", "<", "\u{200B}"] {
                XCTAssertFalse(text.contains(hidden), "“\(hidden)” in:\n\(text)")
            }
            XCTAssertEqual(page.richText.textView.links.map(\.text), ["the full notes"], "javascript: is no link")
            XCTAssertEqual(page.richText.textView.links.map(\.address), ["https://example.org/notes"],
                           "resolved against the item's address")

            window.reader.move(.next)
            window.reader.move(.previous)
            XCTAssertEqual(window.reader.currentPage.richText.textView.text, text, "the same text, shown again")
        }
    }

    func testEachLinkIsAKeyboardStopNamedByItsWordsThatEnterOrSpaceOpens() {
        MainActor.assumeIsolated {
            let window = read(["<p>See <a href=\"https://example.org/a\">first link</a> and "
                               + "<a href=\"https://example.org/b\"><i>second</i> link</a>.</p>"], name: "Links")
            var opened: [URL] = []
            window.reader.onOpenLink = { opened.append($0) }
            let page = window.reader.currentPage
            let links = page.richText.textView.links
            XCTAssertEqual(links.map(\.text), ["first link", "second link"])
            XCTAssertTrue(links[0].focusStop.accessibleLabelIs("first link"), "a screen reader hears its words")
            XCTAssertTrue(links[1].focusStop.accessibleLabelIs("second link"))
            XCTAssertTrue(links[0].focusStop.accessibleDescriptionIs("https://example.org/a"), "and where it goes")

            page.richText.textView.grabFocus()
            press(["Tab"], in: window)
            waitUntil("Tab reaches the first link") { links[0].focusStop.containsFocus }
            XCTAssertTrue(page.linkAddress.isVisible)
            XCTAssertEqual(page.linkAddress.text, "https://example.org/a", "its address is shown")
            press(["Return"], in: window)
            waitUntil("Enter opens it") { opened.map(\.absoluteString) == ["https://example.org/a"] }
            XCTAssertTrue(window.isReading)

            press(["Tab"], in: window)
            waitUntil("Tab reaches the second link") { links[1].focusStop.containsFocus }
            XCTAssertEqual(page.linkAddress.text, "https://example.org/b")
            press(["space"], in: window)
            waitUntil("Space opens it") { opened.count == 2 && opened.last?.absoluteString == "https://example.org/b" }

            press(["shift+Tab", "shift+Tab"], in: window)
            waitUntil("Shift+Tab goes back out of the links") {
                !links[0].focusStop.containsFocus && !links[1].focusStop.containsFocus
            }
            waitUntil("the address goes with the focus") { !page.linkAddress.isVisible }

            page.richText.textView.grabFocus()
            press(["ctrl+a"], in: window)
            waitUntil("the text is selectable") { page.richText.textView.hasSelection }
        }
    }

    func testAClickOnALinksWordsOpensIt() {
        MainActor.assumeIsolated {
            let window = read(["<p>Some words, then <a href=\"https://example.org/clicked\">a link to click</a>.</p>"],
                              name: "Click")
            var opened: [URL] = []
            window.reader.onOpenLink = { opened.append($0) }
            // The page shown once laid out (the reader may swap its pages meanwhile).
            waitUntil("the text is laid out") { window.reader.currentPage.richText.textView.allocatedHeight > 0 }
            let textView = window.reader.currentPage.richText.textView
            guard let point = textView.pointOfLink(0), let (x, y) = textView.translate(point.x, point.y, to: window.window)
            else { return XCTFail("no link on screen") }
            XDoTool.point(at: Int(x), Int(y), then: ["click", "1"], inWindowTitled: window.window.title ?? "")
            waitUntil("the click opens it") { opened.map(\.absoluteString) == ["https://example.org/clicked"] }
            XCTAssertEqual(window.reader.currentPage.linkAddress.text, "https://example.org/clicked", "shown on hover")
        }
    }

    func testPicturesInTheTextAreNotFetchedWhenRemotePicturesAreOff() throws {
        let png = TestImages.png(width: 40, height: 30)
        let server = try LoopbackServer { _ in .init(headers: ["Content-Type": "image/png"], body: png) }
        MainActor.assumeIsolated {
            let (off, on) = ("/off-\(UUID().uuidString).png", "/on-\(UUID().uuidString).png")
            let picture = { (path: String) in
                "<p>Before</p><img src=\"\(server.url(path).absoluteString)\" alt=\"A red square\" width=\"40\" height=\"30\"><p>After</p>"
            }
            let window = read([picture(off), "<p>Plain</p>", picture(on), "<p>Last</p>"], name: "Pictures",
                              remoteImages: false)
            let page = window.reader.currentPage
            XCTAssertTrue(page.richText.textView.text.contains("Picture not loaded: A red square"),
                          page.richText.textView.text)
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(server.requests.contains { $0.path == off }, "nothing fetched")

            window.reader.loadsRemoteImages = true
            window.reader.move(.next)  // fills the page after it: the picture's item
            window.reader.move(.next)
            let shown = window.reader.currentPage.richText
            waitUntil("the picture arrives") { shown.pictures.first?.picture.texture != nil }
            XCTAssertEqual(server.requests.filter { $0.path == on }.count, 1)
            XCTAssertFalse(server.requests.contains { $0.path == off })
            let box = shown.pictures[0].picture
            XCTAssertEqual([box.allocatedWidth, box.allocatedHeight], [40, 30], "at the size the HTML gives")
            XCTAssertTrue(box.accessibleLabelIs("A red square"), "named by its description")
        }
    }

    func testNoRemoteImagesIsAnOptionForTheCommandLine() throws {
        XCTAssertEqual(try LaunchCommand.parse([]), .run(LaunchOptions()))
        guard case .run(let options) = try LaunchCommand.parse(["--no-remote-images"]) else { return XCTFail("not a run") }
        XCTAssertFalse(options.loadsRemoteImages)
        XCTAssertTrue(LaunchOptions().loadsRemoteImages, "pictures load unless asked not to")
        XCTAssertTrue(LaunchCommand.usage.contains("--no-remote-images"))
    }
}
