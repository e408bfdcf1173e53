import CGtk
import GtkKit

extension Widget {
    /// True when GTK holds this widget directly inside `parent`.
    package func isChild(of parent: Widget) -> Bool {
        gtk_widget_get_parent(widget) == parent.widget
    }

    /// True when this widget comes right after `sibling` in their parent;
    /// with nil, when it comes first.
    package func comesRight(after sibling: Widget?) -> Bool {
        gtk_widget_get_prev_sibling(widget) == sibling?.widget
    }
}
