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
    /// `prepare` leaves it as it is.
    func testAnArenaLimitSetInTheEnvironmentIsLeftAsItIs() {
        let saved = (getenv("MALLOC_ARENA_MAX").map { String(cString: $0) }, getenv("GLIBC_TUNABLES").map { String(cString: $0) })
        defer {
            if let value = saved.0 { setenv("MALLOC_ARENA_MAX", value, 1) } else { unsetenv("MALLOC_ARENA_MAX") }
            if let value = saved.1 { setenv("GLIBC_TUNABLES", value, 1) } else { unsetenv("GLIBC_TUNABLES") }
        }
        unsetenv("MALLOC_ARENA_MAX")
        unsetenv("GLIBC_TUNABLES")
        XCTAssertFalse(PictureMemory.environmentLimitsArenas)
        setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0", 1)
        XCTAssertFalse(PictureMemory.environmentLimitsArenas, "another tunable")
        setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0:glibc.malloc.arena_max=4", 1)
        XCTAssertTrue(PictureMemory.environmentLimitsArenas)
        unsetenv("GLIBC_TUNABLES")
        setenv("MALLOC_ARENA_MAX", "2", 1)
        XCTAssertTrue(PictureMemory.environmentLimitsArenas)
    }
}
