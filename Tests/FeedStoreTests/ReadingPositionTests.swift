import FeedCore
@testable import FeedStore
import Foundation
import XCTest

/// Where the reader was in each view, kept across a restart: the top
/// item, its offset and the item with focus; and paging from there.
final class ReadingPositionTests: XCTestCase {
    func testPositionsOfEveryKindOfViewComeBackAfterTheStoreOpensAgain() async throws {
        let folder = StoreFolder()
        let store = try folder.open()
        let feed = try await store.subscribe("feed")
        let positions: [TimelineScope: ReadingPosition] = [
            .all: ReadingPosition(topItem: "12", offset: 37.5, focusedItem: "14"),
            .unread: ReadingPosition(topItem: "3", offset: 0, focusedItem: nil),
            .starred: ReadingPosition(topItem: "network:9", offset: 120.25, focusedItem: "network:9"),
            .subscription(feed): ReadingPosition(topItem: "1", offset: 4),
            .folder(["Tech news", "Deep"]): ReadingPosition(topItem: "5", offset: 1.5, focusedItem: "6"),
        ]
        for (scope, position) in positions {
            try await store.setReadingPosition(position, of: scope)
        }
        try await store.setReadingPosition(ReadingPosition(topItem: "13", offset: 2, focusedItem: "13"), of: .all)
        try await store.setLastOpened(.folder(["Tech news", "Deep"]))

        let reopened = try folder.open()
        let settings = try await reopened.viewSettings()
        var expected = positions
        expected[.all] = ReadingPosition(topItem: "13", offset: 2, focusedItem: "13")
        XCTAssertEqual(settings.positions, expected, "the latest of each view")
        XCTAssertEqual(settings.lastOpened, .folder(["Tech news", "Deep"]))
        for (scope, position) in expected {
            let one = try await reopened.readingPosition(of: scope)
            XCTAssertEqual(one, position, "\(scope)")
        }

        try await reopened.setReadingPosition(nil, of: .unread)
        let forgotten = try await reopened.readingPosition(of: .unread)
        XCTAssertNil(forgotten)
        let other = try await reopened.readingPosition(of: .folder(["Tech news"]))
        XCTAssertNil(other, "a folder's position is its own, not its parent's")
    }

    func testAGoneSubscriptionsPositionGoesWithIt() async throws {
        let store = try StoreFolder().open()
        let kept = try await store.subscribe("kept")
        let gone = try await store.subscribe("gone")
        try await store.setReadingPosition(ReadingPosition(topItem: "1"), of: .subscription(kept))
        try await store.setReadingPosition(ReadingPosition(topItem: "2"), of: .subscription(gone))
        try await store.unsubscribe(gone)
        let settings = try await store.viewSettings()
        XCTAssertEqual(settings.positions, [.subscription(kept): ReadingPosition(topItem: "1")])
        let position = try await store.readingPosition(of: .subscription(gone))
        XCTAssertNil(position)
        XCTAssertTrue(settings.positions.keys.allSatisfy { $0 != .subscription(gone) })
    }

    func testEveryScopeReadsBackAsASetting() {
        let scopes: [TimelineScope] = [.all, .unread, .starred, .subscription(42), .folder(["A b", "C"]), .folder([])]
        for scope in scopes {
            XCTAssertEqual(TimelineScope(settingValue: scope.settingValue), scope, scope.settingValue)
        }
        XCTAssertNil(TimelineScope(settingValue: "subscription x"))
        XCTAssertNil(TimelineScope(settingValue: "nonsense"))
    }

    func testARestoredViewPagesFromItsTopItem() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("feed")
        // Items 0…9, and three more at the very same moment as item 5.
        _ = try await store.store((0..<10).reversed().map { item($0) }
            + (0..<3).map { FeedItem(id: "same-\($0)", title: "Same \($0)", date: item(5).date) }, in: feed)
        let all = try await store.walk(.all, pageSize: 100)
        for top in all {
            let cursor = try await store.cursor(of: top.id)
            let page = try await store.page(of: .all, after: try XCTUnwrap(cursor).includingItself, limit: 100)
            XCTAssertEqual(page.items.map(\.id), Array(all.drop { $0.id != top.id }).map(\.id), "from \(top.title) down")
        }
        let gone = try await store.cursor(of: "999999")
        XCTAssertNil(gone, "an item not stored has no place")
        let unnamed = try await store.cursor(of: "item-3")
        XCTAssertNil(unnamed, "a feed's own id is no timeline id")
    }
}
