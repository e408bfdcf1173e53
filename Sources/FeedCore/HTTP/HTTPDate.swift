import Foundation

/// HTTP dates (RFC 9110, section 5.6.7), in the three forms a recipient
/// must accept:
///
///     Sun, 06 Nov 1994 08:49:37 GMT    IMF-fixdate (what servers should send)
///     Sunday, 06-Nov-94 08:49:37 GMT   obsolete RFC 850
///     Sun Nov  6 08:49:37 1994         obsolete asctime
///
/// Parsed by hand: no DateFormatter, no locale, safe from any thread.
public enum HTTPDate {
    /// The instant `text` names, or nil when it isn't an HTTP date. `now`
    /// settles RFC 850's two-digit years: a year more than 50 years ahead
    /// is taken as the one a century earlier.
    public static func parse(_ text: String, now: Date = Date()) -> Date? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        switch tokens.count {
        case 6 where tokens[0].hasSuffix(",") && tokens[5] == "GMT":
            guard isWeekday(tokens[0].dropLast(), long: false), tokens[1].count == 2, tokens[3].count == 4,
                  let day = Int(tokens[1]), let year = Int(tokens[3]) else { return nil }
            return date(year: year, month: tokens[2], day: day, time: tokens[4])
        case 4 where tokens[0].hasSuffix(",") && tokens[3] == "GMT":
            let parts = tokens[1].split(separator: "-", omittingEmptySubsequences: false)
            guard isWeekday(tokens[0].dropLast(), long: true), parts.count == 3,
                  parts[0].count == 2, parts[2].count == 2,
                  let day = Int(parts[0]), let shortYear = Int(parts[2]) else { return nil }
            return date(year: fullYear(shortYear, now: now), month: String(parts[1]), day: day, time: tokens[2])
        case 5:
            guard isWeekday(Substring(tokens[0]), long: false), (1...2).contains(tokens[2].count),
                  tokens[4].count == 4, let day = Int(tokens[2]), let year = Int(tokens[4]) else { return nil }
            return date(year: year, month: tokens[1], day: day, time: tokens[3])
        default:
            return nil
        }
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    private static func isWeekday(_ name: Substring, long: Bool) -> Bool {
        long ? weekdays.contains(String(name)) : weekdays.contains { $0.prefix(3) == name }
    }

    private static func date(year: Int, month name: String, day: Int, time: String) -> Date? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard let monthIndex = months.firstIndex(of: name), clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              hour < 24, minute < 60, second <= 60 else { return nil }
        let month = monthIndex + 1
        guard year >= 1, day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func fullYear(_ shortYear: Int, now: Date) -> Int {
        let current = civilYear(of: now)
        let year = current - current % 100 + shortYear
        return year > current + 50 ? year - 100 : year
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard
    /// Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The Gregorian year `date` falls in (UTC), from Hinnant's
    /// `civil_from_days`.
    private static func civilYear(of date: Date) -> Int {
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}
