import Foundation

/// An item's text with its structure: paragraphs, headings, lists, quotes,
/// code, tables and pictures, made of runs of plain text that may be bold,
/// italic, code or a web link. What the reader view shows for HTML content.
///
/// The rule it keeps: every string in here is plain text, to be shown
/// literally (never markup), and every link and picture address is an
/// absolute http or https URL. `RichTextParser` is the only way in from
/// HTML and upholds both.
public struct RichText: Sendable, Hashable {
    public var blocks: [Block]

    public init(blocks: [Block] = []) {
        self.blocks = blocks
    }

    /// One block of the text, in reading order.
    public enum Block: Sendable, Hashable {
        case paragraph([Run])
        /// `level`: 1 (largest) to 6.
        case heading(level: Int, [Run])
        /// Each item holds blocks of its own (a nested list, a second
        /// paragraph).
        case list(ordered: Bool, items: [[Block]])
        case quote([Block])
        /// Shown as written, line breaks and spaces kept, in a monospace face.
        case preformatted(String)
        /// A table shown as readable text: a line per row.
        case table(rows: [[[Run]]])
        /// A picture on a line of its own; `width` and `height` when the
        /// HTML gives them (pixels).
        case image(Image)
    }

    /// A picture in the text.
    public struct Image: Sendable, Hashable {
        public var url: URL
        /// Its description, for those who cannot see it (may be empty).
        public var alt: String
        public var width: Int?
        public var height: Int?

        public init(url: URL, alt: String, width: Int? = nil, height: Int? = nil) {
            self.url = url
            self.alt = alt
            self.width = width
            self.height = height
        }
    }

    /// A stretch of text in one style. "\n" in `text` is a line break.
    public struct Run: Sendable, Hashable {
        public var text: String
        public var style: Style

        public init(_ text: String, _ style: Style = Style()) {
            self.text = text
            self.style = style
        }
    }

    /// How a run is shown.
    public struct Style: Sendable, Hashable {
        public var bold = false
        public var italic = false
        /// Inline code, in a monospace face.
        public var code = false
        /// Where the run links to (http or https only).
        public var link: URL?

        public init(bold: Bool = false, italic: Bool = false, code: Bool = false, link: URL? = nil) {
            self.bold = bold
            self.italic = italic
            self.code = code
            self.link = link
        }
    }
}

extension RichText {
    /// The text without its styles: blocks separated by a blank line, list
    /// items on lines of their own ("• " or "1. "), table cells separated by
    /// " | ", pictures as their description. For copying and for tests.
    public var plainText: String {
        Self.plainText(of: blocks, indent: "")
    }

    /// The links, in reading order: their text and address.
    public var links: [(text: String, url: URL)] {
        var links: [(text: String, url: URL)] = []
        func visit(_ runs: [Run]) {
            var previous: URL?
            for run in runs {
                if let url = run.style.link {
                    if url == previous {
                        links[links.count - 1].text += run.text
                    } else {
                        links.append((run.text, url))
                    }
                }
                previous = run.style.link
            }
        }
        func visit(_ blocks: [Block]) {
            for block in blocks {
                switch block {
                case .paragraph(let runs), .heading(_, let runs): visit(runs)
                case .list(_, let items): items.forEach(visit)
                case .quote(let inner): visit(inner)
                case .table(let rows): rows.forEach { $0.forEach(visit) }
                case .preformatted, .image: break
                }
            }
        }
        visit(blocks)
        return links
    }

    /// The text of `runs`, joined.
    public static func text(of runs: [Run]) -> String {
        runs.map(\.text).joined()
    }

    /// A table row as one line of text.
    public static func text(ofRow cells: [[Run]]) -> String {
        cells.map(text(of:)).joined(separator: " | ")
    }

    private static func plainText(of blocks: [Block], indent: String) -> String {
        blocks.map { block -> String in
            switch block {
            case .paragraph(let runs), .heading(_, let runs):
                return indent + text(of: runs)
            case .list(let ordered, let items):
                return items.enumerated().map { index, item in
                    let marker = ordered ? "\(index + 1). " : "• "
                    let inner = plainText(of: item, indent: indent + "   ")
                    return indent + marker + inner.drop(while: { $0 == " " })
                }.joined(separator: "\n")
            case .quote(let inner):
                return plainText(of: inner, indent: indent + "> ")
            case .preformatted(let text):
                return text
            case .table(let rows):
                return rows.map { indent + Self.text(ofRow: $0) }.joined(separator: "\n")
            case .image(let image):
                return indent + image.alt
            }
        }.joined(separator: "\n\n")
    }
}
