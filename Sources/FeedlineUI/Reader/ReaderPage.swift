import FeedCore
import Foundation
import GtkKit

/// One of the reader view's three pages: an item whole (title, byline,
/// picture, text as plain text with its paragraphs), or, past the last
/// item loaded, the next page coming: the list's own footer, with its
/// spinner, reason and Retry. Refilled as the reader moves, never rebuilt.
@MainActor
final class ReaderPage {
    let root = Stack()
    let title = Label()
    let byline = Label()
    let picture: RowPicture
    let body = Label()
    /// The next page loading, or why it failed (shown for `more`).
    let footer = FeedFooter()
    private let scroller = ScrolledWindow()
    /// The item shown (nil on the next page's loading page, or empty).
    private(set) var item: FeedItem?

    init(images: ImageLoader) {
        picture = RowPicture(images: images, width: 1, height: Self.pictureHeight, decodeSide: 900,
                             cssClass: "reader-picture")
        title.addCSSClass("title-2")
        byline.addCSSClass("dim-label")
        body.isSelectable = true
        for label in [title, byline, body] {
            label.wrap()
            label.xAlign = 0
        }
        // In a row of its own: a vertical box would ask a small picture its
        // height for the whole page's width, and leave a gap below it.
        let pictureRow = Box(.horizontal, children: [picture.picture])
        let page = Box(.vertical, spacing: 12, children: [title, byline, pictureRow, body])
        page.addCSSClass("reader-page")
        scroller.setChild(page)
        scroller.verticalExpand = true
        footer.root.align(horizontal: .center, vertical: .center)
        // Not the list's minimum height: given more height than one line
        // needs, GTK wraps the message to fit it, a word a line.
        footer.root.addCSSClass("reader-footer")
        root.add(scroller, name: "item")
        root.add(footer.root, name: "more")
    }

    /// Shows `item` from its top. `priority`: its picture's download
    /// priority (0 on screen, lower for a page beside it).
    func show(_ item: FeedItem, priority: Int, now: Date = Date()) {
        footer.stop()
        picture.priority = priority
        guard item != self.item else { return }
        self.item = item
        title.text = item.title.isEmpty ? "Untitled" : item.title
        byline.text = ItemText.byline(item, when: ItemText.when(item, now: now))
        byline.isVisible = !byline.text.isEmpty
        showPicture(of: item)
        body.text = item.content.flatMap { $0.isEmpty ? nil : $0 } ?? item.summary
        scroller.verticalAdjustment.value = 0
        root.visibleChildName = "item"
    }

    /// The widest a picture is shown at its own size; a wider one fills
    /// the page's width, cropped to `pictureHeight`.
    static let smallPictureWidth: Int32 = 560
    static let pictureHeight: Int32 = 280

    /// A picture the feed says is small is shown at its own size, never
    /// blown up; any other fills the width.
    private func showPicture(of item: FeedItem) {
        if let size = item.imageSize, size.width <= Self.smallPictureWidth {
            picture.picture.align(horizontal: .start, vertical: .start)
            picture.picture.horizontalExpand = false
            picture.show(item.imageURL, width: size.width, height: min(size.height, Self.pictureHeight * 2),
                         preview: item.imageBlurhash)
        } else {
            picture.picture.align(horizontal: .fill, vertical: .start)
            picture.picture.horizontalExpand = true
            picture.show(item.imageURL, width: 1, height: Self.pictureHeight, preview: item.imageBlurhash)
        }
    }

    /// Scrolls the item's text by `lines` (negative: up), or to its top or
    /// bottom: the keys, since Page Up and Page Down move between items.
    func scroll(lines: Int) {
        scroll(to: scroller.verticalAdjustment.value + Double(lines) * Self.lineHeight)
    }

    func scroll(toEnd: Bool) {
        scroll(to: toEnd ? .infinity : 0)
    }

    /// How far the text is scrolled, and how far it can be (pixels).
    var scrollOffset: Double { scroller.verticalAdjustment.value }
    var scrollRange: Double { max(0, scroller.verticalAdjustment.upper - scroller.verticalAdjustment.pageSize) }

    /// Pixels a line of scrolling moves.
    static let lineHeight = 48.0

    private func scroll(to value: Double) {
        scroller.verticalAdjustment.value = max(0, min(value, scrollRange))
    }

    /// Shows the page after the last item loaded: loading, or failed.
    func showMore(_ state: FooterState) {
        forgetItem()
        footer.show(state)
        root.visibleChildName = "more"
    }

    /// Shows nothing (there is no item on that side).
    func clear() {
        forgetItem()
        footer.stop()
    }

    private func forgetItem() {
        guard item != nil else { return }
        item = nil
        picture.stopLoading()
        picture.show(nil)
        title.text = ""
        byline.text = ""
        body.text = ""
    }
}
