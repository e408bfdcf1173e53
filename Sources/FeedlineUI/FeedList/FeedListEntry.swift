import FeedCore

/// What the bottom of the list says, shown by the footer row.
package enum FooterState: Equatable {
    case loading
    /// `reason`: why, in the reader's language (`ErrorText.reason`).
    /// `refresh`: the failed request was a refresh (the rows above are the
    /// old ones), not the next page. `retryIn`: seconds until the session
    /// retries by itself (after a rate limit), counting down.
    case failed(reason: String, refresh: Bool, retryIn: Int? = nil)
    case end
    /// The end, because the source kept answering without moving on.
    case stalled

    /// The footer for a paging phase, or nil for none. A refresh in flight
    /// shows no footer: its busy indicator is in the header bar.
    init?(_ phase: PagingPhase, hasItems: Bool, retryIn: Int? = nil, stalled: Bool = false) {
        guard hasItems else { return nil }
        switch phase {
        case .idle: return nil
        case .loading(let request): if request.replacesItems { return nil } else { self = .loading }
        case .failed(let error, let request):
            self = .failed(reason: ErrorText.reason(error), refresh: request.replacesItems, retryIn: retryIn)
        case .exhausted: self = stalled ? .stalled : .end
        }
    }
}

/// The items whose content warning the reader looked behind, by id: kept
/// by the list, since rows are recycled.
@MainActor
final class RevealedItems {
    private var ids: Set<String> = []
    func contains(_ id: String) -> Bool { ids.contains(id) }
    func toggle(_ id: String) { if ids.remove(id) == nil { ids.insert(id) } }
    func removeAll() { ids.removeAll() }
}

/// One element of the list model: a feed item, or the footer sentinel that
/// is always last. The footer is a model item, not a widget under the list:
/// GtkListView must be the scrolled window's direct child, and replacing the
/// sentinel in the same splice that inserts a page keeps scrolling anchored.
package enum FeedListEntry {
    case item(FeedItem)
    case footer(FooterState)
    /// An item the list let go, being read back: an empty row for a
    /// frame or two.
    case placeholder
}
