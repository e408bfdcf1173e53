import CGtk
import CGtkShim

/// GTK's settings for the display: text size and the dark style.
@MainActor
public enum Settings {
    private static var settings: UnsafeMutableRawPointer { UnsafeMutableRawPointer(gtk_settings_get_default()!) }

    /// Text resolution in 1/1024ths of a dot per inch (`gtk-xft-dpi`):
    /// 96 × 1024 is normal size; twice that is "large text" at 2x.
    public static var textDPI: Int32 {
        get { feedline_object_get_int(settings, "gtk-xft-dpi") }
        set { feedline_object_set_int(settings, "gtk-xft-dpi", newValue) }
    }

    /// Whether the app asks for the theme's dark variant.
    public static var prefersDarkTheme: Bool {
        get { feedline_object_get_boolean(settings, "gtk-application-prefer-dark-theme") != 0 }
        set { feedline_object_set_boolean(settings, "gtk-application-prefer-dark-theme", newValue ? 1 : 0) }
    }
}

/// A string key of an installed GSettings schema, watched for changes.
/// Schemas that are not installed give nil instead of aborting (as
/// `g_settings_new` would).
@MainActor
public final class SettingsKey {
    private let settings: Object
    public let key: String

    public init?(schema schemaID: String, key: String) {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, key) != 0 else { return nil }
        settings = Object(UnsafeMutableRawPointer(g_settings_new(schemaID)!), .adopt)
        self.key = key
    }

    public var stringValue: String {
        get {
            let value = g_settings_get_string(settings.pointer(), key)!
            defer { g_free(value) }
            return String(cString: value)
        }
        set { g_settings_set_string(settings.pointer(), key, newValue) }
    }

    /// Calls `handler` whenever the key changes (here or elsewhere).
    public func onChange(_ handler: @escaping @MainActor () -> Void) {
        settings.connect("changed::\(key)", pointer: { _ in handler() })
    }
}

extension Widget {
    /// Puts `text` on the clipboard of the widget's display.
    public func copyToClipboard(_ text: String) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text)
    }
}
