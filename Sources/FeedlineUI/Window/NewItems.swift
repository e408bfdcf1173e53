import FeedCore
import FeedStore
import GtkKit

/// New items above the reader's place. When an update stores items, the
/// open view asks for those above its first item (FeedSession's
/// `newerMayHaveArrived`); they are put above it without moving anything
/// (GTK's list keeps its place on the item at the top of the view). The
/// ones that arrived after the view's mark (`arrivalMark`: the newest
/// stored row when the reader last went to the top) and have not been in
/// view yet are counted by the banner, "12 new items", with the new ones
/// not loaded yet (a view restored further down); a screen reader hears
/// the count, politely. Scrolling up to them counts them seen, one by
/// one; the banner, or Home, goes to the newest.
extension FeedWindow {
    /// An update stored items: the view asks for those above its first.
    func itemsStored() {
        session.newerMayHaveArrived()
        countNewItemsNotLoaded()
    }

    /// Items went above the first (`items`): the new ones wait to be seen.
    func newerItemsShown(_ items: [FeedItem]) {
        if let mark = arrivalMark {
            for item in items where (FeedStore.row(ofItem: item.id) ?? 0) > mark {
                unseenNewItems.insert(item.id)
            }
        }
        countNewItemsNotLoaded()
        showNewItems()
    }

    /// The list was laid out: new items in view now are seen.
    func newItemsSeen() {
        guard !unseenNewItems.isEmpty else { return }
        let before = unseenNewItems.count
        for row in feedList.visibleRows {
            if let id = feedList.item(at: row.position)?.id { unseenNewItems.remove(id) }
        }
        if unseenNewItems.count != before { showNewItems() }
    }

    /// Shows the count; a screen reader hears it when it grew.
    func showNewItems() {
        let count = newItemsCount
        newItemsBanner.show(count: count)
        if count > newItemsTold { tellNewItemsWhenQuiet() }
        newItemsTold = count
    }

    private var newItemsCount: Int { unseenNewItems.count + newItemsNotLoaded }

    /// Says the count once nothing else has been said for a while (an
    /// import's result, a page loaded), so it cuts nothing off: what is
    /// said last is what a screen reader says.
    private func tellNewItemsWhenQuiet() {
        newItemsTelling?.cancel()
        newItemsTelling = MainLoop.schedule(after: Self.newItemsQuiet) { [weak self] in
            guard let self else { return }
            if announcer.hasSpoken(within: Self.newItemsQuiet) { return tellNewItemsWhenQuiet() }
            newItemsTelling = nil
            if newItemsCount > 0 { announcer.announce(NewItemsBanner.spoken(newItemsCount)) }
        }
    }

    static let newItemsQuiet: Duration = .seconds(1)

    /// The banner or Home: to the newest item, loaded first when the list
    /// does not start at the top. Every new item counts as seen.
    func goToNewest() {
        forgetNewItems()
        if session.snapshot.hasNewer {
            session.refresh()
        } else {
            feedList.scrollToTop(focusFirstRow: true)
        }
    }

    /// The view starts again from its newest item (opened, refreshed, or
    /// gone to the newest): nothing is new from here.
    func forgetNewItems() {
        arrivalMark = subscriptions?.storedThrough
        unseenNewItems.removeAll()
        newItemsNotLoaded = 0
        newItemsTold = 0
        newItemsTelling?.cancel()
        newItemsTelling = nil
        newItemsBanner.show(count: 0)
    }

    /// How many new items are above the first loaded one, read off the
    /// main thread (the store counts by row id from the mark).
    private func countNewItemsNotLoaded() {
        guard let store = subscriptions?.store, let scope, let mark = arrivalMark, session.snapshot.hasNewer,
              let first = feedList.item(at: 0)?.id else {
            newItemsNotLoaded = 0
            return
        }
        Task { [weak self] in
            guard let place = try? await store.cursor(of: first),
                  let count = try? await store.newItemCount(in: scope, above: place, arrivedAfter: mark),
                  let self, self.scope == scope, feedList.item(at: 0)?.id == first else { return }
            newItemsNotLoaded = count
            showNewItems()
        }
    }
}
