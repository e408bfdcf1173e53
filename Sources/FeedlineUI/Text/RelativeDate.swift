import Foundation
import GtkKit
import Synchronization

/// "just now", "5 minutes ago", "2 hours ago", "yesterday", "3 days ago",
/// then the date itself ("12 Mar 2023"): short enough to be heard often.
enum RelativeDate {
    static func describe(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        // Days are GLib's (`LocalTime.day`): Foundation's `Calendar` took
        // half of a row's bind, which a list pays in every scrolled frame.
        guard let day = LocalTime.day(of: date), let today = LocalTime.day(of: now) else {
            return String(Calendar(identifier: .gregorian).component(.year, from: date))
        }
        if seconds < -60 { return absolute(date, on: day, today: today) }  // in the future: say when
        switch seconds {
        case ..<60: return L("just now")
        case ..<3600:
            let minutes = Int(seconds / 60)
            return Localization.format(L("%d minute ago", "%d minutes ago", minutes), minutes)
        case ..<86_400:
            let hours = Int(seconds / 3600)
            return Localization.format(L("%d hour ago", "%d hours ago", hours), hours)
        default: break
        }
        let days = today.number - day.number
        switch days {
        case ...1: return L("yesterday")
        case ..<7: return Localization.format(L("%d day ago", "%d days ago", days), days)
        default: return absolute(date, on: day, today: today)
        }
    }

    /// "12 Mar", "12 Mar 2023", as GLib writes dates in the reader's locale.
    /// Formatting costs more than a row's bind should, and feeds repeat
    /// days: each day is formatted once.
    private static func absolute(_ date: Date, on day: LocalTime.Day, today: LocalTime.Day) -> String {
        // Translators: a date this year ("12 Mar") and an older one ("12 Mar 2023"), as
        // g_date_time_format patterns (%-d the day, %b the month's short name, %Y the year).
        // xgettext:no-c-format
        let pattern = day.year == today.year ? L("%-d %b")
            // xgettext:no-c-format
            : L("%-d %b %Y")
        let key = AbsoluteKey(day: day.number, pattern: pattern)
        if let known = formatted.withLock({ $0[key] }) { return known }
        let text = LocalTime.format(date, pattern) ?? String(day.year)
        formatted.withLock { cache in
            if cache.count >= 1024 { cache.removeAll() }
            cache[key] = text
        }
        return text
    }

    private struct AbsoluteKey: Hashable {
        /// `LocalTime.Day.number`.
        let day: Int
        /// The pattern, which is the language's own.
        let pattern: String
    }

    private static let formatted = Mutex<[AbsoluteKey: String]>([:])
}
