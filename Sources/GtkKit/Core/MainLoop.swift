import CGtk
import CGtkShim

/// The GLib main loop, and the bridge that lets Swift concurrency run on it.
///
/// On Linux the main actor is libdispatch's main queue. While GTK's main loop
/// owns the main thread nothing else drains that queue, so without the
/// bridge every `@MainActor` continuation would silently never run.
/// `attachSwiftConcurrency()` makes GLib watch the queue's wake-up fd and
/// drain it: zero cost while idle, about 0.1 ms per hop.
@MainActor
public enum MainLoop {
    private static var attached = false

    /// Lets `@MainActor` tasks and continuations run inside the GLib loop.
    /// Call once before running the application (or pumping GLib in tests);
    /// later calls do nothing.
    public static func attachSwiftConcurrency() {
        guard !attached else { return }
        attached = true
        _ = feedline_main_queue_attach()
    }

    /// Runs one main-loop iteration; with `mayBlock` it waits for an event.
    /// Returns whether anything was dispatched.
    @discardableResult
    public static func iterate(mayBlock: Bool = false) -> Bool {
        g_main_context_iteration(nil, mayBlock ? 1 : 0) != 0
    }

    /// Runs the main loop until `condition` holds or `timeout` passes.
    /// Returns the condition's last value. For tests and benchmarks: the
    /// application itself runs the loop through `Application.run()`.
    /// The condition is also checked every few milliseconds, for conditions
    /// that other threads change without waking the loop.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: Duration) -> Bool {
        attachSwiftConcurrency()
        var timedOut = false
        let timer = schedule(after: timeout) { timedOut = true }
        let poll = g_timeout_add(5, keepPolling, nil)
        defer {
            timer.cancel()
            g_source_remove(poll)
        }
        while !condition() {
            if timedOut { return false }
            iterate(mayBlock: true)
        }
        return true
    }

    /// Runs the loop for `duration`, handling whatever happens meanwhile.
    public static func run(for duration: Duration) {
        _ = run(until: { false }, timeout: duration)
    }

    /// Calls `action` once on the main loop after `delay`.
    @discardableResult
    public static func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledCall {
        let call = ScheduledCall(action)
        let milliseconds = UInt32(clamping: delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000)
        call.sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, runScheduledCall,
                                           Unmanaged.passRetained(call).toOpaque(), releaseScheduledCall)
        return call
    }
}

/// A pending `MainLoop.schedule` call.
///
/// Ownership rule: GLib holds one retained reference from scheduling until
/// the source is destroyed (after it ran, or when cancelled).
@MainActor
public final class ScheduledCall {
    fileprivate var sourceID: guint = 0
    fileprivate var action: (@MainActor () -> Void)?

    fileprivate init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    public var isPending: Bool { action != nil }

    /// Stops the call if it has not run yet.
    public func cancel() {
        guard action != nil else { return }
        action = nil
        g_source_remove(sourceID)
    }

    fileprivate func fire() {
        let action = self.action
        self.action = nil
        action?()
    }
}

/// A GSourceFunc that only wakes the loop.
private let keepPolling: @convention(c) (gpointer?) -> gboolean = { _ in 1 }  // G_SOURCE_CONTINUE

private let runScheduledCall: @convention(c) (gpointer?) -> gboolean = { data in
    let call = Unmanaged<ScheduledCall>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { call.fire() }
    return 0  // G_SOURCE_REMOVE
}

private let releaseScheduledCall: @convention(c) (gpointer?) -> Void = { data in
    Unmanaged<ScheduledCall>.fromOpaque(data!).release()
}
