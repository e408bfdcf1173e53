import FeedCore
import Foundation
import GtkKit

/// What shows one item in a cell of the feed's view: a `FeedRow` in the
/// list, a `FeedTile` in the grid. Made once per cell GTK creates and
/// refilled on every bind, so `show` sets every field.
@MainActor
protocol ItemWidgets: AnyObject {
    /// The widget the cell puts in its list item.
    var root: Widget { get }
    /// The reader pressed Show Post or Hide Post on the item with this id.
    var onToggleReveal: ((String) -> Void)? { get set }
    /// `when`: the item's date as the cell says it (`ItemText.when`).
    /// `revealed`: the reader chose to see what is behind the item's
    /// content warning.
    func show(_ item: FeedItem, when: String?, revealed: Bool)
    /// Its pictures' download priority (`FeedList.picturePriority`): set
    /// before `show`, and again as the reader scrolls.
    func setPicturePriority(_ priority: Int)
    /// The cell was unbound: its pictures' downloads are let go.
    func stopLoading()
    /// The reader pressed a video's or a sound's badge: play the file.
    var onOpenMedia: ((URL) -> Void)? { get set }
    /// Shows the item's marks: unread (true: the dot and a bold title),
    /// read (false: neither) or neither way (nil: a view whose items are
    /// not stored, as before read state), and starred (a small star).
    /// Changes no size but the star's (in a line that has room for it), so
    /// a row marked in place never moves the rows around it.
    func showMarks(unread: Bool?, starred: Bool)
}

/// The signs of an item's marks in a row or a tile: a dot before the title
/// while unread, the `read` style class on the title and the dot once read
/// (which unbolds the title and hides the dot without taking its room away:
/// FeedlineStyle), and a small star while starred. For the eyes: the row's
/// name says "unread" and "starred" (`ItemText.accessibleName`).
///
/// The class goes on those two widgets only: on the row it restyled every
/// widget of the row, for each item marked read while the reader scrolls.
/// The star is made the first time the cell shows a starred item (most
/// cells never do: each widget a cell has is 200 of them in a list).
@MainActor
final class MarkSigns {
    let dot = Box(.horizontal)
    private(set) var star: Icon?
    private let title: Widget
    /// Puts the star, made on first need, into the cell (set by the cell
    /// as it is made).
    var placeStar: (Icon) -> Void = { _ in }

    /// The dot's side, in pixels.
    static let dotSize: Int32 = 8

    init(title: Widget) {
        self.title = title
        dot.addCSSClass("unread-dot")
        dot.setSizeRequest(width: Self.dotSize, height: Self.dotSize)
        dot.align(horizontal: .start, vertical: .start)
        dot.hideFromAccessibility()
        dot.isVisible = false
    }

    func show(unread: Bool?, starred: Bool) {
        dot.isVisible = unread != nil
        for widget in [title, dot] {
            if unread == false { widget.addCSSClass("read") } else { widget.removeCSSClass("read") }
        }
        if starred && star == nil {
            let made = Icon(name: "starred-symbolic", pixelSize: 12)
            made.addCSSClass("item-star")
            made.align(vertical: .center)
            made.hideFromAccessibility()
            placeStar(made)
            star = made
        }
        star?.isVisible = starred
    }
}

/// Show Post / Hide Post: the button of an item behind a content warning,
/// in a row or a tile; Show Media / Hide Media for an item whose media
/// alone is marked sensitive.
@MainActor
final class RevealButton {
    let button = Button(label: L("Show Post"))
    /// The reader asked to show or hide what is behind the warning.
    var onClick: (() -> Void)?

    init() {
        button.addCSSClass("flat")
        button.addCSSClass("feed-row-reveal")
        button.align(horizontal: .start)
        button.onClicked { [weak self] in self?.onClick?() }
    }

    /// Shown for an item with a warning only; relabelled only then, so the
    /// rest of the feed does not pay for it on every bind.
    func show(warned: Bool, revealed: Bool) {
        show(warned ? .post : .none, revealed: revealed)
    }

    /// Shown for an item with a warning or sensitive media only.
    func show(_ veil: ItemText.Veil, revealed: Bool) {
        button.isVisible = veil != .none
        switch veil {
        case .none:
            return
        case .post:
            button.label = revealed ? L("Hide Post") : L("Show Post")
            button.tooltip = revealed ? L("Hide what is behind the warning") : L("Show what is behind the warning")
        case .media:
            button.label = revealed ? L("Hide Media") : L("Show Media")
            button.tooltip = revealed ? L("Hide the media marked sensitive") : L("Show the media marked sensitive")
        }
    }
}
