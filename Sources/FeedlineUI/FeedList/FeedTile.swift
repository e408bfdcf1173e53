import FeedCore
import Foundation
import GtkKit

/// The widgets of one cell of the photo grid: the item's picture on top,
/// cropped to a box of fixed height so a row of the grid never changes
/// height when pictures arrive, then the title and a byline. An item
/// without a picture shows the start of its text in a card of the same
/// size instead, so the grid stays even. An item with a content warning
/// shows the warning instead of its title and keeps its picture hidden
/// until revealed ("Show Post").
@MainActor
final class FeedTile: ItemWidgets {
    let box = Box(.vertical, spacing: 4)
    var root: Widget { box }
    let picture: RowPicture
    /// In the picture's place when the item has none: its summary, in a
    /// card the picture's size.
    let excerpt = Label()
    let title = Label()
    let byline = Label()
    let reveal = RevealButton()
    var revealButton: Button { reveal.button }
    var onToggleReveal: ((String) -> Void)?
    private var itemID: String?

    /// The tile's width (more when the grid's column is wider) and its
    /// picture's height.
    static let pictureWidth: Int32 = 180
    static let pictureHeight: Int32 = 135

    init(images: ImageLoader = .shared) {
        // The picture fills the tile's width, which the tile's own size
        // request sets (a picture asking for it measured wider in a tile).
        picture = RowPicture(images: images, width: 1, height: Self.pictureHeight,
                             decodeSide: Int(Self.pictureWidth) * 3 / 2, cssClass: "feed-tile-picture")
        picture.picture.align(horizontal: .fill, vertical: .start)
        picture.picture.horizontalExpand = true
        box.addCSSClass("feed-tile")
        // Every tile as wide as a picture, so the grid's columns are the
        // same whatever the feed (GtkGridView sizes them from the widest).
        box.setSizeRequest(width: Self.pictureWidth)
        title.addCSSClass("feed-tile-title")
        title.wrap(lines: 2)
        title.xAlign = 0
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
        [picture.picture, excerpt, title, revealButton, byline].forEach(box.append)
    }

    func setPicturePriority(_ priority: Int) {
        picture.priority = priority
    }

    func stopLoading() {
        picture.stopLoading()
    }

    func show(_ item: FeedItem, when: String?, revealed: Bool) {
        itemID = item.id
        let warning = ItemText.warning(item)
        let hidden = warning != nil && !revealed
        title.text = hidden ? warning ?? "" : ItemText.title(item)
        if hidden { title.addCSSClass("feed-row-warning") } else { title.removeCSSClass("feed-row-warning") }
        reveal.show(warned: warning != nil, revealed: revealed)
        byline.text = ItemText.byline(item, when: when)
        let hasPicture = item.imageURL != nil
        picture.show(item.imageURL, placeholder: hasPicture, hidden: hidden, preview: item.imageBlurhash)
        excerpt.isVisible = !hasPicture
        excerpt.text = hasPicture || hidden ? "" : item.summary
    }
}
