import CGtk

/// Connecting Swift closures to GObject signals.
///
/// Ownership rule: each connection boxes its closure and hands GLib one
/// retained reference (`Unmanaged.passRetained`) as user data. GLib gives it
/// back exactly once, through `releaseHandlerBox`, when the handler is
/// disconnected or the object is finalized. Closures that capture their owner
/// must capture it weakly, or owner and widget keep each other alive.
///
/// Trampolines are top-level nonisolated functions: GLib may in principle
/// call them on any thread, and `MainActor.assumeIsolated` traps if it ever
/// does so off the main thread instead of running main-actor code there.
///
/// A box is only read by trampolines that run on the main thread (checked by
/// `assumeIsolated`), hence `@unchecked Sendable`.
final class HandlerBox<Handler>: @unchecked Sendable {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }
}

/// A connected signal handler; `disconnect()` ends it early.
@MainActor
public struct SignalConnection {
    let instance: UnsafeMutablePointer<GObject>
    let id: gulong

    /// Disconnects the handler (a no-op if the object already dropped it).
    public func disconnect() {
        if g_signal_handler_is_connected(instance, id) != 0 {
            g_signal_handler_disconnect(instance, id)
        }
    }
}

extension Object {
    typealias VoidHandler = @MainActor () -> Void
    typealias UIntHandler = @MainActor (UInt32) -> Void
    typealias BoolHandler = @MainActor () -> Bool
    typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void
    typealias KeyHandler = @MainActor (UInt32, UInt32) -> Bool
    typealias PressHandler = @MainActor (Int32, Double, Double) -> Void
    typealias PointHandler = @MainActor (Double, Double) -> Void
    typealias DeltaHandler = @MainActor (Double, Double) -> Bool

    /// `void handler(GObject *self, gpointer user_data)`
    @discardableResult
    func connect(_ signal: String, perform handler: @escaping VoidHandler) -> SignalConnection {
        connect(signal, HandlerBox(handler), unsafeBitCast(voidTrampoline, to: GCallback.self))
    }

    /// `void handler(GObject *self, guint or enum value, gpointer user_data)`
    @discardableResult
    func connect(_ signal: String, uint handler: @escaping UIntHandler) -> SignalConnection {
        connect(signal, HandlerBox(handler), unsafeBitCast(uintTrampoline, to: GCallback.self))
    }

    /// `gboolean handler(GObject *self, gpointer user_data)`
    @discardableResult
    func connect(_ signal: String, returning handler: @escaping BoolHandler) -> SignalConnection {
        connect(signal, HandlerBox(handler), unsafeBitCast(boolTrampoline, to: GCallback.self))
    }

    /// `void handler(GObject *self, gpointer argument, gpointer user_data)`
    @discardableResult
    func connect(_ signal: String, pointer handler: @escaping PointerHandler) -> SignalConnection {
        connect(signal, HandlerBox(handler), unsafeBitCast(pointerTrampoline, to: GCallback.self))
    }

    /// `gboolean handler(GtkEventControllerKey *self, guint keyval, guint keycode,
    /// GdkModifierType state, gpointer user_data)`: the handler gets keyval and state.
    @discardableResult
    func connect(_ signal: String, key handler: @escaping KeyHandler) -> SignalConnection {
        connect(signal, HandlerBox(handler), unsafeBitCast(keyTrampoline, to: GCallback.self))
    }

    /// `void handler(GtkGestureClick *self, gint n_press, gdouble x, gdouble y, gpointer user_data)`
    @discardableResult
    func connect(_ signal: String, press handler: @escaping PressHandler) -> SignalConnection {
        connect(signal, HandlerBox(handler), unsafeBitCast(pressTrampoline, to: GCallback.self))
    }

    /// `void handler(GObject *self, gdouble x, gdouble y, gpointer user_data)`:
    /// drag-begin, drag-update, drag-end, swipe.
    @discardableResult
    func connect(_ signal: String, point handler: @escaping PointHandler) -> SignalConnection {
        connect(signal, HandlerBox(handler), unsafeBitCast(pointTrampoline, to: GCallback.self))
    }

    /// `gboolean handler(GtkEventControllerScroll *self, gdouble dx, gdouble dy, gpointer user_data)`
    @discardableResult
    func connect(_ signal: String, delta handler: @escaping DeltaHandler) -> SignalConnection {
        connect(signal, HandlerBox(handler), unsafeBitCast(deltaTrampoline, to: GCallback.self))
    }

    private func connect<H>(_ signal: String, _ box: HandlerBox<H>, _ callback: GCallback) -> SignalConnection {
        let data = Unmanaged.passRetained(box).toOpaque()
        let id = g_signal_connect_data(object, signal, callback, data, releaseHandlerBox, GConnectFlags(0))
        precondition(id != 0, "no signal \"\(signal)\" on \(String(cString: g_type_name_from_instance(pointer(as: GTypeInstance.self))))")
        return SignalConnection(instance: object, id: id)
    }
}

private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let box = Unmanaged<HandlerBox<Object.VoidHandler>>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler() }
}

private let uintTrampoline: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, value, data in
    let box = Unmanaged<HandlerBox<Object.UIntHandler>>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler(value) }
}

private let boolTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    let box = Unmanaged<HandlerBox<Object.BoolHandler>>.fromOpaque(data!).takeUnretainedValue()
    return MainActor.assumeIsolated { box.handler() } ? 1 : 0
}

private let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    let box = Unmanaged<HandlerBox<Object.PointerHandler>>.fromOpaque(data!).takeUnretainedValue()
    nonisolated(unsafe) let argument = argument
    MainActor.assumeIsolated { box.handler(argument) }
}

private let keyTrampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
    _, keyval, _, state, data in
    let box = Unmanaged<HandlerBox<Object.KeyHandler>>.fromOpaque(data!).takeUnretainedValue()
    return MainActor.assumeIsolated { box.handler(keyval, state.rawValue) } ? 1 : 0
}

private let pressTrampoline: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = {
    _, presses, x, y, data in
    let box = Unmanaged<HandlerBox<Object.PressHandler>>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler(presses, x, y) }
}

private let pointTrampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
    let box = Unmanaged<HandlerBox<Object.PointHandler>>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler(x, y) }
}

private let deltaTrampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, dx, dy, data in
    let box = Unmanaged<HandlerBox<Object.DeltaHandler>>.fromOpaque(data!).takeUnretainedValue()
    return MainActor.assumeIsolated { box.handler(dx, dy) } ? 1 : 0
}

/// GClosureNotify: GLib's one call that balances `passRetained` above.
private let releaseHandlerBox: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
