import CGtk

/// A GtkGridView: items in columns, as many as the width allows (each at
/// least as wide as its cell asks), at most `maxColumns`.
/// Arrow keys move in two dimensions.
@MainActor
public final class GridView: ListBase {
    public convenience init<Element, Cell>(model: ListStore<Element>, factory: ListItemFactory<Element, Cell>) {
        self.init(model: model as Object, factory: factory)
    }

    public convenience init<Element, Cell>(model: LazyListStore<Element>, factory: ListItemFactory<Element, Cell>) {
        self.init(model: model as Object, factory: factory)
    }

    private init(model: Object, factory: Object) {
        super.init(model: model, factory: factory) { gtk_grid_view_new($0, $1) }
        // Columns from the cells' least width, not their natural one (a
        // picture's natural width is its image's, which would make the
        // columns as few as the largest image is wide).
        gtk_scrollable_set_hscroll_policy(opaque, GTK_SCROLL_MINIMUM)
    }

    public var maxColumns: Int {
        get { Int(gtk_grid_view_get_max_columns(opaque)) }
        set { gtk_grid_view_set_max_columns(opaque, guint(newValue)) }
    }
}
