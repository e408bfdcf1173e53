import FeedCore
import FeedStore
import Foundation
import XCTest

/// Subscribing, in order and once per feed; folders; unsubscribing.
final class SubscriptionStoreTests: XCTestCase {
    func testSubscriptionsKeepTheirOrderNamesAndFolders() async throws {
        let store = try StoreFolder().open()
        _ = try await store.subscribe("b", folder: ["Tech", "Deep"])
        _ = try await store.subscribe("a")
        let subscriptions = try await store.subscriptions()
        XCTAssertEqual(subscriptions.map(\.title), ["b", "a"])
        XCTAssertEqual(subscriptions.map(\.folder), [["Tech", "Deep"], []])
        XCTAssertEqual(subscriptions.map(\.position), [0, 1])
    }

    func testWhetherAFeedNotifiesIsKeptAcrossAReopenOffAtFirst() async throws {
        let folder = StoreFolder()
        let store = try folder.open()
        let a = try await store.subscribe("a")
        _ = try await store.subscribe("b")
        let first = try await store.subscriptions().map(\.notifiesNewItems)
        XCTAssertEqual(first, [false, false], "off at first")
        try await store.setNotifies(true, of: a)
        let reopened = try await folder.open().subscriptions().map(\.notifiesNewItems)
        XCTAssertEqual(reopened, [true, false])
    }

    func testRunInBackgroundIsKeptOffAtFirst() async throws {
        let folder = StoreFolder()
        let store = try folder.open()
        let first = try await store.viewSettings().runsInBackground
        XCTAssertFalse(first)
        try await store.setRunsInBackground(true)
        let reopened = try await folder.open().viewSettings().runsInBackground
        XCTAssertTrue(reopened)
    }

    func testTheSameFeedTwiceIsOneSubscriptionAndTheFirstNameWins() async throws {
        let store = try StoreFolder().open()
        let spec = FeedSpec.document(URL(string: "https://example.org/feed.xml")!)
        let first = try await store.subscribe([NewSubscription(spec, title: "First", folder: ["One"])])
        let again = try await store.subscribe([NewSubscription(spec, title: "Second"),
                                               NewSubscription(.sample)])
        XCTAssertEqual(first.added, 1)
        XCTAssertEqual(again.added, 1, "only the sample is new")
        XCTAssertEqual(again.subscriptions.first, first.subscriptions.first)
        let value1 = try await store.subscriptions().map(\.title)
        XCTAssertEqual(value1, ["First", "GNOME Help"])
    }

    func testEveryKindOfFeedIsKept() async throws {
        let store = try StoreFolder().open()
        let specs: [FeedSpec] = [
            .sample, .document(URL(fileURLWithPath: "/tmp/feed.xml")),
            .mastodon(instance: URL(string: "https://mastodon.social")!, timeline: .tag("swift")),
            .gitHubSearch(query: "gtk4 language:swift", api: FeedSpec.gitHubAPI), .hackerNews(api: FeedSpec.hackerNewsAPI),
        ]
        _ = try await store.subscribe(specs.map { NewSubscription($0) })
        let value2 = try await store.subscriptions().map(\.spec)
        XCTAssertEqual(value2, specs)
    }

    func testUnsubscribingRemovesTheFeedsItemsAndNoOthers() async throws {
        let store = try StoreFolder().open()
        let gone = try await store.subscribe("gone")
        let kept = try await store.subscribe("kept")
        _ = try await store.store([item(1), item(2)], in: gone)
        _ = try await store.store([item(3)], in: kept)
        try await store.unsubscribe(gone)
        let value3 = try await store.subscriptions().map(\.title)
        XCTAssertEqual(value3, ["kept"])
        let value4 = try await store.walk(.all, pageSize: 10).map(\.title)
        XCTAssertEqual(value4, ["Item 3"])
        let value5 = try await store.itemCounts()
        XCTAssertEqual(value5, [kept: 1])
    }

    func testAFailedUpdateIsRecordedAndASuccessfulOneClearsIt() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("flaky")
        let when = Date(timeIntervalSince1970: 1_800_000_000)
        try await store.recordUpdate(of: feed, at: when, validators: HTTPValidators(etag: "\"v1\""),
                                     failure: FeedError("Server error (503)", kind: .serverError, status: 503))
        var subscription = try await store.subscription(feed)
        XCTAssertEqual(subscription?.failure?.kind, .serverError)
        XCTAssertEqual(subscription?.failure?.status, 503)
        XCTAssertEqual(subscription?.validators.etag, "\"v1\"")
        XCTAssertEqual(subscription?.lastUpdated, when)
        try await store.recordUpdate(of: feed, at: when.addingTimeInterval(60))
        subscription = try await store.subscription(feed)
        XCTAssertNil(subscription?.failure)
        XCTAssertEqual(subscription?.validators.etag, "\"v1\"", "validators stay unless new ones came")
    }

    func testAnIconIsTheFeedsOwnElseTheSitesFavicon() {
        var subscription = Subscription(id: 1, spec: .document(URL(string: "https://blog.example.org:8443/feed.xml")!),
                                        title: "Blog", folder: [], position: 0, layout: .list, validators: HTTPValidators())
        XCTAssertEqual(subscription.iconAddress?.absoluteString, "https://blog.example.org:8443/favicon.ico")
        subscription.siteURL = URL(string: "http://www.example.org/blog/")
        XCTAssertEqual(subscription.iconAddress?.absoluteString, "http://www.example.org/favicon.ico")
        subscription.iconURL = URL(string: "https://cdn.example.org/icon.png")
        XCTAssertEqual(subscription.iconAddress?.absoluteString, "https://cdn.example.org/icon.png")
        XCTAssertNil(Subscription(id: 2, spec: .document(URL(fileURLWithPath: "/tmp/a.xml")), title: "a", folder: [],
                                  position: 1, layout: .list, validators: HTTPValidators()).iconAddress)
    }
}
