import FeedCore
import Foundation
import GtkKit

/// The widgets of one item row: title, a two-line summary, and a byline
/// with the author's picture when the feed has one; the item's image, when
/// it has one, on the right, its box shaped by the size the feed declares.
/// An item with a content warning shows the warning and hides its summary
/// until revealed ("Show Post"). Built once per row widget GTK creates and
/// refilled on every bind, so `show` sets every field.
///
/// The image is laid over the row's right edge (an overlay, counted in the
/// row's height), with the text kept clear of it by a margin: a horizontal
/// box around the text would make GTK measure every label's natural width
/// first, which tripled the main thread's work per frame in the benchmark,
/// pictures or not.
@MainActor
final class FeedRow: ItemWidgets {
    let overlay: Overlay
    var root: Widget { overlay }
    /// The text, left of the image.
    let column = Box(.vertical, spacing: 4)
    let title = Label()
    let warning = Label()
    let reveal = RevealButton()
    var revealButton: Button { reveal.button }
    let summary = Label()
    let byline = Label()
    let bylineLine = Box(.horizontal, spacing: 6)
    /// The pictures, made when the row first shows an item that has one:
    /// rows of feeds without pictures never pay for their widgets.
    private(set) var avatar: RowPicture?
    private(set) var thumbnail: RowPicture?
    private let images: ImageLoader
    /// The reader pressed Show Post or Hide Post on the item with this id.
    var onToggleReveal: ((String) -> Void)?
    private var itemID: String?
    private var priority = 0

    init(images: ImageLoader = .shared) {
        self.images = images
        overlay = Overlay(child: column)
        overlay.addCSSClass("feed-row")
        title.addCSSClass("feed-row-title")
        title.wrap(lines: 3)
        summary.addCSSClass("feed-row-summary")
        summary.wrap(lines: 2)
        byline.addCSSClass("caption")
        byline.addCSSClass("dim-label")
        byline.ellipsizeEnd()
        warning.addCSSClass("feed-row-warning")
        warning.wrap(lines: 2)
        reveal.onClick = { [weak self] in
            guard let self, let itemID else { return }
            onToggleReveal?(itemID)
        }
        for label in [title, warning] {
            label.xAlign = 0
            column.append(label)
        }
        column.append(revealButton)
        summary.xAlign = 0
        column.append(summary)
        byline.xAlign = 0
        byline.horizontalExpand = true
        bylineLine.append(byline)
        column.append(bylineLine)
        column.horizontalExpand = true
    }

    static let avatarSize: Int32 = 20
    static let thumbnailWidth: Int32 = 112

    /// The image's box: `thumbnailWidth` wide, as tall as the declared
    /// aspect makes it (4:3 when the feed declares none), between a half
    /// and one and a third of the width.
    static func thumbnailHeight(for size: ImageSize?) -> Int32 {
        let aspect = min(4.0 / 3, max(0.5, size?.aspect ?? 0.75))
        return Int32((Double(thumbnailWidth) * aspect).rounded())
    }

    /// `revealed`: the reader chose to see the text behind the item's
    /// content warning.
    func show(_ item: FeedItem, now: Date, revealed: Bool = false) {
        show(item, when: ItemText.when(item, now: now), revealed: revealed)
    }

    /// `when`: the item's date as the row says it (`ItemText.when`).
    func show(_ item: FeedItem, when: String?, revealed: Bool) {
        itemID = item.id
        title.text = ItemText.title(item)
        let warningText = ItemText.warning(item)
        let warned = warningText != nil
        warning.isVisible = warned
        warning.text = warningText ?? ""
        reveal.show(warned: warned, revealed: revealed)
        let summaryText = warned && !revealed ? "" : item.summary
        summary.text = summaryText
        summary.isVisible = !summaryText.isEmpty
        byline.text = ItemText.byline(item, when: when)
        byline.isVisible = !byline.text.isEmpty
        if item.avatarURL != nil || avatar != nil {
            avatarPicture().show(item.avatarURL)
        }
        if item.imageURL != nil || thumbnail != nil {
            // A picture behind a content warning stays hidden with the text.
            thumbnailPicture().show(item.imageURL, height: Self.thumbnailHeight(for: item.imageSize),
                                    hidden: warned && !revealed, preview: item.imageBlurhash)
            column.marginEnd = item.imageURL == nil ? 0 : Self.thumbnailWidth + 12
        }
        bylineLine.isVisible = byline.isVisible || item.avatarURL != nil
    }

    func setPicturePriority(_ priority: Int) {
        self.priority = priority
        avatar?.priority = priority
        thumbnail?.priority = priority
    }

    func stopLoading() {
        avatar?.stopLoading()
        thumbnail?.stopLoading()
    }

    private func avatarPicture() -> RowPicture {
        if let avatar { return avatar }
        let made = RowPicture(images: images, width: Self.avatarSize, height: Self.avatarSize, cssClass: "feed-avatar")
        bylineLine.prepend(made.picture)
        made.priority = priority
        avatar = made
        return made
    }

    private func thumbnailPicture() -> RowPicture {
        if let thumbnail { return thumbnail }
        let made = RowPicture(images: images, width: Self.thumbnailWidth, height: Self.thumbnailWidth,
                              cssClass: "feed-thumbnail")
        made.picture.align(horizontal: .end, vertical: .start)
        overlay.addOverlay(made.picture, measured: true)
        made.priority = priority
        thumbnail = made
        return made
    }
}
