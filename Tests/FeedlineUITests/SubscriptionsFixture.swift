import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import Loopback
import XCTest

@testable import FeedlineUI

/// A reader's files in a folder of the test's own: the store
/// (`feedline/feedline.sqlite`), feeds.json of an earlier version, and
/// feed files, with the sources a window pages them through. Removed
/// afterwards.
@MainActor
final class SubscriptionsFixture {
    let feeds = FeedFixture()
    let factory: FeedSourceFactory

    init(sampleCount: Int = 30) {
        factory = FeedSourceFactory(
            sampleFile: feeds.writeFeed(named: "sample.json", title: "Sample", count: sampleCount, label: "Sample"),
            pageSize: 10, http: HTTPClient())
    }

    var folder: URL { feeds.directory }
    var storeFile: StoreFile { StoreFile(url: folder.appendingPathComponent("data/feedline/feedline.sqlite")) }
    var libraryFile: FeedLibraryFile { FeedLibraryFile(url: folder.appendingPathComponent("config/feedline/feeds.json")) }

    /// The store, opened directly (to fill it before a window reads it).
    func store() throws -> FeedStore {
        try storeFile.open().store
    }

    /// A new model over the store file, as at an app's start: it opens
    /// the store and takes feeds.json in when a window asks, then updates
    /// every feed.
    func startedSubscriptions(pageSize: Int = 10) -> Subscriptions {
        let factory = factory
        return Subscriptions(file: storeFile, library: libraryFile, sources: factory, pageSize: pageSize) {
            factory.source(for: $0)
        }
    }

    /// A model over `store` (no first run: no sample feed unless added;
    /// no update but Refresh, and with `updates` only).
    func subscriptions(over store: FeedStore, pageSize: Int = 10, updates: Bool = false) -> Subscriptions {
        let factory = factory
        return Subscriptions(store: store, sources: updates ? factory : nil, pageSize: pageSize) { factory.source(for: $0) }
    }
}

/// Base of the tests of a window over a store of their own: a new
/// `SubscriptionsFixture` for each test, removed after it.
class StoreTestCase: GtkTestCase, @unchecked Sendable {
    var fixture: SubscriptionsFixture!

    override func setUp() {
        super.setUp()
        fixture = MainActor.assumeIsolated { SubscriptionsFixture() }
    }

    override func tearDown() {
        super.tearDown()
        fixture = nil
    }

    /// A feed at a made-up address (never fetched by these tests).
    func spec(_ name: String) -> FeedSpec {
        .document(URL(string: "https://feeds.example.org/\(name).xml")!)
    }

    /// A store with feeds "News" (`news` items, the newest first) and
    /// "Other" (`other` items, older than every one of News's; in
    /// `otherFolder`), and a window on All items, settled.
    @MainActor
    func windowOnNewsAndOther(news: Int, other: Int, otherFolder: [String] = [],
                              file: StaticString = #filePath, line: UInt = #line) throws
        -> (window: FeedWindow, subscriptions: Subscriptions, store: FeedStore, ids: [Subscription.ID]) {
        let store = try fixture.store()
        let ids = try subscribe(store, [(spec("news"), "News", []), (spec("other"), "Other", otherFolder)],
                                file: file, line: line)
        try storeItems(store, in: ids[0], count: news, label: "News", file: file, line: line)
        try storeItems(store, in: ids[1], count: other, label: "Other", newest: Date(timeIntervalSince1970: 1_700_000_000),
                       file: file, line: line)
        let subscriptions = fixture.subscriptions(over: store)
        let window = openWindow(on: subscriptions, opening: .scope(.all), file: file, line: line)
        settle(window, file: file, line: line)
        return (window, subscriptions, store, ids)
    }
}

extension GtkTestCase {
    /// Runs `body` (store calls, on GRDB's threads) while pumping the main
    /// loop, and returns what it returns.
    @MainActor
    @discardableResult
    func wait<T>(_ what: String = "the store answers", file: StaticString = #filePath, line: UInt = #line,
                 _ body: @escaping @MainActor () async throws -> T) throws -> T {
        var result: Result<T, any Error>?
        Task { @MainActor in
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
        }
        waitUntil(what, file: file, line: line) { result != nil }
        guard let result else { throw CancellationError() }
        return try result.get()
    }

    /// Subscribes `store` to `feeds` (name, folder), in order; their ids.
    @MainActor
    func subscribe(_ store: FeedStore, _ feeds: [(spec: FeedSpec, title: String, folder: [String])],
                   file: StaticString = #filePath, line: UInt = #line) throws -> [Subscription.ID] {
        try wait(file: file, line: line) {
            try await store.subscribe(feeds.map { NewSubscription($0.spec, title: $0.title, folder: $0.folder) }).subscriptions
        }
    }

    /// Stores `count` items titled "`label` N" in `feed`, newest first,
    /// N from 0, an hour apart, the newest `newest`.
    @MainActor
    func storeItems(_ store: FeedStore, in feed: Subscription.ID, count: Int, label: String,
                    newest: Date = Date(timeIntervalSince1970: 1_800_000_000),
                    file: StaticString = #filePath, line: UInt = #line) throws {
        let items = (0..<count).map { index in
            FeedItem(id: "\(label)-\(index)", title: "\(label) \(index)", summary: "About \(label) \(index)",
                     date: newest.addingTimeInterval(-3600 * Double(index)))
        }
        try wait(file: file, line: line) {
            _ = try await store.store(items, in: feed)
            try await store.recordUpdate(of: feed, at: Date())
        }
    }

    /// Every item of `scope` in the store, newest first, walked page by
    /// page (their marks as stored).
    @MainActor
    func storedItems(_ store: FeedStore, _ scope: TimelineScope = .all,
                     file: StaticString = #filePath, line: UInt = #line) throws -> [FeedItem] {
        try wait(file: file, line: line) {
            var items: [FeedItem] = []
            var cursor: TimelineCursor?
            while true {
                let page = try await store.page(of: scope, after: cursor, limit: 500)
                items += page.items
                guard page.isFull, let last = page.last else { return items }
                cursor = last
            }
        }
    }

    /// A window on `subscriptions` with the sidebar, shown, once it has
    /// opened its first view (and, with `waitForItems`, shown its items).
    @MainActor
    func openWindow(on subscriptions: Subscriptions, opening: FeedWindow.Opening = .lastOpened,
                    waitForItems: Bool = true, file: StaticString = #filePath, line: UInt = #line) -> FeedWindow {
        let window = FeedWindow(application: TestApplication.shared, subscriptions: subscriptions, opening: opening)
        track(window)
        window.present()
        waitUntil("the store answered and a view opened", file: file, line: line) { window.scope != nil }
        if waitForItems {
            waitUntil("the first page is shown", file: file, line: line) {
                window.feedList.itemCount > 0 && window.feedList.adjustment.pageSize > 0
            }
        }
        return window
    }

    /// The sidebar's rows as they read: names and counts.
    @MainActor
    func sidebarRows(_ window: FeedWindow) -> [String] {
        (window.sidebar?.entries ?? []).map { "\(String(repeating: "  ", count: $0.depth))\(SidebarText.title($0)) \($0.unread)" }
    }

    /// The sidebar's row of `scope`, its cell and row widget (once shown).
    @MainActor
    func sidebarRow(_ window: FeedWindow, _ scope: TimelineScope,
                    file: StaticString = #filePath, line: UInt = #line) throws -> (cell: SidebarRow, row: Widget) {
        let sidebar = try XCTUnwrap(window.sidebar, file: file, line: line)
        let position = try XCTUnwrap(sidebar.position(of: scope), "no row for \(scope)", file: file, line: line)
        waitUntil("the row of \(scope) is shown", file: file, line: line) { sidebar.factory.rowWidget(at: position) != nil }
        let cell = try XCTUnwrap(sidebar.factory.cell(at: position), file: file, line: line)
        let row = try XCTUnwrap(sidebar.factory.rowWidget(at: position), file: file, line: line)
        return (cell, row)
    }

    /// The titles of the items in the list, in order.
    @MainActor
    func titles(_ window: FeedWindow) -> [String] {
        window.feedList.items.map(\.title)
    }
}

extension LoopbackServer.Response {
    /// A JSON Feed titled `title` of `items` (id, title, RFC 3339 date), in
    /// the order given.
    static func jsonFeed(_ title: String, items: [(id: String, title: String, date: String)]) -> Self {
        let entries = items.map { ["id": $0.id, "title": $0.title, "date_published": $0.date] }
        let feed: [String: Any] = ["version": "https://jsonfeed.org/version/1.1", "title": title, "items": entries]
        let body = (try? JSONSerialization.data(withJSONObject: feed)) ?? Data()
        return .init(headers: ["Content-Type": "application/feed+json"], body: body)
    }
}

extension LoopbackServer {
    /// The paths asked for, but the favicons the sidebar asks for.
    var feedPaths: [String] {
        requests.map(\.path).filter { $0 != "/favicon.ico" }
    }
}
