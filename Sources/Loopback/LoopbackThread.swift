// Joinable threads for the loopback server. Foundation's `Thread` can't be
// joined; a server that promises not to leak threads between tests must
// be able to wait until each of its threads has really exited.

//
// Every thread started here is counted until it is joined, so tests can
// prove that none is left behind. (Names are for debuggers only: Linux
// threads inherit their creator's name, so names can't be counted.)

import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

enum LoopbackThread {
    private static let namePrefix = "loopback-"
    private static let unjoined = Mutex<Set<pthread_t>>([])

    /// Threads started and not joined yet, across all servers.
    static var unjoinedCount: Int {
        unjoined.withLock { $0.count }
    }

    private final class Body {
        let name: String
        let run: @Sendable () -> Void
        init(_ name: String, _ run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }

    /// Starts `body` on a new thread named `loopback-<name>` (15 characters
    /// at most survive); nil when the system refuses a thread.
    static func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let box = Unmanaged.passRetained(Body(namePrefix + name, body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            Thread.current.name = body.name
            body.run()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return nil
        }
        unjoined.withLock { _ = $0.insert(thread) }
        return thread
    }

    /// Waits until `thread` has exited and frees it.
    static func join(_ thread: pthread_t) {
        pthread_join(thread, nil)
        unjoined.withLock { _ = $0.remove(thread) }
    }
}
