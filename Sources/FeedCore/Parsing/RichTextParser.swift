import Foundation

/// HTML content to `RichText`: the safe subset a reader view shows.
///
/// The rules it keeps:
/// - Feed text never becomes markup: the result holds plain text only,
///   entities decoded once, and nothing from the input is interpreted
///   again later.
/// - Links and pictures are absolute http or https addresses (relative ones
///   resolved against `base` when given); any other link is plain text,
///   any other picture its description.
/// - Scripts, styles, iframes, forms, objects, SVG and the like are dropped
///   with everything inside them; attributes other than `href`, `src`,
///   `alt`, `width`, `height` and a `span`'s `class` are ignored (event
///   handlers and styles among them).
/// - Bounded work on hostile input: one pass over the bytes (no search
///   starts again from where an earlier one failed), at most
///   `maxOpenElements` open elements and `maxNesting` nested lists and
///   quotes (deeper ones are flattened), at most `maxTextLength`
///   characters and `maxImages` pictures kept. Nothing recurses on the
///   input's depth.
/// - Zero-width characters (ZWSP, word joiner, BOM, and joiners that join
///   nothing) and control characters never reach the text.
/// - Mastodon's shortened links: a `span` of class `invisible` is dropped,
///   one of class `ellipsis` is followed by "…".
public enum RichTextParser {
    /// Lists and quotes kept inside each other; deeper ones go on at this depth.
    public static let maxNesting = 8
    /// Elements open at once; tags beyond are ignored (their text is kept).
    public static let maxOpenElements = 256
    /// Characters of text kept; the rest is cut, with "…".
    public static let maxTextLength = 300_000
    /// Pictures kept; later ones are shown as their description.
    public static let maxImages = 64

    /// Parses an HTML fragment (a feed item's content). `base`: the address
    /// relative links and pictures are resolved against (the item's page).
    public static func parse(_ html: String, base: URL? = nil) -> RichText {
        var tokenizer = HTMLTokenizer(Array(html.utf8))
        var builder = RichTextBuilder(base: base.flatMap { webURL($0.absoluteString, base: nil) })
        while !builder.isFull, let token = tokenizer.next() {
            builder.take(token)
        }
        return builder.finish()
    }

    /// `address` as an absolute http(s) URL with a host, resolved against
    /// `base`; nil for anything else (`javascript:`, `data:`, a relative
    /// address without a base).
    static func webURL(_ address: String, base: URL?) -> URL? {
        // As browsers do: surrounding spaces and any tab or newline go.
        let cleaned = address.trimmingCharacters(in: .whitespacesAndNewlines)
            .filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        guard !cleaned.isEmpty, cleaned.utf8.count <= 8192,
              let url = URL(string: cleaned, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }
}

// MARK: - Tokens

/// One piece of HTML: text (entities decoded), a start tag with the
/// attributes kept, or an end tag. Comments, doctypes and processing
/// instructions produce nothing.
enum HTMLToken: Equatable {
    case text(String)
    case start(String, attributes: [String: String])
    case end(String)
}

/// Splits HTML into tokens in one pass. Tolerant: a "<" that cannot start a
/// tag is text, a tag or comment never closed ends the input, and the
/// content of raw-text elements (script, style...) is skipped unread.
struct HTMLTokenizer {
    private let bytes: [UInt8]
    private var index = 0
    /// Set after the start tag of a raw-text element: its content is
    /// skipped up to its end tag.
    private var rawTextEnd: [UInt8]?

    /// Attributes worth reading; every other one is ignored.
    static let keptAttributes: Set<String> = ["href", "src", "alt", "width", "height", "class"]
    /// Elements whose content is not HTML: skipped unread, whatever it holds.
    static let rawTextElements: Set<String> = [
        "script", "style", "textarea", "title", "iframe", "noembed", "noframes", "xmp", "plaintext",
    ]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> HTMLToken? {
        if let end = rawTextEnd {
            rawTextEnd = nil
            skipRawText(until: end)
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), let token = tag() {
                return token
            }
            if let text = text() { return .text(text) }
        }
        return nil
    }

    // MARK: Text

    /// Text up to the next "<" (a "<" that starts nothing is text too).
    private mutating func text() -> String? {
        let start = index
        index += 1  // the first byte is text, even a "<" that opened nothing
        while index < bytes.count && bytes[index] != UInt8(ascii: "<") { index += 1 }
        return HTMLEntities.decode(bytes[start..<index])
    }

    // MARK: Tags

    /// The tag (or comment) at `index`, which is a "<"; moves past it.
    /// Nil, with `index` unmoved, when the "<" starts nothing and is text.
    private mutating func tag() -> HTMLToken? {
        let next = index + 1
        guard next < bytes.count else { return nil }
        switch bytes[next] {
        case UInt8(ascii: "!"):
            if matches("<!--", at: index) {
                index = find("-->", from: index + 4).map { $0 + 3 } ?? bytes.count
            } else {
                skipPast(UInt8(ascii: ">"), from: next)
            }
            return .text("")
        case UInt8(ascii: "?"):
            skipPast(UInt8(ascii: ">"), from: next)
            return .text("")
        case UInt8(ascii: "/"):
            guard next + 1 < bytes.count, Self.isLetter(bytes[next + 1]) else {
                skipPast(UInt8(ascii: ">"), from: next)
                return .text("")
            }
            var position = next + 1
            let name = readName(&position)
            skipPast(UInt8(ascii: ">"), from: position)
            return .end(name)
        case let byte where Self.isLetter(byte):
            return startTag()
        default:
            return nil
        }
    }

    private mutating func startTag() -> HTMLToken {
        var position = index + 1
        let name = readName(&position)
        var attributes: [String: String] = [:]
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                index = position + 1
                if Self.rawTextElements.contains(name) { rawTextEnd = Array("</\(name)".utf8) }
                return .start(name, attributes: attributes)
            }
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") {
                position += 1
                continue
            }
            let attribute = readAttributeName(&position)
            while position < bytes.count && Self.isSpace(bytes[position]) { position += 1 }
            var value = ""
            if position < bytes.count && bytes[position] == UInt8(ascii: "=") {
                position += 1
                while position < bytes.count && Self.isSpace(bytes[position]) { position += 1 }
                guard let read = readAttributeValue(&position) else { break }
                value = read
            }
            if Self.keptAttributes.contains(attribute) && attributes[attribute] == nil {
                attributes[attribute] = value
            }
        }
        // Never closed: the rest of the input was inside the tag.
        index = bytes.count
        return .text("")
    }

    /// A tag or attribute name, lowercased.
    private func readName(_ position: inout Int) -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self).lowercased()
    }

    private func readAttributeName(_ position: inout Int) -> String {
        let start = position
        position += 1  // a first "=" belongs to the name, as in HTML
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "=") { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self).lowercased()
    }

    /// A quoted or bare value, entities decoded; nil when a quote is never
    /// closed (the tag then swallows the rest of the input).
    private func readAttributeValue(_ position: inout Int) -> String? {
        guard position < bytes.count else { return "" }
        let quote = bytes[position]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let start = position + 1
            guard let end = bytes[start...].firstIndex(of: quote) else { return nil }
            position = end + 1
            return HTMLEntities.decode(bytes[start..<end])
        }
        let start = position
        while position < bytes.count && !Self.isSpace(bytes[position]) && bytes[position] != UInt8(ascii: ">") {
            position += 1
        }
        return HTMLEntities.decode(bytes[start..<position])
    }

    /// Moves past the raw text of an element, to its end tag `end`
    /// ("</script", any case); to the end of the input when there is none.
    private mutating func skipRawText(until end: [UInt8]) {
        var position = index
        while let open = bytes[position...].firstIndex(of: UInt8(ascii: "<")) {
            if matches(end, at: open, ignoringCase: true) {
                let after = open + end.count
                if after >= bytes.count || Self.isSpace(bytes[after]) || bytes[after] == UInt8(ascii: ">")
                    || bytes[after] == UInt8(ascii: "/") {
                    index = open
                    return
                }
            }
            position = open + 1
        }
        index = bytes.count
    }

    private mutating func skipPast(_ byte: UInt8, from start: Int) {
        index = bytes[start...].firstIndex(of: byte).map { $0 + 1 } ?? bytes.count
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let needle = Array(text.utf8)
        var position = start
        while let first = bytes[position...].firstIndex(of: needle[0]) {
            if matches(needle, at: first) { return first }
            position = first + 1
        }
        return nil
    }

    private func matches(_ text: String, at position: Int) -> Bool {
        matches(Array(text.utf8), at: position)
    }

    private func matches(_ needle: [UInt8], at position: Int, ignoringCase: Bool = false) -> Bool {
        guard position + needle.count <= bytes.count else { return false }
        for (offset, expected) in needle.enumerated() {
            var byte = bytes[position + offset]
            if ignoringCase, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != expected { return false }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}

// MARK: - Entities

/// HTML character references: `&amp;`, `&#8217;`, `&#x2014;` and every
/// named one of HTML 4. Unknown ones stay as written; numbers that name no
/// character become U+FFFD.
enum HTMLEntities {
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var output = ""
        var segmentStart = bytes.startIndex
        var position = bytes.startIndex
        while let ampersand = bytes[position...].firstIndex(of: UInt8(ascii: "&")) {
            if let (decoded, end) = reference(in: bytes, at: ampersand) {
                output += String(decoding: bytes[segmentStart..<ampersand], as: UTF8.self)
                output += decoded
                segmentStart = end
                position = end
            } else {
                position = ampersand + 1
            }
        }
        output += String(decoding: bytes[segmentStart...], as: UTF8.self)
        return output
    }

    /// The reference starting at `start` (an "&") and where it ends.
    private static func reference(in bytes: ArraySlice<UInt8>, at start: Int) -> (String, Int)? {
        var position = start + 1
        guard position < bytes.endIndex else { return nil }
        if bytes[position] == UInt8(ascii: "#") {
            position += 1
            var radix = 10
            if position < bytes.endIndex, bytes[position] | 0x20 == UInt8(ascii: "x") {
                radix = 16
                position += 1
            }
            let digitsStart = position
            var value: UInt32 = 0
            while position < bytes.endIndex, position - digitsStart < 8,
                  let digit = Character(Unicode.Scalar(bytes[position])).hexDigitValue, digit < radix {
                value = value * UInt32(radix) + UInt32(digit)
                position += 1
            }
            guard position > digitsStart else { return nil }
            if position < bytes.endIndex, bytes[position] == UInt8(ascii: ";") { position += 1 }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (String(Character(scalar ?? "\u{FFFD}")), position)
        }
        let nameStart = position
        while position < bytes.endIndex, position - nameStart < 10, bytes[position] < 0x80,
              Character(Unicode.Scalar(bytes[position])).isLetter || Character(Unicode.Scalar(bytes[position])).isNumber {
            position += 1
        }
        guard position < bytes.endIndex, bytes[position] == UInt8(ascii: ";"),
              let named = named(String(decoding: bytes[nameStart..<position], as: UTF8.self)) else { return nil }
        return (named, position + 1)
    }

    /// An HTML named entity: HTML 4's (libxml2's table, which the feed
    /// parsers share) and XML's `apos`.
    private static func named(_ name: String) -> String? {
        name == "apos" ? "'" : XMLDocumentReader.htmlEntity(name).map { String(Character($0)) }
    }
}
