import CGtk

/// Application-wide CSS, and icons of the app's own.
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

    /// Adds a folder laid out like `/usr/share/icons` (`hicolor/16x16/…`)
    /// to the default display's icon theme: the app's icons are found by
    /// name, from CSS too, after the theme's own.
    public static func addIconSearchPath(_ path: String) {
        gtk_icon_theme_add_search_path(iconTheme, path)
    }

    /// Whether the default display's icon theme has an icon called `name`.
    public static func hasIcon(named name: String) -> Bool {
        gtk_icon_theme_has_icon(iconTheme, name) != 0
    }

    /// The folders the default display's icon theme looks in.
    package static var iconSearchPath: [String] {
        get { StringArrays.take(gtk_icon_theme_get_search_path(iconTheme)) }
        set { StringArrays.with(newValue) { gtk_icon_theme_set_search_path(iconTheme, $0) } }
    }

    private static var iconTheme: OpaquePointer { gtk_icon_theme_get_for_display(gdk_display_get_default()) }

    /// The file the default display's icon theme gives for `name` at
    /// `size` pixels and `scale`, if it is one of files.
    package static func iconFile(named name: String, size: Int32, scale: Int32) -> String? {
        guard let icon = gtk_icon_theme_lookup_icon(iconTheme, name, nil, size, scale, GTK_TEXT_DIR_LTR,
                                                   GtkIconLookupFlags(rawValue: 0)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
        guard let file = gtk_icon_paintable_get_file(icon) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }
}
