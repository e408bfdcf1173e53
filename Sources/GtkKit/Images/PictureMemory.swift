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
/// stays flat. Two remedies, each measured (docs/BENCHMARKS.md, "Long use"):
///
/// - `prepare()`: blocks of `mapThreshold` bytes and more are mapped on
///   their own and unmapped when freed (a fixed `M_MMAP_THRESHOLD`, which
///   also stops glibc raising it).
/// - `noteActivity()`: once pictures have stopped coming for `quietDelay`,
///   `malloc_trim(0)` hands back the free pages inside the heaps, on a
///   background thread; under steady use at most every `busyInterval`.
///
/// On a C library without these calls (not glibc) both do nothing.
public enum PictureMemory {
    /// Blocks from this size up are mapped on their own: a picture of 128 ×
    /// 128 pixels and up, and every rendered copy of one.
    public static let mapThreshold: Int32 = 64 * 1024
    /// Quiet time after the last picture before a trim.
    public static let quietDelay: Duration = .seconds(2)
    /// While pictures keep coming, a trim at most this often.
    public static let busyInterval: Duration = .seconds(15)

    private typealias MalloptFunction = @convention(c) (Int32, Int32) -> Int32
    private typealias MallocTrimFunction = @convention(c) (Int) -> Int32
    /// glibc's `M_MMAP_THRESHOLD` (malloc.h, which Swift does not import).
    private static let mmapThresholdParameter: Int32 = -3

    /// Whether `prepare()` fixes the threshold (the benchmark turns the
    /// remedies off to measure them). Set before the first picture.
    nonisolated(unsafe) package static var mapsLargeBlocks = true
    /// Whether `noteActivity()` trims.
    @MainActor package static var trimsWhenQuiet = true

    /// Fixes malloc's mmap threshold at `mapThreshold`, once per process
    /// (the decoder calls it before its first picture); any thread.
    public static func prepare() {
        _ = preparedOnce
    }

    private static let preparedOnce: Void = {
        guard mapsLargeBlocks, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MalloptFunction.self)
        _ = mallopt(mmapThresholdParameter, mapThreshold)
    }()

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

    /// A picture was decoded or let go: schedules a trim for when they stop
    /// coming (or, under steady use, once `busyInterval` has passed since
    /// the last one).
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
