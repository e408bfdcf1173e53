import FeedCore
import FeedStore
import FeedTestSupport
import Loopback
import Foundation
import GtkKit
import Synchronization
import XCTest

@testable import FeedlineUI

/// The window on a real store against a real HTTP server on 127.0.0.1:
/// opening another subscription from the sidebar, adding one through the
/// Add Feed dialog, renaming and removing one, a rate limit counted down
/// and retried, and the main menu's picture setting kept in the store.
final class FeedSwitchingTests: GtkTestCase, @unchecked Sendable {
    private let fixture = FeedFixture()
    private var subscriptionsFixture: SubscriptionsFixture!
    private var server: LoopbackServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        subscriptionsFixture = MainActor.assumeIsolated { SubscriptionsFixture() }
        let news = try Data(contentsOf: fixture.writeFeed(named: "news.json", title: "Loopback News", count: 45, label: "News"))
        let repositories = try Data(contentsOf: fixture.writeFeed(named: "repos.json", title: "Repositories", count: 12, label: "Repo"))
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
            case "/repos.json": return .init(headers: ["Content-Type": "application/feed+json"], body: repositories)
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
        subscriptionsFixture = nil
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

    /// The sample feed (its first page stored, as an update would) and
    /// the news feed on the server (never updated), and a window showing
    /// the sample.
    @MainActor
    private func sampleWithNewsSubscribed(file: StaticString = #filePath, line: UInt = #line) throws
        -> (FeedWindow, Subscriptions, news: Subscription.ID) {
        let store = try subscriptionsFixture.store()
        let ids = try subscribe(store, [(.sample, FeedSpec.sample.title, []),
                                        (.document(server.url("/news.json")), "Loopback News", [])], file: file, line: line)
        let subscriptions = subscriptionsFixture.subscriptions(over: store)
        let window = openWindow(on: subscriptions, opening: .scope(.subscription(ids[0])), file: file, line: line)
        waitUntil("the sample feed shows", file: file, line: line) { window.window.title == "Sample" }
        return (window, subscriptions, ids[1])
    }

    /// As `sampleWithNewsSubscribed`, switched to the news feed from the sidebar.
    @MainActor
    private func switchedToNews(file: StaticString = #filePath, line: UInt = #line) throws -> (FeedWindow, Subscriptions) {
        let (window, subscriptions, news) = try sampleWithNewsSubscribed(file: file, line: line)
        XCTAssertTrue(window.window.activateAction("win.open-view", string: String(news)), file: file, line: line)
        waitUntil("the web feed's first page is shown", file: file, line: line) {
            window.feedList.items.first?.title == "News 0"
        }
        return (window, subscriptions)
    }

    func testOpeningAnotherSubscriptionReplacesTheList() throws {
        try MainActor.assumeIsolated {
            let (window, _, news) = try sampleWithNewsSubscribed()
            // The first page, 10 items, or more if the list went on to the
            // sample's next page before the count came: as many as it shows.
            waitUntil("the sidebar counts the sample's items the list shows") {
                let shown = window.feedList.itemCount
                return shown >= 10 && self.sidebarRows(window) == ["All items \(shown)", "Unread \(shown)", "Starred 0",
                                                                  "Sample \(shown)", "Loopback News 0"]
            }

            XCTAssertTrue(window.window.activateAction("win.open-view", string: String(news)))
            waitUntil("the web feed's first page is shown") { window.feedList.items.first?.title == "News 0" }
            XCTAssertEqual(window.window.title, "Loopback News")
            XCTAssertEqual(window.scope, .subscription(news))
            XCTAssertFalse(window.feedList.items.contains { $0.title.hasPrefix("Sample") }, "nothing of the old feed is left")
            XCTAssertEqual(server.feedPaths, ["/news.json"])
            XCTAssertTrue(server.requests.first { $0.path == "/news.json" }?.header("user-agent")?.hasPrefix("Feedline/") ?? false)
            waitUntil("its count follows in the sidebar") { self.sidebarRows(window).last == "Loopback News 10" }
        }
    }

    func testPagingGoesOnInTheFeedSwitchedTo() throws {
        try MainActor.assumeIsolated {
            let (window, _) = try switchedToNews()
            scrollToBottom(window)
            waitUntil("the second page") { window.feedList.itemCount >= 20 }
            settle(window)
        }
    }

    /// A window on the sample feed with the Add Feed dialog up.
    @MainActor
    private func addFeedDialog(file: StaticString = #filePath, line: UInt = #line) throws
        -> (FeedWindow, Subscriptions, AddFeedDialog) {
        let (window, subscriptions, _) = try sampleWithNewsSubscribed(file: file, line: line)
        XCTAssertTrue(window.window.activateAction("win.add-feed"), file: file, line: line)
        let dialog = try XCTUnwrap(window.addFeedDialog, file: file, line: line)
        waitUntil("the dialog is up", file: file, line: line) { dialog.window.isMapped }
        return (window, subscriptions, dialog)
    }

    func testTheSidebarsAddButtonOpensAddFeedReadyForTyping() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try sampleWithNewsSubscribed()
            let sidebar = try XCTUnwrap(window.sidebar)
            sidebar.addButton.click()
            let dialog = try XCTUnwrap(window.addFeedDialog)
            defer { dialog.window.close() }
            waitUntil("the dialog is up") { dialog.window.isMapped }
            XCTAssertTrue(dialog.address.containsFocus, "typing can start at once")
        }
    }

    func testAddingAWebPageSaysWhyAndTheDialogStays() throws {
        try MainActor.assumeIsolated {
            let (_, subscriptions, dialog) = try addFeedDialog()
            defer { dialog.window.close() }
            dialog.address.text = server.url("/page.html").absoluteString
            dialog.addButton.click()
            waitUntil("the check fails") { dialog.message.text.hasPrefix("Couldn't add this feed: ") }
            XCTAssertTrue(dialog.message.text.contains("web page"), dialog.message.text)
            XCTAssertTrue(dialog.window.isMapped)
            XCTAssertEqual(subscriptions.list.count, 2, "nothing subscribed")
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

    func testAddingAFeedChecksItThenSubscribesStoresAndOpensIt() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, dialog) = try addFeedDialog()
            let added = FeedSpec.document(server.url("/repos.json"))
            dialog.address.text = server.url("/repos.json").absoluteString
            dialog.addButton.click()
            waitUntil("the window shows the new feed") { window.window.title == "Repositories" && window.feedList.itemCount > 0 }
            XCTAssertFalse(dialog.window.isMapped, "the dialog closed")
            let subscription = try XCTUnwrap(subscriptions.subscription(for: added))
            XCTAssertEqual(subscription.title, "Repositories", "named by the feed")
            XCTAssertEqual(window.scope, .subscription(subscription.id))
            XCTAssertEqual(sidebarRows(window).last, "Repositories 10", "in the sidebar, with the items stored")
            XCTAssertEqual(server.feedPaths, ["/repos.json"], "the check's page was stored: one request")
            waitUntil("the status line says so") { window.statusBar.label.text == "Added “Repositories”" }
        }
    }

    func testAddingAFeedFollowedAlreadyOpensIt() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions, dialog) = try addFeedDialog()
            dialog.address.text = server.url("/news.json").absoluteString
            dialog.addButton.click()
            waitUntil("the window shows it") { window.window.title == "Loopback News" && window.feedList.itemCount > 0 }
            XCTAssertEqual(subscriptions.list.count, 2, "no second subscription")
            waitUntil("the status line says so") { window.statusBar.label.text == "You already follow “Loopback News”" }
        }
    }

    func testAMastodonTimelineIsBuiltFromTheDialogsFields() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try sampleWithNewsSubscribed()
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

    func testRemovingASubscriptionRemovesItsItemsAndOpensAllItems() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions) = try switchedToNews()
            let store = try XCTUnwrap(subscriptions.store)
            let news = try XCTUnwrap(window.scope)
            guard case .subscription(let id) = news else { return XCTFail("a subscription is open") }
            XCTAssertTrue(window.window.activateAction("win.remove-feed", string: String(id)))
            waitUntil("All items opens") { window.scope == .all && window.feedList.itemCount > 0 }
            XCTAssertEqual(sidebarRows(window), ["All items 10", "Unread 10", "Starred 0", "Sample 10"])
            XCTAssertFalse(titles(window).contains { $0.hasPrefix("News") }, "its items went with it")
            let left = try wait { try await store.itemCounts()[id] }
            XCTAssertNil(left, "nothing of it is stored")
            waitUntil("the status line says so") { window.statusBar.label.text == "Removed “Loopback News”" }
        }
    }

    func testARowsMenuRenamesTheSubscription() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions) = try switchedToNews()
            let sidebar = try XCTUnwrap(window.sidebar)
            let position = try XCTUnwrap(window.scope.flatMap(sidebar.position(of:)))
            sidebar.focusRow(at: position)
            waitUntil("the news row has focus") { sidebar.focusedEntry?.scope == window.scope }
            XDoTool.press(["Menu"], inWindowTitled: "Loopback News")
            waitUntil("its menu opens") { ContextMenu.isOpen }
            XCTAssertEqual(ContextMenu.lastMenu?.items.map(\.label), ["_Mark All as Read", "_Notify About New Items", "_Rename…", "_Remove"])
            XDoTool.press(["Down", "Down", "Return"], inWindowTitled: "Loopback News")
            waitUntil("Rename is up") { window.renameDialog?.window.isMapped == true }
            let dialog = try XCTUnwrap(window.renameDialog)
            XCTAssertEqual(dialog.name.text, "Loopback News")
            XCTAssertTrue(dialog.name.containsFocus)
            dialog.name.text = "  "
            XCTAssertFalse(dialog.renameButton.isSensitive, "no name, no renaming")
            dialog.name.text = "My News"
            dialog.renameButton.click()
            waitUntil("the window and the sidebar follow") {
                window.window.title == "My News" && self.sidebarRows(window).last == "My News 10"
            }
            let store = try XCTUnwrap(subscriptions.store)
            try wait { await subscriptions.flush() }
            let kept = try wait { try await store.subscriptions().last?.title }
            XCTAssertEqual(kept, "My News", "kept in the store")
        }
    }

    func testARateLimitedPageCountsDownAndLoadsByItself() throws {
        try MainActor.assumeIsolated {
            let subscriptions = subscriptionsFixture.subscriptions(over: try subscriptionsFixture.store())
            let window = openWindow(on: subscriptions, opening: .feed(.gitHubSearch(query: "gtk", api: server.baseURL)))
            XCTAssertEqual(window.feedList.items.first?.title, "owner/repo0")
            waitUntil("the footer counts down") {
                self.scrollToBottom(window)
                return window.feedList.footer == .failed(reason: "Rate limited", refresh: false, retryIn: 2)
            }
            XCTAssertEqual(window.statusBar.label.text, "Couldn't load more items: Rate limited, retrying in 2 s")
            XCTAssertTrue(window.statusBar.retryButton.isVisible, "Retry tries now")
            waitUntil("a second later") {
                window.feedList.footer == .failed(reason: "Rate limited", refresh: false, retryIn: 1)
            }
            waitUntil("the page loads by itself") { window.feedList.itemCount == 40 }
            XCTAssertEqual(titles(window), (0..<40).map { "owner/repo\($0)" }, "nothing skipped or repeated")
            XCTAssertEqual(server.requests.filter { $0.path != "/favicon.ico" }.map { $0.queryValue("page") }, ["1", "2", "2"])
            waitUntil("the end") { window.feedList.footer == .end }
        }
    }

    func testTheMainMenusPictureSettingReachesTheReaderAndIsKept() throws {
        try MainActor.assumeIsolated {
            let store = try subscriptionsFixture.store()
            let sample = try subscribe(store, [(.sample, "Sample", [])])[0]
            let window = openWindow(on: subscriptionsFixture.subscriptions(over: store), opening: .scope(.subscription(sample)))
            XCTAssertTrue(window.reader.loadsRemoteImages, "pictures in articles load at first")
            XCTAssertEqual(window.remoteImagesAction?.isOn, true)
            XCTAssertTrue(window.window.activateAction("win.remote-images"))
            XCTAssertEqual(window.remoteImagesAction?.isOn, false, "the menu's check box follows")
            XCTAssertFalse(window.reader.loadsRemoteImages)
            let kept = try wait("the store keeps it") {
                for _ in 0..<100 where try await store.viewSettings().loadsRemoteImages {
                    try await Task.sleep(for: .milliseconds(20))
                }
                return try await store.viewSettings().loadsRemoteImages
            }
            XCTAssertFalse(kept, "kept in the store for the next start")
            let reopened = openWindow(on: subscriptionsFixture.subscriptions(over: store), opening: .lastOpened)
            XCTAssertFalse(reopened.reader.loadsRemoteImages)
            XCTAssertEqual(reopened.remoteImagesAction?.isOn, false)

            let thisRunOnly = FeedWindow(application: TestApplication.shared,
                                         subscriptions: subscriptionsFixture.subscriptions(over: store))
            track(thisRunOnly)
            thisRunOnly.loadNoRemoteImagesThisRun()
            XCTAssertTrue(reopened.window.activateAction("win.remote-images"))
            thisRunOnly.present()
            waitUntil("the store answered") { thisRunOnly.scope != nil }
            XCTAssertFalse(thisRunOnly.reader.loadsRemoteImages, "--no-remote-images, whatever the setting")
        }
    }

    func testCtrlOThenArrowsAndEnterOpenAnotherFeedEveryTime() throws {
        try MainActor.assumeIsolated {
            let (window, _, _) = try sampleWithNewsSubscribed()
            window.feedList.focusRow(at: 0)
            // Ctrl+O goes to the open view's row in the sidebar; the arrows
            // move there, never in the list behind; Enter opens. Twice, and
            // back: every time.
            for (from, keys, to) in [("Sample", ["Down"], "Loopback News"), ("Loopback News", ["Up"], "Sample")] {
                settle(window)
                let focused = window.feedList.focusedItem?.id
                XDoTool.press(["ctrl+o"] + keys + ["Return"], inWindowTitled: from, delay: 100)
                waitUntil("the feed switches to \(to)") { (window.window.title == to && window.feedList.itemCount > 0) || window.isReading }
                XCTAssertFalse(window.isReading, "Enter went to the sidebar, not to the list behind it")
                XCTAssertTrue(focused == nil || window.feedList.focusedItem?.id != "item-1", "the arrows did not move in the list")
            }
        }
    }

    func testSwitchingFeedsWhileScrolledDownLeavesGTKNothingToWarnAbout() throws {
        try MainActor.assumeIsolated {
            let (window, _, news) = try sampleWithNewsSubscribed()
            scrollToBottom(window)
            waitUntil("more of the sample is loaded") { window.feedList.itemCount >= 20 }
            settle(window)
            XCTAssertGreaterThan(window.feedList.adjustment.value, 0, "scrolled down")
            let warnings = capturingStandardError {
                XCTAssertTrue(window.window.activateAction("win.open-view", string: String(news)))
                waitUntil("the other feed shows") { window.feedList.items.first?.title == "News 0" }
                settle(window)
            }
            XCTAssertFalse(warnings.contains("failed to scroll"), warnings)
            XCTAssertEqual(window.feedList.adjustment.value, 0, "at the top of the new feed")
        }
    }
}
