import FeedCore

/// What the status line says and what screen readers hear, for each turn
/// paging takes. One place, so the footer, the status line and the
/// announcements never disagree.
enum PagingText {
    static let loadingMore = "Loading more items"
    static let caughtUp = "You're all caught up"
    static let refreshed = "Feed refreshed"
    static let stalled = "The server sent nothing new, so loading stopped here"

    /// The status line for a phase, given how many items are shown.
    static func status(_ phase: PagingPhase, itemCount: Int, retryIn: Int? = nil, stalled: Bool = false) -> String {
        switch phase {
        case .idle:
            return itemCount == 0 ? "Loading…" : count(itemCount)
        case .loading(let request):
            if request.replacesItems { return itemCount == 0 ? "Loading…" : "Refreshing…" }
            return "\(loadingMore)…"
        case .failed(let error, let request):
            return "\(failureTitle(request, itemCount: itemCount)): \(reason(error.reason, retryIn: retryIn))"
        case .exhausted:
            if itemCount == 0 { return "This feed has no items" }
            return "\(stalled ? Self.stalled : caughtUp) · \(count(itemCount))"
        }
    }

    /// "Couldn't load more items", "Couldn't refresh", "Couldn't load the feed".
    static func failureTitle(_ request: PageRequest, itemCount: Int) -> String {
        if !request.replacesItems { return "Couldn't load more items" }
        return itemCount == 0 ? "Couldn't load the feed" : "Couldn't refresh"
    }

    static func footer(_ state: FooterState) -> String {
        switch state {
        case .loading: loadingMore
        case .failed(let reason, let refresh, let retryIn):
            "\(refresh ? "Couldn't refresh" : "Couldn't load more items"): \(Self.reason(reason, retryIn: retryIn))"
        case .end: caughtUp
        case .stalled: stalled
        }
    }

    /// A failure's reason, with the countdown to the automatic retry:
    /// "Rate limited, retrying in 12 s".
    static func reason(_ reason: String, retryIn: Int?) -> String {
        guard let retryIn else { return reason }
        return retryIn > 0 ? "\(reason), retrying in \(retryIn) s" : "\(reason), retrying…"
    }

    /// What to announce after an update, if anything, and whether it is
    /// urgent. `shownBefore`: items on screen before the update.
    static func announcement(_ update: PagerUpdate, shownBefore: Int, retryIn: Int? = nil,
                             stalled: Bool = false) -> (message: String, urgent: Bool)? {
        let atEnd = update.phase == .exhausted
        let caughtUp = stalled ? Self.stalled : Self.caughtUp
        switch update.result {
        case .appended(let items) where !items.isEmpty:
            let loaded = "Loaded \(items.count) more \(items.count == 1 ? "item" : "items")"
            return (atEnd ? "\(loaded). \(caughtUp)" : loaded, false)
        case .appended:
            return atEnd ? (caughtUp, false) : nil
        case .replaced(let items):
            if shownBefore > 0 { return (refreshed, false) }
            return (items.isEmpty ? "This feed has no items" : "Loaded \(count(items.count))", false)
        case nil:
            guard case .failed(let error, let request) = update.phase else { return nil }
            let title = failureTitle(request, itemCount: shownBefore)
            return ("\(title): \(reason(error.reason, retryIn: retryIn)). Retry is available", true)
        }
    }

    static func count(_ n: Int) -> String {
        n == 1 ? "1 item" : "\(n) items"
    }
}
