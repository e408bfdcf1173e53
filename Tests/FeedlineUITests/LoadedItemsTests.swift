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

/// Keys by position in chunks that never move: the same answers as one
/// array, across chunk boundaries, at either end.
final class PositionKeysTests: XCTestCase {
    func testKeysReadBackInOrderAcrossChunksAppendedAndPrepended() {
        let size = PositionKeys.chunkSize
        var keys = PositionKeys()
        var model: [Int32] = []
        func check(_ what: String) {
            XCTAssertEqual(keys.count, model.count, what)
            XCTAssertEqual((0..<keys.count).map { keys[$0] }, model, what)
        }
        let first = (1...Int32(size + 10)).map { $0 }
        keys.append(contentsOf: first)
        model.append(contentsOf: first)
        check("appended past the first chunk")
        let before = (0..<Int32(2 * size + 3)).map { -1 - $0 }
        keys.prepend(contentsOf: before)
        model.insert(contentsOf: before, at: 0)
        check("prepended more than two chunks")
        keys.prepend(contentsOf: [77, 78])
        model.insert(contentsOf: [77, 78], at: 0)
        keys.append(contentsOf: (0..<Int32(size)).map { 1_000_000 + $0 })
        model.append(contentsOf: (0..<Int32(size)).map { 1_000_000 + $0 })
        check("both ends again")
        XCTAssertEqual(keys.firstIndex(of: 78), 1)
        XCTAssertEqual(keys.firstIndex(of: Int32(size + 10)), model.firstIndex(of: Int32(size + 10)))
        XCTAssertEqual(keys.firstIndex(of: 1_000_000 + Int32(size) - 1), model.count - 1)
        XCTAssertNil(keys.firstIndex(of: 123_456_789))
        keys.removeAll()
        model.removeAll()
        check("emptied")
        keys.prepend(contentsOf: [5])
        XCTAssertEqual(keys.count, 1)
        XCTAssertEqual(keys[0], 5)
        XCTAssertEqual(keys.firstIndex(of: 5), 0)
    }
}
