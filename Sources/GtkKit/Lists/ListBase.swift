import CGtk

/// What GtkListView and GtkGridView share (GTK's GtkListBase): a view of a
/// `ListStore` (or a `LazyListStore`) whose items the factory's cells show, without selection
/// (items are focused and activated, not selected). Place it directly in a
/// `ScrolledWindow`.
@MainActor
public class ListBase: Widget {
    /// The view takes ownership of a GtkNoSelection over `model`, and so of
    /// `model` and `factory`: both get a reference of their own for it.
    init(model: Object, factory: Object,
         make: (OpaquePointer?, OpaquePointer) -> UnsafeMutablePointer<GtkWidget>?) {
        g_object_ref(model.object)
        let selection = gtk_no_selection_new(model.opaque)
        g_object_ref(factory.object)
        super.init(make(selection, factory.opaque)!, .sink)
    }

    /// Enter or a double click on an activatable item.
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) {
        connect("activate", uint: { position in handler(Int(position)) })
    }

    /// Scrolls the least needed to show the item at `position`.
    public func scrollTo(position: Int) {
        activateAction("list.scroll-to-item", uint: UInt32(position))
    }

    /// The item widgets that currently exist (GTK recycles them).
    public var rowWidgetCount: Int {
        children.filter { $0.typeName == "GtkListItemWidget" }.count
    }
}
