/// Tidies a UTF-8 feed document before the XML reader sees it, in one
/// linear pass over its bytes. Every delimiter it looks for is ASCII, so it
/// never splits a character.
///
/// Always:
/// - anything before the first `<` goes (white space or a blank line
///   before `<?xml …?>` is a common fault), and so do processing
///   instructions (the XML declaration included: the reader is told UTF-8
///   and XML 1.0), comments and DOCTYPEs: no DTD ever reaches the reader,
///   so nothing is loaded or declared. A DOCTYPE that declares entities is
///   reported (`declaresEntities`), wherever it is in the document.
/// - characters XML forbids (C0 controls other than tab and line breaks,
///   U+FFFE, U+FFFF) are dropped; a vertical tab or form feed becomes a
///   space.
/// - an element keeps at most `attributeLimit` attributes (libxml2 checks
///   them for duplicates in quadratic time).
///
/// When `forgiving` (the second try, after a strict read failed), what a
/// careless writer meant is made well-formed: HTML's named entities
/// (`&nbsp;`, `&eacute;`) become character references, an `&` that starts
/// no reference becomes `&amp;`, a reference to a character XML forbids is
/// dropped, and a `<` that starts no markup ("1 < 2") becomes `&lt;`.
struct XMLScrubber {
    static let attributeLimit = 256

    struct Result {
        var bytes: [UInt8]
        var declaresEntities = false
    }

    /// `htmlEntity`: a character for an HTML entity name, or nil.
    static func scrub(_ input: [UInt8], forgiving: Bool, htmlEntity: @escaping (String) -> Unicode.Scalar?) -> Result {
        var scrubber = XMLScrubber(input: input, forgiving: forgiving, htmlEntity: htmlEntity)
        scrubber.run()
        return Result(bytes: scrubber.output, declaresEntities: scrubber.declaresEntities)
    }

    private let input: [UInt8]
    private let forgiving: Bool
    private let htmlEntity: (String) -> Unicode.Scalar?
    private var output: [UInt8] = []
    private var declaresEntities = false
    private var index = 0

    private init(input: [UInt8], forgiving: Bool, htmlEntity: @escaping (String) -> Unicode.Scalar?) {
        self.input = input
        self.forgiving = forgiving
        self.htmlEntity = htmlEntity
        output.reserveCapacity(input.count)
    }

    private mutating func run() {
        index = input.firstIndex(of: .lessThan) ?? input.count
        while index < input.count {
            switch input[index] {
            case .lessThan: markup()
            case .ampersand: reference()
            default: plainText()
            }
        }
    }

    // MARK: Markup

    private mutating func markup() {
        if starts("<!--") {
            skip(past: "-->")
        } else if starts("<![CDATA[") {
            let end = find("]]>", from: index + 9) ?? input.count
            copyCharacters(upTo: end)
            if end < input.count { copyCharacters(upTo: end + 3) }
        } else if startsIgnoringCase("<!DOCTYPE") {
            doctype()
        } else if starts("<?") {
            skip(past: "?>")
        } else if starts("<!") {
            skip(past: ">")
        } else if index + 1 < input.count && (input[index + 1] == .slash || isNameStart(input[index + 1])) {
            tag()
        } else if forgiving {
            output.append(contentsOf: Self.lessThanReference)
            index += 1
        } else {
            output.append(.lessThan)
            index += 1
        }
    }

    /// A start or end tag, quotes respected, attributes counted.
    private mutating func tag() {
        var quote: UInt8?
        var attributes = 0
        // Where the output stood after the last whole attribute.
        var lastWhole = output.count
        output.append(.lessThan)
        index += 1
        while index < input.count {
            let byte = input[index]
            if let open = quote {
                if byte == open {
                    quote = nil
                    output.append(byte)
                    index += 1
                    lastWhole = output.count
                } else if byte == .ampersand {
                    reference()
                } else if byte == .lessThan && forgiving {
                    output.append(contentsOf: Self.lessThanReference)
                    index += 1
                } else {
                    character()
                }
                continue
            }
            switch byte {
            case .greaterThan:
                output.append(byte)
                index += 1
                return
            case .quote, .apostrophe:
                quote = byte
                output.append(byte)
                index += 1
            case .equals:
                attributes += 1
                if attributes > Self.attributeLimit {
                    dropRemainingAttributes(keepingUpTo: lastWhole)
                    return
                }
                output.append(byte)
                index += 1
            default:
                character()
            }
        }
    }

    /// Ends the tag after its last whole attribute, skipping the rest of it.
    private mutating func dropRemainingAttributes(keepingUpTo end: Int) {
        output.removeSubrange(end...)
        var quote: UInt8?
        var previous: UInt8 = 0
        while index < input.count {
            let byte = input[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == .quote || byte == .apostrophe {
                quote = byte
            } else if byte == .greaterThan {
                break
            }
            previous = byte
        }
        if previous == .slash { output.append(.slash) }
        output.append(.greaterThan)
    }

    /// Drops a DOCTYPE, noting whether its internal subset declares
    /// entities.
    private mutating func doctype() {
        var scan = index + 9
        while scan < input.count && input[scan] != .greaterThan && input[scan] != .openBracket { scan += 1 }
        if scan < input.count && input[scan] == .openBracket {
            let subsetEnd = find("]", from: scan) ?? input.count
            if find("<!ENTITY", from: scan, before: subsetEnd) != nil { declaresEntities = true }
            scan = subsetEnd
            while scan < input.count && input[scan] != .greaterThan { scan += 1 }
        }
        index = min(scan + 1, input.count)
    }

    // MARK: Text

    /// An `&` in text or an attribute value.
    private mutating func reference() {
        guard forgiving else {
            output.append(.ampersand)
            index += 1
            return
        }
        // The reference's body: "#" and digits, or a name, then ";".
        var end = index + 1
        let numeric = end < input.count && input[end] == .hash
        if numeric { end += 1 }
        let limit = min(input.count, index + 40)
        while end < limit, isNameStart(input[end]) || (input[end] >= .zero && input[end] <= .nine)
                || input[end] == .minus || input[end] == .dot {
            end += 1
        }
        guard end < input.count, input[end] == .semicolon, end > index + (numeric ? 2 : 1),
              numeric || isNameStart(input[index + 1]) else {
            output.append(contentsOf: Self.ampersandReference)
            index += 1
            return
        }
        let semicolon = end
        let body = input[(index + 1)..<semicolon]
        if numeric {
            if let scalar = characterReference(body.dropFirst()) {
                if Self.isAllowed(scalar.value) { output.append(contentsOf: input[index...semicolon]) }
                index = semicolon + 1
            } else {
                output.append(contentsOf: Self.ampersandReference)
                index += 1
            }
            return
        }
        let name = String(decoding: body, as: UTF8.self)
        if Self.xmlEntities.contains(name) {
            output.append(contentsOf: input[index...semicolon])
        } else if let scalar = htmlEntity(name), Self.isAllowed(scalar.value) {
            output.append(contentsOf: Array("&#\(scalar.value);".utf8))
        } else {
            // Not a character we know: the text as written.
            output.append(contentsOf: Self.ampersandReference)
            output.append(contentsOf: body)
            output.append(.semicolon)
        }
        index = semicolon + 1
    }

    private static let ampersandReference = Array("&amp;".utf8)
    private static let lessThanReference = Array("&lt;".utf8)

    private static let xmlEntities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    /// The character of `123` or `x7B` (after `&#`), nil when not a number.
    private func characterReference(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
        let text = String(decoding: digits, as: UTF8.self)
        let value = text.first == "x" || text.first == "X" ? UInt32(text.dropFirst(), radix: 16) : UInt32(text)
        // A number past Unicode is still a reference: to nothing (U+FFFF
        // is not allowed, so it is dropped).
        return value.map { Unicode.Scalar($0) ?? Unicode.Scalar(0xFFFF)! }
    }

    /// Whether XML 1.0 allows the character (tab, line breaks, and from
    /// U+0020 on, less U+FFFE and U+FFFF; surrogates are no scalars).
    private static func isAllowed(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF)
    }

    /// Copies the run of text up to the next byte that needs a look, in
    /// one piece.
    private mutating func plainText() {
        let start = index
        while index < input.count {
            let byte = input[index]
            if byte == .lessThan || byte == .ampersand || byte < 0x20 || byte == 0xEF { break }
            index += 1
        }
        if index > start {
            output.append(contentsOf: input[start..<index])
        } else {
            character()
        }
    }

    /// Copies one byte of text, dropping what XML forbids.
    private mutating func character() {
        let byte = input[index]
        if byte == 0x0B || byte == 0x0C {
            output.append(0x20)  // vertical tab, form feed: white space
            index += 1
        } else if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            index += 1
        } else if byte == 0xEF && index + 2 < input.count && input[index + 1] == 0xBF
                    && (input[index + 2] == 0xBE || input[index + 2] == 0xBF) {
            index += 3  // U+FFFE, U+FFFF
        } else {
            output.append(byte)
            index += 1
        }
    }

    private mutating func copyCharacters(upTo end: Int) {
        while index < end { character() }
    }

    // MARK: Scanning

    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= .upperA && byte <= .upperZ) || (byte >= .lowerA && byte <= .lowerZ) || byte == .underscore
            || byte == .colon || byte >= 0x80
    }

    private func starts(_ text: String) -> Bool {
        input[index...].starts(with: text.utf8)
    }

    private func startsIgnoringCase(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard input.count - index >= bytes.count else { return false }
        return zip(input[index..<(index + bytes.count)], bytes).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    /// Where `text` next starts at or after `start` (and before `end`).
    private func find(_ text: String, from start: Int, before end: Int? = nil) -> Int? {
        let needle = Array(text.utf8)
        let last = min(end ?? input.count, input.count) - needle.count
        guard start <= last else { return nil }
        var position = start
        while position <= last {
            guard let next = input[position...last].firstIndex(of: needle[0]) else { return nil }
            if input[next..<(next + needle.count)].elementsEqual(needle) { return next }
            position = next + 1
        }
        return nil
    }

    private mutating func skip(past text: String) {
        index = find(text, from: index + 1).map { $0 + text.utf8.count } ?? input.count
    }
}

private extension UInt8 {
    static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), ampersand = UInt8(ascii: "&")
    static let semicolon = UInt8(ascii: ";"), hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/")
    static let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), equals = UInt8(ascii: "=")
    static let openBracket = UInt8(ascii: "["), minus = UInt8(ascii: "-"), dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9"), colon = UInt8(ascii: ":")
    static let underscore = UInt8(ascii: "_"), upperA = UInt8(ascii: "A"), upperZ = UInt8(ascii: "Z")
    static let lowerA = UInt8(ascii: "a"), lowerZ = UInt8(ascii: "z")
}
