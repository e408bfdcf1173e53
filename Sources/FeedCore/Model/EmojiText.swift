import Foundation

// Text with custom emoji in it, as shown and as spoken. The rule it keeps:
// only the `:shortcode:`s of emoji the feed names become pictures (any other
// colon text stays text), a shortcode is never read out with its colons,
// and the places of the pictures always match the text shown (a stray
// U+FFFC from the feed is dropped, so it can't take a picture's place).

/// A text's custom emoji laid out: the text to show, with U+FFFC (the
/// object replacement character) where each picture goes; where those are;
/// and the text to speak, with each emoji's name in its place.
public struct EmojiText: Sendable, Equatable {
    /// Stands for a picture in `shown`.
    public static let placeholder: Unicode.Scalar = "\u{FFFC}"
    /// Most pictures one text gets; further shortcodes stay text.
    public static let maxPictures = 100

    /// One picture's place in `shown`: the UTF-8 offset of its placeholder.
    public struct Placement: Sendable, Equatable {
        public var utf8Offset: Int
        public var emoji: CustomEmoji
    }

    public private(set) var shown: String
    public private(set) var spoken: String
    public private(set) var placements: [Placement]

    /// Lays out `text` with `emoji` (the feed's emoji for this text).
    public init(_ text: String, emoji: [CustomEmoji]) {
        guard !emoji.isEmpty, text.utf8.contains(UInt8(ascii: ":")) else {
            (shown, spoken, placements) = (text, text, [])
            return
        }
        var byCode: [Substring: CustomEmoji] = [:]
        for item in emoji where byCode[Substring(item.shortcode)] == nil { byCode[Substring(item.shortcode)] = item }
        var shown = String.UnicodeScalarView()
        var spoken = String.UnicodeScalarView()
        var placements: [Placement] = []
        var offset = 0
        // A word right after an emoji's name is spaced from it.
        var afterName = false
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == ":", placements.count < Self.maxPictures,
               let (code, end) = Self.shortcode(in: text, after: index), let match = byCode[code] {
                placements.append(Placement(utf8Offset: offset, emoji: match))
                shown.append(Self.placeholder)
                offset += 3
                Self.appendSpoken(match.shortcode, to: &spoken)
                afterName = true
                index = end
                continue
            }
            index = scalars.index(after: index)
            if scalar == Self.placeholder { continue }
            shown.append(scalar)
            offset += String(scalar).utf8.count
            if afterName && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil) {
                spoken.append(" ")
            }
            afterName = false
            if scalar == " " && spoken.last == " " { continue }
            spoken.append(scalar)
        }
        self.shown = String(shown)
        self.spoken = String(String(spoken).trimmingCharacters(in: .whitespaces))
        self.placements = placements
    }

    /// Whether any picture goes in the text.
    public var hasPictures: Bool { !placements.isEmpty }

    /// The shortcode of `:code:` starting at `colon`, and the index just
    /// after its closing colon; nil when none starts there.
    private static func shortcode(in text: String, after colon: String.Index) -> (Substring, String.Index)? {
        let scalars = text.unicodeScalars
        var index = scalars.index(after: colon)
        let start = index
        var length = 0
        while index < scalars.endIndex, length <= 64 {
            let scalar = scalars[index]
            if scalar == ":" {
                guard length > 0 else { return nil }
                return (text[start..<index], scalars.index(after: index))
            }
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
            else { return nil }
            length += 1
            index = scalars.index(after: index)
        }
        return nil
    }

    /// "blob_cat" as a word among words: "blob cat", spaced from the word
    /// before it.
    private static func appendSpoken(_ shortcode: String, to spoken: inout String.UnicodeScalarView) {
        if let last = spoken.last, last != " " { spoken.append(" ") }
        spoken.append(contentsOf: shortcode.replacingOccurrences(of: "_", with: " ").unicodeScalars)
    }
}
