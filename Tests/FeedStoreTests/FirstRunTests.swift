import FeedCore
import FeedStore
import Foundation
import XCTest

/// The first start with a store: the sample feed for a new reader; the
/// feeds of feeds.json, once, for someone coming from an earlier version.
final class FirstRunTests: XCTestCase {
    func testANewReaderStartsWithTheSampleFeed() async throws {
        let folder = StoreFolder()
        let store = try folder.open()
        let library = FeedLibraryFile(url: folder.url.appendingPathComponent("config/feeds.json"))
        let run = try await store.prepareFirstRun(library: library)
        XCTAssertEqual(run, FeedStore.FirstRun())
        let value1 = try await store.subscriptions().map(\.spec)
        XCTAssertEqual(value1, [.sample])
    }

    func testFeedsJSONIsTakenInOnceAndKeptAsABackup() async throws {
        let folder = StoreFolder()
        let store = try folder.open()
        let library = FeedLibraryFile(url: folder.url.appendingPathComponent("config/feeds.json"))
        let hashtag = FeedSpec.mastodon(instance: URL(string: "https://mastodon.social")!, timeline: .tag("swift"))
        var saved = FeedLibrary(feeds: [SavedFeed(.hackerNews(api: FeedSpec.hackerNewsAPI)), SavedFeed(hashtag, title: "Swift folk")])
        saved.setLayout(.grid, of: hashtag)
        try library.save(saved)

        let run = try await store.prepareFirstRun(library: library)
        XCTAssertEqual(run.migrated, 2)
        XCTAssertEqual(run.backup?.lastPathComponent, "feeds.json.backup")
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.url.path))
        let subscriptions = try await store.subscriptions()
        XCTAssertEqual(subscriptions.map(\.spec), [.sample, .hackerNews(api: FeedSpec.hackerNewsAPI), hashtag])
        XCTAssertEqual(subscriptions.map(\.title), ["GNOME Help", "Hacker News", "Swift folk"])
        XCTAssertEqual(subscriptions.map(\.layout), [.list, .list, .grid])

        // Unsubscribing from the sample, then starting again: nothing comes back.
        try await store.unsubscribe(subscriptions[0].id)
        try library.save(saved)
        let value2 = try await store.prepareFirstRun(library: library)
        XCTAssertEqual(value2, FeedStore.FirstRun())
        let value3 = try await store.subscriptions().count
        XCTAssertEqual(value3, 2)
    }
}
