import CGtk
import Foundation

/// Dates as the rest of the desktop writes them: GLib's GDateTime in the
/// local time zone, with month names from the C library's locale (LC_TIME).
///
/// Cheaper than Foundation's date formatting, which pages in ICU's locale
/// data (about 3 MiB of memory) for a few words.
public enum LocalTime {
    /// `date` written with a `g_date_time_format` pattern ("%-d %b %Y"), in
    /// the local time zone; nil outside GLib's range (years 1 to 9999).
    public static func format(_ date: Date, _ pattern: String) -> String? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard abs(seconds) < 4e11, let time = g_date_time_new_from_unix_local(gint64(seconds)) else { return nil }
        defer { g_date_time_unref(time) }
        guard let text = g_date_time_format(time, pattern) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
