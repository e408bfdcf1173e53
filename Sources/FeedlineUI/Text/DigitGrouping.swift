#if canImport(Glibc)
import Glibc
#endif

/// How a locale groups the digits of whole numbers ("76,543", "76.543",
/// "76 543"), as the C library's locale data says (LC_NUMERIC's
/// `thousands_sep` and `grouping`): what `printf("%'d")` and every C
/// program on the desktop write.
///
/// Not Foundation's number formatting: that starts ICU, whose data pages
/// and tables were 4 MiB of the process's memory for the sidebar's counts
/// alone (docs/BENCHMARKS.md, "ICU, for the digits of a count").
public struct DigitGrouping: Sendable, Equatable {
    /// Written between groups.
    public var separator: String
    /// The groups' sizes from the right; the last one repeats (C's
    /// `grouping`: "3" is thousands, "3, 2" lakhs and crores). Empty:
    /// digits are not grouped.
    public var sizes: [Int]

    public init(separator: String, sizes: [Int]) {
        self.separator = separator
        self.sizes = sizes
    }

    /// "76,543": how English writes numbers, and Feedline in the C and
    /// POSIX locales, whose words are the untranslated English ones.
    public static let english = DigitGrouping(separator: ",", sizes: [3])

    /// The grouping of the C locale `name` ("de_DE.UTF-8"). C, POSIX (or
    /// none), and a locale this computer doesn't have (setting the locale
    /// failed, so the words are English too) group as English does.
    public init(localeNamed name: String?) {
        let language = (name ?? "").prefix { $0 != "." && $0 != "@" }
        guard !language.isEmpty, language != "C", language != "POSIX",
              let name, let locale = newlocale(LC_NUMERIC_MASK, name, nil) else {
            self = .english
            return
        }
        defer { freelocale(locale) }
        // localeconv() reads the calling thread's locale: switch to the
        // named one and back.
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        guard let conventions = localeconv()?.pointee else {
            self = .english
            return
        }
        let separator = String(validatingCString: conventions.thousands_sep) ?? ""
        var sizes: [Int] = []
        var group = conventions.grouping
        // Each byte a group's size, the last repeating. CHAR_MAX (or a
        // negative byte) first means no grouping; after sizes it would mean
        // no more groups, which no glibc locale says, so it ends the list.
        while let size = group?.pointee, size > 0, size != CChar.max {
            sizes.append(Int(size))
            group = group?.successor()
        }
        self.init(separator: separator, sizes: separator.isEmpty ? [] : sizes)
    }

    /// `number` with its digits grouped: 7654321 as "7,654,321". About
    /// 0.2 µs, written byte by byte.
    public func group(_ number: Int) -> String {
        let digits = String(number.magnitude).utf8
        guard let first = sizes.first, digits.count > first else { return String(number) }
        // Where groups begin, counted from the left, nearest the end first.
        var cuts: [Int] = []
        var left = digits.count
        var index = 0
        while true {
            left -= sizes[min(index, sizes.count - 1)]
            guard left > 0 else { break }
            cuts.append(left)
            index += 1
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count + cuts.count * separator.utf8.count + 1)
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var next = cuts.popLast()
        for (offset, digit) in digits.enumerated() {
            if offset == next {
                bytes.append(contentsOf: separator.utf8)
                next = cuts.popLast()
            }
            bytes.append(digit)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
