import CGtk
import CGtkShim
import GtkKit
import XCTest

/// GLib's small blocks come from malloc, not from GLib 2.74's slabs
/// (`SliceAllocator.c`, run before GLib starts in every Feedline executable,
/// this test's included).
final class SliceAllocatorTests: XCTestCase {
    /// malloc gives a 48-byte request a chunk of 64 bytes (its 8-byte header,
    /// rounded to 16); GLib's slab allocator packs 48-byte slices 48 bytes
    /// apart. So no two live 48-byte slices closer than 64 bytes means
    /// malloc made them.
    func testSlicesAreMallocBlocks() {
        let blocks = (0..<200).map { _ in g_slice_alloc(48)! }
        defer { for block in blocks { g_slice_free1(48, block) } }
        let addresses = blocks.map { UInt(bitPattern: $0) }.sorted()
        let closest = zip(addresses, addresses.dropFirst()).map { $1 - $0 }.min() ?? 0
        XCTAssertGreaterThanOrEqual(closest, 64, "slices \(closest) bytes apart: GLib's slabs, not malloc")
    }

    /// `G_SLICE` in the environment, to anything, is the user's (or a
    /// measurement's): GLib's own choice stands.
    func testGSliceInTheEnvironmentLeavesGLibsChoice() {
        func leftToGLib(_ environment: [String]) -> Bool {
            var strings = environment.map { strdup($0) }
            strings.append(nil)
            defer { for string in strings { free(string) } }
            return strings.withUnsafeBufferPointer { feedline_slices_left_to_glib($0.baseAddress) } != 0
        }
        XCTAssertFalse(leftToGLib([]))
        XCTAssertFalse(leftToGLib(["HOME=/root", "G_SLICED=1", "XG_SLICE=always-malloc"]))
        XCTAssertTrue(leftToGLib(["HOME=/root", "G_SLICE="]))
        XCTAssertTrue(leftToGLib(["G_SLICE=always-malloc"]))
    }

    /// What the soak reports (`PictureMemory.slicesFromMalloc`): handed to
    /// malloc unless the environment set `G_SLICE`.
    func testTheProcessKnowsWhetherItsSlicesComeFromMalloc() {
        XCTAssertEqual(PictureMemory.slicesFromMalloc, ProcessInfo.processInfo.environment["G_SLICE"] == nil)
    }
}
