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
        case ..<60: return "just now"
        case ..<3600: return plural(Int(seconds / 60), "minute") + " ago"
        case ..<86_400: return plural(Int(seconds / 3600), "hour") + " ago"
        default: break
        }
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date),
                                           to: calendar.startOfDay(for: now)).day ?? 0
        switch days {
        case ...1: return "yesterday"
        case ..<7: return "\(days) days ago"
        default: return absolute(date, now: now)
        }
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar
    }()

    private static func plural(_ count: Int, _ unit: String) -> String {
        count == 1 ? "1 \(unit)" : "\(count) \(unit)s"
    }

    /// "12 Mar", "12 Mar 2023", as GLib writes dates in the reader's locale.
    /// Formatting costs more than a row's bind should (a list binds rows
    /// in every scrolled frame), and feeds repeat days: each day is
    /// formatted once.
    private static func absolute(_ date: Date, now: Date) -> String {
        let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
        let key = AbsoluteKey(day: calendar.startOfDay(for: date), withYear: !sameYear)
        if let known = formatted.withLock({ $0[key] }) { return known }
        let text = LocalTime.format(date, sameYear ? "%-d %b" : "%-d %b %Y")
            ?? String(calendar.component(.year, from: date))
        formatted.withLock { cache in
            if cache.count >= 1024 { cache.removeAll() }
            cache[key] = text
        }
        return text
    }

    private struct AbsoluteKey: Hashable {
        let day: Date
        let withYear: Bool
    }

    private static let formatted = Mutex<[AbsoluteKey: String]>([:])
}
