import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Pictures' pixels in memory mapped for each picture alone.
///
/// The rule it keeps: `mapPixels` makes one mapping and counts it; the
/// GBytes that `Texture.inOwnMapping()` wraps it in owns it from then on,
/// and its last unref calls `unmapPixels`, which gives the whole mapping
/// back and uncounts it. The mapping's length is kept in its first bytes,
/// so nothing else needs to remember it. Any thread.
extension PictureMemory {
    /// Pictures with fewer bytes of pixels than this (a 32 × 32 avatar)
    /// stay in the heaps: a mapping takes whole pages.
    public static let ownMappingMinimum = 4096

    /// Room before the pixels for the mapping's length (a cache line, so
    /// the pixels stay aligned).
    private static let mappingHeader = 64

    /// `count` bytes of zeros in memory mapped for them alone, for one
    /// picture's pixels; nil below `ownMappingMinimum`, when turned off,
    /// or when the system refuses. `pixels` is where they go; pass `block`
    /// to `unmapPixels` to give the memory back (once). Any thread; a
    /// system call and, as the pixels are written, a page fault per page.
    package static func mapPixels(count: Int) -> (block: UnsafeMutableRawPointer, pixels: UnsafeMutableRawPointer)? {
        guard mapsPictures, count >= ownMappingMinimum else { return nil }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = (count + mappingHeader + page - 1) / page * page
        guard let block = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              block != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        block.storeBytes(of: length, as: Int.self)
        mappedPictures.add(1, ordering: .relaxed)
        mappedPictureBytes.add(length, ordering: .relaxed)
        return (block, block + mappingHeader)
    }

    /// Gives back the whole pages of `block` (from `mapPixels`) past its
    /// first `count` bytes of pixels, once they turned out not to be needed.
    package static func shrinkPixels(_ block: UnsafeMutableRawPointer, toHold count: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = block.load(as: Int.self)
        let needed = (count + mappingHeader + page - 1) / page * page
        guard needed < length else { return }
        munmap(block + needed, length - needed)
        block.storeBytes(of: needed, as: Int.self)
        mappedPictureBytes.subtract(length - needed, ordering: .relaxed)
    }

    /// Blocks from `mapPixels` not yet given back, and their bytes (for
    /// the soak benchmark's census).
    package static let mappedPictures = Atomic<Int>(0)
    package static let mappedPictureBytes = Atomic<Int>(0)

    /// Gives back a block from `mapPixels` (a `GDestroyNotify`: the
    /// pixels' GBytes calls it when its last reference goes, on any thread).
    package static let unmapPixels: @convention(c) (UnsafeMutableRawPointer?) -> Void = { block in
        guard let block else { return }
        let length = block.load(as: Int.self)
        munmap(block, length)
        mappedPictures.subtract(1, ordering: .relaxed)
        mappedPictureBytes.subtract(length, ordering: .relaxed)
    }
}
