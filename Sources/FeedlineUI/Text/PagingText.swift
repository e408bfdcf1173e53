import FeedCore

/// What the status line says and what screen readers hear, for each turn
/// paging takes. One place, so the footer, the status line and the
/// announcements never disagree.
enum PagingText {
    static var loadingMore: String { L("Loading more items") }
    static var caughtUp: String { L("You're all caught up") }
    static var refreshed: String { L("Feed refreshed") }
    static var stalled: String { L("The server sent nothing new, so loading stopped here") }

    /// The status line for a phase, given how many items are shown.
    static func status(_ phase: PagingPhase, itemCount: Int, retryIn: Int? = nil, stalled: Bool = false) -> String {
        switch phase {
        case .idle:
            return itemCount == 0 ? L("Loading…") : count(itemCount)
        case .loading(let request):
            if request.replacesItems { return itemCount == 0 ? L("Loading…") : L("Refreshing…") }
            return L("Loading more items…")
        case .failed(let error, let request):
            return failure(failureTitle(request, itemCount: itemCount), reason(error, retryIn: retryIn))
        case .exhausted:
            if itemCount == 0 { return L("This feed has no items") }
            // Translators: the status line at the end of a feed: "You're all caught up · 312 items".
            return Localization.format(L("%s · %s"), stalled ? Self.stalled : caughtUp, count(itemCount))
        }
    }

    /// "Couldn't load more items", "Couldn't refresh", "Couldn't load the feed".
    static func failureTitle(_ request: PageRequest, itemCount: Int) -> String {
        if !request.replacesItems { return L("Couldn't load more items") }
        return itemCount == 0 ? L("Couldn't load the feed") : L("Couldn't refresh")
    }

    /// The name of a row whose item is being read back from the store,
    /// for the frame or two it is empty.
    static var placeholder: String { L("Loading…") }

    static func footer(_ state: FooterState) -> String {
        switch state {
        case .loading: loadingMore
        case .failed(let reason, let refresh, let retryIn):
            failure(refresh ? L("Couldn't refresh") : L("Couldn't load more items"), countdown(reason, retryIn: retryIn))
        case .end: caughtUp
        case .stalled: stalled
        }
    }

    /// Why `error` happened, with the countdown to the automatic retry:
    /// "Rate limited, retrying in 12 s".
    static func reason(_ error: FeedError, retryIn: Int?) -> String {
        countdown(ErrorText.reason(error), retryIn: retryIn)
    }

    /// `words` (a reason already in the reader's language) with the
    /// countdown to the automatic retry, if one is coming.
    static func countdown(_ words: String, retryIn: Int?) -> String {
        guard let retryIn else { return words }
        // Translators: a failure's reason and the seconds until the automatic retry:
        // "Rate limited, retrying in 12 s".
        return retryIn > 0 ? Localization.format(L("%s, retrying in %d s"), words, retryIn)
            // Translators: a failure's reason, the automatic retry under way: "Rate limited, retrying…".
            : Localization.format(L("%s, retrying…"), words)
    }

    /// The status line while the computer is offline: "Offline · 240 items".
    static func offline(_ status: String) -> String {
        // Translators: the status line while the computer has no network; %s is what it says otherwise ("240 items").
        Localization.format(L("Offline · %s"), status)
    }

    /// "Couldn't refresh: Offline".
    static func failure(_ title: String, _ reason: String) -> String {
        // Translators: what failed, then why: "Couldn't refresh: Offline".
        Localization.format(L("%s: %s"), title, reason)
    }

    /// What to announce for a snapshot with news (a page, or a new phase),
    /// if anything, and whether it is urgent. `shownBefore`: items on
    /// screen before it.
    static func announcement(_ snapshot: FeedSnapshot, shownBefore: Int) -> (message: String, urgent: Bool)? {
        let atEnd = snapshot.phase == .exhausted
        let caughtUp = snapshot.stalled ? Self.stalled : Self.caughtUp
        switch snapshot.change {
        case .appended(let items) where !items.isEmpty:
            let loaded = Localization.format(L("Loaded %d more item", "Loaded %d more items", items.count), items.count)
            // Translators: announced when the last page arrived: "Loaded 3 more items. You're all caught up".
            return (atEnd ? Localization.format(L("%s. %s"), loaded, caughtUp) : loaded, false)
        case .appended:
            return atEnd ? (caughtUp, false) : nil
        case .replaced(let items):
            if shownBefore > 0 { return (refreshed, false) }
            return (items.isEmpty ? L("This feed has no items")
                        // Translators: announced when the first page arrived: "Loaded 20 items".
                        : Localization.format(L("Loaded %s"), count(items.count)), false)
        case .prepended:
            // Newer items above the reader: the new-items banner says so.
            return nil
        case nil:
            guard case .failed(let error, let request) = snapshot.phase else { return nil }
            let title = failureTitle(request, itemCount: shownBefore)
            // Translators: announced when a page failed: "Couldn't refresh: Offline. Retry is available".
            return (Localization.format(L("%s: %s. Retry is available"), title, reason(error, retryIn: snapshot.retryIn)), true)
        }
    }

    static func count(_ n: Int) -> String {
        Localization.format(L("%d item", "%d items", n), n)
    }
}
