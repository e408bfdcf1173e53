import CHeapStats
import GtkKit
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The malloc settings the app makes first thing (`PictureMemory.prepare`).
final class PictureMemoryTests: XCTestCase {
    /// GDK's cairo renderer allocates the frame it draws (megabytes) and
    /// frees it in every frame. It stays in the heap, and freed at the top
    /// of it, it stays there for the next frame: not handed back to the
    /// system and faulted in again page by page (the trim threshold).
    func testAFrameSizedBlockFreedAndAllocatedAgainCostsNoPageFaults() {
        PictureMemory.prepare()
        let size = 2 * 1024 * 1024
        func frame() {
            guard let block = malloc(size) else { return XCTFail("no memory") }
            memset(block, 1, size)
            free(block)
        }
        frame()
        let before = feedline_thread_page_faults()
        XCTAssertGreaterThanOrEqual(before, 0, "the thread's page faults are counted")
        for _ in 0..<10 { frame() }
        let faults = feedline_thread_page_faults() - before
        // Given back each time, every frame would fault all its 512 pages.
        XCTAssertLessThan(faults, 100, "\(faults) page faults for 10 frames of 2 MiB")
    }

    /// A limit on malloc's arenas set in the environment is the user's:
    /// `prepare` leaves it as it is. (Environments of the test's own: the
    /// process's is not changed while other threads may read it.)
    func testAnArenaLimitSetInTheEnvironmentIsLeftAsItIs() {
        func limits(_ environment: [String: String]) -> Bool {
            PictureMemory.environmentLimitsArenas { environment[$0] }
        }
        XCTAssertFalse(limits([:]))
        XCTAssertFalse(limits(["GLIBC_TUNABLES": "glibc.malloc.tcache_count=0"]), "another tunable")
        XCTAssertTrue(limits(["GLIBC_TUNABLES": "glibc.malloc.tcache_count=0:glibc.malloc.arena_max=4"]))
        XCTAssertTrue(limits(["MALLOC_ARENA_MAX": "2"]))
    }
}
