import FeedCore
import FeedStore
import Foundation
import XCTest

/// Items in the store: kept whole, updated in place, never duplicated.
final class ItemStoreTests: XCTestCase {
    func testTheSameItemArrivingAgainIsUpdatedInPlace() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("feed")
        let first = try await store.store([item(1), item(2)], in: feed)
        let again = try await store.store([item(2, title: "Item 2, corrected"), item(3)], in: feed)
        XCTAssertEqual(first, FeedStore.Stored(added: 2, updated: 0))
        XCTAssertEqual(again, FeedStore.Stored(added: 1, updated: 1))
        let items = try await store.walk(.all, pageSize: 10)
        XCTAssertEqual(items.map(\.title), ["Item 3", "Item 2, corrected", "Item 1"])
        XCTAssertEqual(Set(items.map(\.id)).count, 3)
    }

    func testTwoFeedsMayUseTheSameIdForDifferentItems() async throws {
        let store = try StoreFolder().open()
        let a = try await store.subscribe("a")
        let b = try await store.subscribe("b")
        _ = try await store.store([item(1, title: "From a")], in: a)
        _ = try await store.store([item(1, title: "From b")], in: b)
        let value1 = try await store.walk(.all, pageSize: 10).map(\.title)
        XCTAssertEqual(Set(value1), ["From a", "From b"])
    }

    func testEverythingARowAndTheReaderShowIsKept() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("mastodon")
        let emoji = try XCTUnwrap(CustomEmoji(shortcode: "blobcat", url: URL(string: "https://example.org/blobcat.png")!))
        let poll = try XCTUnwrap(Poll(options: [.init(title: "Yes", votes: 3), .init(title: "No", votes: 1)], votes: 4,
                                      expiresAt: Date(timeIntervalSince1970: 1_900_000_000), multiple: true))
        let details = PostDetails(sensitiveMedia: true,
                                  media: MediaAttachment(kind: .video, url: URL(string: "https://example.org/v.mp4"),
                                                         duration: 12.5, description: "A cat"),
                                  poll: poll, titleEmoji: [emoji], textEmoji: [emoji],
                                  facts: ItemFacts(stars: 76_543, language: "Swift"))
        let post = FeedItem(id: "109", title: "Ada :blobcat:", summary: "Hello <b>not markup</b>", content: "Hello",
                            contentHTML: "<p>Hello</p>", author: "@ada", date: Date(timeIntervalSince1970: 1_750_000_000.25),
                            link: URL(string: "https://example.org/@ada/109"),
                            imageURL: URL(string: "https://example.org/still.jpg"), contentWarning: "Spoilers",
                            sharedBy: "Grace", avatarURL: URL(string: "https://example.org/ada.png"),
                            imageSize: ImageSize(width: 640, height: 480), imageBlurhash: Blurhash("LEHV6nWB2yk8pyo0adR*.7kCMdnj"),
                            details: details)
        _ = try await store.store([post], in: feed)
        let value2 = try await store.walk(.all, pageSize: 10).first
        let stored = try XCTUnwrap(value2)
        var expected = post
        expected.id = stored.id
        XCTAssertEqual(stored, expected)
    }

    func testItemsWithoutDatesKeepTheFeedsOrderAndTheirPlace() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("undated")
        let first = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try await store.store([item(2, dated: false), item(1, dated: false)], in: feed, now: first)
        _ = try await store.store([item(3, dated: false), item(2, dated: false)], in: feed, now: first.addingTimeInterval(60))
        let items = try await store.walk(.all, pageSize: 10)
        XCTAssertEqual(items.map(\.title), ["Item 3", "Item 2", "Item 1"], "a new item on top; item 2 stays where it was")
        XCTAssertEqual(items.map(\.date), [nil, nil, nil], "no date is made up")
    }
}
