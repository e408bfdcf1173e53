import FeedCore
import GtkKit

/// What shows one item in a cell of the feed's view: a `FeedRow` in the
/// list, a `FeedTile` in the grid. Made once per cell GTK creates and
/// refilled on every bind, so `show` sets every field.
@MainActor
protocol ItemWidgets: AnyObject {
    /// The widget the cell puts in its list item.
    var root: Box { get }
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
}
