import CGtk
import CGtkShim

/// Where a widget keeps the accessible description the app gave it.
private let descriptionKey = Attached.quark("feedline-accessible-description")

private final class DescriptionBox {
    let text: String
    init(_ text: String) { self.text = text }
}

/// A GtkWidget. Subclasses add what their widget kind needs.
@MainActor
open class Widget: Object {
    /// The GtkWidget (package: GtkKitTestSupport's checks read it).
    package var widget: UnsafeMutablePointer<GtkWidget> { pointer() }

    /// Wraps a widget pointer owned elsewhere (a parent, a list row).
    init(borrowing pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(pointer, .retain)
    }

    override init(_ pointer: UnsafeMutableRawPointer, _ ownership: Ownership) {
        super.init(pointer, ownership)
    }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// Shown and inside a shown window (mapped).
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    /// Setting the text it has already does nothing: GTK 4.8 asks the X
    /// server where the pointer is on every change (a round trip).
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set {
            guard newValue != tooltip else { return }
            gtk_widget_set_tooltip_text(widget, newValue)
        }
    }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }

    /// Whether the widget takes input (insensitive widgets are greyed out).
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    public var horizontalExpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }

    public var verticalExpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }

    public enum Alignment {
        case fill, start, end, center

        var gtk: GtkAlign {
            switch self {
            case .fill: GTK_ALIGN_FILL
            case .start: GTK_ALIGN_START
            case .end: GTK_ALIGN_END
            case .center: GTK_ALIGN_CENTER
            }
        }
    }

    public func align(horizontal: Alignment? = nil, vertical: Alignment? = nil) {
        if let horizontal { gtk_widget_set_halign(widget, horizontal.gtk) }
        if let vertical { gtk_widget_set_valign(widget, vertical.gtk) }
    }

    /// The height GTK gave the widget at the last layout (0 before).
    public var allocatedHeight: Int { Int(gtk_widget_get_height(widget)) }

    /// The width GTK gave the widget at the last layout (0 before).
    public var allocatedWidth: Int { Int(gtk_widget_get_width(widget)) }

    /// Where the widget's top edge is in `other`'s coordinates (negative:
    /// above it), or nil when the two are not in one window.
    public func top(in other: Widget) -> Double? {
        Self.top(of: widget, in: other)
    }

    /// `top(in:)` for a widget GtkKit has not wrapped (a list's rows, read
    /// in every frame without a wrapper each).
    static func top(of widget: UnsafeMutablePointer<GtkWidget>, in other: Widget) -> Double? {
        var x = 0.0
        var y = 0.0
        return gtk_widget_translate_coordinates(widget, other.widget, 0, 0, &x, &y) != 0 ? y : nil
    }

    /// True when the point (`x`, `y`), in this widget's coordinates, is on
    /// `other` or inside it (what a click there would reach).
    public func point(_ x: Double, _ y: Double, isOn other: Widget) -> Bool {
        guard let picked = gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT) else { return false }
        return picked == other.widget || gtk_widget_is_ancestor(picked, other.widget) != 0
    }

    /// The least height the widget needs for its current width.
    public var minimumHeight: Int {
        var minimum: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(widget), &minimum, nil, nil, nil)
        return Int(minimum)
    }

    /// Space kept free before the widget (left, in left-to-right text).
    public var marginStart: Int32 {
        get { gtk_widget_get_margin_start(widget) }
        set { gtk_widget_set_margin_start(widget, newValue) }
    }

    /// Space kept free after the widget (right, in left-to-right text).
    public var marginEnd: Int32 {
        get { gtk_widget_get_margin_end(widget) }
        set { gtk_widget_set_margin_end(widget, newValue) }
    }

    public func setSizeRequest(width: Int32 = -1, height: Int32 = -1) {
        gtk_widget_set_size_request(widget, width, height)
    }

    // MARK: Children

    /// The GTK type name of the widget ("GtkButton").
    var typeName: String {
        String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
    }

    /// The widgets GTK holds directly inside this one, in order (borrowed:
    /// GTK owns them).
    var children: [Widget] {
        var children: [Widget] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            children.append(Widget(borrowing: current))
            child = gtk_widget_get_next_sibling(current)
        }
        return children
    }

    /// How many widgets GTK holds directly inside this one (a stack's
    /// pages, for instance).
    public var childCount: Int { children.count }

    /// The first widget of GTK type `typeName` inside this one, depth
    /// first; for naming parts GTK builds itself (a stock search button).
    public func firstDescendant(ofType typeName: String) -> Widget? {
        for child in children {
            if child.typeName == typeName { return child }
            if let deeper = child.firstDescendant(ofType: typeName) { return deeper }
        }
        return nil
    }

    // MARK: Focus

    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    /// True when the keyboard focus is this widget or inside it.
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widget),
              let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// Takes keyboard focus away from this widget (or its children), so
    /// that nothing has it in the window for a moment.
    public func dropFocus() {
        guard containsFocus, let root = gtk_widget_get_root(widget) else { return }
        gtk_root_set_focus(root, nil)
    }

    // MARK: Accessibility

    /// The widget as a GtkAccessible (package: for GtkKitTestSupport's
    /// checks of what GTK holds).
    package var accessible: OpaquePointer { OpaquePointer(widget) }

    /// The accessible name a screen reader speaks for this widget.
    public func setAccessibleLabel(_ label: String) {
        feedline_accessible_set_label(accessible, label)
    }

    /// Names the widget `label` alone. GTK 4.8 reads an accessible label
    /// followed by the names of the widget's mnemonic labels ("Retry Retry"
    /// for a button with a mnemonic); this drops the second.
    func setSoleAccessibleLabel(_ label: String) {
        feedline_accessible_set_sole_label(accessible, label)
    }

    /// The accessible description (spoken after the name, or on change when
    /// the widget has focus). nil goes back to what GTK derives from the
    /// tooltip. The value is remembered (`accessibleDescription`), since
    /// GTK 4.8 cannot read it back.
    public func setAccessibleDescription(_ description: String?) {
        Attached.set(description.map(DescriptionBox.init), on: object, key: descriptionKey)
        showAccessibleDescription(description)
    }

    /// The description this app set, if any (not the tooltip's).
    public var accessibleDescription: String? {
        Attached.get(DescriptionBox.self, from: object, key: descriptionKey)?.text
    }

    /// Shows `text` as the description for a while, without forgetting the
    /// widget's own (for announcements). `nil` shows the own one again.
    func showAccessibleDescription(_ text: String?) {
        if let text = text ?? accessibleDescription ?? tooltip {
            feedline_accessible_set_description(accessible, text)
        } else {
            feedline_accessible_reset_description(accessible)
        }
    }

    /// The BUSY state: "something in here is loading".
    public func setAccessibleBusy(_ busy: Bool) {
        feedline_accessible_set_busy(accessible, busy ? 1 : 0)
    }

    // MARK: Actions

    /// Activates a GAction or widget action (such as `list.scroll-to-item`)
    /// with a `u` (unsigned) parameter. Returns false if no such action.
    @discardableResult
    public func activateAction(_ name: String, uint parameter: UInt32) -> Bool {
        activateAction(name, parameter: g_variant_new_uint32(parameter))
    }

    /// Activates `name` with `parameter`, a new floating GVariant, which
    /// this consumes. GTK does not: a widget class's action (the list's
    /// `scroll-to-item`, `activate-item`) is called with the parameter as
    /// it is, and an action that isn't there never sees it, so a floating
    /// parameter handed straight to GTK is never freed (about 100 bytes a
    /// call; the soak's heaptrack found them). GIO's own actions sink what
    /// they get, which is why the reference is taken here first.
    func activateAction(_ name: String, parameter: OpaquePointer) -> Bool {
        g_variant_ref_sink(parameter)
        defer { g_variant_unref(parameter) }
        return gtk_widget_activate_action_variant(widget, name, parameter) != 0
    }
}

extension Widget {
    /// Runs `action` once the widget is realized (it then has a frame
    /// clock, before its first frame): at once if it already is.
    public func whenRealized(_ action: @escaping @MainActor () -> Void) {
        guard gtk_widget_get_realized(widget) == 0 else {
            action()
            return
        }
        var connection: SignalConnection?
        connection = connect("realize", perform: {
            connection?.disconnect()
            connection = nil
            action()
        })
    }

    /// Runs `action` once, after the next frame has been laid out and
    /// painted: sizes and scroll ranges are then up to date. Requests that
    /// frame, so it comes even if nothing else changes. A widget not
    /// realized yet (a window not shown yet) has no frame: `action` runs
    /// after its first one.
    public func afterNextFrame(_ action: @escaping @MainActor () -> Void) {
        guard let clock = gtk_widget_get_frame_clock(widget) else {
            if gtk_widget_get_realized(widget) != 0 {
                action()
            } else {
                whenRealized { [weak self] in self?.afterNextFrame(action) }
            }
            return
        }
        let frameClock = Object(UnsafeMutableRawPointer(clock), .retain)
        var connection: SignalConnection?
        let handler: VoidHandler = {
            connection?.disconnect()
            action()
        }
        connection = frameClock.connect("after-paint", perform: handler)
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT)
    }
}

extension Widget {
    /// Activates an action taking a string ("win.copy-link" with an id).
    @discardableResult
    public func activateAction(_ name: String, string parameter: String) -> Bool {
        activateAction(name, parameter: g_variant_new_string(parameter))
    }

    /// Activates a parameterless action by its detailed name ("win.refresh"),
    /// as a shortcut or a button would. Returns false if there is none.
    @discardableResult
    public func activateAction(_ name: String) -> Bool {
        gtk_widget_activate_action_variant(widget, name, nil) != 0
    }
}
