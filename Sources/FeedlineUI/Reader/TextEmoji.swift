import FeedCore
import Foundation
import GtkKit

// Custom emoji in the reader's rich text. The rules it keeps: a `:shortcode:`
// the feed names is drawn as its picture where it stands in the text (never
// shown with its colons), and a screen reader hears the emoji's name (the
// picture is named by it, as EmojiText speaks it); each picture address is
// downloaded once per item, whatever the count of its uses; an item draws at
// most `EmojiText.maxPictures` (further shortcodes stay text, as in rows).

/// The custom emoji of the text a `RichTextView` renders: appends text with
/// each emoji as a small picture in its place, and fills the pictures as
/// they arrive through the `ImageLoader`.
@MainActor
final class TextEmoji {
    /// One emoji drawn in the text.
    struct Drawn {
        let emoji: CustomEmoji
        /// Its picture in the text, named for screen readers by `name`.
        let picture: Picture
        /// "blob cat" for `:blob_cat:`.
        let name: String
    }

    /// The emoji the text may use (the item's).
    var emoji: [CustomEmoji] = []
    /// The emoji drawn so far, in the order of the text.
    private(set) var drawn: [Drawn] = []
    private var textures: [URL: Texture] = [:]
    /// Pictures asked for and not yet here, and their downloads.
    private var loading: Set<URL> = []
    private var requests: [URL: Task<Void, Never>] = [:]
    private let images: ImageLoader

    /// Logical pixels of an emoji's square: a line of the reader's text.
    static let side: Int32 = 18

    init(images: ImageLoader) {
        self.images = images
    }

    /// Appends `text` to `textView` in the look of `tags`, each shortcode
    /// of `emoji` as its picture (a placeholder square until it arrives).
    func append(_ text: String, _ tags: [TextView.Tag], to textView: TextView) {
        guard let laid = layout(text) else { return textView.append(text, tags) }
        let utf8 = laid.shown.utf8
        var start = utf8.startIndex
        for placement in laid.placements {
            let at = utf8.index(utf8.startIndex, offsetBy: placement.utf8Offset)
            textView.append(String(laid.shown[start..<at]), tags)
            textView.appendWidget(picture(for: placement.emoji))
            // Past the placeholder (U+FFFC: three bytes) the picture stands for.
            start = utf8.index(at, offsetBy: 3)
        }
        textView.append(String(laid.shown[start...]), tags)
    }

    /// `text` as words: each shortcode by its name (the words of a link,
    /// which a focus stop speaks and which stay words).
    func words(_ text: String) -> String {
        guard let laid = layout(text) else { return text }
        return laid.spoken
    }

    /// Starts downloading the pictures not yet here (those in memory are
    /// drawn at once).
    func load() {
        let side = EmojiLabel.pictureSide * max(1, drawn.first?.picture.scaleFactor ?? 1)
        for url in Set(drawn.map(\.emoji.url)) where textures[url] == nil && !loading.contains(url) {
            loading.insert(url)
            let request = images.load(url, width: side, height: side) { [weak self] texture in
                guard let self, loading.remove(url) != nil else { return }
                requests[url] = nil
                guard let texture else { return }
                textures[url] = texture
                for shown in drawn where shown.emoji.url == url { shown.picture.show(texture) }
            }
            if loading.contains(url) { requests[url] = request }
        }
    }

    /// Forgets the pictures (the text view was cleared) and lets go of
    /// their downloads.
    func clear() {
        requests.values.forEach { $0.cancel() }
        requests = [:]
        loading = []
        textures = [:]
        drawn = []
    }

    /// How many emoji arrived and are drawn.
    var drawnCount: Int { drawn.filter { $0.picture.texture != nil }.count }

    /// `text` laid out with the item's emoji, while the item may still draw
    /// all of its pictures; nil when it has none to draw (the text as it is).
    private func layout(_ text: String) -> EmojiText? {
        guard !emoji.isEmpty else { return nil }
        let laid = EmojiText(text, emoji: emoji)
        guard laid.hasPictures, drawn.count + laid.placements.count <= EmojiText.maxPictures else { return nil }
        return laid
    }

    private func picture(for emoji: CustomEmoji) -> Picture {
        let picture = Picture(width: Self.side, height: Self.side)
        picture.addCSSClass("reader-emoji")
        let name = Self.name(of: emoji)
        picture.describe(name)
        if let texture = textures[emoji.url] { picture.show(texture) }
        drawn.append(Drawn(emoji: emoji, picture: picture, name: name))
        return picture
    }

    /// The emoji's name as `EmojiText` speaks it ("blob cat").
    static func name(of emoji: CustomEmoji) -> String {
        EmojiText(":\(emoji.shortcode):", emoji: [emoji]).spoken
    }
}
