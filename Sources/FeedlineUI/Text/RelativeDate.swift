import Foundation
import GtkKit
import Synchronization

/// "just now", "5 minutes ago", "2 hours ago", "yesterday", "3 days ago",
/// then the date itself ("12 Mar 2023"): short enough to be heard often.
enum RelativeDate {
    static func describe(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < -60 { return absolute(date, now: now) }  // in the future: say when
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
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date),
                                           to: calendar.startOfDay(for: now)).day ?? 0
        switch days {
        case ...1: return L("yesterday")
        case ..<7: return Localization.format(L("%d day ago", "%d days ago", days), days)
        default: return absolute(date, now: now)
        }
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar
    }()


    /// "12 Mar", "12 Mar 2023", as GLib writes dates in the reader's locale.
    /// Formatting costs more than a row's bind should (a list binds rows
    /// in every scrolled frame), and feeds repeat days: each day is
    /// formatted once.
    private static func absolute(_ date: Date, now: Date) -> String {
        let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
        // Translators: a date this year ("12 Mar") and an older one ("12 Mar 2023"), as
        // g_date_time_format patterns (%-d the day, %b the month's short name, %Y the year).
        // xgettext:no-c-format
        let pattern = sameYear ? L("%-d %b")
            // xgettext:no-c-format
            : L("%-d %b %Y")
        let key = AbsoluteKey(day: calendar.startOfDay(for: date), pattern: pattern)
        if let known = formatted.withLock({ $0[key] }) { return known }
        let text = LocalTime.format(date, pattern) ?? String(calendar.component(.year, from: date))
        formatted.withLock { cache in
            if cache.count >= 1024 { cache.removeAll() }
            cache[key] = text
        }
        return text
    }

    private struct AbsoluteKey: Hashable {
        let day: Date
        /// The pattern, which is the language's own.
        let pattern: String
    }

    private static let formatted = Mutex<[AbsoluteKey: String]>([:])
}
