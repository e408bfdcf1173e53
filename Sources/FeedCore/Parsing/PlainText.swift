import Foundation

/// Turning feed text into plain text a row can show.
///
/// Everything a feed says reaches GTK as plain text; these helpers only
/// tidy it: whitespace, length, and HTML reduced to its words.

public enum PlainText {
    /// Longest title a row keeps; longer ones end in "…".
    public static let titleLimit = 300
    /// Longest summary a row keeps (it shows two lines of it).
    public static let summaryLimit = 400

    /// Collapses runs of whitespace (newlines included) into single spaces.
    public static func singleLine(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else if let scalar = character.unicodeScalars.first,
                      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || invisible.contains(scalar.value) {
                // Control characters have no visible form, and a NUL would
                // end the text where GTK reads it (a C string); zero-width
                // spaces and joiners only hide words from search: dropped.
                continue
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }

    /// Characters that take no room and mean nothing to a reader: zero
    /// width space, word joiner and invisible operators, the zero width
    /// no-break space (a stray byte order mark), the Mongolian vowel
    /// separator. (Zero width joiners stay: emoji sequences and scripts
    /// need them.)
    static let invisible: Set<UInt32> = [0x200B, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x180E]

    /// Cuts `text` to at most `limit` characters, at a word boundary when one
    /// is near, and marks the cut with "…".
    public static func truncated(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = text.prefix(limit - 1)
        if let space = cut.lastIndex(of: " "), cut.distance(from: space, to: cut.endIndex) < 24 {
            cut = cut[..<space]
        }
        return cut.trimmingTrailingWhitespace() + "…"
    }

    /// A row-sized single line: whitespace collapsed, then truncated.
    public static func line(_ text: String, limit: Int) -> String {
        truncated(singleLine(text), to: limit)
    }

    /// Longest title made from an item's text when it has none.
    public static let textTitleLimit = 80

    /// An item's title: its own, or when it has none the start of its
    /// text's first line (an untitled post is named by what it says, not
    /// "Untitled" thirty times); empty when it has neither.
    public static func title(_ title: String?, text: String?) -> String {
        let own = line(title ?? "", limit: titleLimit)
        if !own.isEmpty { return own }
        let firstLine = text?.split(whereSeparator: \.isNewline).lazy.map { singleLine(String($0)) }.first { !$0.isEmpty }
        return truncated(firstLine ?? "", to: textTitleLimit)
    }

    /// The text of an HTML fragment: tags dropped, block ends and `<br>` kept
    /// as line breaks, entities decoded, script and style content removed.
    /// Mastodon's shortened links read as Mastodon shows them: the parts
    /// in `<span class="invisible">` dropped, an `ellipsis` span followed
    /// by "…".
    public static func fromHTML(_ html: String) -> String {
        var output = ""
        var index = html.startIndex
        /// The spans open, and whether each is an ellipsis.
        var spans: [Bool] = []
        // False once no ">" is left: no tag can start after that (and the
        // rest is not searched again for every "<").
        var tagsAhead = true
        while index < html.endIndex {
            let character = html[index]
            var close: String.Index?
            if character == "<", tagsAhead, opensTag(html, at: index) {
                close = html[index...].firstIndex(of: ">")
                tagsAhead = close != nil
            }
            if let close {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })
                index = html.index(after: close)
                let opening = !tag.hasPrefix("/") && !tag.hasSuffix("/")
                if (name == "script" || name == "style" || (name == "span" && classes(of: tag).contains("invisible"))) && opening {
                    // Skip the content, whatever it holds, up to the end tag.
                    let end = html.range(of: "</\(name)", options: .caseInsensitive, range: index..<html.endIndex)
                    index = end.flatMap { html[$0.upperBound...].firstIndex(of: ">") }
                        .map { html.index(after: $0) } ?? html.endIndex
                } else if name == "span" {
                    if opening {
                        spans.append(classes(of: tag).contains("ellipsis"))
                    } else if tag.hasPrefix("/"), spans.popLast() == true {
                        output.append("…")
                    }
                } else if name == "br" || (tag.hasPrefix("/") && blockTags.contains(String(name))) {
                    output.append("\n")
                } else if (name == "p" || name == "li") && !output.isEmpty && !output.hasSuffix("\n") {
                    output.append("\n")
                }
                continue
            }
            if character == "&", let (decoded, end) = decodeEntity(in: html, at: index) {
                output.append(decoded)
                index = end
                continue
            }
            output.append(character)
            index = html.index(after: index)
        }
        return output.split(separator: "\n", omittingEmptySubsequences: true)
            .map { singleLine(String($0)) }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// The words of a tag's `class` attribute (`tag` lower-cased, without
    /// its angle brackets).
    private static func classes(of tag: String) -> [Substring] {
        guard let key = tag.range(of: "class=") else { return [] }
        let rest = tag[key.upperBound...]
        guard let quote = rest.first else { return [] }
        let value = quote == "\"" || quote == "'" ? rest.dropFirst().prefix { $0 != quote } : rest.prefix { !$0.isWhitespace }
        return value.split(separator: " ")
    }

    /// Whether the "<" at `index` can start a tag: HTML reads it as text
    /// unless a letter, "/", "!" or "?" follows ("1 < 2" is text).
    private static func opensTag(_ html: String, at index: String.Index) -> Bool {
        let next = html.index(after: index)
        guard next < html.endIndex else { return false }
        let character = html[next]
        return (character.isASCII && character.isLetter) || character == "/" || character == "!" || character == "?"
    }

    private static let blockTags: Set<String> = [
        "p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "tr",
    ]

    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’",
        "ldquo": "“", "rdquo": "”", "copy": "©",
    ]

    /// Decodes `&name;`, `&#123;` or `&#x1F;` starting at `start`.
    private static func decodeEntity(in text: String, at start: String.Index) -> (String, String.Index)? {
        let limit = text.index(start, offsetBy: 12, limitedBy: text.endIndex) ?? text.endIndex
        guard let semicolon = text[start..<limit].firstIndex(of: ";") else { return nil }
        let body = text[text.index(after: start)..<semicolon]
        let end = text.index(after: semicolon)
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return (String(Character(scalar)), end)
        }
        guard let named = namedEntities[String(body)] ?? XMLDocumentReader.htmlEntity(String(body)).map({ String(Character($0)) })
        else { return nil }
        return (named, end)
    }
}

extension Substring {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var text = self
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
