import CGtkShim
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Giving the memory of pictures back to the system.
///
/// Decoded pictures are large, short-lived blocks allocated on whichever
/// thread decodes them, and GTK's renderer makes more of their size while
/// drawing them. With glibc's defaults such blocks land in malloc's heaps
/// (the threshold above which it maps a block of its own rises to the size
/// of the largest block freed), and the freed space between live blocks
/// stays resident: the process grows in long use while the memory in use
/// stays flat. Four remedies, each measured (docs/BENCHMARKS.md, "Long use"):
///
/// - `prepare()`: one malloc arena, the main one (`M_ARENA_MAX`). By
///   default glibc gives each thread that allocates an arena of its own,
///   up to 8 a core: pictures are decoded on the thread pool, downloaded
///   on URLSession's thread and let go on the main thread, and the space
///   each arena freed stayed with it, unused by the others. Two arenas
///   were still one too many: the free block at the top of a thread's
///   arena goes back only when it outgrows the trim threshold
///   (`malloc_trim` gives back the main arena's top alone), and in the
///   soak it held 3.4–4.2 MiB, with 2 MiB more in its bins, that the
///   main arena could not use.
/// - `mapPixels(count:)` (PictureMappings.swift): a decoded picture keeps
///   its pixels in memory mapped for it alone (`Texture.inOwnMapping()`),
///   unmapped when the texture goes. Pictures live long and come in every size, so in the
///   heaps they left holes between the small blocks allocated meanwhile,
///   holes that neither reuse nor trimming could close.
/// - `prepare()`, too: a fixed `M_MMAP_THRESHOLD` of `mapThreshold`, the
///   largest glibc takes. It was 64 KiB, to map the renderer's copies of
///   pictures on their own; but GDK's cairo renderer allocates the frame it
///   draws (the window's size, megabytes) and frees it in every frame, and
///   mapped on its own each one cost page faults on every page, 5 ms of
///   the heaviest frames in the soak. Below the threshold those blocks are
///   reused from the heap; the trims give back what stays free. The trim
///   threshold is fixed too, at `trimThreshold`: at its default (128 KiB)
///   the frame freed at the top of the heap was handed back at once and
///   faulted in again in the next frame.
/// - `noteActivity()`: once pictures have stopped coming (or the list has
///   stopped scrolling) for `quietDelay`, `malloc_trim(0)` hands back the
///   free pages inside the heaps, on a background thread; under steady use
///   at most every `busyInterval`.
///
/// On a C library without these calls (not glibc) they do nothing.
///
/// One more remedy cannot wait for Swift: GLib 2.74's slices are handed to
/// malloc before GLib starts (`CGtkShim/SliceAllocator.c`), so that its
/// small blocks are in the heaps these trims reach; `slicesFromMalloc` says
/// whether that was done.
public enum PictureMemory {
    /// Blocks from this size up are mapped on their own: larger than a
    /// frame of a 4K screen. (glibc's dynamic threshold would rise to it
    /// too, but only after the first such block was freed.)
    public static let mapThreshold: Int32 = 32 * 1024 * 1024
    /// Free memory at the top of a heap kept for reuse, not given back at
    /// once: room for a frame of a window of 2 megapixels (GDK's cairo
    /// renderer allocates the frame it draws and frees it in every frame).
    public static let trimThreshold: Int32 = 8 * 1024 * 1024
    /// Malloc arenas at most: the main one, which every thread shares
    /// (their small blocks come from each thread's own cache first).
    public static let arenaLimit: Int32 = 1
    /// Quiet time after the last picture before a trim.
    public static let quietDelay: Duration = .seconds(2)
    /// While pictures keep coming, a trim at most this often.
    public static let busyInterval: Duration = .seconds(15)

    private typealias MalloptFunction = @convention(c) (Int32, Int32) -> Int32
    private typealias MallocTrimFunction = @convention(c) (Int) -> Int32
    /// glibc's `M_TRIM_THRESHOLD`, `M_MMAP_THRESHOLD` and `M_ARENA_MAX`
    /// (malloc.h, which Swift does not import).
    private static let trimThresholdParameter: Int32 = -1
    private static let mmapThresholdParameter: Int32 = -3
    private static let arenaMaxParameter: Int32 = -8

    /// Whether `prepare()` fixes the threshold (the benchmark turns the
    /// remedies off to measure them). Set before the first picture.
    nonisolated(unsafe) package static var mapsLargeBlocks = true
    /// The threshold `prepare()` sets (the benchmark tries others).
    nonisolated(unsafe) package static var mapThresholdInUse = mapThreshold
    /// Whether `prepare()` limits the arenas.
    nonisolated(unsafe) package static var limitsArenas = true
    /// Whether `noteActivity()` trims.
    @MainActor package static var trimsWhenQuiet = true
    /// Whether decoded pictures keep their pixels in mappings of their own.
    nonisolated(unsafe) package static var mapsPictures = true
    /// Whether GLib's slices were handed to malloc before GLib started
    /// (not when the environment set `G_SLICE`).
    package static var slicesFromMalloc: Bool { feedline_slices_handed_to_malloc() != 0 }

    /// Limits malloc to `arenaLimit` arenas (unless the environment sets
    /// them) and fixes its mmap threshold
    /// at `mapThreshold`, once per process; any thread. The sooner the
    /// better: threads that allocated before keep the arenas they made.
    /// The image loader calls it when it is made (before the first row
    /// asks for a picture), the decoder before its first picture.
    public static func prepare() {
        _ = preparedOnce
    }

    private static let preparedOnce: Void = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MalloptFunction.self)
        let environment = { (name: String) in getenv(name).map { String(cString: $0) } }
        if limitsArenas && !environmentLimitsArenas(environment) { _ = mallopt(arenaMaxParameter, arenaLimit) }
        if mapsLargeBlocks {
            _ = mallopt(mmapThresholdParameter, mapThresholdInUse)
            // Fixing the mmap threshold leaves the trim threshold at its
            // 128 KiB default (glibc raises it to twice a freed mapped block
            // only while the threshold moves by itself): the frame GDK's
            // cairo renderer frees at the top of the heap was given back and
            // faulted in again, page by page, in every frame (about 400 page
            // faults a frame; 976,000 in the store scroll, 18,000 with it).
            // Not as high as the mmap threshold: with two arenas, the other
            // arena's top was trimmed only past it (malloc_trim leaves it
            // be), and at 32 MiB the soak kept 26 MiB more there.
            _ = mallopt(trimThresholdParameter, trimThreshold)
        }
    }()

    /// Whether an environment (a variable's value by name) sets malloc's
    /// arenas (`MALLOC_ARENA_MAX`, or glibc's tunable
    /// `glibc.malloc.arena_max`): what a user set there is left as it is.
    package static func environmentLimitsArenas(_ environment: (String) -> String?) -> Bool {
        environment("MALLOC_ARENA_MAX") != nil
            || environment("GLIBC_TUNABLES")?.contains("glibc.malloc.arena_max") == true
    }

    /// Gives the free pages inside malloc's heaps back to the system (slow:
    /// call it off the main thread). Returns whether any were.
    @discardableResult
    public static func trim() -> Bool {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return false }
        return unsafeBitCast(symbol, to: MallocTrimFunction.self)(0) != 0
    }

    /// Trims done so far, and the time they took in all (seconds).
    @MainActor package private(set) static var trims = 0
    @MainActor package private(set) static var trimSeconds = 0.0

    @MainActor private static var lastActivity = ContinuousClock.now
    @MainActor private static var lastTrim = ContinuousClock.now
    @MainActor private static var pending: ScheduledCall?
    @MainActor private static var trimming = false

    /// A picture was decoded or let go, or a list scrolled (each frame
    /// drawn is allocated and freed): schedules a trim for when that stops
    /// (or, under steady use, once `busyInterval` has passed since the
    /// last one).
    @MainActor public static func noteActivity() {
        guard trimsWhenQuiet else { return }
        lastActivity = .now
        guard pending == nil else { return }
        pending = MainLoop.schedule(after: quietDelay) { check() }
    }

    @MainActor private static func check() {
        pending = nil
        let now = ContinuousClock.now
        let quiet = lastActivity.duration(to: now)
        guard quiet >= quietDelay || lastTrim.duration(to: now) >= busyInterval else {
            pending = MainLoop.schedule(after: quietDelay - quiet) { check() }
            return
        }
        guard !trimming else { return }
        trimming = true
        lastTrim = now
        Task {
            let took = await trimOffMainThread()
            trimming = false
            trims += 1
            trimSeconds += took
        }
    }

    @concurrent
    private nonisolated static func trimOffMainThread() async -> Double {
        let start = ContinuousClock.now
        trim()
        let took = start.duration(to: .now)
        return Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
    }
}
