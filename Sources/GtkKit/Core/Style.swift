import CGtk

/// Application-wide CSS.
@MainActor
public enum Style {
    /// Adds `css` for every widget on the default display, above the theme.
    public static func addApplicationCSS(_ css: String) {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(provider),
            UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
