import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Turns a feed document's bytes into UTF-8, whatever they were written in,
/// before the XML reader sees them: the reader is then told "UTF-8" and
/// never trusts a label again.
///
/// The encoding is, in this order (RFC 7303): a byte order mark; the HTTP
/// `Content-Type` charset; the XML declaration's `encoding`; else UTF-8.
/// Bytes that are not valid in it are never an error: in UTF-8 (and the
/// Latin-1 labels, which real feeds use for windows-1252 text) each stray
/// byte is read as windows-1252, so a Latin-1 feed with no declaration
/// reads right and a UTF-8 feed with one bad byte loses nothing else; in
/// any other encoding a bad sequence becomes U+FFFD. Linear in the input.
enum XMLTextDecoder {
    /// `charset`: the HTTP `Content-Type` charset, when there was one.
    static func utf8(_ data: Data, charset: String? = nil) -> [UInt8] {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return repairedUTF8(bytes[3...]) }
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return converted(bytes[4...], from: "UTF-32LE") }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return converted(bytes[4...], from: "UTF-32BE") }
        if bytes.starts(with: [0xFE, 0xFF]) { return converted(bytes[2...], from: "UTF-16BE") }
        if bytes.starts(with: [0xFF, 0xFE]) { return converted(bytes[2...], from: "UTF-16LE") }
        // "<?" in UTF-16 without a mark.
        if bytes.starts(with: [0x3C, 0, 0x3F, 0]) { return converted(bytes[...], from: "UTF-16LE") }
        if bytes.starts(with: [0, 0x3C, 0, 0x3F]) { return converted(bytes[...], from: "UTF-16BE") }
        let label = (charset.flatMap(normalized) ?? declaredEncoding(bytes).flatMap(normalized)) ?? "utf-8"
        switch label {
        case "utf-8", "utf8", "unicode-1-1-utf-8":
            return repairedUTF8(bytes[...])
        case _ where latin1Labels.contains(label):
            return windows1252(bytes[...])
        case "utf-16":
            // Labelled UTF-16 but no mark: big-endian, unless it is plainly
            // little-endian ASCII markup.
            return converted(bytes[...], from: bytes.first == 0x3C ? "UTF-16LE" : "UTF-16BE")
        default:
            return converted(bytes[...], from: label)
        }
    }

    /// Labels that mean windows-1252 in practice (the WHATWG Encoding
    /// Standard reads them so: feeds labelled Latin-1 use its quotes).
    private static let latin1Labels: Set<String> = [
        "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii",
        "windows-1252", "cp1252", "x-cp1252", "cp819", "ibm819", "iso-ir-100",
    ]

    /// A charset label, lower-cased and unquoted; nil when blank.
    private static func normalized(_ label: String) -> String? {
        let trimmed = label.trimmingCharacters(in: CharacterSet(charactersIn: "\"' \t")).lowercased()
        return trimmed.isEmpty || trimmed.utf8.count > 40 ? nil : trimmed
    }

    /// The `encoding` of an XML declaration at the start (ASCII-compatible
    /// documents only; UTF-16 ones were told by their first bytes).
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        let head = bytes.prefix(512)
        guard let start = head.firstIndex(where: { !isSpace($0) }),
              head[start...].starts(with: Array("<?xml".utf8)),
              let end = head[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: head[start..<end], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return String(value)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: UTF-8 and windows-1252

    /// `bytes` as they are when they are valid UTF-8 (the usual case, one
    /// pass); otherwise each byte that starts no valid sequence is read as
    /// windows-1252.
    private static func repairedUTF8(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        var index = bytes.startIndex
        var copied = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] < 0x80 {
                index += 1
            } else if let length = sequenceLength(bytes, at: index) {
                index += length
            } else {
                if output.isEmpty { output.reserveCapacity(bytes.count + 64) }
                output.append(contentsOf: bytes[copied..<index])
                appendWindows1252(bytes[index], to: &output)
                index += 1
                copied = index
            }
        }
        if copied == bytes.startIndex { return Array(bytes) }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    /// The length of the valid UTF-8 sequence starting at `index` (no
    /// overlong forms, surrogates or values past U+10FFFF), else nil.
    private static func sequenceLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard bytes.endIndex - index >= length, (low...high).contains(bytes[index + 1]) else { return nil }
        for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
        return length
    }

    private static func windows1252(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 { output.append(byte) } else { appendWindows1252(byte, to: &output) }
        }
        return output
    }

    /// windows-1252's characters for 0x80–0x9F (the rest is Latin-1); the
    /// five it leaves undefined stay the C1 codes they name.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    private static func appendWindows1252(_ byte: UInt8, to output: inout [UInt8]) {
        let value = (0x80...0x9F).contains(byte) ? windows1252High[Int(byte) - 0x80] : UInt32(byte)
        output.append(contentsOf: String(Character(Unicode.Scalar(value)!)).utf8)
    }

    // MARK: Other encodings (iconv)

    /// `bytes` converted from `encoding` with the C library's iconv; each
    /// sequence it can't convert becomes U+FFFD. An encoding iconv doesn't
    /// know is read as UTF-8.
    private static func converted(_ bytes: ArraySlice<UInt8>, from encoding: String) -> [UInt8] {
        let converter = iconv_open("UTF-8", encoding)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return repairedUTF8(bytes) }
        defer { iconv_close(converter) }
        var input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 2)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        input.withUnsafeMutableBufferPointer { inputBuffer in
            guard let inputBase = inputBuffer.baseAddress else { return }
            var inputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inputBase)
                .assumingMemoryBound(to: CChar.self)
            var inputLeft = inputBuffer.count
            while inputLeft > 0 {
                let (result, produced) = buffer.withUnsafeMutableBufferPointer { outputBuffer in
                    var outputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outputBuffer.baseAddress!)
                        .assumingMemoryBound(to: CChar.self)
                    var outputLeft = outputBuffer.count
                    let result = iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
                    return (result, outputBuffer.count - outputLeft)
                }
                output.append(contentsOf: buffer[..<produced])
                if result == -1 && errno != E2BIG {
                    // EILSEQ or EINVAL (cut short): a replacement character,
                    // and on past the byte.
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    inputPointer = inputPointer.map { $0 + 1 }
                    inputLeft -= 1
                    iconv(converter, nil, nil, nil, nil)
                }
            }
        }
        return output
    }
}
