import FeedCore
import Foundation
import GtkKit

/// The widgets of one item row: title, a two-line summary, and a byline.
/// Built once per row widget GTK creates and refilled on every bind, so
/// `show` sets every field.
@MainActor
final class FeedRow {
    let root = Box(.vertical, spacing: 4)
    let title = Label()
    let summary = Label()
    let byline = Label()

    init() {
        root.addCSSClass("feed-row")
        title.addCSSClass("feed-row-title")
        title.wrap(lines: 3)
        summary.addCSSClass("feed-row-summary")
        summary.wrap(lines: 2)
        byline.addCSSClass("caption")
        byline.addCSSClass("dim-label")
        byline.ellipsizeEnd()
        for label in [title, summary, byline] {
            label.xAlign = 0
            root.append(label)
        }
    }

    func show(_ item: FeedItem, now: Date) {
        title.text = item.title.isEmpty ? "Untitled" : item.title
        summary.text = item.summary
        summary.isVisible = !item.summary.isEmpty
        byline.text = ItemText.byline(item, now: now)
        byline.isVisible = !byline.text.isEmpty
    }
}
