import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import Loopback
import XCTest

/// The store kept in step with a real Fever server (coldsweat on
/// 127.0.0.1, subscribed to Atom feeds served on 127.0.0.1), in a real
/// SQLite file.
final class FeverSyncTests: XCTestCase {
    private let http = HTTPClient()

    private struct Setup {
        let fixture: FeverFixture
        let folder: StoreFolder
        let store: FeedStore
        let sync: FeverSync
        var client: FeverClient { sync.client }
    }

    /// `markedLimit`: unread and starred items fetched by id beyond the
    /// first pages (0: none, to see paging alone).
    private func setUp(groups: [(String, Int)], itemsPerFeed: Int, firstPages: Int = 10, markedLimit: Int = 1_000,
                       password: String? = nil) async throws -> Setup {
        let fixture = try FeverFixture(groups: groups, itemsPerFeed: itemsPerFeed)
        let folder = StoreFolder()
        let store = try folder.open()
        let account = try await store.addFeverAccount(endpoint: fixture.server.endpoint, user: fixture.server.email)
        let client = FeverClient(endpoint: fixture.server.endpoint, user: fixture.server.email,
                                 password: password ?? fixture.server.password, http: http)
        var sync = FeverSync(store: store, account: account, client: client)
        sync.firstPages = firstPages
        sync.markedLimit = markedLimit
        return Setup(fixture: fixture, folder: folder, store: store, sync: sync)
    }

    /// The stored item titled `title` (its timeline id).
    private func stored(_ title: String, in store: FeedStore) async throws -> FeedItem {
        let items = try await store.walk(.all, pageSize: 200)
        return try XCTUnwrap(items.first { $0.title == title }, title)
    }

    func testTheFirstSyncBringsTheGroupsFeedsAndItemsNewestFirst() async throws {
        let setup = try await setUp(groups: [("News", 7), ("Tech", 7), ("Fun", 6)], itemsPerFeed: 25)
        let report = try await setup.sync.sync()
        XCTAssertEqual(report.feeds, 20)
        XCTAssertEqual(report.stored.added, 500)
        let subscriptions = try await setup.store.subscriptions()
        XCTAssertEqual(subscriptions.count, 20)
        XCTAssertEqual(subscriptions.filter { $0.folder == ["News"] }.count, 7)
        XCTAssertEqual(subscriptions.filter { $0.folder == ["Fun"] }.count, 6)
        XCTAssertEqual(Set(subscriptions.map(\.title)), Set((0..<20).map { "Feed \($0)" }))
        let items = try await setup.store.walk(.all, pageSize: 50)
        XCTAssertEqual(items.count, 500)
        XCTAssertEqual(Set(items.map(\.title)).count, 500, "each item once")
        let dates = items.compactMap(\.date)
        XCTAssertEqual(dates, dates.sorted(by: >), "newest first")
        XCTAssertEqual(items.first?.title, FeverFixture.title(feed: 19, item: 24))
        let counts = try await setup.store.unreadCounts()
        XCTAssertEqual(counts.all, 500)
        let again = try await setup.sync.sync()
        XCTAssertEqual(again.stored.added, 0, "a second sync stores nothing twice")
    }

    func testOlderItemsComeFromTheServerPastTheStoredOnesEachOnce() async throws {
        let setup = try await setUp(groups: [("All", 3)], itemsPerFeed: 40, firstPages: 1, markedLimit: 0)
        try await setup.sync.sync()
        var titles = try await setup.store.walk(.all, pageSize: 100).map(\.title)
        XCTAssertEqual(titles.count, 50, "the first sync's one page")
        var pages = 0
        while try await setup.sync.fetchOlder() > 0 { pages += 1 }
        XCTAssertEqual(pages, 2)
        titles = try await setup.store.walk(.all, pageSize: 100).map(\.title)
        XCTAssertEqual(titles.count, 120)
        XCTAssertEqual(Set(titles), Set((0..<3).flatMap { feed in (0..<40).map { FeverFixture.title(feed: feed, item: $0) } }))
        let account = try await setup.store.feverAccounts()[0]
        XCTAssertTrue(account.reachedOldest)
        let none = try await setup.sync.fetchOlder()
        XCTAssertEqual(none, 0)
    }

    func testReadingStarringAndMarkingAllReadHereReachTheServer() async throws {
        let setup = try await setUp(groups: [("All", 2)], itemsPerFeed: 5)
        try await setup.sync.sync()
        let read = try await stored(FeverFixture.title(feed: 0, item: 1), in: setup.store)
        let starred = try await stored(FeverFixture.title(feed: 0, item: 2), in: setup.store)
        try await setup.store.setRead(true, items: [read.id])
        try await setup.store.setStarred(true, items: [starred.id])
        let subscriptions = try await setup.store.subscriptions()
        let feed1 = try XCTUnwrap(subscriptions.first { $0.title == "Feed 1" })
        _ = try await setup.store.markAllRead(in: .subscription(feed1.id), upTo: nil)
        let waiting = try await setup.store.pendingMarks(of: setup.sync.account.id)
        XCTAssertEqual(waiting.count, 7, "one read, one star, five of feed 1")
        let report = try await setup.sync.sync()
        XCTAssertEqual(report.sent, 7)
        let pending = try await setup.store.pendingMarks(of: setup.sync.account.id)
        XCTAssertEqual(pending, [])
        let serverItems = try await setup.client.items(after: 0).items
        let serverUnread = try await setup.client.unreadItemIDs()
        let unreadTitles = Set(serverItems.filter { serverUnread.contains($0.id) }.map(\.item.title))
        XCTAssertEqual(unreadTitles, Set([0, 2, 3, 4].map { FeverFixture.title(feed: 0, item: $0) }))
        let saved = try await setup.client.savedItemIDs()
        XCTAssertEqual(Set(serverItems.filter { saved.contains($0.id) }.map(\.item.title)),
                       [FeverFixture.title(feed: 0, item: 2)])
    }

    func testChangesMadeOnTheServerAndNewItemsArriveWithTheNextSync() async throws {
        let setup = try await setUp(groups: [("All", 2)], itemsPerFeed: 3)
        try await setup.sync.sync()
        let serverItems = try await setup.client.items(after: 0).items
        let target = try XCTUnwrap(serverItems.first { $0.item.title == FeverFixture.title(feed: 1, item: 0) })
        try await setup.client.mark(item: target.id, as: .read)
        try await setup.client.mark(item: target.id, as: .saved)
        setup.fixture.add(2, to: 0)
        try setup.fixture.server.fetch()
        let report = try await setup.sync.sync()
        XCTAssertEqual(report.stored.added, 2)
        XCTAssertEqual(report.marksChanged, 2)
        let local = try await stored(FeverFixture.title(feed: 1, item: 0), in: setup.store)
        XCTAssertTrue(local.isRead)
        XCTAssertTrue(local.isStarred)
        let newest = try await setup.store.walk(.all, pageSize: 50).first
        XCTAssertEqual(newest?.title, FeverFixture.title(feed: 0, item: 4))
        XCTAssertEqual(newest?.isRead, false)
    }

    func testChangesMadeOfflineWaitAndReachTheServerOnceItIsBack() async throws {
        let setup = try await setUp(groups: [("All", 1)], itemsPerFeed: 3)
        try await setup.sync.sync()
        setup.fixture.server.stop()
        let item = try await stored(FeverFixture.title(feed: 0, item: 1), in: setup.store)
        try await setup.store.setRead(true, items: [item.id])
        try await setup.store.setStarred(true, items: [item.id])
        do {
            try await setup.sync.sync()
            XCTFail("a stopped server synced")
        } catch let error as FeedError {
            XCTAssertEqual(error.kind, .refused)
        }
        let failed = try await setup.store.feverAccounts()[0]
        XCTAssertEqual(failed.failure?.kind, .refused)
        let waiting = try await setup.store.pendingMarks(of: setup.sync.account.id)
        XCTAssertEqual(waiting.map(\.mark), [.read, .saved])
        let kept = try await stored(FeverFixture.title(feed: 0, item: 1), in: setup.store)
        XCTAssertTrue(kept.isRead && kept.isStarred, "nothing lost here meanwhile")

        try setup.fixture.server.start()
        let report = try await setup.sync.sync()
        XCTAssertEqual(report.sent, 2)
        let again = try await setup.sync.sync()
        XCTAssertEqual(again.sent, 0, "sent once")
        let serverItems = try await setup.client.items(after: 0).items
        let onServer = try XCTUnwrap(serverItems.first { $0.item.title == FeverFixture.title(feed: 0, item: 1) })
        XCTAssertTrue(onServer.item.isRead)
        XCTAssertTrue(onServer.item.isStarred)
        let recovered = try await setup.store.feverAccounts()[0]
        XCTAssertNil(recovered.failure)
    }

    func testAChangeMadeHereWinsOverTheServersOlderState() async throws {
        let setup = try await setUp(groups: [("All", 1)], itemsPerFeed: 3)
        try await setup.sync.sync()
        let item = try await stored(FeverFixture.title(feed: 0, item: 2), in: setup.store)
        try await setup.store.setRead(true, items: [item.id])
        // The server still says unread (and its older list says so), while
        // the change waits: the change stays.
        let serverItems = try await setup.client.items(after: 0).items
        let unread = try await setup.client.unreadItemIDs()
        let changed = try await setup.store.applyServerMarks(of: setup.sync.account.id, unread: unread, saved: [])
        XCTAssertEqual(changed, 0)
        let kept = try await stored(FeverFixture.title(feed: 0, item: 2), in: setup.store)
        XCTAssertTrue(kept.isRead)
        // The sync sends it first: both sides read.
        try await setup.sync.sync()
        let now = try await stored(FeverFixture.title(feed: 0, item: 2), in: setup.store)
        XCTAssertTrue(now.isRead)
        let serverID = try XCTUnwrap(serverItems.first { $0.item.title == FeverFixture.title(feed: 0, item: 2) }?.id)
        let unreadAfter = try await setup.client.unreadItemIDs()
        XCTAssertFalse(unreadAfter.contains(serverID))
    }

    func testAWrongPasswordIsSaidSoAndLosesNothingStored() async throws {
        let setup = try await setUp(groups: [("All", 1)], itemsPerFeed: 3)
        try await setup.sync.sync()
        let wrong = FeverSync(store: setup.store, account: setup.sync.account,
                              client: FeverClient(endpoint: setup.fixture.server.endpoint, user: setup.fixture.server.email,
                                                  password: "wrong password", http: http))
        do {
            try await wrong.sync()
            XCTFail("a wrong password synced")
        } catch let error as FeedError {
            XCTAssertEqual(error.kind, .credentialsRefused)
        }
        let account = try await setup.store.feverAccounts()[0]
        XCTAssertEqual(account.failure?.kind, .credentialsRefused)
        let items = try await setup.store.walk(.all, pageSize: 50)
        XCTAssertEqual(items.count, 3)
    }

    func testAServerKilledMidSyncLeavesAStoreTheNextSyncCompletesEachItemOnce() async throws {
        let setup = try await setUp(groups: [("News", 10), ("Tech", 10)], itemsPerFeed: 25)
        let sync = setup.sync
        let syncing = Task { try await sync.sync() }
        // Once the first page is stored, the server dies.
        let deadline = Date().addingTimeInterval(30)
        while try await setup.store.walk(.all, pageSize: 500).isEmpty, Date() < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        setup.fixture.server.stop()
        do {
            _ = try await syncing.value
            XCTFail("the sync finished before the server died: nothing was tested")
        } catch let error as FeedError {
            XCTAssertTrue([.refused, .interrupted, .unreachable].contains(error.kind), "\(error)")
        }
        let partial = try await setup.store.walk(.all, pageSize: 500)
        XCTAssertGreaterThan(partial.count, 0)
        XCTAssertLessThan(partial.count, 500)
        XCTAssertEqual(Set(partial.map(\.title)).count, partial.count)
        try setup.fixture.server.start()
        try await setup.sync.sync()
        var all = try await setup.store.walk(.all, pageSize: 500)
        while try await setup.sync.fetchOlder() > 0 {}
        all = try await setup.store.walk(.all, pageSize: 500)
        XCTAssertEqual(all.count, 500)
        XCTAssertEqual(Set(all.map(\.title)).count, 500, "each item once")
    }

    func testAStoredTimelineGoesOnWithTheAccountsOlderItemsWhereTheStoredOnesEnd() async throws {
        let fixture = try FeverFixture(groups: [("All", 1)], itemsPerFeed: 120, oldestFirst: true)
        let folder = StoreFolder()
        let store = try folder.open()
        let account = try await store.addFeverAccount(endpoint: fixture.server.endpoint, user: fixture.server.email)
        var sync = FeverSync(store: store, account: account,
                             client: FeverClient(endpoint: fixture.server.endpoint, user: fixture.server.email,
                                                 password: fixture.server.password, http: http))
        sync.firstPages = 1
        sync.markedLimit = 0
        try await sync.sync()
        let stored = try await store.walk(.all, pageSize: 200)
        XCTAssertEqual(stored.count, 50)
        let timeline = StoredTimelineSource(store: store, scope: .all, displayName: "All items", pageSize: 30,
                                            older: { [sync] in try await sync.fetchOlder() })
        var titles: [String] = []
        var cursor: PageCursor?
        repeat {
            let page = try await timeline.nextPage(after: cursor)
            titles += page.items.map(\.title)
            cursor = page.next
        } while cursor != nil
        XCTAssertEqual(titles, (0..<120).reversed().map { FeverFixture.title(feed: 0, item: $0) },
                       "every item once, newest first, the stored ones then the server's")
    }

    func testMarkingAManyItemFeedAllReadSendsOneFeedMarkAndItsUndoTheItems() async throws {
        let setup = try await setUp(groups: [("All", 2)], itemsPerFeed: 60, firstPages: 3)
        try await setup.sync.sync()
        let subscriptions = try await setup.store.subscriptions()
        let feed0 = try XCTUnwrap(subscriptions.first { $0.title == "Feed 0" })
        let marked = try await setup.store.markAllRead(in: .subscription(feed0.id), upTo: nil)
        XCTAssertEqual(marked.count, 60)
        let waiting = try await setup.store.pendingMarks(of: setup.sync.account.id)
        XCTAssertEqual(waiting.map(\.target), [.feed], "one mark for the feed, not 60")
        let report = try await setup.sync.sync()
        XCTAssertEqual(report.sent, 1)
        let serverItems = try await setup.client.items(after: 0).items + setup.client.items(after: 50).items
            + setup.client.items(after: 100).items
        let serverFeeds = try await setup.client.subscriptions().feeds
        let feedID = try XCTUnwrap(serverFeeds.first { $0.title == "Feed 0" }?.id)
        var unread = try await setup.client.unreadItemIDs()
        XCTAssertEqual(unread, Set(serverItems.filter { $0.feedID != feedID }.map(\.id)))
        XCTAssertEqual(unread.count, 60)

        try await setup.store.undo(marked)
        let unmarks = try await setup.store.pendingMarks(of: setup.sync.account.id)
        XCTAssertEqual(unmarks.count, 60)
        XCTAssertTrue(unmarks.allSatisfy { $0.target == .item && $0.mark == .unread })
        try await setup.sync.sync()
        unread = try await setup.client.unreadItemIDs()
        XCTAssertEqual(unread.count, 120, "the undo reached the server")
        let local = try await setup.store.unreadCounts()
        XCTAssertEqual(local.all, 120)
    }

    func testTheFeedsIconsFromTheServerAreNamedInTheirSubscriptions() async throws {
        let setup = try await setUp(groups: [("All", 2)], itemsPerFeed: 1)
        let folder = TestFolders.make("feedline-icons")
        var sync = setup.sync
        sync.iconFolder = folder
        try await sync.sync()
        let feeds = try await setup.store.subscriptions().filter(\.spec.isFeverFeed)
        XCTAssertEqual(feeds.count, 2)
        for feed in feeds {
            let icon = try XCTUnwrap(feed.iconURL, feed.title)
            XCTAssertEqual(icon.deletingLastPathComponent().standardizedFileURL.path, folder.standardizedFileURL.path)
            XCTAssertEqual(try Data(contentsOf: icon), TestImages.png(width: 16, height: 16))
            XCTAssertEqual(feed.iconAddress, icon)
        }
        // A cleared cache: the next sync writes them again.
        try FileManager.default.removeItem(at: folder)
        try await sync.sync()
        XCTAssertTrue(FileManager.default.fileExists(atPath: try XCTUnwrap(feeds[0].iconURL).path))
    }

    func testUnreadAndStarredItemsOlderThanTheFirstPagesComeByID() async throws {
        let setup = try await setUp(groups: [("All", 3)], itemsPerFeed: 40, firstPages: 1)
        let serverItems = try await setup.client.items(after: 0).items
        let oldest = try XCTUnwrap(serverItems.min { $0.id < $1.id })
        try await setup.client.mark(item: oldest.id, as: .saved)
        // Read on the server: 20 of them, the rest stay unread.
        for item in serverItems.sorted(by: { $0.id < $1.id }).dropFirst().prefix(20) {
            try await setup.client.mark(item: item.id, as: .read)
        }
        try await setup.sync.sync()
        let unread = try await setup.store.walk(.unread, pageSize: 200)
        XCTAssertEqual(unread.count, 100, "every unread item, not only the first page's")
        let starred = try await setup.store.walk(.starred, pageSize: 50)
        XCTAssertEqual(starred.map(\.title), [oldest.item.title])
        let all = try await setup.store.walk(.all, pageSize: 200)
        XCTAssertEqual(Set(all.map(\.title)).count, all.count, "each once")
        let account = try await setup.store.feverAccounts()[0]
        XCTAssertFalse(account.reachedOldest, "the items read between them are still to come by paging")
    }
}
