import Foundation

/// Dates as feeds really write them, read by one tolerant scanner instead
/// of a list of formats:
/// - RFC 3339 and W3C-DTF, with or without seconds, fractions or an offset
///   (none means UTC), date-only (`2019-08-27`), year-month, year alone;
///   a space for the `T` (`2019-08-27 10:00:00`); slashes (`2020/1/10`);
/// - RFC 822 and its variants (with or without the weekday, the seconds,
///   a two-digit year; numeric zones, GMT, UT, US and common European and
///   Asian zone names; an unknown zone name reads as UTC);
/// - JavaScript's `Date.toString()` (`Sat Oct 06 2018 00:00:00 GMT+0000
///   (Coordinated Universal Time)`) and C's `asctime` (`Sun Nov  6
///   08:49:37 1994`).
/// A year before 1900 is a placeholder (Hugo writes `0001-01-01`), not a
/// date: nil, as is anything without a year and a month.
public enum FeedDates {
    public static func parse(_ text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8.prefix(200)))
        return scanner.date()
    }

    private enum Token: Equatable {
        case number(Int, digits: Int)
        case word(String)
        case symbol(UInt8)
    }

    private struct Scanner {
        private var tokens: [Token] = []
        private var position = 0

        init(_ bytes: [UInt8]) {
            var index = 0
            var depth = 0  // inside "( … )": a comment
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "(") { depth += 1; index += 1; continue }
                if byte == UInt8(ascii: ")") { depth = max(0, depth - 1); index += 1; continue }
                if depth > 0 { index += 1; continue }
                if (0x30...0x39).contains(byte) {
                    var value = 0, digits = 0
                    while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                        if digits < 9 { value = value * 10 + Int(bytes[index] - 0x30) }
                        digits += 1
                        index += 1
                    }
                    tokens.append(.number(value, digits: digits))
                } else if (0x61...0x7A).contains(byte | 0x20) {
                    var word: [UInt8] = []
                    while index < bytes.count, (0x61...0x7A).contains(bytes[index] | 0x20) {
                        word.append(bytes[index] | 0x20)
                        index += 1
                    }
                    tokens.append(.word(String(decoding: word, as: UTF8.self)))
                } else {
                    if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != UInt8(ascii: ",") {
                        tokens.append(.symbol(byte))
                    }
                    index += 1
                }
            }
        }

        private var next: Token? { position < tokens.count ? tokens[position] : nil }

        private mutating func take(_ symbol: Character) -> Bool {
            guard next == .symbol(symbol.asciiValue ?? 0) else { return false }
            position += 1
            return true
        }

        private mutating func takeNumber(maxDigits: Int) -> Int? {
            guard case .number(let value, let digits)? = next, digits <= maxDigits else { return nil }
            position += 1
            return value
        }

        mutating func date() -> Date? {
            var numbers: [(value: Int, digits: Int)] = []
            var month: Int?
            var time: (hour: Int, minute: Int, second: Double)?
            var offset: Int?
            var afternoon: Bool?
            while let token = next {
                position += 1
                switch token {
                case .number(let value, let digits):
                    if time == nil, take(":"), let minute = takeNumber(maxDigits: 2) {
                        var second = 0.0
                        if take(":"), let whole = takeNumber(maxDigits: 2) {
                            second = Double(whole)
                            if take("."), case .number(let fraction, let fractionDigits)? = next {
                                position += 1
                                second += Double(fraction) / pow(10, Double(min(fractionDigits, 9)))
                            }
                        }
                        time = (value, minute, second)
                    } else {
                        numbers.append((value, digits))
                    }
                case .symbol(let symbol) where (symbol == UInt8(ascii: "+") || symbol == UInt8(ascii: "-")) && time != nil:
                    guard let minutes = zoneOffset() else { return nil }
                    offset = (offset ?? 0) + (symbol == UInt8(ascii: "-") ? -minutes : minutes)
                case .symbol:
                    continue
                case .word(let word):
                    if let named = Self.months[String(word.prefix(3))], word.count == 3 || Self.fullMonths.contains(word) {
                        month = month ?? named
                    } else if let zone = Self.zones[word] {
                        if time != nil || !numbers.isEmpty { offset = zone * 60 }
                    } else if word == "am" || word == "pm" {
                        afternoon = word == "pm"
                    }
                }
            }
            if var clock = time, let afternoon {
                if clock.hour == 12 { clock.hour = 0 }
                if afternoon { clock.hour += 12 }
                time = clock
            }
            guard let (year, monthNumber, day) = Self.yearMonthDay(numbers, month: month) else { return nil }
            return Self.date(year: year, month: monthNumber, day: day, time: time ?? (0, 0, 0), offsetMinutes: offset ?? 0)
        }

        /// `hhmm`, `hh:mm` or `hh` after a sign, in minutes.
        private mutating func zoneOffset() -> Int? {
            guard case .number(let value, let digits)? = next else { return nil }
            position += 1
            switch digits {
            case 3, 4: return (value / 100) * 60 + value % 100
            case 1, 2:
                if take(":"), let minutes = takeNumber(maxDigits: 2) { return value * 60 + minutes }
                return value * 60
            default: return nil
            }
        }

        /// The date's numbers read in the order they must be in.
        private static func yearMonthDay(_ numbers: [(value: Int, digits: Int)], month: Int?) -> (Int, Int, Int)? {
            if let month {
                // "6 Oct 2018", "Oct 06 2018", "06 Oct 18": the four-digit
                // (or larger than 31) number is the year, else the last.
                guard numbers.count >= 2 else { return nil }
                let yearIndex = numbers.firstIndex { $0.digits >= 3 || $0.value > 31 } ?? 1
                let dayIndex = yearIndex == 0 ? 1 : 0
                return (fullYear(numbers[yearIndex]), month, numbers[dayIndex].value)
            }
            guard let first = numbers.first else { return nil }
            if first.digits == 4 {
                // 2019, 2019-08, 2019-08-27, 2020/1/10
                return (first.value, numbers.count > 1 ? numbers[1].value : 1, numbers.count > 2 ? numbers[2].value : 1)
            }
            if numbers.count >= 3, numbers[2].digits == 4 {
                // 27/08/2019 when the first can't be a month, else 08/27/2019.
                return first.value > 12 ? (numbers[2].value, numbers[1].value, first.value)
                    : (numbers[2].value, first.value, numbers[1].value)
            }
            return nil
        }

        /// RFC 822's two-digit years: before 50 in this century.
        private static func fullYear(_ number: (value: Int, digits: Int)) -> Int {
            guard number.digits <= 2 else { return number.value }
            return number.value < 50 ? 2000 + number.value : 1900 + number.value
        }

        private static func date(year: Int, month: Int, day: Int, time: (hour: Int, minute: Int, second: Double),
                                 offsetMinutes: Int) -> Date? {
            guard (1900...9999).contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month, of: year),
                  (0...24).contains(time.hour), (0...59).contains(time.minute), time.second < 61,
                  abs(offsetMinutes) <= 18 * 60 else { return nil }
            let days = daysSinceEpoch(year: year, month: month, day: day)
            let seconds = Double(days * 86_400 + time.hour * 3_600 + time.minute * 60 - offsetMinutes * 60)
                + min(time.second, 59.999)
            return Date(timeIntervalSince1970: seconds)
        }

        private static func daysIn(_ month: Int, of year: Int) -> Int {
            switch month {
            case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        /// Days from 1970-01-01 to a date of the proleptic Gregorian
        /// calendar (Howard Hinnant's `days_from_civil`).
        private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
            let shifted = month <= 2 ? year - 1 : year
            let era = (shifted >= 0 ? shifted : shifted - 399) / 400
            let yearOfEra = shifted - era * 400
            let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        private static let months: [String: Int] = [
            "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
            "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
        ]

        private static let fullMonths: Set<String> = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "sept",
            "october", "november", "december",
        ]

        /// Zone names feeds use, in hours from UTC.
        private static let zones: [String: Int] = [
            "z": 0, "ut": 0, "utc": 0, "gmt": 0, "wet": 0,
            "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
            "akst": -9, "akdt": -8, "hst": -10,
            "bst": 1, "cet": 1, "cest": 2, "met": 1, "mest": 2, "west": 1, "eet": 2, "eest": 3, "msk": 3,
            "jst": 9, "kst": 9, "hkt": 8, "sgt": 8, "aest": 10, "aedt": 11, "nzst": 12, "nzdt": 13,
        ]
    }
}
