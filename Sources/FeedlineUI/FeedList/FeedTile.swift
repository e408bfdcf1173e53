import FeedCore
import Foundation
import GtkKit

/// The widgets of one cell of the photo grid: the item's picture on top,
/// cropped to a box of fixed height so a row of the grid never changes
/// height when pictures arrive, then the title and a byline. An item
/// without a picture shows the start of its text in a card of the same
/// size instead, so the grid stays even (with a poll, the start of its text
/// and the poll's first options). An item with a content warning shows the
/// warning instead of its title and keeps its picture hidden until
/// revealed ("Show Post"); media marked sensitive hides only the picture
/// ("Show Media"). A video, GIF or sound has its badge on the picture (a
/// sound without one keeps the picture's box for it); custom emoji are
/// drawn in the title and the text. An unread stored item has a dot
/// before its title, which is bold (read, neither; the dot's room stays),
/// a starred one a star after it.
@MainActor
final class FeedTile: ItemWidgets {
    let box = Box(.vertical, spacing: 4)
    var root: Widget { box }
    let picture: RowPicture
    /// The picture with the media badge laid over it.
    let pictureBox: Overlay
    let mediaBadge = MediaBadge()
    /// In the picture's place when the item has none: its summary (and a
    /// poll's options with their shares), in a card the picture's size.
    let excerpt = Label()
    let title = Label()
    /// The title, with the dot of an unread item laid over its start
    /// margin and the star of a starred one over its end margin (a box
    /// around a wrapping title upset the grid's heights).
    let titleLine: Overlay
    let marks: MarkSigns
    let byline = Label()
    let reveal = RevealButton()
    var revealButton: Button { reveal.button }
    /// The title (or warning) and the excerpt, with custom emoji drawn in.
    let titleText: EmojiLabel
    let excerptText: EmojiLabel
    /// "Poll · 240 votes · Ends in 3 h", under the title; made on first need.
    private(set) var pollLine: Label?
    private let images: ImageLoader
    var onToggleReveal: ((String) -> Void)?
    var onOpenMedia: ((URL) -> Void)?
    private var itemID: String?

    /// The tile's width (more when the grid's column is wider) and its
    /// picture's height.
    static let pictureWidth: Int32 = 180
    static let pictureHeight: Int32 = 135

    /// The most columns a grid `width` pixels wide needs: those that fit
    /// (tiles are at least `pictureWidth` wide, more with their padding)
    /// and one more, so that a window made wider by less than a column
    /// lays out all it can in its next frame, at most `limit`. GtkGridView
    /// 4.8 keeps tiles for about 32 rows of `maxColumns` whatever the
    /// columns shown: a limit of 12 made 384 tiles (and their pictures)
    /// for 3 columns. An unknown width (0: not laid out yet) gets `limit`.
    static func columns(fitting width: Int, limit: Int) -> Int {
        guard width > 0 else { return limit }
        return min(limit, width / Int(pictureWidth) + 1)
    }

    init(images: ImageLoader = .shared) {
        self.images = images
        titleText = EmojiLabel(title, images: images)
        excerptText = EmojiLabel(excerpt, images: images)
        // The picture fills the tile's width, which the tile's own size
        // request sets (a picture asking for it measured wider in a tile).
        picture = RowPicture(images: images, width: 1, height: Self.pictureHeight,
                             decodeSide: Int(Self.pictureWidth) * 3 / 2, cssClass: "feed-tile-picture")
        picture.picture.align(horizontal: .fill, vertical: .start)
        picture.picture.horizontalExpand = true
        pictureBox = MediaBadge.overlay(mediaBadge, on: picture.picture)
        box.addCSSClass("feed-tile")
        // Every tile as wide as a picture, so the grid's columns are the
        // same whatever the feed (GtkGridView sizes them from the widest).
        box.setSizeRequest(width: Self.pictureWidth)
        title.addCSSClass("feed-tile-title")
        title.wrap(lines: 2)
        title.xAlign = 0
        titleLine = Overlay(child: title)
        marks = MarkSigns(title: title)
        marks.placeStar = { [titleLine] star in
            star.align(horizontal: .end, vertical: .start)
            star.marginTop = FeedRow.dotTop - 2
            titleLine.addOverlay(star, measured: false)
        }
        marks.dot.marginTop = FeedRow.dotTop
        titleLine.addOverlay(marks.dot, measured: false)
        byline.addCSSClass("caption")
        byline.addCSSClass("dim-label")
        byline.ellipsizeEnd()
        byline.xAlign = 0
        reveal.onClick = { [weak self] in
            guard let self, let itemID else { return }
            onToggleReveal?(itemID)
        }
        excerpt.addCSSClass("feed-tile-excerpt")
        excerpt.wrap(lines: 6)
        excerpt.xAlign = 0
        excerpt.yAlign = 0
        excerpt.setSizeRequest(height: Self.pictureHeight)
        mediaBadge.onOpen = { [weak self] url in self?.onOpenMedia?(url) }
        [pictureBox, excerpt, titleLine, revealButton, byline].forEach(box.append)
    }

    func setPicturePriority(_ priority: Int) {
        picture.priority = priority
    }

    func showMarks(unread: Bool?, starred: Bool) {
        marks.show(unread: unread, starred: starred)
        title.marginStart = unread == nil ? 0 : Self.dotRoom
        title.marginEnd = starred ? Self.starRoom : 0
    }

    /// The title's margins under the dot and the star.
    static let dotRoom: Int32 = 14
    static let starRoom: Int32 = 16

    func stopLoading() {
        picture.stopLoading()
        titleText.stopLoading()
        excerptText.stopLoading()
    }

    func show(_ item: FeedItem, when: String?, revealed: Bool) {
        itemID = item.id
        let details = item.details
        let textEmoji = details?.textEmoji ?? []
        let veil = ItemText.veil(item)
        let hidden = ItemText.hidden(item, revealed: revealed)
        if hidden.text {
            titleText.show(ItemText.warning(item) ?? "", emoji: textEmoji)
            title.addCSSClass("feed-row-warning")
        } else {
            titleText.show(ItemText.title(item), emoji: details?.titleEmoji ?? [])
            title.removeCSSClass("feed-row-warning")
        }
        reveal.show(veil, revealed: revealed)
        byline.text = ItemText.byline(item, when: when)
        // A sound without a picture keeps the picture's box, for its badge.
        let playing = item.media.flatMap { $0.kind.plays ? $0 : nil }
        let hasPicture = item.imageURL != nil || playing != nil
        picture.show(item.imageURL, placeholder: hasPicture, hidden: hidden.media, preview: item.imageBlurhash)
        mediaBadge.show(hidden.media ? nil : playing)
        excerpt.isVisible = !hasPicture
        pictureBox.isVisible = hasPicture
        excerptText.show(hasPicture || hidden.text ? "" : Self.excerpt(of: item), emoji: textEmoji)
        if let shownPoll = details?.poll, !hidden.text {
            let line = pollLineLabel()
            // Translators: a tile's poll line: "Poll · 240 votes · Ends in 3 h".
            line.text = Localization.format(L("Poll · %s"), PostText.pollStatus(shownPoll, now: Date()))
            line.isVisible = true
        } else {
            pollLine?.isVisible = false
        }
    }

    /// The card's words: the summary; for a poll, its start and then the
    /// options with their shares ("Bike · 51%"), as words (a tile is too
    /// narrow for bars), within the card's six lines.
    static func excerpt(of item: FeedItem) -> String {
        guard let poll = item.poll else { return item.summary }
        let options = poll.options.prefix(3).map { option in
            PostText.share(option, in: poll).map { "\(option.title) · \($0)" } ?? option.title
        }
        let start = PlainText.truncated(item.summary, to: 60)
        return ([start.isEmpty ? nil : start + "\n"] + options).compactMap { $0 }.joined(separator: "\n")
    }

    private func pollLineLabel() -> Label {
        if let pollLine { return pollLine }
        let made = PostText.captionLabel()
        box.insert(made, after: titleLine)
        pollLine = made
        return made
    }
}
