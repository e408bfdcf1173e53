import FeedCore
import XCTest

@testable import FeedlineUI

/// The list's items by position: a list whose items read back keeps a
/// key for every position and lets far items go; others keep them all.
final class LoadedItemsTests: XCTestCase {
    private func items(_ range: Range<Int>) -> [FeedItem] {
        range.map { FeedItem(id: "\($0)", title: "Item \($0)", summary: "") }
    }

    private func keyed() -> LoadedItems {
        LoadedItems(keyOf: { Int64($0) })
    }

    func testLettingGoKeepsThePlacesAndWhatReadsThemBack() {
        var loaded = keyed()
        loaded.append(items(1..<101))
        let letGo = loaded.letGo(outside: 40..<60) { $0 == 5 }
        XCTAssertEqual(letGo, 79, "100 held, 20 near and one kept")
        XCTAssertEqual(loaded.count, 100)
        XCTAssertEqual(loaded.heldCount, 21)
        XCTAssertEqual(loaded[5]?.title, "Item 6")
        XCTAssertNil(loaded[6])
        XCTAssertEqual(loaded.key(at: 6), 7)
        XCTAssertEqual(loaded.missing(in: 0..<10), [0, 1, 2, 3, 4, 6, 7, 8, 9])
        XCTAssertEqual(loaded.missing(in: 95..<120), [95, 96, 97, 98, 99], "clamped to the list")
        XCTAssertEqual(loaded.position(ofItemWithID: "8"), 7, "found by key though let go")
        loaded.set(FeedItem(id: "8", title: "Item 8", summary: ""), at: 7)
        XCTAssertEqual(loaded[7]?.title, "Item 8")
    }

    func testPrependingMovesEveryPositionHeldOrNot() {
        var loaded = keyed()
        loaded.append(items(10..<20))
        loaded.letGo(outside: 0..<2) { _ in false }
        loaded.prepend(items(1..<4))
        XCTAssertEqual(loaded.count, 13)
        XCTAssertEqual(loaded.heldPositions, [0, 1, 2, 3, 4])
        XCTAssertEqual(loaded[3]?.id, "10")
        XCTAssertEqual(loaded.key(at: 12), 19)
        XCTAssertEqual(loaded.position(ofItemWithID: "15"), 8)
    }

    func testItemsWithoutAKeyAreNeverLetGo() {
        var loaded = keyed()
        loaded.append([FeedItem(id: "guid-a", title: "A", summary: "")] + items(1..<5)
                      + [FeedItem(id: "\(Int64(Int32.max) + 1)", title: "Beyond 32 bits", summary: "")])
        loaded.letGo(outside: 4..<5) { _ in false }
        XCTAssertEqual(loaded.heldPositions, [0, 4, 5])
        XCTAssertNil(loaded.key(at: 5))
        XCTAssertNil(loaded.key(at: 0))
        XCTAssertEqual(loaded.missing(in: 0..<5), [1, 2, 3])
        XCTAssertEqual(loaded.position(ofItemWithID: "guid-a"), 0)
    }

    func testAListThatCannotReadBackKeepsEverything() {
        var loaded = LoadedItems()
        loaded.append(items(0..<50))
        XCTAssertEqual(loaded.letGo(outside: 0..<1) { _ in false }, 0)
        XCTAssertEqual(loaded.heldCount, 50)
        XCTAssertEqual(loaded.missing(in: 0..<50), [])
        XCTAssertNil(loaded.key(at: 3))
        XCTAssertEqual(loaded.position(ofItemWithID: "30"), 30)
        loaded.replace(with: items(100..<102))
        XCTAssertEqual(loaded.count, 2)
        XCTAssertEqual(loaded.heldPositions, [0, 1])
    }
}
