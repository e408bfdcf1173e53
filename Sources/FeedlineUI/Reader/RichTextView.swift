import FeedCore
import Foundation
import GtkKit

/// An item's HTML content in the reader view, as rich text: paragraphs,
/// headings, bold and italic, web links, lists, quotes, code, tables as
/// rows of text, and pictures, in one selectable text view.
///
/// The rules it keeps:
/// - The HTML is parsed off the main thread (`RichTextParser`, which keeps
///   only a safe subset and never lets feed text become markup); the main
///   thread only fills the text view with the result. Nothing is shown until
///   it is ready, so plain text never gives way to rich text under the reader.
/// - Every link is a keyboard stop a screen reader hears by its words
///   (`TextView`); activating one calls `onOpenLink`, and pointing at one
///   (pointer or focus) calls `onPointAtLink` with its address.
/// - Pictures go through the app's `ImageLoader` at a bounded size, and not
///   at all when `loadsRemoteImages` is false: their description is shown
///   instead, and nothing is fetched.
/// - Custom emoji (`TextEmoji`) are drawn in the text and named for screen
///   readers, never shown as `:shortcode:`.
@MainActor
final class RichTextView {
    let textView = TextView()
    private let images: ImageLoader
    /// Whether pictures in the text are downloaded. Takes effect at the next
    /// item shown.
    var loadsRemoteImages = true
    /// A link was clicked or activated by keyboard.
    var onOpenLink: ((URL) -> Void)?
    /// The pointer or keyboard focus came to a link (its address), or left
    /// the links (nil).
    var onPointAtLink: ((URL?) -> Void)?
    /// The content shown or being parsed.
    private(set) var html: String?
    /// The text shown, once parsed (nil while parsing).
    private(set) var richText: RichText?
    private var parsing: Task<Void, Never>?
    /// The pictures in the text shown.
    private(set) var pictures: [InlinePicture] = []
    /// The custom emoji drawn in the text shown.
    let textEmoji: TextEmoji

    /// The widest a picture in the text is shown, and the tallest.
    static let pictureMaxWidth: Int32 = 560
    static let pictureMaxHeight: Int32 = 640

    init(images: ImageLoader) {
        self.images = images
        textEmoji = TextEmoji(images: images)
        textView.addCSSClass("rich-text")
        textView.setAccessibleLabel(L("Text of the item"))
        textView.onActivateLink = { [weak self] address in
            if let url = URL(string: address) { self?.onOpenLink?(url) }
        }
        textView.onPointAtLink = { [weak self] address in self?.onPointAtLink?(address.flatMap(URL.init(string:))) }
    }

    /// Shows `html` (relative links resolved against `base`), once parsed,
    /// with the `:shortcode:` of each of `emoji` drawn as its picture.
    func show(html: String, base: URL?, emoji: [CustomEmoji] = []) {
        guard html != self.html || emoji != textEmoji.emoji else { return }
        clear()
        self.html = html
        textEmoji.emoji = emoji
        parsing = Task { [weak self] in
            let text = await Self.parse(html, base: base)
            guard let self, !Task.isCancelled, self.html == html else { return }
            parsing = nil
            render(text)
        }
    }

    /// Empties the view and lets go of its pictures' downloads.
    func clear() {
        parsing?.cancel()
        parsing = nil
        html = nil
        richText = nil
        pictures.forEach { $0.stop() }
        pictures = []
        textEmoji.clear()
        textEmoji.emoji = []
        textView.clear()
    }

    @concurrent
    private nonisolated static func parse(_ html: String, base: URL?) async -> RichText {
        RichTextParser.parse(html, base: base)
    }

    // MARK: Rendering

    private func render(_ text: RichText) {
        richText = text
        render(text.blocks, indent: 0, space: Space.block)
        textEmoji.load()
    }

    /// Pixels above a block: between blocks, before a heading, between list
    /// items and table rows.
    private enum Space {
        static let block: Int32 = 12
        static let heading: Int32 = 18
        static let item: Int32 = 4
        static let row: Int32 = 2
    }

    /// Renders `blocks` indented by `indent` steps, the first `space` pixels
    /// below what came before; the first starts with `marker` ("•", "3.")
    /// when they are a list item.
    private func render(_ blocks: [RichText.Block], indent: Int, space: Int32, marker: String? = nil,
                        italic: Bool = false) {
        var (marker, space) = (marker, space)
        if blocks.isEmpty, let marker {
            paragraph([], indent: indent, space: space, marker: marker)
        }
        for block in blocks {
            defer { (marker, space) = (nil, Space.block) }
            switch block {
            case .paragraph(let runs):
                paragraph(runs, indent: indent, space: space, marker: marker, extra: italic ? [.italic] : [])
            case .heading(let level, let runs):
                paragraph(runs, indent: indent, space: max(space, Space.heading), marker: marker, extra: [.heading(level)])
            case .list(let ordered, let items):
                if let marker {
                    paragraph([], indent: indent, space: space, marker: marker)
                    space = Space.item
                }
                for (number, item) in items.enumerated() {
                    render(item, indent: indent + 1, space: number == 0 ? space : Space.item,
                           marker: ordered ? "\(number + 1)." : "•", italic: italic)
                }
            case .quote(let inner):
                if let marker {
                    paragraph([], indent: indent, space: space, marker: marker)
                    space = Space.item
                }
                render(inner, indent: indent + 1, space: space, italic: true)
            case .preformatted(let text):
                let start = beginBlock()
                textView.append(text, [.preformatted])
                endBlock(from: start, indent: indent, space: space, hanging: false)
            case .table(let rows):
                for (index, row) in rows.enumerated() {
                    let start = beginBlock()
                    for (column, cell) in row.enumerated() {
                        if column > 0 { textView.append(" | ", [.dim]) }
                        append(cell, extra: [])
                    }
                    endBlock(from: start, indent: indent, space: index == 0 ? space : Space.row, hanging: false)
                }
            case .image(let image):
                picture(image, indent: indent, space: space)
            }
        }
    }

    /// One paragraph of `runs`, links included.
    private func paragraph(_ runs: [RichText.Run], indent: Int, space: Int32, marker: String?,
                           extra: [TextView.Tag] = []) {
        let start = beginBlock()
        if let marker { textView.append(marker + " ") }
        append(runs, extra: extra)
        endBlock(from: start, indent: indent, space: space, hanging: marker != nil)
    }

    /// Starts a block on a line of its own (a line break after the block
    /// before: none after the last, so nothing below the text but the
    /// page's spacing). Returns where it starts.
    private func beginBlock() -> Int32 {
        if textView.endOffset > 0 { textView.append("\n") }
        return textView.endOffset
    }

    /// Ends the block that started at `start`: indented, `space` pixels
    /// below the one before (none at the very top).
    private func endBlock(from start: Int32, indent: Int, space: Int32, hanging: Bool) {
        var tags: [TextView.Tag] = start > 0 ? [.spaceAbove(space)] : []
        if indent > 0 { tags.append(.indent(level: indent, hanging: hanging)) }
        textView.apply(tags, from: start)
    }

    /// Appends `runs`, each run of one link made into one link (custom emoji
    /// in a link's words are said by name: its words are its name).
    private func append(_ runs: [RichText.Run], extra: [TextView.Tag]) {
        var index = runs.startIndex
        while index < runs.endIndex {
            let run = runs[index]
            guard let url = run.style.link else {
                textEmoji.append(run.text, Self.tags(run.style) + extra, to: textView)
                index += 1
                continue
            }
            var segments: [(String, [TextView.Tag])] = []
            while index < runs.endIndex, runs[index].style.link == url {
                segments.append((textEmoji.words(runs[index].text), Self.tags(runs[index].style) + extra))
                index += 1
            }
            textView.appendLink(segments, address: url.absoluteString)
        }
    }

    private static func tags(_ style: RichText.Style) -> [TextView.Tag] {
        var tags: [TextView.Tag] = []
        if style.bold { tags.append(.bold) }
        if style.italic { tags.append(.italic) }
        if style.code { tags.append(.code) }
        return tags
    }

    /// A picture on a line of its own, or, when remote pictures are off,
    /// its description.
    private func picture(_ image: RichText.Image, indent: Int, space: Int32) {
        let start = beginBlock()
        guard loadsRemoteImages else {
            // Translators: in an item's text, a picture not downloaded; %s is its description.
            textView.append(image.alt.isEmpty ? L("Picture not loaded") : Localization.format(L("Picture not loaded: %s"), image.alt), [.dim])
            endBlock(from: start, indent: indent, space: space, hanging: false)
            return
        }
        let picture = InlinePicture(image, images: images, maxWidth: Self.pictureMaxWidth, maxHeight: Self.pictureMaxHeight)
        pictures.append(picture)
        textView.appendWidget(picture.picture)
        endBlock(from: start, indent: indent, space: space, hanging: false)
        picture.load()
    }
}

/// A picture in the item's text: a placeholder of the size the HTML gives
/// (4:3 when it gives none) from the start, the picture once downloaded
/// and decoded (off the main thread) at that size. Named for screen
/// readers by its description.
@MainActor
final class InlinePicture {
    let picture: Picture
    let image: RichText.Image
    private let images: ImageLoader
    private let maxWidth: Int32
    private let maxHeight: Int32
    private var request: Task<Void, Never>?

    init(_ image: RichText.Image, images: ImageLoader, maxWidth: Int32, maxHeight: Int32) {
        self.image = image
        self.images = images
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        let size = Self.fit(width: image.width.map(Double.init), height: image.height.map(Double.init),
                            maxWidth: maxWidth, maxHeight: maxHeight)
        picture = Picture(width: size.width, height: size.height)
        picture.addCSSClass("reader-picture")
        picture.describe(image.alt)
    }

    /// Starts the download (at most the box's size, at the screen's scale).
    func load() {
        let side = Int(max(maxWidth, maxHeight)) * picture.scaleFactor
        request = images.load(image.url, width: side, height: side, priority: 0) { [weak self] texture in
            guard let self, let texture else { return }
            request = nil
            if image.width == nil || image.height == nil {
                // No size given: the box takes the picture's own shape now.
                let scale = Double(picture.scaleFactor)
                let size = Self.fit(width: Double(texture.width) / scale, height: Double(texture.height) / scale,
                                    maxWidth: maxWidth, maxHeight: maxHeight)
                picture.setSizeRequest(width: size.width, height: size.height)
            }
            picture.show(texture)
        }
    }

    func stop() {
        request?.cancel()
        request = nil
    }

    /// A box for a picture of `width` × `height` (either may be unknown)
    /// within the limits, its shape kept, never larger than it is.
    static func fit(width: Double?, height: Double?, maxWidth: Int32, maxHeight: Int32) -> (width: Int32, height: Int32) {
        let width = width ?? Double(maxWidth)
        let height = height ?? width * 3 / 4
        let scale = min(1, Double(maxWidth) / width, Double(maxHeight) / height)
        return (max(1, Int32((width * scale).rounded())), max(1, Int32((height * scale).rounded())))
    }
}
