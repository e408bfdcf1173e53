import FeedCore
import FeedStore
import Foundation
import XCTest

/// What retention removes: old items beyond each feed's newest few, never
/// a starred one.
final class RetentionTests: XCTestCase {
    func testOldItemsGoButEachFeedKeepsItsNewest() async throws {
        let store = try StoreFolder().open()
        let busy = try await store.subscribe("busy")
        let quiet = try await store.subscribe("quiet")
        // Hours 0…299 after the fixed moment; "now" is 100 days after it.
        _ = try await store.store((0..<300).reversed().map { item($0) }, in: busy)
        _ = try await store.store([item(0), item(1)], in: quiet)
        let now = Date(timeIntervalSince1970: 1_700_000_000 + 100 * 86_400)
        let removed = try await store.applyRetention(RetentionPolicy(maxAgeDays: 90, keepPerFeed: 20), now: now)
        // Ninety days before "now" is hour 240: 0…239 are old.
        let counts = try await store.itemCounts()
        XCTAssertEqual(counts[busy], 60, "hours 240…299 are young enough")
        XCTAssertEqual(counts[quiet], 2, "old, but the feed's newest 20")
        XCTAssertEqual(removed, 240)
    }

    func testAStarredItemIsKeptWhateverItsAge() async throws {
        let store = try StoreFolder().open()
        let feed = try await store.subscribe("feed")
        _ = try await store.store((0..<5).reversed().map { item($0) }, in: feed)
        let value1 = try await store.walk(.all, pageSize: 10).last
        let oldest = try XCTUnwrap(value1)
        try await store.setStarred(true, item: oldest.id)
        let now = Date(timeIntervalSince1970: 1_700_000_000 + 1000 * 86_400)
        try await store.applyRetention(RetentionPolicy(maxAgeDays: 90, keepPerFeed: 1), now: now)
        let value2 = try await store.walk(.all, pageSize: 10).map(\.title)
        XCTAssertEqual(value2, ["Item 4", "Item 0"])
    }

    func testTheDefaultsAre90DaysAnd200PerFeed() {
        XCTAssertEqual(RetentionPolicy.standard, RetentionPolicy(maxAgeDays: 90, keepPerFeed: 200))
    }

    func testSettingsAreKept() async throws {
        let folder = StoreFolder()
        let store = try folder.open()
        let value3 = try await store.settings()
        XCTAssertEqual(value3, StoreSettings())
        try await store.save(StoreSettings(retention: RetentionPolicy(maxAgeDays: 30, keepPerFeed: 50), updateMinutes: 15))
        let value4 = try await folder.open().settings()
        XCTAssertEqual(value4,
                       StoreSettings(retention: RetentionPolicy(maxAgeDays: 30, keepPerFeed: 50), updateMinutes: 15))
    }

    func testMarkingReadOnScrollIsOnByDefaultAndKeptWhenTurnedOff() async throws {
        let folder = StoreFolder()
        let store = try folder.open()
        let before = try await store.settings()
        XCTAssertTrue(before.marksReadOnScroll)
        try await store.save(StoreSettings(updateMinutes: 15))
        try await store.setMarksReadOnScroll(false)
        let reopened = try await folder.open().settings()
        XCTAssertEqual(reopened, StoreSettings(updateMinutes: 15, marksReadOnScroll: false), "the rest stays as saved")
        try await store.setMarksReadOnScroll(true)
        let again = try await folder.open().settings()
        XCTAssertTrue(again.marksReadOnScroll)
    }
}
