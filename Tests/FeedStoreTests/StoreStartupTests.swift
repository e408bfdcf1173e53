import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import XCTest

/// What the app reads as it starts, in one read: the same as each read
/// on its own, on a real store file, before and after the first run.
final class StoreStartupTests: XCTestCase {
    func testTheStartupReadIsEveryReadOfTheStart() async throws {
        let folder = StoreFolder()
        let store = try folder.open()
        let fresh = try await store.startup()
        XCTAssertFalse(fresh.firstRunDone, "a new store has its first run ahead")
        XCTAssertEqual(fresh.list.subscriptions, [])
        XCTAssertEqual(fresh.list.newestItemID, 0)

        let library = FeedLibraryFile(url: folder.url.appendingPathComponent("feeds.json"))
        _ = try await store.prepareFirstRun(library: library)
        let news = try await store.subscribe("News")
        let other = try await store.subscribe("Other", folder: ["Folder"])
        _ = try await store.store((0..<5).map { item($0) }, in: news)
        _ = try await store.store((5..<8).map { item($0) }, in: other)
        let all = try await store.walk(.all, pageSize: 100)
        try await store.setRead(true, items: [all[0].id, all[1].id])
        try await store.setStarred(true, items: [all[2].id])
        try await store.setLastOpened(.subscription(other))
        try await store.setMarksReadOnScroll(false)

        let startup = try await store.startup()
        let (subscriptions, itemCounts, unread) = (try await store.subscriptions(), try await store.itemCounts(),
                                                   try await store.unreadCounts())
        let (viewSettings, settings, newest) = (try await store.viewSettings(), try await store.settings(),
                                                try await store.newestItemID())
        XCTAssertTrue(startup.firstRunDone)
        XCTAssertEqual(startup.list.subscriptions, subscriptions)
        XCTAssertEqual(startup.list.subscriptions.count, 3, "the sample feed, News and Other")
        XCTAssertEqual(startup.list.itemCounts, itemCounts)
        XCTAssertEqual(startup.list.itemCounts[news], 5)
        XCTAssertEqual(startup.list.unread, unread)
        XCTAssertEqual(startup.list.unread.all, 6)
        XCTAssertEqual(startup.list.unread.starred, 1)
        XCTAssertEqual(startup.viewSettings, viewSettings)
        XCTAssertEqual(startup.viewSettings.lastOpened, .subscription(other))
        XCTAssertEqual(startup.settings, settings)
        XCTAssertFalse(startup.settings.marksReadOnScroll)
        XCTAssertEqual(startup.list.newestItemID, newest)
        XCTAssertGreaterThan(startup.list.newestItemID, 0)
    }
}
