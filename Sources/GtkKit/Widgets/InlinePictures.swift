import CGtk
import CGtkShim

// Pictures inside a label's text (custom emoji), drawn by Pango as if they
// were glyphs: the text stays one label, so it wraps, ellipsizes and costs
// what a label costs. The rule it keeps: the label's text must hold U+FFFC
// at every offset given (see FeedCore's EmojiText), and a picture's square
// is there before its texture, so nothing moves when one arrives.

extension Label {
    /// One picture in the text: the UTF-8 offset of its U+FFFC, and what
    /// it shows (nil: its empty square for now).
    public struct InlinePicture {
        public var utf8Offset: Int
        public var texture: Texture?

        public init(utf8Offset: Int, texture: Texture?) {
            self.utf8Offset = utf8Offset
            self.texture = texture
        }
    }

    /// Draws `pictures` in the label's text, each a square a line tall,
    /// replacing the pictures (and any other attributes) it had. Set the
    /// text first. An empty list removes them.
    public func setInlinePictures(_ pictures: [InlinePicture]) {
        let offsets = pictures.map { Int32(clamping: $0.utf8Offset) }
        let textures: [OpaquePointer?] = pictures.map { $0.texture?.pointer }
        withExtendedLifetime(pictures) {
            offsets.withUnsafeBufferPointer { offsets in
                textures.withUnsafeBufferPointer { textures in
                    feedline_label_set_inline_pictures(opaque, offsets.baseAddress, textures.baseAddress,
                                                       Int32(pictures.count))
                }
            }
        }
    }
}

extension Widget {
    /// Forgets the accessible name given with `setAccessibleLabel`: GTK
    /// names the widget as it would by itself again (a label by its text).
    public func resetAccessibleLabel() {
        gtk_accessible_reset_property(OpaquePointer(widget), GTK_ACCESSIBLE_PROPERTY_LABEL)
    }
}

extension Widget {
    /// Device pixels per logical pixel where the widget is shown (2 on a
    /// HiDPI screen): what to decode its pictures at.
    public var displayScale: Int { Int(gtk_widget_get_scale_factor(widget)) }
}
