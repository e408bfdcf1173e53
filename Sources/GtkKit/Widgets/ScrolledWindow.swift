import CGtk

/// A GtkAdjustment: a scroll position and the range it moves in.
@MainActor
public final class Adjustment: Object {
    init(borrowing pointer: UnsafeMutablePointer<GtkAdjustment>) {
        super.init(pointer, .retain)
    }

    private var adjustment: UnsafeMutablePointer<GtkAdjustment> { pointer() }

    /// Top of the visible part of the content.
    public var value: Double {
        get { gtk_adjustment_get_value(adjustment) }
        set { gtk_adjustment_set_value(adjustment, newValue) }
    }

    /// Height of the content.
    public var upper: Double { gtk_adjustment_get_upper(adjustment) }
    /// Height of the visible part.
    public var pageSize: Double { gtk_adjustment_get_page_size(adjustment) }

    /// The scroll position moved.
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) {
        connect("value-changed", perform: handler)
    }

    /// The range or page size changed (content grew, window resized).
    public func onChanged(_ handler: @escaping @MainActor () -> Void) {
        connect("changed", perform: handler)
    }
}

/// A GtkScrolledWindow. Its child must be a scrollable widget (a list view)
/// placed directly in it.
@MainActor
public final class ScrolledWindow: Widget {
    public init() {
        super.init(gtk_scrolled_window_new(), .sink)
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    public func setChild(_ child: Widget) {
        gtk_scrolled_window_set_child(opaque, child.widget)
    }

    public var verticalAdjustment: Adjustment {
        Adjustment(borrowing: gtk_scrolled_window_get_vadjustment(opaque))
    }

    /// Across: its page size is the child's width, changed as it is laid out.
    public var horizontalAdjustment: Adjustment {
        Adjustment(borrowing: gtk_scrolled_window_get_hadjustment(opaque))
    }

    public enum Edge: UInt32 {
        case left, right, top, bottom

        init?(_ position: UInt32) {
            switch GtkPositionType(position) {
            case GTK_POS_LEFT: self = .left
            case GTK_POS_RIGHT: self = .right
            case GTK_POS_TOP: self = .top
            case GTK_POS_BOTTOM: self = .bottom
            default: return nil
            }
        }
    }

    /// Scrolling reached an edge (by the reader, a key, or code).
    public func onEdgeReached(_ handler: @escaping @MainActor (Edge) -> Void) {
        connect("edge-reached", uint: { position in
            if let edge = Edge(position) { handler(edge) }
        })
    }
}
