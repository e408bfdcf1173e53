import FeedCore
import Foundation
import GtkKit

/// One of the reader view's three pages: an item whole (title, byline,
/// picture, and its text: rich text when the feed gave HTML, otherwise plain
/// text with its paragraphs; a post's poll below), or, past the last
/// item loaded, the next page coming: the list's own footer, with its
/// spinner, reason and Retry. Refilled as the reader moves, never rebuilt:
/// every show sets every part, so a page that showed a post shows nothing
/// of it (badge, poll, emoji) for the next item.
///
/// A post shows as the list shows it: a content warning hides its text,
/// poll and media ("Show Post"), media marked sensitive hides its media
/// only ("Show Media"), and hidden media is never downloaded, also on the
/// pages filled beside the one on screen; a video, GIF or sound has a badge
/// that plays it; custom emoji are drawn in the title, the warning and the
/// text, and read by name.
@MainActor
final class ReaderPage {
    let root = Stack()
    let title = Label()
    let byline = Label()
    /// The picture, with a video's or a sound's badge.
    let media: ReaderMedia
    var picture: RowPicture { media.picture }
    /// "Content warning: …" for an item that has one, and Show Post / Hide
    /// Post (or Show Media / Hide Media for media marked sensitive).
    let warning = Label()
    let reveal = RevealButton()
    /// The text, when the feed gave it as plain text.
    let body = Label()
    /// The title, warning and plain text, with custom emoji drawn in.
    let titleText: EmojiLabel
    let warningText: EmojiLabel
    let bodyText: EmojiLabel
    /// The text, when the feed gave it as HTML: links, lists, quotes, code.
    let richText: RichTextView
    /// A post's poll: each option's share, the votes, when it ends.
    let poll: PollView
    /// The address of the link under the pointer or with keyboard focus,
    /// over the page's bottom corner (as browsers show it).
    let linkAddress = Label()
    /// The next page loading, or why it failed (shown for `more`).
    let footer = FeedFooter()
    private let scroller = ScrolledWindow()
    /// The item shown (nil on the next page's loading page, or empty).
    private(set) var item: FeedItem?
    /// Shown with what is behind its content warning or sensitive flag.
    private var revealed = false
    /// Show Post or Hide Post (Show Media, Hide Media), for the item with
    /// this id.
    var onToggleReveal: ((String) -> Void)?
    /// A link in the text was activated.
    var onOpenLink: ((URL) -> Void)?
    /// The media badge was pressed: play the file at this address.
    var onOpenMedia: ((URL) -> Void)?

    /// Poll options shown (the rest counted): the page has room for more
    /// than a row.
    static let pollOptions = 10

    init(images: ImageLoader) {
        media = ReaderMedia(images: images)
        titleText = EmojiLabel(title, images: images)
        warningText = EmojiLabel(warning, images: images)
        bodyText = EmojiLabel(body, images: images)
        richText = RichTextView(images: images)
        poll = PollView(images: images, maxOptions: Self.pollOptions)
        poll.root.isVisible = false
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
        let pictureRow = Box(.horizontal, children: [media.root])
        media.onOpen = { [weak self] url in self?.onOpenMedia?(url) }
        let page = Box(.vertical, spacing: 12,
                       children: [title, byline, warning, reveal.button, pictureRow, body, richText.textView, poll.root])
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
        let veil = ItemText.veil(item)
        let revealed = veil != .none && revealed
        // The item as shown, only its marks changed (read on opening,
        // starred): nothing to redo, and the reader stays where they are.
        guard !item.isSameShown(as: self.item) || revealed != self.revealed else {
            self.item = item
            return
        }
        // Another item starts from its top (the same one, changed by a
        // refresh or revealed, stays where the reader is).
        if item.id != self.item?.id { scroller.verticalAdjustment.value = 0 }
        self.item = item
        self.revealed = revealed
        titleText.show(ItemText.title(item), emoji: item.titleEmoji)
        byline.text = ItemText.byline(item, when: ItemText.when(item, now: now))
        byline.isVisible = !byline.text.isEmpty
        let warningString = ItemText.warning(item)
        warningText.show(warningString ?? "", emoji: item.textEmoji)
        warning.isVisible = warningString != nil
        reveal.show(veil, revealed: revealed)
        let hidden = ItemText.hidden(item, revealed: revealed)
        media.show(item, hidden: hidden.media)
        showText(of: item, hidden: hidden.text)
        showPoll(of: item, hidden: hidden.text, now: now)
        root.visibleChildName = "item"
    }

    /// The item's text: rich text from its HTML (parsed off the main thread;
    /// nothing shows until it is ready, so nothing jumps), else plain text.
    private func showText(of item: FeedItem, hidden: Bool) {
        if let html = item.contentHTML, !hidden {
            bodyText.show("", emoji: [])
            body.isVisible = false
            richText.show(html: html, base: item.link, emoji: item.textEmoji)
            richText.textView.isVisible = true
        } else {
            richText.clear()
            richText.textView.isVisible = false
            let text = hidden ? "" : item.content.flatMap { $0.isEmpty ? nil : $0 } ?? item.summary
            bodyText.show(text, emoji: item.textEmoji)
            body.isVisible = !hidden
        }
    }

    /// A post's poll, below its text (hidden with it).
    private func showPoll(of item: FeedItem, hidden: Bool, now: Date) {
        if let shown = item.poll, !hidden {
            poll.show(shown, emoji: item.textEmoji, now: now)
            poll.root.isVisible = true
        } else {
            poll.stopLoading()
            poll.root.isVisible = false
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

    /// The tallest a picture filling the page's width is shown.
    static let pictureHeight = ReaderMedia.pictureHeight

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
        media.clear()
        titleText.show("", emoji: [])
        byline.text = ""
        warningText.show("", emoji: [])
        warning.isVisible = false
        reveal.show(.none, revealed: false)
        bodyText.show("", emoji: [])
        richText.clear()
        poll.stopLoading()
        poll.root.isVisible = false
        linkAddress.isVisible = false
    }
}
