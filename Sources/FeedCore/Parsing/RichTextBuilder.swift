import Foundation

/// Builds `RichText` from HTML tokens, for `RichTextParser`: which element
/// does what (paragraphs, headings, lists, quotes, code, tables, links,
/// pictures), which are dropped with their content, and how whitespace
/// collapses.
///
/// The rule it keeps: its state is bounded whatever the input (at most
/// `RichTextParser.maxOpenElements` open elements, `maxNesting` containers,
/// `maxTextLength` characters), and closing a tag searches only that
/// bounded stack, so any input is built in time linear in its length.
struct RichTextBuilder {
    typealias Block = RichText.Block
    typealias Run = RichText.Run

    private let base: URL?
    /// Set once the text is as long as it may be: the parser stops.
    private(set) var isFull = false

    // MARK: State

    /// What an open element does while it is open (undone when it closes).
    private enum Effect {
        case none, bold, italic, code, link, heading, preformatted, container, drop, invisible, ellipsis
        case table, row, cell
    }

    private struct OpenElement {
        let name: String
        let effect: Effect
    }

    private enum ContainerKind {
        case root, quote, item
        case list(ordered: Bool)
    }

    /// The document, a quote, a list or a list item being filled.
    private struct Container {
        let kind: ContainerKind
        var blocks: [Block] = []
        var items: [[Block]] = []
    }

    private var open: [OpenElement] = []
    private var containers = [Container(kind: .root)]
    /// The paragraph (or heading, or table cell) being filled.
    private var runs: [Run] = []
    /// Whitespace seen since the last text: one space, if more text follows.
    private var pendingSpace = false
    private var heading: Int?
    private var bold = 0
    private var italic = 0
    private var code = 0
    /// Open links, innermost last (nil: an `a` that links nowhere allowed).
    private var links: [URL?] = []
    private var preformatted: String?
    private var preformattedDepth = 0
    private var dropDepth = 0
    private var invisibleDepth = 0
    private var table: [[[Run]]]?
    private var row: [[Run]]?
    private var inCell = false
    private var textLength = 0
    private var images = 0

    init(base: URL?) {
        self.base = base
    }

    // MARK: Element kinds

    /// Dropped with everything inside them.
    private static let dropped: Set<String> = [
        "script", "style", "iframe", "object", "applet", "embed", "form", "input", "button", "select",
        "textarea", "svg", "math", "template", "canvas", "audio", "video", "head", "title", "frameset",
        "frame", "noembed", "noframes", "xmp", "plaintext", "dialog", "map",
    ]
    /// Never closed, never pushed.
    private static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
        "track", "wbr", "frame", "keygen",
    ]
    /// End the paragraph being filled, opening or closing.
    private static let blockBoundaries: Set<String> = [
        "p", "div", "section", "article", "header", "footer", "main", "aside", "nav", "figure",
        "figcaption", "address", "details", "summary", "center", "dl", "dt", "dd", "hgroup", "hr",
        "caption", "body", "html", "picture",
    ]
    private static let headings = ["h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6]

    // MARK: Tokens

    mutating func take(_ token: HTMLToken) {
        switch token {
        case .text(let text): takeText(text)
        case .start(let name, let attributes): start(name, attributes)
        case .end(let name): end(name)
        }
    }

    private mutating func start(_ name: String, _ attributes: [String: String]) {
        if Self.dropped.contains(name) {
            // With no room left to pair its end tag, everything after it goes.
            if !Self.void.contains(name) && !push(name, .drop) { dropDepth += 1 }
            return
        }
        if dropDepth > 0 { return }
        if Self.blockBoundaries.contains(name) {
            endParagraph()
            return
        }
        if let level = Self.headings[name] {
            endParagraph()
            if heading == nil, push(name, .heading) { heading = level }
            return
        }
        switch name {
        case "br":
            lineBreak()
        case "b", "strong":
            if push(name, .bold) { bold += 1 }
        case "i", "em", "cite", "dfn", "var":
            if push(name, .italic) { italic += 1 }
        case "code", "kbd", "samp", "tt":
            if push(name, .code) { code += 1 }
        case "a":
            // A link inside a link ends the first, as in HTML.
            if let index = open.lastIndex(where: { $0.effect == .link }) { close(from: index) }
            if push(name, .link) { links.append(attributes["href"].flatMap { RichTextParser.webURL($0, base: base) }) }
        case "span":
            let classes = (attributes["class"] ?? "").split(separator: " ")
            if classes.contains("invisible") {
                if push(name, .invisible) { invisibleDepth += 1 }
            } else if classes.contains("ellipsis") {
                push(name, .ellipsis)
            }
        case "ul", "ol", "menu":
            openContainer(name, .list(ordered: name == "ol"))
        case "blockquote":
            openContainer(name, .quote)
        case "li":
            startListItem()
        case "pre":
            endParagraph()
            if push(name, .preformatted) {
                preformattedDepth += 1
                if preformatted == nil { preformatted = "" }
            }
        case "table":
            endParagraph()
            if table == nil, push(name, .table) { table = [] }
        case "tr":
            closeSibling(["tr"], within: ["table"])
            if table != nil, push(name, .row) {
                endRow()
                row = []
            }
        case "td", "th":
            closeSibling(["td", "th"], within: ["tr", "table"])
            if row != nil, push(name, .cell) {
                endCell()
                inCell = true
                if name == "th" { bold += 1 }
            }
        case "img":
            image(attributes)
        default:
            break  // anything else is transparent: its text is kept
        }
    }

    private mutating func end(_ name: String) {
        // Inside dropped content, only the dropped elements themselves close.
        let lowest = dropDepth > 0 ? (open.firstIndex { $0.effect == .drop } ?? 0) : 0
        if dropDepth == 0 && (Self.blockBoundaries.contains(name) || name == "br") {
            name == "br" ? lineBreak() : endParagraph()
        }
        guard let index = open.lastIndex(where: { $0.name == name }), index >= lowest else { return }
        close(from: index)
    }

    /// Closes the open elements from `index` up, innermost first.
    private mutating func close(from index: Int) {
        while open.count > index {
            let element = open.removeLast()
            undo(element)
        }
    }

    private mutating func undo(_ element: OpenElement) {
        switch element.effect {
        case .none: break
        case .bold: bold -= 1
        case .italic: italic -= 1
        case .code: code -= 1
        case .link: links.removeLast()
        case .heading:
            endParagraph()
            heading = nil
        case .preformatted:
            preformattedDepth -= 1
            if preformattedDepth == 0, let text = preformatted {
                preformatted = nil
                let trimmed = String(text.drop(while: { $0 == "\n" }).reversed().drop(while: { $0.isWhitespace }).reversed())
                if !trimmed.isEmpty { emit(.preformatted(trimmed)) }
            }
        case .container: closeContainer()
        case .drop: dropDepth -= 1
        case .invisible: invisibleDepth -= 1
        case .ellipsis: if dropDepth == 0 && invisibleDepth == 0 { append("…") }
        case .table:
            endRow()
            if let rows = table, !rows.isEmpty { emit(.table(rows: rows)) }
            table = nil
        case .row: endRow()
        case .cell:
            if element.name == "th" { bold -= 1 }
            endCell()
        }
    }

    /// Opens `name` with `effect` if there is room; false when the stack is
    /// full (the element is then ignored, its text kept).
    @discardableResult
    private mutating func push(_ name: String, _ effect: Effect) -> Bool {
        guard open.count < RichTextParser.maxOpenElements else { return false }
        open.append(OpenElement(name: name, effect: effect))
        if effect == .drop { dropDepth += 1 }
        return true
    }

    // MARK: Text

    private mutating func takeText(_ text: String) {
        guard !text.isEmpty, dropDepth == 0, invisibleDepth == 0 else { return }
        if preformatted != nil {
            appendPreformatted(text)
        } else {
            append(text)
        }
    }

    /// Appends `text` to the paragraph, whitespace collapsed, in the
    /// current style.
    private mutating func append(_ text: String) {
        var style = RichText.Style(bold: bold > 0, italic: italic > 0, code: code > 0)
        style.link = links.last ?? nil
        var kept = ""
        for character in text.lazy.flatMap({ Self.visible($0) }) {
            if Self.collapses(character) {
                pendingSpace = true
                continue
            }
            if pendingSpace {
                pendingSpace = false
                if kept.isEmpty {
                    spaceBeforeRun(of: style)
                } else {
                    kept.append(" ")
                }
            }
            kept.append(character)
        }
        add(kept, style)
    }

    /// The space between the last run and a new one in `style`: in the
    /// style both share, so no link is underlined and no code shaded past
    /// its words.
    private mutating func spaceBeforeRun(of style: RichText.Style) {
        guard !runs.isEmpty, !runs[runs.count - 1].text.hasSuffix("\n") else { return }
        // Read through the index, never a copy of the run: a copy held
        // across `add` keeps the run's text from growing in place, and
        // every append copied it whole (quadratic; found by scripts/fuzz).
        let last = runs[runs.count - 1].style
        let shared = RichText.Style(bold: last.bold && style.bold, italic: last.italic && style.italic,
                                    code: last.code && style.code,
                                    link: last.link == style.link ? style.link : nil)
        add(" ", shared)
    }

    /// HTML's whitespace, which runs together into one space (a
    /// non-breaking space does not).
    private static func collapses(_ character: Character) -> Bool {
        character == " " || character == "\n" || character == "\t" || character == "\r\n" || character == "\r"
            || character == "\u{0C}"
    }

    private mutating func add(_ text: String, _ style: RichText.Style) {
        guard !text.isEmpty, !isFull else { return }
        var text = text
        let room = RichTextParser.maxTextLength - textLength
        if text.count > room { text = String(text.prefix(room)) }
        if !runs.isEmpty, runs[runs.count - 1].style == style {
            runs[runs.count - 1].text += text
        } else {
            runs.append(Run(text, style))
        }
        countText(text.count)
    }

    private mutating func lineBreak() {
        if preformatted != nil {
            appendPreformatted("\n")
        } else if !runs.isEmpty {
            pendingSpace = false
            let style = runs[runs.count - 1].style
            add("\n", RichText.Style(bold: style.bold, italic: style.italic, code: style.code))
        }
    }

    private mutating func appendPreformatted(_ text: String) {
        var kept = ""
        for character in text.lazy.flatMap({ Self.visible($0, keepingLayout: true) }) {
            kept.append(character == "\r\n" || character == "\r" || character == "\u{0C}" ? "\n" : character)
        }
        let room = RichTextParser.maxTextLength - textLength
        guard room > 0 else { return }
        preformatted?.append(String(kept.prefix(room)))
        countText(min(kept.count, room))
    }

    private mutating func countText(_ count: Int) {
        textLength += count
        if textLength >= RichTextParser.maxTextLength {
            isFull = true
        }
    }

    /// Zero-width characters, which show nothing: dropped wherever they are.
    private static let zeroWidth: Set<Unicode.Scalar> = ["\u{200B}", "\u{2060}", "\u{FEFF}", "\u{180E}"]
    /// Joiners: kept inside an emoji or a word of a script that joins
    /// letters (Arabic, Persian, Indic), dropped elsewhere (alone, or after
    /// a Latin letter, where they join nothing).
    private static let joiners: Set<Unicode.Scalar> = ["\u{200C}", "\u{200D}"]

    /// What of `character` may be shown: nothing for control and
    /// zero-width characters; tabs and line breaks only `keepingLayout`.
    private static func visible(_ character: Character, keepingLayout: Bool = false) -> Substring {
        let scalars = character.unicodeScalars
        let first = scalars.first!.value
        if scalars.count == 1 && first >= 0x20 && first < 0x7F { return Substring(String(character)) }
        if collapses(character) { return keepingLayout || character == " " ? Substring(String(character)) : " " }
        if first < 0x20 || (0x7F...0x9F).contains(first) { return "" }
        let latin = first < 0x0250
        guard scalars.contains(where: { zeroWidth.contains($0) || (latin && joiners.contains($0)) })
                || scalars.allSatisfy({ joiners.contains($0) }) else { return Substring(String(character)) }
        let kept = scalars.filter { !zeroWidth.contains($0) && !(joiners.contains($0) && (latin || scalars.allSatisfy(joiners.contains))) }
        var text = ""
        text.unicodeScalars.append(contentsOf: kept)
        return Substring(text)
    }

    // MARK: Blocks

    /// Ends the paragraph (or heading) being filled and adds it, unless
    /// it is empty. Inside a table cell, only a space.
    private mutating func endParagraph() {
        if inCell {
            pendingSpace = !runs.isEmpty
            return
        }
        pendingSpace = false
        while let last = runs.last, last.text.allSatisfy({ $0 == "\n" || $0 == " " }) {
            runs.removeLast()
        }
        guard !runs.isEmpty else { return }
        while runs[runs.count - 1].text.last == "\n" || runs[runs.count - 1].text.last == " " {
            runs[runs.count - 1].text.removeLast()
        }
        let paragraph = runs
        runs = []
        emit(heading.map { .heading(level: $0, paragraph) } ?? .paragraph(paragraph))
    }

    /// Adds `block` where it belongs: a list takes it as an item of its own.
    private mutating func emit(_ block: Block) {
        let top = containers.count - 1
        if case .list = containers[top].kind {
            containers[top].items.append([block])
        } else {
            containers[top].blocks.append(block)
        }
    }

    private mutating func openContainer(_ name: String, _ kind: ContainerKind) {
        endParagraph()
        guard containers.count < RichTextParser.maxNesting else {
            push(name, .none)  // flattened, but its end tag still pairs with it
            return
        }
        if push(name, .container) {
            containers.append(Container(kind: kind))
        }
    }

    private mutating func closeContainer() {
        endParagraph()
        guard containers.count > 1 else { return }
        let container = containers.removeLast()
        switch container.kind {
        case .root: break
        case .quote:
            if !container.blocks.isEmpty { emit(.quote(container.blocks)) }
        case .list(let ordered):
            if !container.items.isEmpty { emit(.list(ordered: ordered, items: container.items)) }
        case .item:
            let top = containers.count - 1
            if case .list = containers[top].kind {
                containers[top].items.append(container.blocks)
            } else {
                containers[top].blocks += container.blocks
            }
        }
    }

    /// Closes the last open element named one of `names`, unless one named
    /// one of `outer` was opened after it: an `li` ends the item before it
    /// in the same list, a `td` the cell before it in the same row.
    private mutating func closeSibling(_ names: Set<String>, within outer: Set<String>) {
        let boundary = open.lastIndex { outer.contains($0.name) } ?? -1
        if let sibling = open.lastIndex(where: { names.contains($0.name) }), sibling > boundary {
            close(from: sibling)
        }
    }

    /// An `li`: ends the item before it in the same list, then opens one.
    private mutating func startListItem() {
        endParagraph()
        closeSibling(["li"], within: ["ul", "ol", "menu"])
        guard case .list = containers[containers.count - 1].kind else { return }
        openContainer("li", .item)
    }

    private mutating func image(_ attributes: [String: String]) {
        let alt = RichText.text(of: Self.collapsed(attributes["alt"] ?? ""))
        guard let url = attributes["src"].flatMap({ RichTextParser.webURL($0, base: base) }),
              images < RichTextParser.maxImages, !inCell else {
            // In place of the picture, its description, set apart by spaces.
            if !alt.isEmpty {
                pendingSpace = true
                append(alt)
                pendingSpace = true
            }
            return
        }
        images += 1
        endParagraph()
        func size(_ name: String) -> Int? {
            attributes[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { (1...10_000).contains($0) ? $0 : nil }
        }
        emit(.image(RichText.Image(url: url, alt: alt, width: size("width"), height: size("height"))))
    }

    /// `text` with whitespace collapsed and hidden characters dropped.
    private static func collapsed(_ text: String) -> [Run] {
        var builder = RichTextBuilder(base: nil)
        builder.append(text)
        return builder.runs
    }

    // MARK: Tables

    private mutating func endCell() {
        guard inCell else { return }
        inCell = false
        pendingSpace = false
        row?.append(runs)
        runs = []
    }

    private mutating func endRow() {
        endCell()
        if let cells = row, cells.contains(where: { !$0.isEmpty }) { table?.append(cells) }
        row = nil
    }

    // MARK: End

    /// Closes whatever is still open and returns the text.
    mutating func finish() -> RichText {
        if isFull {
            // Cut short: say so where the text stops.
            if preformatted != nil {
                preformatted?.append("…")
            } else {
                while runs.last?.text.last == " " { runs[runs.count - 1].text.removeLast() }
                runs.append(Run("…"))
            }
        }
        close(from: 0)
        endParagraph()
        while containers.count > 1 { closeContainer() }
        return RichText(blocks: containers[0].blocks)
    }
}
