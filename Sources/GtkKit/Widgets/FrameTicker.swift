import CGtk

/// Calls a handler once per frame of a widget's frame clock, as an
/// animation does, until stopped: what the benchmark scrolls by.
///
/// Ownership: the ticker keeps a reference to the frame clock and one
/// signal connection ("update"); `stop()` (or deinit) ends the updating it
/// asked for and disconnects, which releases the handler.
@MainActor
public final class FrameTicker {
    private let clock: Object
    private let rawClock: OpaquePointer
    private var connection: SignalConnection?

    /// Starts ticking on `widget`'s frame clock; nil when the widget is not
    /// realized yet (it has no clock). `onFrame` gets the frame time, in
    /// microseconds of the monotonic clock.
    public init?(on widget: Widget, onFrame: @escaping @MainActor (_ frameTime: Int64) -> Void) {
        guard let clock = gtk_widget_get_frame_clock(widget.widget) else { return nil }
        rawClock = clock
        self.clock = Object(UnsafeMutableRawPointer(clock), .retain)
        connection = self.clock.connect("update") {
            onFrame(Int64(gdk_frame_clock_get_frame_time(clock)))
        }
        gdk_frame_clock_begin_updating(clock)
    }

    /// Stops the frames this ticker asked for (idempotent).
    public func stop() {
        guard let connection else { return }
        connection.disconnect()
        self.connection = nil
        gdk_frame_clock_end_updating(rawClock)
    }

    isolated deinit {
        stop()
    }
}
