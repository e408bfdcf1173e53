import FeedCore
import Foundation
import GtkKit

/// One of the reader view's three pages: an item whole (title, byline,
/// picture, and its text: rich text when the feed gave HTML, otherwise plain
/// text with its paragraphs), or, past the last
/// item loaded, the next page coming: the list's own footer, with its
/// spinner, reason and Retry. Refilled as the reader moves, never rebuilt.
@MainActor
final class ReaderPage {
    let root = Stack()
    let title = Label()
    let byline = Label()
    let picture: RowPicture
    /// "Content warning: …", and Show Post / Hide Post, for an item that
    /// has one: its text and picture stay hidden (the picture not even
    /// downloaded) until the reader asks, as in the list.
    let warning = Label()
    let reveal = RevealButton()
    /// The text, when the feed gave it as plain text.
    let body = Label()
    /// The text, when the feed gave it as HTML: links, lists, quotes, code.
    let richText: RichTextView
    /// The address of the link under the pointer or with keyboard focus,
    /// over the page's bottom corner (as browsers show it).
    let linkAddress = Label()
    /// The next page loading, or why it failed (shown for `more`).
    let footer = FeedFooter()
    private let scroller = ScrolledWindow()
    /// The item shown (nil on the next page's loading page, or empty).
    private(set) var item: FeedItem?
    /// Shown with what is behind its content warning.
    private var revealed = false
    /// Show Post or Hide Post, for the item with this id.
    var onToggleReveal: ((String) -> Void)?
    /// A link in the text was activated.
    var onOpenLink: ((URL) -> Void)?

    init(images: ImageLoader) {
        picture = RowPicture(images: images, width: 1, height: Self.pictureHeight, decodeSide: 900,
                             cssClass: "reader-picture")
        richText = RichTextView(images: images)
        title.addCSSClass("title-2")
        byline.addCSSClass("dim-label")
        body.isSelectable = true
        warning.addCSSClass("feed-row-warning")
        for label in [title, byline, warning, body] {
            label.wrap()
            label.xAlign = 0
        }
        reveal.onClick = { [weak self] in
            if let self, let id = item?.id { onToggleReveal?(id) }
        }
        // In a row of its own: a vertical box would ask a small picture its
        // height for the whole page's width, and leave a gap below it.
        let pictureRow = Box(.horizontal, children: [picture.picture])
        let page = Box(.vertical, spacing: 12,
                       children: [title, byline, warning, reveal.button, pictureRow, body, richText.textView])
        page.addCSSClass("reader-page")
        scroller.setChild(page)
        scroller.verticalExpand = true
        footer.root.align(horizontal: .center, vertical: .center)
        // Not the list's minimum height: given more height than one line
        // needs, GTK wraps the message to fit it, a word a line.
        footer.root.addCSSClass("reader-footer")
        let overlay = Overlay(child: scroller)
        overlay.addOverlay(linkAddress, measured: false)
        root.add(overlay, name: "item")
        connectLinks()
        root.add(footer.root, name: "more")
    }

    /// Shows `item` from its top (or, when only `revealed` changed, where
    /// it is). `priority`: its picture's download priority (0 on screen,
    /// lower for a page beside it).
    func show(_ item: FeedItem, revealed: Bool, priority: Int, now: Date = Date()) {
        footer.stop()
        picture.priority = priority
        let warningText = ItemText.warning(item)
        let warned = warningText != nil
        let revealed = warned && revealed
        guard item != self.item || revealed != self.revealed else { return }
        if item != self.item { scroller.verticalAdjustment.value = 0 }
        self.item = item
        self.revealed = revealed
        title.text = ItemText.title(item)
        byline.text = ItemText.byline(item, when: ItemText.when(item, now: now))
        byline.isVisible = !byline.text.isEmpty
        warning.text = warningText ?? ""
        warning.isVisible = warned
        reveal.show(warned: warned, revealed: revealed)
        let hidden = warned && !revealed
        showPicture(of: item, hidden: hidden)
        showText(of: item, hidden: hidden)
        root.visibleChildName = "item"
    }

    /// The item's text: rich text from its HTML (parsed off the main thread;
    /// nothing shows until it is ready, so nothing jumps), else plain text.
    private func showText(of item: FeedItem, hidden: Bool) {
        if let html = item.contentHTML, !hidden {
            body.text = ""
            body.isVisible = false
            richText.show(html: html, base: item.link)
            richText.textView.isVisible = true
        } else {
            richText.clear()
            richText.textView.isVisible = false
            body.text = hidden ? "" : item.content.flatMap { $0.isEmpty ? nil : $0 } ?? item.summary
            body.isVisible = !hidden
        }
    }

    /// True when the point (`x`, `y`) of `widget` is on the item's text
    /// (where a mouse drag selects).
    func hasText(at x: Double, _ y: Double, of widget: Widget) -> Bool {
        widget.point(x, y, isOn: body) || widget.point(x, y, isOn: richText.textView)
    }

    private func connectLinks() {
        linkAddress.addCSSClass("reader-link-address")
        linkAddress.align(horizontal: .start, vertical: .end)
        linkAddress.ellipsizeEnd()
        linkAddress.isVisible = false
        // Only for the eyes: a link's focus stop carries its address for
        // screen readers, and the pointer passes through to the text below.
        linkAddress.hideFromAccessibility()
        linkAddress.receivesPointer = false
        richText.onOpenLink = { [weak self] url in self?.onOpenLink?(url) }
        richText.onPointAtLink = { [weak self] url in
            self?.linkAddress.text = url?.absoluteString ?? ""
            self?.linkAddress.isVisible = url != nil
        }
    }

    /// The widest a picture is shown at its own size; a wider one fills
    /// the page's width, cropped to `pictureHeight`.
    static let smallPictureWidth: Int32 = 560
    static let pictureHeight: Int32 = 280

    /// A picture the feed says is small is shown at its own size, never
    /// blown up; any other fills the width.
    /// `hidden`: behind a content warning, only the feed's blurred preview.
    private func showPicture(of item: FeedItem, hidden: Bool) {
        if let size = item.imageSize, size.width <= Self.smallPictureWidth {
            picture.picture.align(horizontal: .start, vertical: .start)
            picture.picture.horizontalExpand = false
            picture.show(item.imageURL, width: size.width, height: min(size.height, Self.pictureHeight * 2),
                         hidden: hidden, preview: item.imageBlurhash)
        } else {
            picture.picture.align(horizontal: .fill, vertical: .start)
            picture.picture.horizontalExpand = true
            picture.show(item.imageURL, width: 1, height: Self.pictureHeight, hidden: hidden,
                         preview: item.imageBlurhash)
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
        revealed = false
        picture.stopLoading()
        picture.show(nil)
        title.text = ""
        byline.text = ""
        body.text = ""
        richText.clear()
        linkAddress.isVisible = false
    }
}
