import FeedCore
import FeedStore
import GtkKit

/// New items above the reader's place. When an update stores items, the
/// open view asks for those above its first item (FeedSession's
/// `newerMayHaveArrived`); they are put above it without moving anything
/// (GTK's list keeps its place on the item at the top of the view).
/// `NewItemsCounter` counts the new ones not seen yet for the banner
/// ("12 new items") and screen readers. Scrolling up to them counts them
/// seen, one by one; the banner, or Home, goes to the newest.
extension FeedWindow {
    /// The banner over the list (NewItemsCounter's).
    var newItemsBanner: NewItemsBanner { newItems.banner }

    /// An update stored items: the view asks for those above its first.
    func itemsStored() {
        session.newerMayHaveArrived()
        countNewItemsNotLoaded()
    }

    /// Items went above the first (`items`): the new ones wait to be seen.
    func newerItemsShown(_ items: [FeedItem]) {
        newItems.arrived(items)
        countNewItemsNotLoaded()
    }

    /// The list was laid out: new items in view now are seen.
    func newItemsSeen() {
        guard newItems.count > 0 else { return }
        newItems.seen(feedList.visibleRows.compactMap { feedList.item(at: $0.position)?.id })
    }

    /// The banner or Home: to the newest item, loaded first when the list
    /// does not start at the top. Every new item counts as seen.
    func goToNewest() {
        forgetNewItems()
        if session.state.hasNewer {
            session.refresh()
        } else {
            feedList.scrollToTop(focusFirstRow: true)
        }
    }

    /// The view starts again from its newest item (opened, refreshed, or
    /// gone to the newest): nothing is new from here.
    func forgetNewItems() {
        newItems.restart(mark: subscriptions?.storedThrough)
    }

    /// How many new items are above the first loaded one, read off the
    /// main thread (the store counts by row id from the mark).
    private func countNewItemsNotLoaded() {
        guard let store = subscriptions?.store, let scope, let mark = newItems.arrivalMark, session.state.hasNewer,
              let first = feedList.item(at: 0)?.id else {
            newItems.setNotLoaded(0)
            return
        }
        Task { [weak self] in
            guard let place = try? await store.cursor(of: first),
                  let count = try? await store.newItemCount(in: scope, above: place, arrivedAfter: mark),
                  let self, self.scope == scope, feedList.item(at: 0)?.id == first else { return }
            newItems.setNotLoaded(count)
        }
    }
}
