@testable import FeedlineBench
import XCTest

/// The soak's records: reserved at the start, read back whole and in
/// order, also past what was reserved.
final class ReservedStorageTests: XCTestCase {
    func testFilledKeepsEveryElementInOrderPastItsCapacity() {
        var filled = Filled(capacity: 3, placeholder: -1)
        XCTAssertEqual(Array(filled.elements), [], "placeholders are not elements")
        for value in 0..<5 { filled.append(value) }
        XCTAssertEqual(Array(filled.elements), [0, 1, 2, 3, 4])
        XCTAssertEqual(filled.count, 5)
    }

    func testPackedJSONReadsBackWhatWasAppendedInOrder() {
        var packed = PackedJSON(capacity: 2, bytesEach: 16)
        var entries: [[String: Any]] = []
        for index in 0..<4 {
            let widgets: [String: Int] = ["GtkApplicationWindow": 1, "GtkLabel": 20 + index]
            let arenas: [[Int]] = [[11368, 3435, index]]
            let entry: [String: Any] = ["time_s": Double(index) + 0.5, "after": index == 0 ? "start" : "scroll",
                                        "rss_kb": 1000 + index, "widgets": widgets, "arenas_kb": arenas]
            entries.append(entry)
        }
        for entry in entries { XCTAssertTrue(packed.append(entry)) }
        XCTAssertFalse(packed.append(["not JSON": Date()]), "a value JSON can't hold is refused")
        XCTAssertEqual(packed.count, 4)
        let read = packed.objects
        XCTAssertEqual(read.count, 4)
        for (index, entry) in read.enumerated() {
            XCTAssertEqual(entry["time_s"] as? Double, Double(index) + 0.5)
            XCTAssertEqual(entry["after"] as? String, index == 0 ? "start" : "scroll")
            XCTAssertEqual(entry["rss_kb"] as? Int, 1000 + index)
            XCTAssertEqual(entry["widgets"] as? [String: Int], ["GtkApplicationWindow": 1, "GtkLabel": 20 + index])
            XCTAssertEqual(entry["arenas_kb"] as? [[Int]], [[11368, 3435, index]])
        }
    }
}
