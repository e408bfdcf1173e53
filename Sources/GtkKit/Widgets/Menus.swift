import CGtk

/// A GMenu: the model behind popover menus and the primary menu.
@MainActor
public final class Menu: Object {
    public init() {
        super.init(UnsafeMutableRawPointer(g_menu_new()!), .adopt)
    }

    /// What was appended, in order (sections not included).
    public private(set) var items: [(label: String, action: String, target: String?)] = []

    /// Adds an item running `action` ("win.open-link"), with a string
    /// parameter when `target` is given.
    public func append(_ label: String, action: String, target: String? = nil) {
        items.append((label, action, target))
        let item = g_menu_item_new(label, nil)!
        g_menu_item_set_action_and_target_value(item, action, target.map { g_variant_new_string($0) })
        g_menu_append_item(opaque, item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// Empties the menu (a menu button showing it updates at once).
    public func removeAll() {
        items.removeAll()
        g_menu_remove_all(opaque)
    }

    /// Adds a section (drawn with separators around it).
    public func appendSection(_ section: Menu) {
        g_menu_append_section(opaque, nil, section.model)
    }

    var model: UnsafeMutablePointer<GMenuModel> { pointer() }
}

/// A menu that pops up over a widget (a context menu).
@MainActor
public enum ContextMenu {
    /// Shows `menu` pointing at (`x`, `y`) in `widget` (its middle when
    /// nil). Its actions are looked up from `widget` upwards, so window
    /// actions work. The popover is removed again once closed.
    public static func popUp(_ menu: Menu, at widget: Widget, x: Double? = nil, y: Double? = nil) {
        let popover = Widget(UnsafeMutableRawPointer(gtk_popover_menu_new_from_model(menu.model)!), .sink)
        gtk_widget_set_parent(popover.widget, widget.widget)
        let px = Int32(x ?? Double(gtk_widget_get_width(widget.widget)) / 2)
        let py = Int32(y ?? Double(gtk_widget_get_height(widget.widget)) / 2)
        var rect = GdkRectangle(x: px, y: py, width: 1, height: 1)
        gtk_popover_set_pointing_to(popover.pointer(), &rect)
        gtk_popover_set_has_arrow(popover.pointer(), 0)
        // Unparenting drops the last reference and frees the popover. Capture
        // the pointer, not the wrapper, or popover and closure would keep
        // each other alive.
        let raw = popover.widget
        // Focus goes back where it was when the menu closes (GTK would leave
        // it nowhere: the popover's parent need not be focusable).
        let root = gtk_widget_get_root(widget.widget)
        let previousFocus = root.flatMap { gtk_root_get_focus($0) }.map { Widget(borrowing: $0) }
        // "closed" can come more than once: handle the first only. The
        // handler holds `menu` while it shows (so `lastMenu`, weak, finds it)
        // and lets it go once closed.
        var connection: SignalConnection?
        let closed: @MainActor () -> Void = {
            withExtendedLifetime(menu) {}
            connection?.disconnect()
            isOpen = false
            if let previousFocus, let root {
                let focus = gtk_root_get_focus(root)
                if focus == nil || gtk_widget_is_ancestor(focus, raw) != 0 { previousFocus.grabFocus() }
            }
            // After the chosen item's action ran: unparent on the next turn,
            // holding a reference until then.
            g_object_ref(raw)
            MainLoop.schedule(after: .zero) {
                gtk_widget_unparent(raw)
                g_object_unref(raw)
            }
        }
        connection = popover.connect("closed", perform: closed)
        gtk_popover_popup(popover.pointer())
        isOpen = true
        lastMenu = menu
    }

    /// Whether a context menu is showing, and the menu shown last while it
    /// is still alive (for tests: package, not exported; weak, so it keeps
    /// no menu alive once its popover has closed).
    package private(set) static var isOpen = false
    package private(set) static weak var lastMenu: Menu?
}

/// A GtkMenuButton showing a menu model: the header bar's primary menu.
@MainActor
public final class MenuButton: Widget {
    public init(iconName: String, menu: Menu) {
        super.init(gtk_menu_button_new(), .sink)
        gtk_menu_button_set_icon_name(opaque, iconName)
        gtk_menu_button_set_menu_model(opaque, menu.model)
        // The primary menu: F10 opens it.
        gtk_menu_button_set_primary(opaque, 1)
    }

    /// A button showing `label` and a down arrow, that opens `menu`.
    public init(label: String, menu: Menu) {
        super.init(gtk_menu_button_new(), .sink)
        gtk_menu_button_set_label(opaque, label)
        gtk_menu_button_set_always_show_arrow(opaque, 1)
        gtk_menu_button_set_menu_model(opaque, menu.model)
    }

    public var label: String? {
        get { gtk_menu_button_get_label(opaque).map { String(cString: $0) } }
        set { gtk_menu_button_set_label(opaque, newValue) }
    }

    /// Opens (or closes) its menu, as a click would.
    public func popUp() { gtk_menu_button_popup(opaque) }

    /// Makes `menu` the one it opens.
    public func setMenu(_ menu: Menu) {
        gtk_menu_button_set_menu_model(opaque, menu.model)
    }

    /// Whether its menu is showing.
    public var isOpen: Bool {
        gtk_menu_button_get_popover(opaque).map { gtk_widget_get_visible(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self)) != 0 } ?? false
    }
    public func popDown() { gtk_menu_button_popdown(opaque) }
}
