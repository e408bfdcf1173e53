import Foundation
import GtkKit
import XCTest

/// The soak's census of malloc's heaps (`MemoryCensus.heap`).
final class MemoryCensusTests: XCTestCase {
    /// A report of glibc 2.36's `malloc_info` (Tests/fixtures/malloc-info)
    /// from a small C program: a thread allocated 100 blocks and freed
    /// every other one (the second arena), then the main thread 50 and
    /// every third (the main arena). Each arena's free total counts
    /// its top block with its bins; the census tells the top apart (the
    /// part of another arena that no trim gives back).
    func testEachArenaSTopIsWhatItsBinsLeaveOfItsFreeTotal() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/malloc-info/two-arenas.xml")
        let heap = MemoryCensus.heap(fromMallocInfo: try String(contentsOf: url, encoding: .utf8))

        XCTAssertEqual(heap.arenas.count, 2)
        let main = try XCTUnwrap(heap.arenas.first)
        XCTAssertEqual(main.heap, 270_336)
        XCTAssertEqual(main.free, 100_319)
        // 14 bins of one block each (1,233 to 9,633 bytes) and one unsorted of 113.
        XCTAssertEqual(main.top, 22_992)
        let other = heap.arenas[1]
        XCTAssertEqual(other.heap, 4_956_160)
        XCTAssertEqual(other.free, 32 + 2_452_722, "the fast bins' and the rest")
        XCTAssertEqual(other.top, 32 + 2_452_722 - 32 - 2_452_274)

        XCTAssertEqual(heap.heap, 5_226_496, "the totals after the last arena")
        XCTAssertEqual(heap.free, 32 + 2_553_041)
    }

    /// This process's own report: every arena read, its top within its free.
    func testThisProcessSArenasAddUpToTheTotals() throws {
        let heap = try XCTUnwrap(MemoryCensus.heap(), "glibc's malloc_info")
        XCTAssertFalse(heap.arenas.isEmpty)
        XCTAssertEqual(heap.arenas.reduce(0) { $0 + $1.heap }, heap.heap)
        for arena in heap.arenas {
            XCTAssertLessThanOrEqual(arena.top, arena.free)
            XCTAssertGreaterThan(arena.top, 0, "an arena always has a top block")
        }
    }
}
