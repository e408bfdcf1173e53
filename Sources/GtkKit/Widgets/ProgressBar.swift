import CGtk
import CGtkShim

/// A GtkProgressBar showing a share (a poll option's votes). Decorative
/// for assistive technology: whoever shows it says the share in words.
@MainActor
public final class ProgressBar: Widget {
    public init() {
        super.init(gtk_progress_bar_new(), .sink)
        feedline_accessible_set_hidden(OpaquePointer(widget), 1)
    }

    /// How full, 0...1 (clamped).
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(opaque) }
        set { gtk_progress_bar_set_fraction(opaque, min(1, max(0, newValue))) }
    }
}
