import FeedCore
import Foundation
import GtkKit

/// The widgets of one item row: title, a two-line summary, and a byline
/// with the author's picture when the feed has one; the item's image, when
/// it has one, on the right, its box shaped by the size the feed declares.
/// An item with a content warning shows the warning and hides its summary,
/// poll and picture until revealed ("Show Post"); media marked sensitive
/// hides only its picture ("Show Media"), never downloaded until then.
/// A video, GIF or sound has a badge on its picture (a sound without one
/// gets a placeholder box for it) that plays it; a poll shows its options
/// and votes below the summary, a repository its stars and language on a
/// line of their own; custom emoji are drawn in the title and the text.
/// An unread stored item has a dot left of its title, which is bold (read,
/// neither), laid over the row's start margin like the image: nothing
/// moves when the item is read; a starred one a star before its byline.
/// Built once per row widget GTK creates and refilled on every bind, so
/// `show` sets every field; the parts only some items need (pictures,
/// the warning and its button, the star, poll, facts) are made the first
/// time a row needs them. GTK 4.8 keeps 200 rows of a list, so each widget
/// every row has is 200 widgets, each with its style and accessibility
/// objects (about 0.7 MiB, `feedline-bench --census`).
///
/// The image is laid over the row's right edge (an overlay, counted in the
/// row's height), with the text kept clear of it by a margin: a horizontal
/// box around the text would make GTK measure every label's natural width
/// first, which tripled the main thread's work per frame in the benchmark,
/// pictures or not.
@MainActor
package final class FeedRow: ItemWidgets {
    let overlay: Overlay
    var root: Widget { overlay }
    /// The text, left of the image.
    let column = Box(.vertical, spacing: 4)
    let title = Label()
    let summary = Label()
    let byline = Label()
    /// The title and summary, with custom emoji drawn in.
    let titleText: EmojiLabel
    let summaryText: EmojiLabel
    /// The dot of an unread item, over the column's start margin, and the
    /// star of a starred one, in the byline's line.
    let marks: MarkSigns
    /// A content warning and its Show Post button (or Show Media's), under
    /// the title: made when the row first shows an item that has one.
    private(set) var veil: VeilParts?
    var warning: Label? { veil?.warning }
    var revealButton: Button? { veil?.reveal.button }
    /// The byline with the author's picture or the star before it: made
    /// when the row first needs one of them; until then the byline is the
    /// column's own child.
    private(set) var bylineLine: Box?
    /// The pictures, made when the row first shows an item that has one:
    /// rows of feeds without pictures never pay for their widgets.
    private(set) var avatar: RowPicture?
    package private(set) var thumbnail: RowPicture?
    /// The thumbnail with the media badge laid over it.
    private(set) var thumbnailBox: Overlay?
    private(set) var mediaBadge: MediaBadge?
    /// Made when the row first shows a poll, or a repository's facts.
    private(set) var poll: PollView?
    private(set) var facts: Label?
    private let images: ImageLoader
    /// The reader pressed Show Post or Hide Post on the item with this id.
    var onToggleReveal: ((String) -> Void)?
    var onOpenMedia: ((URL) -> Void)?
    private var itemID: String?
    private var hasAvatar = false
    private var priority = 0

    init(images: ImageLoader = .shared) {
        self.images = images
        titleText = EmojiLabel(title, images: images)
        summaryText = EmojiLabel(summary, images: images)
        overlay = Overlay(child: column)
        overlay.addCSSClass("feed-row")
        marks = MarkSigns(title: title)
        marks.dot.marginTop = Self.dotTop
        overlay.addOverlay(marks.dot, measured: false)
        title.addCSSClass("feed-row-title")
        title.wrap(lines: 3)
        summary.addCSSClass("feed-row-summary")
        summary.wrap(lines: 2)
        byline.addCSSClass("caption")
        byline.addCSSClass("dim-label")
        byline.ellipsizeEnd()
        title.xAlign = 0
        column.append(title)
        summary.xAlign = 0
        column.append(summary)
        byline.xAlign = 0
        byline.horizontalExpand = true
        column.append(byline)
        column.horizontalExpand = true
        column.marginStart = Self.textStart
        marks.placeStar = { [weak self] star in
            guard let self else { return }
            lineBeforeByline().insert(star, after: avatar?.picture)
        }
    }

    static let avatarSize: Int32 = 20
    /// The text's start margin: room for the unread dot, in views that
    /// mark items (`showUnread`), else as wide as the row's end padding.
    static let textStart: Int32 = 8
    static let textStartWithDot: Int32 = 16
    /// The dot's top: the middle of the title's first line.
    static let dotTop: Int32 = 6
    static let thumbnailWidth: Int32 = 112
    /// The box of a sound without a picture: room for its badge.
    static let soundBoxHeight: Int32 = 63

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
        let details = item.details
        let textEmoji = details?.textEmoji ?? []
        titleText.show(ItemText.title(item), emoji: details?.titleEmoji ?? [])
        let veiled = ItemText.veil(item)
        let warningString = ItemText.warning(item)
        // An item with a warning is veiled (`.post`).
        if veiled != .none || veil != nil {
            veilParts().show(warningString, veil: veiled, revealed: revealed, emoji: textEmoji)
        }
        let hidden = ItemText.hidden(item, revealed: revealed)
        let summaryString = hidden.text ? "" : item.summary
        summaryText.show(summaryString, emoji: textEmoji)
        summary.isVisible = !summaryString.isEmpty
        byline.text = ItemText.byline(item, when: when)
        byline.isVisible = !byline.text.isEmpty
        if item.avatarURL != nil || avatar != nil {
            avatarPicture().show(item.avatarURL)
        }
        // A picture behind a content warning or marked sensitive stays
        // hidden until revealed (and is not downloaded).
        showMedia(of: item, hidden: hidden.media)
        if let shownPoll = details?.poll, !hidden.text {
            let view = pollView()
            view.root.isVisible = true
            view.show(shownPoll, emoji: textEmoji, now: Date())
        } else {
            poll?.root.isVisible = false
        }
        if let shownFacts = details?.facts {
            let label = factsLabel()
            label.text = PostText.facts(shownFacts)
            label.isVisible = true
        } else {
            facts?.isVisible = false
        }
        hasAvatar = item.avatarURL != nil
        showBylineLine(starred: marks.star?.isVisible == true)
    }

    /// The byline's line, once made, shows while it has anything to show.
    private func showBylineLine(starred: Bool) {
        bylineLine?.isVisible = byline.isVisible || hasAvatar || starred
    }

    /// The item's picture (or a sound's box) on the right, with the badge
    /// of a video, GIF or sound over it.
    private func showMedia(of item: FeedItem, hidden: Bool) {
        let playing = item.media.flatMap { $0.kind.plays ? $0 : nil }
        let hasBox = item.imageURL != nil || playing != nil
        guard hasBox || thumbnail != nil else { return }
        let height = item.imageURL == nil && playing != nil ? Self.soundBoxHeight : Self.thumbnailHeight(for: item.imageSize)
        thumbnailPicture().show(item.imageURL, height: height, placeholder: hasBox, hidden: hidden,
                                preview: item.imageBlurhash)
        mediaBadge?.show(hidden ? nil : playing)
        column.marginEnd = hasBox ? Self.thumbnailWidth + 12 : 0
    }

    func showMarks(unread: Bool?, starred: Bool) {
        marks.show(unread: unread, starred: starred)
        column.marginStart = unread == nil ? Self.textStart : Self.textStartWithDot
        showBylineLine(starred: starred)
    }

    func setPicturePriority(_ priority: Int) {
        self.priority = priority
        avatar?.priority = priority
        thumbnail?.priority = priority
    }

    func stopLoading() {
        avatar?.stopLoading()
        thumbnail?.stopLoading()
        [titleText, veil?.warningText, summaryText].forEach { $0?.stopLoading() }
        poll?.stopLoading()
    }

    private func avatarPicture() -> RowPicture {
        if let avatar { return avatar }
        let made = RowPicture(images: images, width: Self.avatarSize, height: Self.avatarSize, cssClass: "feed-avatar")
        lineBeforeByline().prepend(made.picture)
        made.priority = priority
        avatar = made
        return made
    }

    private func thumbnailPicture() -> RowPicture {
        if let thumbnail { return thumbnail }
        let made = RowPicture(images: images, width: Self.thumbnailWidth, height: Self.thumbnailWidth,
                              cssClass: "feed-thumbnail")
        let badge = MediaBadge()
        badge.onOpen = { [weak self] url in self?.onOpenMedia?(url) }
        let box = MediaBadge.overlay(badge, on: made.picture)
        box.align(horizontal: .end, vertical: .start)
        overlay.addOverlay(box, measured: true)
        made.priority = priority
        (thumbnail, thumbnailBox, mediaBadge) = (made, box, badge)
        return made
    }

    /// The line the byline moves into when the row first shows an avatar or
    /// a star: still the column's last child.
    private func lineBeforeByline() -> Box {
        if let bylineLine { return bylineLine }
        let made = Box(.horizontal, spacing: 6)
        column.remove(byline)
        made.append(byline)
        column.append(made)
        bylineLine = made
        return made
    }

    /// Under the title.
    private func veilParts() -> VeilParts {
        if let veil { return veil }
        let made = VeilParts(images: images)
        made.reveal.onClick = { [weak self] in
            guard let self, let itemID else { return }
            onToggleReveal?(itemID)
        }
        column.insert(made.warning, after: title)
        column.insert(made.reveal.button, after: made.warning)
        veil = made
        return made
    }

    /// Below the summary.
    private func pollView() -> PollView {
        if let poll { return poll }
        let made = PollView(images: images)
        made.root.marginTop = 4
        column.insert(made.root, after: summary)
        poll = made
        return made
    }

    /// Below the summary (and the poll): a repository's stars and language.
    private func factsLabel() -> Label {
        if let facts { return facts }
        let made = PostText.captionLabel()
        column.insert(made, after: poll?.root ?? summary)
        facts = made
        return made
    }
}

/// A row's content warning and the button that shows what is behind it
/// (or the media marked sensitive).
@MainActor
final class VeilParts {
    let warning = Label()
    let warningText: EmojiLabel
    let reveal = RevealButton()

    init(images: ImageLoader) {
        warningText = EmojiLabel(warning, images: images)
        warning.addCSSClass("feed-row-warning")
        warning.wrap(lines: 2)
        warning.xAlign = 0
    }

    func show(_ text: String?, veil: ItemText.Veil, revealed: Bool, emoji: [CustomEmoji]) {
        warning.isVisible = text != nil
        warningText.show(text ?? "", emoji: emoji)
        reveal.show(veil, revealed: revealed)
    }
}
