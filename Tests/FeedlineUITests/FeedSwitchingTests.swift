import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import GtkKit
import Synchronization
import XCTest

@testable import FeedlineUI

/// The window against a real HTTP server on 127.0.0.1: switching feeds,
/// adding one through the dialog, the remembered list across restarts and
/// a damaged feeds.json, and a rate limit counted down and retried.
final class FeedSwitchingTests: GtkTestCase, @unchecked Sendable {
    private let fixture = FeedFixture()
    private var server: LoopbackServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let news = try Data(contentsOf: fixture.writeFeed(named: "news.json", title: "Loopback News", count: 45, label: "News"))
        let rateLimited = Mutex(false)
        server = try LoopbackServer { request in
            switch request.path {
            case "/search/repositories":
                // Page 2 is rate limited once, for 2 seconds.
                let page = Int(request.queryValue("page") ?? "1") ?? 1
                if page == 2, !rateLimited.withLock({ limited in defer { limited = true }; return limited }) {
                    return .init(status: 429, headers: ["Retry-After": "2"])
                }
                return Self.repositories(page: page, port: request.header("host") ?? "")
            case "/news.json": return .init(headers: ["Content-Type": "application/feed+json"], body: news)
            case "/page.html":
                return .text("<!DOCTYPE html><html><head><title>Hello</title></head><body><p>Hi</p></body></html>",
                             headers: ["Content-Type": "text/html"])
            default: return .text("not here", status: 404)
            }
        }
    }

    override func tearDown() {
        super.tearDown()
        server?.stop()
    }

    /// A GitHub search answer: 30 repositories on page 1, 10 on page 2.
    private static func repositories(page: Int, port host: String) -> LoopbackServer.Response {
        let range = page == 1 ? 0..<30 : 30..<40
        let items: [[String: Any]] = range.map {
            ["id": $0, "full_name": "owner/repo\($0)", "html_url": "https://github.com/owner/repo\($0)",
             "description": "Repository \($0)", "stargazers_count": 1000 - $0, "language": "Swift",
             "updated_at": "2026-11-20T10:00:00Z", "owner": ["login": "owner", "avatar_url": "https://example.org/a.png"]]
        }
        var headers = ["Content-Type": "application/json"]
        if page == 1 {
            headers["Link"] = "<http://\(host)/search/repositories?q=gtk&sort=stars&order=desc&per_page=30&page=2>; rel=\"next\""
        }
        guard let body = try? JSONSerialization.data(withJSONObject: ["total_count": 40, "incomplete_results": false,
                                                                      "items": items]) else {
            return .text("the test's answer could not be written", status: 500)
        }
        return .init(headers: headers, body: body)
    }

    private var libraryFile: FeedLibraryFile {
        FeedLibraryFile(url: fixture.directory.appendingPathComponent("config/feedline/feeds.json"))
    }

    @MainActor
    private func catalog() -> FeedCatalog {
        let factory = FeedSourceFactory(
            sampleFile: fixture.writeFeed(named: "sample.json", title: "Sample", count: 30, label: "Sample"),
            pageSize: 10, http: HTTPClient())
        return FeedCatalog(file: libraryFile) { factory.source(for: $0) }
    }

    @MainActor
    private func openWindow(_ feed: FeedSpec, catalog: FeedCatalog) -> FeedWindow {
        let window = FeedWindow(application: TestApplication.shared, feed: feed, catalog: catalog)
        track(window)
        window.present()
        waitUntil("the first page is shown") {
            window.feedList.itemCount > 0 && window.feedList.adjustment.pageSize > 0
        }
        return window
    }

    /// A window on the sample feed, with the news feed saved beside it.
    @MainActor
    private func sampleWithNewsSaved(file: StaticString = #filePath, line: UInt = #line) throws -> (FeedWindow, FeedSpec) {
        let news = FeedSpec.document(server.url("/news.json"))
        try libraryFile.save(FeedLibrary(feeds: [SavedFeed(news, title: "Loopback News")]))
        return (openWindow(.sample, catalog: catalog()), news)
    }

    /// As `sampleWithNewsSaved`, switched to the news feed from the menu.
    @MainActor
    private func switchedToNews(file: StaticString = #filePath, line: UInt = #line) throws -> (FeedWindow, FeedSpec) {
        let (window, news) = try sampleWithNewsSaved(file: file, line: line)
        XCTAssertTrue(window.window.activateAction("win.open-feed", string: "1"), file: file, line: line)
        waitUntil("the web feed's first page is shown", file: file, line: line) {
            self.ids(window).first == "item-0" && window.feedList.items.first?.title == "News 0"
        }
        return (window, news)
    }

    func testSwitchingToASavedFeedReplacesTheList() throws {
        try MainActor.assumeIsolated {
            let (window, _) = try sampleWithNewsSaved()
            XCTAssertEqual(window.switcher.button.label, "Sample")
            XCTAssertEqual(window.switcher.feedLabels, ["GNOME Help (open)", "Loopback News"])

            XCTAssertTrue(window.window.activateAction("win.open-feed", string: "1"))
            waitUntil("the web feed's first page is shown") { self.ids(window).first == "item-0" && window.feedList.items.first?.title == "News 0" }
            XCTAssertEqual(window.window.title, "Loopback News")
            XCTAssertEqual(window.switcher.button.label, "Loopback News")
            XCTAssertFalse(window.feedList.items.contains { $0.title.hasPrefix("Sample") }, "nothing of the old feed is left")
            XCTAssertEqual(server.requests.map(\.path), ["/news.json"])
            XCTAssertTrue(try server.request(0).header("user-agent")?.hasPrefix("Feedline/") ?? false)
        }
    }

    func testPagingGoesOnInTheFeedSwitchedTo() throws {
        try MainActor.assumeIsolated {
            let (window, _) = try switchedToNews()
            // One document paged locally.
            scrollToBottom(window)
            waitUntil("the second page") { window.feedList.itemCount >= 20 }
            settle(window)
        }
    }

    func testTheFeedSwitchedToIsOpenedAgainAfterARestart() throws {
        try MainActor.assumeIsolated {
            let (_, news) = try switchedToNews()
            let restarted = FeedCatalog(file: libraryFile) { _ in GatedSource() }
            XCTAssertEqual(restarted.library.lastOpened, news)
            XCTAssertEqual(restarted.entries.map(\.title), ["GNOME Help", "Loopback News"])
        }
    }

    /// A window on the sample feed with the Add Feed dialog up.
    @MainActor
    private func addFeedDialog(file: StaticString = #filePath, line: UInt = #line) throws -> (FeedWindow, FeedCatalog, AddFeedDialog) {
        let catalog = catalog()
        let window = openWindow(.sample, catalog: catalog)
        XCTAssertTrue(window.window.activateAction("win.add-feed"), file: file, line: line)
        let dialog = try XCTUnwrap(window.addFeedDialog, file: file, line: line)
        waitUntil("the dialog is up", file: file, line: line) { dialog.window.isMapped }
        return (window, catalog, dialog)
    }

    func testTheAddFeedDialogTakesTypingAtOnce() throws {
        try MainActor.assumeIsolated {
            let (_, _, dialog) = try addFeedDialog()
            defer { dialog.window.close() }
            XCTAssertTrue(dialog.address.containsFocus, "typing can start at once")
        }
    }

    func testAddingAWebPageSaysWhyAndTheDialogStays() throws {
        try MainActor.assumeIsolated {
            let (_, catalog, dialog) = try addFeedDialog()
            defer { dialog.window.close() }
            dialog.address.text = server.url("/page.html").absoluteString
            dialog.addButton.click()
            waitUntil("the check fails") { dialog.message.text.hasPrefix("Couldn't add this feed: ") }
            XCTAssertTrue(dialog.message.text.contains("web page"), dialog.message.text)
            XCTAssertTrue(dialog.window.isMapped)
            XCTAssertTrue(catalog.library.feeds.isEmpty)
        }
    }

    func testAnAddressThatCannotBeAFeedIsExplained() throws {
        try MainActor.assumeIsolated {
            let (_, _, dialog) = try addFeedDialog()
            defer { dialog.window.close() }
            dialog.address.text = "no such file.xml"
            dialog.addButton.click()
            XCTAssertEqual(dialog.message.text, "There is no file “no such file.xml”; a web address starts with https://")
        }
    }

    func testAddingAFeedChecksItThenSavesAndOpensIt() throws {
        try MainActor.assumeIsolated {
            let (window, catalog, dialog) = try addFeedDialog()
            dialog.address.text = server.url("/news.json").absoluteString
            dialog.addButton.click()
            waitUntil("the window shows the new feed") { window.window.title == "Loopback News" && window.feedList.itemCount > 0 }
            XCTAssertFalse(dialog.window.isMapped, "the dialog closed")
            let added = FeedSpec.document(server.url("/news.json"))
            XCTAssertEqual(catalog.library.feeds, [SavedFeed(added, title: "Loopback News")])
            XCTAssertEqual(libraryFile.load().library.feeds, [SavedFeed(added, title: "Loopback News")])
            XCTAssertEqual(window.switcher.feedLabels, ["GNOME Help", "Loopback News (open)"])
        }
    }

    func testAMastodonTimelineIsBuiltFromTheDialogsFields() throws {
        try MainActor.assumeIsolated {
            let window = openWindow(.sample, catalog: catalog())
            window.showAddFeedDialog()
            let dialog = try XCTUnwrap(window.addFeedDialog)
            dialog.kind.selected = AddFeedDialog.Kind.mastodon.rawValue
            XCTAssertTrue(dialog.timeline.isVisible)
            XCTAssertFalse(dialog.hashtag.isVisible)
            dialog.address.text = "fosstodon.org"
            dialog.timeline.selected = AddFeedDialog.Timeline.hashtag.rawValue
            XCTAssertTrue(dialog.hashtag.isVisible)
            dialog.hashtag.text = "#gtk"
            XCTAssertEqual(try dialog.chosenFeed().get(),
                           .mastodon(instance: try XCTUnwrap(URL(string: "https://fosstodon.org")), timeline: .tag("gtk")))
            dialog.hashtag.text = "two words"
            XCTAssertEqual(dialog.chosenFeed(), .failure("Enter a hashtag: letters, digits and _"))
            dialog.kind.selected = AddFeedDialog.Kind.gitHub.rawValue
            dialog.address.text = "language:swift"
            dialog.api.text = "https://ghe.example.com/api/v3"
            XCTAssertEqual(try dialog.chosenFeed().get(),
                           .gitHubSearch(query: "language:swift", api: try XCTUnwrap(URL(string: "https://ghe.example.com/api/v3"))))
            dialog.window.close()
        }
    }

    func testARateLimitedPageCountsDownAndLoadsByItself() {
        MainActor.assumeIsolated {
            let window = openWindow(.gitHubSearch(query: "gtk", api: server.baseURL), catalog: catalog())
            XCTAssertEqual(window.feedList.items.first?.title, "owner/repo0")
            scrollToBottom(window)
            waitUntil("the footer counts down") {
                window.feedList.footer == .failed(reason: "Rate limited", refresh: false, retryIn: 2)
            }
            XCTAssertEqual(window.statusBar.label.text, "Couldn't load more items: Rate limited, retrying in 2 s")
            XCTAssertTrue(window.statusBar.retryButton.isVisible, "Retry tries now")
            waitUntil("a second later") {
                window.feedList.footer == .failed(reason: "Rate limited", refresh: false, retryIn: 1)
            }
            waitUntil("the page loads by itself") { window.feedList.itemCount == 40 }
            XCTAssertEqual(ids(window), (0..<40).map { "github-\($0)" }, "nothing skipped or repeated")
            XCTAssertEqual(server.requests.map { $0.queryValue("page") }, ["1", "2", "2"])
            XCTAssertEqual(window.feedList.footer, .end)
        }
    }

    func testADamagedFeedListIsKeptAsideAndTheReaderIsTold() throws {
        try MainActor.assumeIsolated {
            try FileManager.default.createDirectory(at: libraryFile.url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try Data("{\"version\": 1, \"feeds\": [".utf8).write(to: libraryFile.url)
            let window = openWindow(.sample, catalog: catalog())
            XCTAssertTrue(window.statusBar.label.text.hasPrefix("Your saved feeds were damaged"), window.statusBar.label.text)
            XCTAssertTrue(FileManager.default.fileExists(atPath: libraryFile.quarantineURL.path))
            // The app goes on, and the next change writes a good list.
            window.catalog?.add(SavedFeed(.hackerNews(api: FeedSpec.hackerNewsAPI)))
            XCTAssertEqual(libraryFile.load().library.feeds.count, 1)
        }
    }

    func testTheMainMenusPictureSettingReachesTheReaderAndIsKept() {
        MainActor.assumeIsolated {
            let first = catalog()
            let window = openWindow(.sample, catalog: first)
            XCTAssertTrue(window.reader.loadsRemoteImages, "pictures in articles load at first")
            XCTAssertEqual(window.remoteImagesAction?.isOn, true)
            XCTAssertTrue(window.window.activateAction("win.remote-images"))
            XCTAssertEqual(window.remoteImagesAction?.isOn, false, "the menu's check box follows")
            XCTAssertFalse(window.reader.loadsRemoteImages)
            XCTAssertFalse(catalog().loadsRemoteImages, "kept in feeds.json for the next start")
            let reopened = openWindow(.sample, catalog: catalog())
            XCTAssertFalse(reopened.reader.loadsRemoteImages)

            XCTAssertTrue(reopened.window.activateAction("win.remote-images"))
            XCTAssertTrue(reopened.reader.loadsRemoteImages)
            let thisRunOnly = openWindow(.sample, catalog: catalog())
            thisRunOnly.loadNoRemoteImagesThisRun()
            XCTAssertFalse(thisRunOnly.reader.loadsRemoteImages, "--no-remote-images")
            XCTAssertTrue(catalog().loadsRemoteImages, "changes nothing kept")
        }
    }

    func testCtrlOThenArrowsAndEnterSwitchFeedsEveryTime() throws {
        try MainActor.assumeIsolated {
            let (window, _) = try sampleWithNewsSaved()
            let sample = window.window.title ?? ""
            window.feedList.focusRow(at: 0)
            // The menu opens on its first entry. Twice: after the first
            // switch, the menu once opened with nothing focused, and the
            // keys went to the list behind it (Enter opened an item).
            // One run of keys, as typed: giving the window focus between
            // them would take it from the open menu.
            for (from, keys, to) in [(sample, ["Down"], "Loopback News"), ("Loopback News", ["Down", "Up"], sample)] {
                settle(window)
                let focused = window.feedList.focusedItem?.id
                XDoTool.press(["ctrl+o"] + keys + ["Return"], inWindowTitled: from, delay: 300)
                waitUntil("the feed switches to \(to)") { window.window.title == to || window.isReading }
                XCTAssertFalse(window.isReading, "Enter went to the menu, not to the list behind it")
                XCTAssertTrue(focused == nil || window.feedList.focusedItem?.id != "item-1", "the arrows did not move in the list")
            }
        }
    }

    func testSwitchingFeedsWhileScrolledDownLeavesGTKNothingToWarnAbout() throws {
        try MainActor.assumeIsolated {
            let (window, _) = try sampleWithNewsSaved()
            scrollToBottom(window)
            waitUntil("more of the sample is loaded") { window.feedList.itemCount >= 20 }
            settle(window)
            XCTAssertGreaterThan(window.feedList.adjustment.value, 0, "scrolled down")
            let warnings = capturingStandardError {
                XCTAssertTrue(window.window.activateAction("win.open-feed", string: "1"))
                waitUntil("the other feed shows") { window.feedList.items.first?.title == "News 0" }
                settle(window)
            }
            XCTAssertFalse(warnings.contains("failed to scroll"), warnings)
            XCTAssertEqual(window.feedList.adjustment.value, 0, "at the top of the new feed")
        }
    }
}
