import CGtk

/// A GtkListView over a `ListStore`, without selection (rows are focused and
/// activated, not selected). Place it directly in a `ScrolledWindow`.
@MainActor
public final class ListView: Widget {
    public init<Element, Cell>(model: ListStore<Element>, factory: ListItemFactory<Element, Cell>) {
        // Both constructors take ownership of their argument: give them a
        // reference of their own.
        g_object_ref(model.object)
        let selection = gtk_no_selection_new(model.model)
        g_object_ref(factory.object)
        let view = gtk_list_view_new(selection, factory.opaque)!
        super.init(view, .sink)
    }

    /// Draws a line between rows.
    public var showsSeparators: Bool {
        get { gtk_list_view_get_show_separators(opaque) != 0 }
        set { gtk_list_view_set_show_separators(opaque, newValue ? 1 : 0) }
    }

    /// Enter or a double click on an activatable row.
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) {
        connect("activate", uint: { position in handler(Int(position)) })
    }

    /// Scrolls the least needed to show the row at `position`.
    public func scrollTo(position: Int) {
        activateAction("list.scroll-to-item", uint: UInt32(position))
    }

    /// The row widgets that currently exist (GTK recycles them).
    public var rowWidgetCount: Int {
        var count = 0
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if Widget(borrowing: current).typeName == "GtkListItemWidget" {
                count += 1
            }
            child = gtk_widget_get_next_sibling(current)
        }
        return count
    }
}
