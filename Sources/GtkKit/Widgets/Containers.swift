import CGtk

/// A GtkBox: children in a row or a column.
@MainActor
public final class Box: Widget {
    public enum Orientation {
        case horizontal, vertical

        var gtk: GtkOrientation {
            self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        }
    }

    public init(_ orientation: Orientation, spacing: Int32 = 0, children: [Widget] = []) {
        super.init(gtk_box_new(orientation.gtk, spacing), .sink)
        children.forEach(append)
    }

    public func append(_ child: Widget) {
        gtk_box_append(pointer(), child.widget)
    }

    /// Puts `child` first.
    public func prepend(_ child: Widget) {
        gtk_box_prepend(pointer(), child.widget)
    }

    /// Puts `child` right after `sibling` (a child of this box), or first
    /// when `sibling` is nil.
    public func insert(_ child: Widget, after sibling: Widget?) {
        gtk_box_insert_child_after(pointer(), child.widget, sibling?.widget)
    }

    /// Takes `child` (a child of this box) out; its Swift object keeps it
    /// alive to be put elsewhere.
    public func remove(_ child: Widget) {
        gtk_box_remove(pointer(), child.widget)
    }
}

/// A GtkOverlay: a main child that sets its size, and children laid over
/// it where their alignment puts them. Cheaper to lay out than a
/// horizontal box around wrapping text, which must first measure the
/// text's natural width.
@MainActor
public final class Overlay: Widget {
    public init(child: Widget) {
        super.init(gtk_overlay_new(), .sink)
        gtk_overlay_set_child(opaque, child.widget)
    }

    /// Lays `child` over the main one; `measured`: its size counts in the
    /// overlay's (it is never cut off).
    public func addOverlay(_ child: Widget, measured: Bool) {
        gtk_overlay_add_overlay(opaque, child.widget)
        gtk_overlay_set_measure_overlay(opaque, child.widget, measured ? 1 : 0)
    }
}

/// A GtkStack: one named child visible at a time.
@MainActor
public final class Stack: Widget {
    public init() {
        super.init(gtk_stack_new(), .sink)
        gtk_stack_set_transition_type(opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    }

    public func add(_ child: Widget, name: String) {
        gtk_stack_add_named(opaque, child.widget, name)
    }

    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
        set { gtk_stack_set_visible_child_name(opaque, newValue) }
    }

    /// How one child gives way to another.
    public enum Transition: Sendable {
        case crossfade, slideLeft, slideRight

        var gtk: GtkStackTransitionType {
            switch self {
            case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
            case .slideLeft: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT
            case .slideRight: GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
            }
        }
    }

    /// Shows the child named `name` with `transition` (this once). A new
    /// call during a transition starts from where the last one left.
    public func show(_ name: String, _ transition: Transition) {
        gtk_stack_set_visible_child_full(opaque, name, transition.gtk)
    }

}

/// A GtkSpinner. It only spins (and only costs frames) while `isSpinning`
/// and mapped; keep it stopped when hidden. Centered in the space it is
/// given, so that its box stays square: a theme's icon keeps square in any
/// box, a CSS image from a file fills it.
@MainActor
public final class Spinner: Widget {
    public init() {
        super.init(gtk_spinner_new(), .sink)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    }

    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(opaque) != 0 }
        set { gtk_spinner_set_spinning(opaque, newValue ? 1 : 0) }
    }
}

/// A GtkImage showing a named (themed) icon, or a picture at icon size
/// (a feed's favicon) in its place.
@MainActor
public final class Icon: Widget {
    public init(name: String, pixelSize: Int32? = nil) {
        super.init(gtk_image_new_from_icon_name(name), .sink)
        if let pixelSize { gtk_image_set_pixel_size(opaque, pixelSize) }
    }

    /// The texture shown, nil while a themed icon shows.
    public private(set) var texture: Texture?

    /// Shows the themed icon `name` (in place of any texture).
    public func show(iconName name: String) {
        texture = nil
        gtk_image_set_from_icon_name(opaque, name)
    }

    /// Shows `texture` scaled to the icon size (the image holds a
    /// reference to it while it shows).
    public func show(_ texture: Texture) {
        self.texture = texture
        gtk_image_set_from_paintable(opaque, texture.pointer)
    }

    /// Device pixels per logical pixel on the widget's display (2 on a
    /// HiDPI screen): what to decode a picture at.
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }

    /// The themed icon's name, when one shows.
    public var iconName: String? {
        gtk_image_get_icon_name(opaque).map { String(cString: $0) }
    }
}

/// A GtkHeaderBar: the window's title bar.
@MainActor
public final class HeaderBar: Widget {
    public init() {
        super.init(gtk_header_bar_new(), .sink)
    }

    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(opaque, child.widget) }
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(opaque, child.widget) }

    /// Puts `widget` where the title goes (nil: the window's title again).
    public func setTitleWidget(_ widget: Widget?) { gtk_header_bar_set_title_widget(opaque, widget?.widget) }

    /// Whether the header bar shows the window's close (and other) buttons.
    public var showsWindowButtons: Bool {
        get { gtk_header_bar_get_show_title_buttons(opaque) != 0 }
        set { gtk_header_bar_set_show_title_buttons(opaque, newValue ? 1 : 0) }
    }

}

/// A horizontal separator line.
@MainActor
public final class Separator: Widget {
    public init() {
        super.init(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL), .sink)
    }
}
