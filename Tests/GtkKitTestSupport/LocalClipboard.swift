import CGtk
import CGtkTestSupport
import GtkKit

// The clipboard as this app left it, for tests that check what was copied.
// Test support only: the app never links it. The rule it keeps: reads this
// process's own clipboard content (no display round trip); the C string it
// gets is freed here.

extension Widget {
    /// The text this app last put on the clipboard, if it still owns it.
    package var clipboardText: String? {
        guard let text = feedline_clipboard_local_text(gtk_widget_get_clipboard(widget)) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
