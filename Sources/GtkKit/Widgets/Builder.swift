import CGtk

/// Widgets described in GtkBuilder XML: used for the shortcuts window,
/// whose many small parts are clearest as a description.
@MainActor
public enum Builder {
    /// Builds `xml` and returns the object with `id` as a widget.
    public static func widget(from xml: String, id: String) -> Widget {
        let builder = gtk_builder_new_from_string(xml, -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let object = gtk_builder_get_object(builder, id) else {
            fatalError("no object \"\(id)\" in the builder XML")
        }
        // The builder holds toplevels only until it is freed: take our own.
        return Widget(UnsafeMutableRawPointer(object), .retain)
    }
}

/// The "About" window.
@MainActor
public enum AboutDialog {
    public struct Info {
        public var name: String
        public var version: String
        public var comments: String
        public var iconName: String
        public var copyright: String

        public init(name: String, version: String, comments: String, iconName: String, copyright: String) {
            self.name = name
            self.version = version
            self.comments = comments
            self.iconName = iconName
            self.copyright = copyright
        }
    }

    /// Shows the about window for `info`, over `window` (GPL-3.0-or-later).
    public static func present(_ info: Info, over window: Window) {
        let dialog = gtk_about_dialog_new()!
        let about = OpaquePointer(dialog)
        gtk_about_dialog_set_program_name(about, info.name)
        gtk_about_dialog_set_version(about, info.version)
        gtk_about_dialog_set_comments(about, info.comments)
        gtk_about_dialog_set_logo_icon_name(about, info.iconName)
        gtk_about_dialog_set_copyright(about, info.copyright)
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_GPL_3_0)
        let aboutWindow = UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_transient_for(aboutWindow, window.pointer())
        gtk_window_set_modal(aboutWindow, 1)
        gtk_window_present(aboutWindow)
    }
}
