import FeedCore
import FeedStore

/// A change to items' read or starred marks, as the reader made it: which
/// items, and what they become. The window it was made in changes its
/// rows at once; `Subscriptions.mark` writes it to the store and tells
/// every other window, which changes its rows of the same items (matched
/// by their stored row: `network:7` in a feed's view is `7` in All items).
///
/// A change never moves a row: the model's value is replaced in place
/// and the row shown again (`FeedList.apply`).
struct MarkChange: Equatable, Sendable {
    enum Mark: Equatable, Sendable {
        case read(Bool)
        case starred(Bool)
    }

    let mark: Mark
    /// The items, named as the view they were marked in names them.
    let items: [String]

    /// The stored rows of `items`: what other views' items are matched by.
    var rows: Set<Int64> { Set(items.compactMap(FeedStore.row(ofItem:))) }

    /// `item` with the mark made; nil when it has it already.
    func applied(to item: FeedItem) -> FeedItem? {
        var marked = item
        switch mark {
        case .read(let read):
            guard item.isRead != read else { return nil }
            marked.isRead = read
        case .starred(let starred):
            guard item.isStarred != starred else { return nil }
            marked.isStarred = starred
        }
        return marked
    }
}

extension FeedItem {
    /// Whether `other` is this item as it was, its read and starred marks
    /// aside: `==` compares the marks too, so a view deciding whether it
    /// shows another item (and must start again from its top) asks this.
    func isSameShown(as other: FeedItem?) -> Bool {
        guard var other else { return false }
        other.isRead = isRead
        other.isStarred = isStarred
        return other == self
    }
}
