import CGtk
import CGtkShim

/// A GtkPicture showing a `Texture`, or nothing (its CSS background is the
/// placeholder) while there is none.
@MainActor
public final class Picture: Widget {
    /// The texture shown, if any.
    public private(set) var texture: Texture?

    /// A picture of exactly `width` × `height` logical pixels, whatever
    /// it shows (the image covers it, cropped), so rows never change size
    /// when an image arrives. Content that passes its corners is clipped
    /// (rounded corners in CSS round the image too).
    public init(width: Int32, height: Int32) {
        super.init(gtk_picture_new(), .sink)
        gtk_picture_set_can_shrink(picture, 1)
        gtk_picture_set_content_fit(picture, GTK_CONTENT_FIT_COVER)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        setSizeRequest(width: width, height: height)
        align(horizontal: .start, vertical: .center)
        // Decorative: the row's name already says whose post it is.
        feedline_accessible_set_hidden(OpaquePointer(widget), 1)
    }

    private var picture: OpaquePointer { opaque }

    /// Shows `texture`, or the placeholder for nil.
    public func show(_ texture: Texture?) {
        self.texture = texture
        gtk_picture_set_paintable(picture, texture?.pointer)
    }

    /// Device pixels per logical pixel on the widget's display (2 on a
    /// HiDPI screen): what to decode images at.
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }
}
