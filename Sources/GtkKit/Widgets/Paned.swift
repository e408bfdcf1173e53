import CGtk

/// A GtkPaned side by side: a start child (a sidebar) and an end child
/// (the content), with a handle between them that the reader can drag.
///
/// The sidebar keeps its width as the window grows or shrinks (only the
/// content resizes), and neither child is squeezed below the least size
/// it asks for. Hiding the start child (`isStartChildShown`) hides the
/// handle with it and gives the content the whole width; showing it again
/// brings it back at the width it had.
///
/// Ownership: the paned holds both children (GTK's references), as any
/// container does.
@MainActor
public final class Paned: Widget {
    private let start: Widget

    public init(start: Widget, end: Widget) {
        self.start = start
        super.init(gtk_paned_new(GTK_ORIENTATION_HORIZONTAL), .sink)
        gtk_paned_set_start_child(opaque, start.widget)
        gtk_paned_set_end_child(opaque, end.widget)
        gtk_paned_set_resize_start_child(opaque, 0)
        gtk_paned_set_shrink_start_child(opaque, 0)
        gtk_paned_set_resize_end_child(opaque, 1)
        gtk_paned_set_shrink_end_child(opaque, 0)
    }

    /// Where the handle is: the start child's width, in logical pixels.
    public var position: Int {
        get { Int(gtk_paned_get_position(opaque)) }
        set { gtk_paned_set_position(opaque, Int32(newValue)) }
    }

    /// Whether the start child (and the handle) shows.
    public var isStartChildShown: Bool {
        get { start.isVisible }
        set { start.isVisible = newValue }
    }
}
