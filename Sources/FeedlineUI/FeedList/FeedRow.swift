import FeedCore
import Foundation
import GtkKit

/// The widgets of one item row: title, a two-line summary, and a byline
/// with the author's picture when the feed has one.
/// An item with a content warning shows the warning and hides its summary
/// until revealed ("Show Post"). Built once per row widget GTK creates and
/// refilled on every bind, so `show` sets every field.
@MainActor
final class FeedRow {
    let root = Box(.vertical, spacing: 4)
    let title = Label()
    let warning = Label()
    let revealButton = Button(label: "Show Post")
    let summary = Label()
    let byline = Label()
    let bylineLine = Box(.horizontal, spacing: 6)
    let avatar: AvatarView
    /// The reader pressed Show Post or Hide Post on the item with this id.
    var onToggleReveal: ((String) -> Void)?
    private var itemID: String?

    init(images: ImageLoader = .shared) {
        avatar = AvatarView(images: images)
        root.addCSSClass("feed-row")
        title.addCSSClass("feed-row-title")
        title.wrap(lines: 3)
        summary.addCSSClass("feed-row-summary")
        summary.wrap(lines: 2)
        byline.addCSSClass("caption")
        byline.addCSSClass("dim-label")
        byline.ellipsizeEnd()
        warning.addCSSClass("feed-row-warning")
        warning.wrap(lines: 2)
        revealButton.addCSSClass("flat")
        revealButton.addCSSClass("feed-row-reveal")
        revealButton.align(horizontal: .start)
        revealButton.onClicked { [weak self] in
            guard let self, let itemID else { return }
            onToggleReveal?(itemID)
        }
        for label in [title, warning] {
            label.xAlign = 0
            root.append(label)
        }
        root.append(revealButton)
        summary.xAlign = 0
        root.append(summary)
        byline.xAlign = 0
        byline.horizontalExpand = true
        bylineLine.append(avatar.picture)
        bylineLine.append(byline)
        root.append(bylineLine)
    }

    /// `revealed`: the reader chose to see the text behind the item's
    /// content warning.
    func show(_ item: FeedItem, now: Date, revealed: Bool = false) {
        show(item, when: ItemText.when(item, now: now), revealed: revealed)
    }

    /// `when`: the item's date as the row says it (`ItemText.when`).
    func show(_ item: FeedItem, when: String?, revealed: Bool) {
        itemID = item.id
        title.text = item.title.isEmpty ? "Untitled" : item.title
        let warned = item.contentWarning.map { !$0.isEmpty } ?? false
        warning.isVisible = warned
        warning.text = warned ? "Content warning: \(item.contentWarning ?? "")" : ""
        revealButton.isVisible = warned
        if warned {
            // Only rows with a warning show the button: the rest of the
            // feed does not pay for relabelling it on every bind.
            revealButton.label = revealed ? "Hide Post" : "Show Post"
            revealButton.tooltip = revealed ? "Hide the text behind the warning" : "Show the text behind the warning"
        }
        let summaryText = warned && !revealed ? "" : item.summary
        summary.text = summaryText
        summary.isVisible = !summaryText.isEmpty
        byline.text = ItemText.byline(item, when: when)
        byline.isVisible = !byline.text.isEmpty
        avatar.show(item.avatarURL)
        bylineLine.isVisible = byline.isVisible || item.avatarURL != nil
    }
}
