import CGtk

// Space around a widget, on the sides `Widget.marginEnd` leaves out.

extension Widget {
    /// Space kept free above the widget.
    public var marginTop: Int32 {
        get { gtk_widget_get_margin_top(widget) }
        set { gtk_widget_set_margin_top(widget, newValue) }
    }

    /// Space kept free below the widget.
    public var marginBottom: Int32 {
        get { gtk_widget_get_margin_bottom(widget) }
        set { gtk_widget_set_margin_bottom(widget, newValue) }
    }

    /// The same space on all four sides.
    public func margin(_ pixels: Int32) {
        gtk_widget_set_margin_top(widget, pixels)
        gtk_widget_set_margin_bottom(widget, pixels)
        gtk_widget_set_margin_start(widget, pixels)
        gtk_widget_set_margin_end(widget, pixels)
    }
}
