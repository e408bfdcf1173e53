import FeedCore
import Foundation
import GtkKit

/// A poll as a row, a tile or the reader shows it: each option with its
/// share of the votes (a bar and "50%"), then "240 votes · Ends in 3 h" or
/// "Closed". While the poll hides its results the options are listed
/// without shares, and the status line says so (never a false 0 %).
/// Options past `maxOptions` are counted, not shown. Refilled on every
/// show: its option widgets are made once and reused.
@MainActor
final class PollView {
    let root = Box(.vertical, spacing: 4)
    /// "240 votes · Ends in 3 h".
    let status = Label()
    private(set) var options: [PollOptionRow] = []
    private let images: ImageLoader
    private let maxOptions: Int

    init(images: ImageLoader, maxOptions: Int = 4) {
        self.images = images
        self.maxOptions = maxOptions
        PostStyle.install()
        root.addCSSClass("feed-poll")
        status.addCSSClass("caption")
        status.addCSSClass("dim-label")
        status.xAlign = 0
        status.ellipsizeEnd()
        root.append(status)
    }

    /// Shows `poll`; `emoji`: the post's custom emoji (options may use them).
    func show(_ poll: Poll, emoji: [CustomEmoji], now: Date) {
        let shown = poll.options.prefix(maxOptions)
        while options.count < shown.count {
            let row = PollOptionRow(images: images)
            root.insert(row.root, after: options.last?.root)
            options.append(row)
        }
        for (index, row) in options.enumerated() {
            row.root.isVisible = index < shown.count
            if index < shown.count { row.show(shown[index], of: poll, emoji: emoji) }
        }
        var text = PostText.pollStatus(poll, now: now)
        let more = poll.options.count - shown.count
        if more > 0 { text += " · " + PostText.count(more, .moreOption) }
        status.text = text
    }

    func stopLoading() {
        options.forEach { $0.title.stopLoading() }
    }
}

/// One option of a poll: its title, its share ("50%") and a bar.
@MainActor
final class PollOptionRow {
    let root = Box(.vertical, spacing: 2)
    let title: EmojiLabel
    let share = Label()
    let bar = ProgressBar()

    init(images: ImageLoader) {
        title = EmojiLabel(images: images)
        title.label.xAlign = 0
        title.label.ellipsizeEnd()
        title.label.horizontalExpand = true
        share.addCSSClass("numeric")
        share.addCSSClass("dim-label")
        root.append(Box(.horizontal, spacing: 8, children: [title.label, share]))
        root.append(bar)
    }

    func show(_ option: Poll.Option, of poll: Poll, emoji: [CustomEmoji]) {
        title.show(option.title, emoji: emoji)
        let fraction = poll.share(of: option)
        share.text = PostText.share(option, in: poll) ?? ""
        share.isVisible = fraction != nil
        bar.isVisible = fraction != nil
        bar.fraction = fraction ?? 0
    }
}
