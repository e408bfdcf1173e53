import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Feedline's words in the reader's language, through GNU gettext (the
/// text domain "feedline", `po/`). Every user-visible string goes through
/// `L("…")` or, with a count, `L("%d item", "%d items", n)`; xgettext finds
/// them (`po/meson.build`: `--keyword=L --keyword=L:1,2`), so a marked
/// string must be one plain literal: no interpolation, no concatenation
/// inside the call. Values go in with `Localization.format`, whose `%s` and
/// `%d` (or `%1$s`, `%2$d` when a translation reorders them) take strings
/// and numbers alike. Without a catalog for the language, gettext returns
/// the English text unchanged.
public enum Localization {
    public static let domain = "feedline"

    /// Binds the text domain: call once at start-up, before any word is
    /// shown or printed (`--help` too). `localeDirectory`: where the
    /// catalogs are (`<prefix>/share/locale`); nil takes
    /// `$FEEDLINE_LOCALE_DIR` (the pseudo-locale test's catalogs), else
    /// finds it beside the executable, as the sample feed is found, else
    /// leaves gettext's default. Takes the language from the environment
    /// (`setlocale(LC_ALL, "")`).
    public static func start(localeDirectory: String? = nil,
                             environment: [String: String] = ProcessInfo.processInfo.environment) {
        setlocale(LC_ALL, "")
        let chosen = localeDirectory ?? environment["FEEDLINE_LOCALE_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        bind(localeDirectory: chosen ?? installedLocaleDirectory())
    }

    /// Where the text domain's catalogs are looked for now.
    public static var localeDirectory: String? {
        LibIntl.shared.bindtextdomain(domain, nil).map { String(cString: $0) }
    }

    /// Points the text domain at `localeDirectory` (nil: gettext's default).
    public static func bind(localeDirectory: String?) {
        if let localeDirectory { _ = LibIntl.shared.bindtextdomain(domain, localeDirectory) }
        _ = LibIntl.shared.bindTextdomainCodeset(domain, "UTF-8")
        _ = LibIntl.shared.textdomain(domain)
    }

    /// `<dir of executable>/../share/locale`, when it exists.
    static func installedLocaleDirectory() -> String? {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let directory = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/locale").path
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
            ? directory : nil
    }

    // MARK: Numbers

    /// How the reader's locale groups digits ("76.543" in German, "76 543"
    /// in French): the C library's LC_NUMERIC, which `start()` (and GTK)
    /// set from the environment (LC_ALL, LC_NUMERIC, LANG) just as they set
    /// the LC_MESSAGES gettext goes by, so numbers and words agree. Read
    /// the first time a number is written. (Foundation's `Locale.current`
    /// doesn't follow LANG on Linux: it says "en_001" under any.)
    public static let digitGrouping = currentDigitGrouping()

    /// The grouping LC_NUMERIC names at this moment.
    static func currentDigitGrouping() -> DigitGrouping {
        DigitGrouping(localeNamed: setlocale(LC_NUMERIC, nil).map { String(cString: $0) })
    }

    /// 76543 grouped as the reader's locale groups digits: "76,543" in
    /// English, "76.543" in German.
    public static func grouped(_ number: Int) -> String {
        digitGrouping.group(number)
    }

    /// `template` with its `%s`/`%d` (or numbered `%1$s`) filled in order;
    /// a whole number for `%d` is grouped as the locale groups digits
    /// ("1,240 items"); `%%` is a percent sign.
    public static func format(_ template: String, _ arguments: CustomStringConvertible...) -> String {
        var result = ""
        var next = 0
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            index = template.index(after: index)
            guard character == "%", index < template.endIndex else {
                result.append(character)
                continue
            }
            if template[index] == "%" {
                result.append("%")
                index = template.index(after: index)
                continue
            }
            var position: Int?
            var scan = index
            var digits = ""
            while scan < template.endIndex, let digit = template[scan].wholeNumberValue, template[scan].isASCII {
                digits.append(String(digit))
                scan = template.index(after: scan)
            }
            if !digits.isEmpty, scan < template.endIndex, template[scan] == "$" {
                position = Int(digits).map { $0 - 1 }
                index = template.index(after: scan)
            }
            guard index < template.endIndex, template[index] == "s" || template[index] == "d" else {
                result.append("%")
                continue
            }
            let isNumber = template[index] == "d"
            index = template.index(after: index)
            let argument = position ?? next
            if position == nil { next += 1 }
            guard arguments.indices.contains(argument) else { continue }
            if isNumber, let number = arguments[argument] as? Int {
                result.append(grouped(number))
            } else {
                result.append(arguments[argument].description)
            }
        }
        return result
    }
}

/// `text` in the reader's language.
func L(_ text: String) -> String {
    // gettext answers the msgid's own pointer when it has no translation:
    // read it while the C string still lives, or keep the Swift one.
    text.withCString { msgid in
        let translated = LibIntl.shared.dgettext(Localization.domain, msgid)
        return UnsafePointer(translated) == msgid ? text : String(cString: translated)
    }
}

/// The singular or plural form for `count`, in the reader's language (whose
/// plural rules may have more than two forms). Fill in the number with
/// `Localization.format`, or use `L(_:_:count:)` below.
func L(_ singular: String, _ plural: String, _ count: Int) -> String {
    singular.withCString { one in
        plural.withCString { many in
            let translated = LibIntl.shared.dngettext(Localization.domain, one, many, UInt(max(0, count)))
            if UnsafePointer(translated) == one { return singular }
            if UnsafePointer(translated) == many { return plural }
            return String(cString: translated)
        }
    }
}

/// A string marked for translation but translated later, where it is used
/// (tables built once): `L(text)` at the point of use.
func N(_ text: String) -> String { text }

/// glibc's gettext functions. Swift's Glibc module leaves out <libintl.h>,
/// so they are looked up once by name in the C library, with their C types.
private struct LibIntl: @unchecked Sendable {
    typealias Text = UnsafePointer<CChar>
    let dgettext: @convention(c) (Text?, Text) -> UnsafeMutablePointer<CChar>
    let dngettext: @convention(c) (Text?, Text, Text, UInt) -> UnsafeMutablePointer<CChar>
    let bindtextdomain: @convention(c) (Text, Text?) -> UnsafeMutablePointer<CChar>?
    let bindTextdomainCodeset: @convention(c) (Text, Text?) -> UnsafeMutablePointer<CChar>?
    let textdomain: @convention(c) (Text?) -> UnsafeMutablePointer<CChar>?

    static let shared = LibIntl()

    private init() {
        let library = dlopen(nil, RTLD_NOW)
        func symbol<F>(_ name: String, _: F.Type) -> F {
            guard let address = dlsym(library, name) else { fatalError("the C library has no \(name)") }
            return unsafeBitCast(address, to: F.self)
        }
        dgettext = symbol("dgettext", type(of: dgettext))
        dngettext = symbol("dngettext", type(of: dngettext))
        bindtextdomain = symbol("bindtextdomain", type(of: bindtextdomain))
        bindTextdomainCodeset = symbol("bind_textdomain_codeset", type(of: bindTextdomainCodeset))
        textdomain = symbol("textdomain", type(of: textdomain))
    }
}
