import Foundation

/// Reads any feed document Feedline knows, told apart by its content (not
/// by its name or Content-Type, which are often wrong): JSON Feed, RSS or
/// Atom. Anything else gets a reason a reader can act on.
public enum FeedDocumentParser {
    /// `baseURL`: where the document came from, for relative links;
    /// `charset`: the HTTP `Content-Type` charset, when there was one.
    public static func parse(_ data: Data, baseURL: URL? = nil, charset: String? = nil) throws(FeedError) -> FeedDocument {
        guard let first = firstSignificantByte(of: data) else {
            throw FeedError("The feed is empty", kind: .empty, detail: "no content")
        }
        if isUTF16(data) {
            // JSON Feed is UTF-8 by definition: this is XML.
            return try XMLFeedParser.parse(data, baseURL: baseURL, charset: charset)
        }
        switch first {
        case UInt8(ascii: "{"):
            return try JSONFeedParser.parse(data, baseURL: baseURL)
        case UInt8(ascii: "<"):
            if looksLikeHTML(data) {
                throw FeedError("This is a web page, not a feed", kind: .webPage, detail: "the document is HTML")
            }
            return try XMLFeedParser.parse(data, baseURL: baseURL, charset: charset)
        default:
            throw FeedError("This isn't a feed", kind: .notAFeed, detail: "the content is neither JSON nor XML")
        }
    }

    /// The first byte after a UTF-8 byte order mark and white space.
    private static func firstSignificantByte(of data: Data) -> UInt8? {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { !(($0 == 0x20) || ($0 == 0x09) || ($0 == 0x0A) || ($0 == 0x0D)) }
    }

    /// A UTF-16 byte order mark, or "<" in UTF-16 without one.
    private static func isUTF16(_ data: Data) -> Bool {
        data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0x3C, 0])
            || data.starts(with: [0, 0x3C])
    }

    /// An HTML page (`<!DOCTYPE html>`, `<html`) rather than XML: judged by
    /// what opens the document, after any XML declaration and comments, not
    /// by "<html" anywhere (a feed's content may well hold a page).
    private static func looksLikeHTML(_ data: Data) -> Bool {
        var head = String(decoding: data.prefix(1024), as: UTF8.self).lowercased()[...]
        while true {
            head = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") { return true }
            // Skip what may come before the root: comments, <?xml …?>, <!DOCTYPE …>.
            let end: String
            if head.hasPrefix("<!--") {
                end = "-->"
            } else if head.hasPrefix("<?") || head.hasPrefix("<!") {
                end = ">"
            } else {
                return false
            }
            guard let close = head.range(of: end) else { return false }
            head = head[close.upperBound...]
        }
    }
}
