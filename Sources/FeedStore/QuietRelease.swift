import GRDB
import Synchronization

/// Gives a store's memory back once it has been quiet for `delay`: the
/// readers are closed (after what they are doing), the writer empties its
/// page cache and statements (`DatabasePool.releaseMemoryEventually`).
///
/// Each reader's page cache (512 KiB) fills as it is used and is never
/// emptied otherwise, and GRDB opens readers one at a time as reads
/// overlap: in a long session that was most of what its memory in use
/// gained over the first half hour (docs/BENCHMARKS.md, "The hour, tenth
/// session"; the writer keeps next to nothing between transactions). The
/// pages are still in the system's file cache; the next read after a
/// quiet spell opens a reader again (about a millisecond, off the main
/// thread) and reads what it needs.
final class QuietRelease: Sendable {
    let delay: Duration
    private let release: @Sendable () -> Void
    /// The last use, and whether a wait for quiet is under way.
    private let state = Mutex<(lastUse: ContinuousClock.Instant, waiting: Bool)>((.now, false))

    init(delay: Duration, release: @escaping @Sendable () -> Void) {
        self.delay = delay
        self.release = release
    }

    /// For `pool`, without keeping it alive.
    convenience init(pool: DatabasePool, delay: Duration) {
        self.init(delay: delay) { [weak pool] in pool?.releaseMemoryEventually() }
    }

    /// The store is used now: the release waits for `delay` more.
    func noteUse() {
        let startWaiting = state.withLock { state in
            state.lastUse = .now
            defer { state.waiting = true }
            return !state.waiting
        }
        guard startWaiting else { return }
        Task.detached { [self] in await releaseWhenQuiet() }
    }

    private func releaseWhenQuiet() async {
        var wait = delay
        while true {
            try? await Task.sleep(for: wait)
            let left: Duration? = state.withLock { state in
                let quiet = ContinuousClock.now - state.lastUse
                guard quiet < delay else {
                    state.waiting = false
                    return nil
                }
                return delay - quiet
            }
            guard let left else { break }
            wait = left
        }
        release()
    }
}
