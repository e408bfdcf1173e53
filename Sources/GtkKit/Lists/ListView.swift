import CGtk

/// A GtkListView: one item per row.
@MainActor
public final class ListView: ListBase {
    public init<Element, Cell>(model: ListStore<Element>, factory: ListItemFactory<Element, Cell>) {
        super.init(model: model, factory: factory) { gtk_list_view_new($0, $1) }
    }

    /// Draws a line between rows.
    public var showsSeparators: Bool {
        get { gtk_list_view_get_show_separators(opaque) != 0 }
        set { gtk_list_view_set_show_separators(opaque, newValue ? 1 : 0) }
    }
}
