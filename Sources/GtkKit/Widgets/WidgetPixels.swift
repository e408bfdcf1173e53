import CGtk

/// What a shown widget draws, read back as pixels: for tests that check
/// that something is drawn at all (an icon loaded from a file, a picture),
/// not how it looks.
package struct WidgetPixels: Sendable {
    package var width: Int
    package var height: Int
    /// Four bytes a pixel, row by row: blue, green, red, alpha,
    /// premultiplied (GdkTexture's download).
    package var bytes: [UInt8]

    /// How many pixels are not fully transparent.
    package var inkedCount: Int {
        stride(from: 3, to: bytes.count, by: 4).reduce(0) { $0 + (bytes[$1] > 0 ? 1 : 0) }
    }
}

extension Widget {
    /// What the widget draws now, through its window's renderer, at its
    /// size; nil while it has no size or no window, or when it draws
    /// nothing.
    package func renderedPixels() -> WidgetPixels? {
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
              let renderer = gtk_native_get_renderer(native) else { return nil }
        let paintable = gtk_widget_paintable_new(widget)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                       size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let textureWidth = Int(gdk_texture_get_width(texture)), textureHeight = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: textureWidth * textureHeight * 4)
        bytes.withUnsafeMutableBufferPointer { buffer in
            gdk_texture_download(texture, buffer.baseAddress, gsize(textureWidth * 4))
        }
        return WidgetPixels(width: textureWidth, height: textureHeight, bytes: bytes)
    }
}
