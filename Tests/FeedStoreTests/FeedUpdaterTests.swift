import FeedCore
import FeedStore
import Foundation
import Loopback
import XCTest

/// Updating subscriptions from real feeds on 127.0.0.1 into a real store:
/// conditional requests, failures kept apart, six at a time, items
/// updated in place, what is recorded the first time.
final class FeedUpdaterTests: XCTestCase {
    private var server: FeedServer!
    private var folder: StoreFolder!
    private var store: FeedStore!

    override func setUpWithError() throws {
        server = try FeedServer()
        folder = StoreFolder()
        store = try folder.open()
    }

    override func tearDown() {
        server.stop()
    }

    func testTheSecondUpdateSendsTheValidatorsGets304sAndStoresNothing() async throws {
        for n in 1...5 { server.publish(n, items: [3, 2, 1]) }
        let feeds = try await store.subscribe(documents: (1...5).map(server.url))
        let updater = FeedUpdater(store: store, sources: testSources())
        let first = try await updater.updateAll(now: Date(timeIntervalSince1970: 1_800_000_000))
        XCTAssertEqual(first.entries.map(\.outcome), Array(repeating: .updated(FeedStore.Stored(added: 3)), count: 5))
        XCTAssertEqual(first.newItems, 15)
        let recorded = try await store.subscriptions().map(\.validators)
        XCTAssertEqual(recorded, (1...5).map { HTTPValidators(etag: FeedServer.etag($0, version: 1),
                                                               lastModified: FeedServer.lastModified) })
        let before = try await store.walk(.all, pageSize: 100)

        let later = Date(timeIntervalSince1970: 1_800_000_600)
        let second = try await updater.updateAll(now: later)
        XCTAssertEqual(second.entries.map(\.outcome), Array(repeating: .notModified, count: 5))
        XCTAssertEqual(second.newItems, 0)
        XCTAssertEqual(second.notModified, 5)
        for n in 1...5 {
            let requests = server.requests(for: n)
            XCTAssertEqual(requests.count, 2)
            XCTAssertNil(requests[0].header("If-None-Match"))
            XCTAssertEqual(requests[1].header("If-None-Match"), FeedServer.etag(n, version: 1))
            XCTAssertEqual(requests[1].header("If-Modified-Since"), FeedServer.lastModified)
        }
        let after = try await store.walk(.all, pageSize: 100)
        XCTAssertEqual(after, before, "nothing stored or changed")
        let updated = try await store.subscriptions()
        XCTAssertEqual(updated.map(\.lastUpdated), Array(repeating: later, count: 5), "only the update time")
        XCTAssertEqual(updated.map(\.id), feeds)
    }

    func testAFeedThatChangedIsFetchedInFullAndItsItemsUpdatedInPlace() async throws {
        server.publish(1, items: [3, 2, 1])
        server.publish(2, items: [1])
        let feeds = try await store.subscribe(documents: [server.url(1), server.url(2)])
        let updater = FeedUpdater(store: store, sources: testSources())
        _ = try await updater.updateAll()
        let ids = try await store.walk(.subscription(feeds[0]), pageSize: 100).map(\.id)
        try await store.setStarred(true, item: ids[1])

        server.publish(1, items: [4, 3, 2, 1], titles: [2: "Feed 1, item 2, corrected"])
        let report = try await updater.updateAll()
        XCTAssertEqual(report.entries[0].outcome, .updated(FeedStore.Stored(added: 1, updated: 1, unchanged: 2)))
        XCTAssertEqual(report.entries[1].outcome, .notModified)
        XCTAssertEqual(server.requests(for: 1).last?.header("If-None-Match"), FeedServer.etag(1, version: 1))
        let items = try await store.walk(.subscription(feeds[0]), pageSize: 100)
        XCTAssertEqual(items.map(\.title), ["Feed 1, item 4", "Feed 1, item 3", "Feed 1, item 2, corrected", "Feed 1, item 1"])
        XCTAssertEqual(Array(items.map(\.id).dropFirst()), ids, "the same rows, never duplicates")
        let subscription = try await store.subscription(feeds[0])
        XCTAssertEqual(subscription?.validators.etag, FeedServer.etag(1, version: 2))
    }

    func testOneFeedFailingNeverStopsTheOthers() async throws {
        for n in 1...6 { server.publish(n, items: [2, 1]) }
        server.fault(2, .serverError)
        server.fault(3, .garbage)
        server.fault(4, .silent(seconds: 30))
        let gone = try LoopbackServer { _ in .noAnswer }
        let refused = gone.url("/feed.xml")
        gone.stop()
        _ = try await store.subscribe(documents: (1...6).map(server.url) + [refused])
        let http = HTTPClient(policy: HTTPPolicy(idleTimeout: .seconds(1), responseTimeout: .seconds(3)))
        let started = Date()
        let report = try await FeedUpdater(store: store, sources: testSources(http: http)).updateAll()
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "the silent feed is given up at its time limit")

        XCTAssertEqual(report.entries.count, 7)
        XCTAssertEqual(report.newItems, 6, "feeds 1, 5 and 6")
        XCTAssertEqual(report.failures.map(\.error.kind), [.serverError, .notAFeed, .timedOut, .refused])
        XCTAssertEqual(report.failures.map(\.entry.subscription), [2, 3, 4, 7].map(Subscription.ID.init))
        let subscriptions = try await store.subscriptions()
        XCTAssertEqual(subscriptions.map { $0.failure?.kind }, [nil, .serverError, .notAFeed, .timedOut, nil, nil, .refused])
        XCTAssertEqual(subscriptions[1].failure?.status, 500)
        XCTAssertTrue(subscriptions.allSatisfy { $0.lastUpdated != nil })

        server.fault(2, nil)
        let again = try await FeedUpdater(store: store, sources: testSources(http: http)).update(subscriptions[1].id)
        XCTAssertEqual(again.entries.map(\.outcome), [.updated(FeedStore.Stored(added: 2))])
        let value = try await store.subscription(subscriptions[1].id)?.failure
        XCTAssertNil(value, "a success clears the failure")
    }

    func testAtMostSixFeedsAreFetchedAtOnce() async throws {
        for n in 1...20 { server.publish(n, items: [1]) }
        server.setAnswerTime(.milliseconds(200))
        _ = try await store.subscribe(documents: (1...20).map(server.url))
        let report = try await FeedUpdater(store: store, sources: testSources()).updateAll()
        XCTAssertEqual(report.newItems, 20)
        XCTAssertEqual(server.mostAtOnce, 6, "six at a time, and never more")
    }

    func testTheLimitIsTheUpdatersNotTheHTTPClients() async throws {
        for n in 1...8 { server.publish(n, items: [1]) }
        server.setAnswerTime(.milliseconds(200))
        _ = try await store.subscribe(documents: (1...8).map(server.url))
        _ = try await FeedUpdater(store: store, sources: testSources(), maxConcurrent: 2).updateAll()
        XCTAssertEqual(server.mostAtOnce, 2)
    }

    func testTheFirstUpdateRecordsTheIconTitleAndWhereOlderPagesStart() async throws {
        let page2 = server.url("/feeds/102.xml")
        server.publish(1, items: [30, 29], extra: """
            <atom:link rel="next" href="\(page2.absoluteString)"/><image><url>/icon.png</url></image>
            """)
        server.publish(102, items: [28, 27])
        let feed = try await store.subscribe(documents: [server.url(1)])[0]
        let value1 = try await store.subscription(feed)?.title
        XCTAssertEqual(value1, "127.0.0.1", "a made-up name until the feed says its own")
        let updater = FeedUpdater(store: store, sources: testSources())
        _ = try await updater.updateAll()
        let subscription = try await store.subscription(feed)
        XCTAssertEqual(subscription?.title, "Feed 1")
        XCTAssertEqual(subscription?.iconURL, server.url("/icon.png"))
        let older = try await store.olderCursor(of: feed)
        XCTAssertEqual(older, PageCursor("0 \(page2.absoluteString)"))

        // The cursor is the web source's own: the timeline pages on from
        // the stored items into the next document.
        let timeline = StoredTimelineSource(store: store, scope: .subscription(feed), displayName: "Feed 1", pageSize: 3,
                                            network: testSources().source(for: .document(server.url(1))))
        var titles: [String] = []
        var cursor: PageCursor?
        for _ in 0..<10 {
            let page = try await timeline.nextPage(after: cursor)
            titles += page.items.map(\.title)
            guard let next = page.next else { break }
            cursor = next
        }
        XCTAssertEqual(titles, ["Feed 1, item 30", "Feed 1, item 29", "Feed 102, item 28", "Feed 102, item 27"])

        try await store.rename(feed, to: "My name for it")
        server.publish(1, items: [31, 30, 29])
        _ = try await updater.updateAll()
        let renamed = try await store.subscription(feed)?.title
        XCTAssertEqual(renamed, "My name for it", "the feed's title never replaces the reader's")
    }

    func testOtherKindsUpdateThroughTheirSourceAndStoreTheFirstPage() async throws {
        let mastodon = try LoopbackServer { request in
            let next = "<\(request.header("host").map { "http://\($0)" } ?? "")/api/v1/timelines/public?max_id=5>; rel=\"next\""
            return .init(status: 200, headers: ["Content-Type": "application/json", "Link": next], body: Data("""
                [{"id": "7", "created_at": "2026-11-24T10:00:00Z", "url": "https://m.example/@a/7", "content": "<p>Hi</p>",
                  "account": {"id": "1", "acct": "a", "display_name": "A", "avatar": "https://m.example/a.png"}}]
                """.utf8))
        }
        defer { mastodon.stop() }
        let file = folder.url.appendingPathComponent("local.json")
        try Data("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "Local",
             "items": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"}]}
            """.utf8).write(to: file)
        let specs: [FeedSpec] = [.sample, .document(file), .mastodon(instance: mastodon.baseURL, timeline: .federated)]
        let ids = try await store.subscribe(specs.map { NewSubscription($0) }).subscriptions
        let report = try await FeedUpdater(store: store, sources: testSources(pageSize: 2)).updateAll()
        XCTAssertEqual(report.failures.count, 0, "\(report.failures)")
        XCTAssertEqual(report.entries.map(\.outcome), [.updated(FeedStore.Stored(added: 2)), .updated(FeedStore.Stored(added: 2)),
                                                       .updated(FeedStore.Stored(added: 1))])
        let cursors = try await [store.olderCursor(of: ids[0]), store.olderCursor(of: ids[1]), store.olderCursor(of: ids[2])]
        XCTAssertEqual(cursors, [PageCursor("2"), PageCursor("2"),
                                 PageCursor(mastodon.url("/api/v1/timelines/public?max_id=5").absoluteString)])
    }

    func testRetentionIsAppliedAfterAnUpdate() async throws {
        server.publish(1, items: Array(1...10))
        _ = try await store.subscribe(documents: [server.url(1)])
        try await store.save(StoreSettings(retention: RetentionPolicy(maxAgeDays: 1, keepPerFeed: 4)))
        // The feed's items are dated 2026-09; a day later than the newest.
        let report = try await FeedUpdater(store: store, sources: testSources())
            .updateAll(now: Date(timeIntervalSince1970: 1_790_000_000 + 12 * 3600 + 86_400 * 2))
        XCTAssertEqual(report.newItems, 10)
        XCTAssertEqual(report.removedByRetention, 6)
        let count = try await store.walk(.all, pageSize: 100).count
        XCTAssertEqual(count, 4)
    }

    func testUpdatingOneSubscriptionAsksForNoOther() async throws {
        server.publish(1, items: [1])
        server.publish(2, items: [1])
        let feeds = try await store.subscribe(documents: [server.url(1), server.url(2)])
        let report = try await FeedUpdater(store: store, sources: testSources()).update(feeds[1])
        XCTAssertEqual(report.entries.map(\.subscription), [feeds[1]])
        XCTAssertEqual(server.requests.map(\.path), ["/feeds/2.xml"])
    }

    // MARK: Feeds that moved

    func testAPermanentRedirectMovesTheSubscriptionATemporaryOneDoesNot() async throws {
        for n in 1...4 { server.publish(n, items: [2, 1]) }
        for (n, status) in zip(1...4, [301, 308, 302, 307]) {
            server.redirect("/old/\(n).xml", to: server.url(n), status: status)
        }
        let old = (1...4).map { server.url("/old/\($0).xml") }
        let feeds = try await store.subscribe(documents: old)
        let updater = FeedUpdater(store: store, sources: testSources())
        let first = try await updater.updateAll()
        XCTAssertEqual(first.entries.map(\.outcome), Array(repeating: .updated(FeedStore.Stored(added: 2)), count: 4))
        XCTAssertEqual(first.entries.map(\.movedTo), [.document(server.url(1)), .document(server.url(2)), nil, nil])
        let moved = try await store.subscriptions()
        XCTAssertEqual(moved.map(\.spec), [.document(server.url(1)), .document(server.url(2)), .document(old[2]), .document(old[3])],
                       "301 and 308 move the subscription; 302 and 307 leave it")
        XCTAssertEqual(moved.map(\.id), feeds, "the same subscriptions")
        XCTAssertEqual(moved.map(\.title), (1...4).map { "Feed \($0)" })
        let counts = try await store.itemCounts()
        XCTAssertEqual(feeds.map { counts[$0] }, [2, 2, 2, 2], "with their items")

        // The next update asks the new addresses straight away, with the
        // validators; the temporary ones, the old addresses again.
        let before = server.requests.count
        let second = try await updater.updateAll()
        XCTAssertEqual(second.entries.map(\.outcome), Array(repeating: .notModified, count: 4))
        XCTAssertEqual(second.entries.map(\.movedTo), [nil, nil, nil, nil])
        let asked = server.requests.dropFirst(before)
        XCTAssertEqual(asked.map(\.target).sorted(),
                       ["/feeds/1.xml", "/feeds/2.xml", "/feeds/3.xml", "/feeds/4.xml", "/old/3.xml", "/old/4.xml"])
        XCTAssertTrue(asked.allSatisfy { $0.header("If-None-Match") != nil })
    }

    func testAMoveComesWithA304StopsAtTheFirstTemporaryRedirectAndNeverJoinsAnotherSubscription() async throws {
        for n in 1...3 { server.publish(n, items: [1]) }
        let middle = server.url("/middle/2.xml")
        server.redirect("/old/2.xml", to: middle, status: 301)
        server.redirect("/middle/2.xml", to: server.url(2), status: 307)
        server.redirect("/old/3.xml", to: server.url(3), status: 308)
        let specs: [FeedSpec] = [.document(server.url(1)), .document(server.url("/old/2.xml")), .document(server.url(3)),
                                 .document(server.url("/old/3.xml"))]
        let feeds = try await store.subscribe(specs.map { NewSubscription($0, title: "Mine") }).subscriptions
        let updater = FeedUpdater(store: store, sources: testSources())
        let first = try await updater.updateAll()
        XCTAssertEqual(first.failures.count, 0)
        XCTAssertEqual(first.entries.map(\.movedTo), [nil, .document(middle), nil, nil])
        let afterFirst = try await store.subscriptions().map(\.spec)
        XCTAssertEqual(afterFirst, [specs[0], .document(middle), specs[2], specs[3]],
                       "moved as far as the redirects were permanent; feed 3 is followed already, so its old address stays")

        // Feed 1 moves for good after it was stored: the conditional
        // request is redirected, and the new address answers 304.
        let next = server.url("/feeds/1.xml?moved")
        server.redirect("/feeds/1.xml", to: next, status: 301)
        let second = try await updater.updateAll()
        XCTAssertEqual(second.entries[0].outcome, .notModified)
        XCTAssertEqual(second.entries[0].movedTo, .document(next))
        let subscription = try await store.subscription(feeds[0])
        XCTAssertEqual(subscription?.spec, .document(next))
        XCTAssertEqual(subscription?.title, "Mine", "the reader's name stays")
        XCTAssertEqual(server.requests.last { $0.target == "/feeds/1.xml?moved" }?.header("If-None-Match"),
                       FeedServer.etag(1, version: 1))
    }

    func testAnUpdateReachedNothingWhenEveryFeedOnTheNetworkFailed() {
        let file = URL(fileURLWithPath: "/tmp/feed.xml")
        let web = FeedSpec.document(URL(string: "https://example.org/feed.xml")!)
        let failed = UpdateReport.Outcome.failed(FeedError("No network connection", kind: .offline))
        func report(_ entries: [(FeedSpec, UpdateReport.Outcome)]) -> UpdateReport {
            UpdateReport(entries: entries.enumerated().map { index, entry in
                UpdateReport.Entry(subscription: Int64(index), title: "\(index)", feed: entry.0, outcome: entry.1)
            })
        }
        XCTAssertTrue(report([(.sample, .updated(FeedStore.Stored())), (web, failed), (web, failed)]).reachedNothing,
                      "offline: the bundled sample, read from this computer, doesn't count")
        XCTAssertFalse(report([(.sample, .updated(FeedStore.Stored())), (web, failed), (web, .notModified)]).reachedNothing)
        XCTAssertTrue(report([(.document(file), failed), (.sample, failed)]).reachedNothing, "no feed on the network: every feed")
        XCTAssertFalse(report([(.document(file), failed), (.sample, .updated(FeedStore.Stored()))]).reachedNothing)
        XCTAssertFalse(report([]).reachedNothing, "an update of nothing")
    }
}
