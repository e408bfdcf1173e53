import CGtk
import Foundation
import Synchronization

/// Dates as the rest of the desktop writes them: GLib's GDateTime in the
/// local time zone, with month names from the C library's locale (LC_TIME).
///
/// Cheaper than Foundation's date formatting, which pages in ICU's locale
/// data (about 3 MiB of memory) for a few words.
public enum LocalTime {
    /// `date` written with a `g_date_time_format` pattern ("%-d %b %Y"), in
    /// the local time zone; nil outside GLib's range (years 1 to 9999).
    public static func format(_ date: Date, _ pattern: String) -> String? {
        withLocalTime(date) { time in
            guard let text = g_date_time_format(time, pattern) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }
    }

    /// A day of the local calendar: which year, and a number that grows by
    /// one from each day to the next (so that two days' difference counts
    /// the days between them).
    public struct Day: Hashable, Sendable {
        public let year: Int
        /// Days from 1 January of year 1 (the Gregorian calendar, extended
        /// back), that day being 1.
        public let number: Int

        public init(year: Int, dayOfYear: Int) {
            self.year = year
            let before = year - 1
            number = before * 365 + before / 4 - before / 100 + before / 400 + dayOfYear
        }

        /// The day `days` after 1 January 1970 (before it, when negative).
        init(daysSince1970 days: Int) {
            // The year of a day count, after Howard Hinnant's
            // `civil_from_days`: eras of 400 years starting in March.
            let shifted = days + 719_468
            let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthFromMarch = (5 * dayOfYear + 2) / 153
            year = yearOfEra + era * 400 + (monthFromMarch >= 10 ? 1 : 0)
            number = days + 719_163
        }
    }

    /// The local day `date` falls on; nil outside GLib's range (years 1
    /// to 9999). Arithmetic on the zone's offset at that moment, with no
    /// date made: Foundation's `Calendar` cost half of a list row's bind.
    public static func day(of date: Date) -> Day? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard abs(seconds) < 4e11 else { return nil }
        let utc = gint64(seconds)
        let offset = localZone { zone in
            g_time_zone_get_offset(zone, g_time_zone_find_interval(zone, G_TIME_TYPE_UNIVERSAL, utc))
        }
        let local = Int(utc) + Int(offset)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let day = Day(daysSince1970: Int(days))
        return (1...9999).contains(day.year) ? day : nil
    }

    private static func withLocalTime<T>(_ date: Date, _ body: (OpaquePointer) -> T?) -> T? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard abs(seconds) < 4e11, let time = g_date_time_new_from_unix_local(gint64(seconds)) else { return nil }
        defer { g_date_time_unref(time) }
        return body(time)
    }

    /// The local time zone, kept: while TZ is unset GLib reads its file
    /// again for every local time it makes. Made again when TZ changes,
    /// and (TZ unset) at most a minute later than /etc/localtime does.
    private struct Zone: @unchecked Sendable {
        /// A GTimeZone, immutable and safe to read from any thread.
        let pointer: OpaquePointer
        let variable: String?
        let made: ContinuousClock.Instant
    }

    private static let zone = Mutex<Zone?>(nil)

    private static func localZone<T>(_ body: (OpaquePointer) -> T) -> T {
        let variable = getenv("TZ").map { String(cString: $0) }
        return zone.withLock { kept in
            let now = ContinuousClock.now
            if let current = kept, current.variable == variable,
               variable != nil || current.made.duration(to: now) < .seconds(60) {
                return body(current.pointer)
            }
            if let old = kept { g_time_zone_unref(old.pointer) }
            let made = Zone(pointer: g_time_zone_new_local(), variable: variable, made: now)
            kept = made
            return body(made.pointer)
        }
    }
}
