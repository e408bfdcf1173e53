import CGtk

/// A GtkListView: one item per row.
@MainActor
public final class ListView: ListBase {
    public convenience init<Element, Cell>(model: ListStore<Element>, factory: ListItemFactory<Element, Cell>) {
        self.init(model: model as Object, factory: factory)
    }

    public convenience init<Element, Cell>(model: LazyListStore<Element>, factory: ListItemFactory<Element, Cell>) {
        self.init(model: model as Object, factory: factory)
    }

    private init(model: Object, factory: Object) {
        super.init(model: model, factory: factory) { gtk_list_view_new($0, $1) }
    }

    /// Activates a row with one click (and Enter) instead of a double
    /// click: a sidebar's way. The row under the pointer is highlighted.
    public var activatesOnSingleClick: Bool {
        get { gtk_list_view_get_single_click_activate(opaque) != 0 }
        set { gtk_list_view_set_single_click_activate(opaque, newValue ? 1 : 0) }
    }

    /// Draws a line between rows.
    public var showsSeparators: Bool {
        get { gtk_list_view_get_show_separators(opaque) != 0 }
        set { gtk_list_view_set_show_separators(opaque, newValue ? 1 : 0) }
    }
}
