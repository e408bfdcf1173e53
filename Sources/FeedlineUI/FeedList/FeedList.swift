import FeedCore
import Foundation
import GtkKit

/// The endless list: a GtkListView directly inside a GtkScrolledWindow, over
/// a model of feed items with the footer sentinel last.
///
/// It decides nothing about paging. It reports when the reader is near the
/// end (`onNeedsMore`: at `edge-reached`, and earlier, whenever the content
/// left below the visible area falls under the prefetch distance), and it
/// shows what it is told: pages spliced in, footer states.
@MainActor
final class FeedList {
    let scroller = ScrolledWindow()
    let store = ListStore<FeedListEntry>()
    let factory: ListItemFactory<FeedListEntry, FeedCell>
    let listView: ListView
    let adjustment: Adjustment
    var prefetch = PrefetchPolicy()

    /// The reader is close to the end of what is loaded.
    var onNeedsMore: (() -> Void)?
    /// Enter or double click on an item row.
    var onActivate: ((FeedItem) -> Void)?

    /// Feed items in the model (the footer excluded).
    private(set) var itemCount = 0
    /// What the footer sentinel shows, or nil when there is none.
    private(set) var footer: FooterState?

    init() {
        factory = ListItemFactory(
            makeCell: { _ in FeedCell() },
            bind: { cell, entry, row in cell.bind(entry, to: row, now: Date()) },
            unbind: { cell, _ in cell.unbind() }
        )
        listView = ListView(model: store, factory: factory)
        listView.addCSSClass("feed-list")
        listView.showsSeparators = true
        scroller.setChild(listView)
        scroller.verticalExpand = true
        adjustment = scroller.verticalAdjustment

        adjustment.onValueChanged { [weak self] in self?.checkPrefetch() }
        adjustment.onChanged { [weak self] in self?.checkPrefetch() }
        scroller.onEdgeReached { [weak self] edge in
            if edge == .bottom { self?.onNeedsMore?() }
        }
        listView.onActivate { [weak self] position in
            guard let self, position < itemCount, case .item(let item) = store[position] else { return }
            onActivate?(item)
        }
    }

    var metrics: ScrollMetrics {
        ScrollMetrics(offset: adjustment.value, contentHeight: adjustment.upper,
                      viewportHeight: adjustment.pageSize)
    }

    /// Asks for more if the reader is within the prefetch distance of the
    /// end (or the content does not fill the window).
    func checkPrefetch() {
        if itemCount > 0 && prefetch.shouldLoadMore(metrics) {
            onNeedsMore?()
        }
    }

    private var prefetchCheckScheduled = false

    /// Checks the prefetch distance once the list has laid out what it was
    /// just given. Needed after every page: while the content is shorter
    /// than the window the scroll range does not change (its upper bound is
    /// the window's height), so no adjustment signal would ask again.
    func checkPrefetchAfterLayout() {
        guard !prefetchCheckScheduled else { return }
        prefetchCheckScheduled = true
        listView.afterNextFrame { [weak self] in
            self?.prefetchCheckScheduled = false
            self?.checkPrefetch()
        }
    }

    /// Shows a pager update: the page's items (appended or replacing the
    /// list) and the footer for the new phase, in one splice, so the view
    /// stays anchored where the reader is.
    func show(_ result: PageResult?, phase: PagingPhase) {
        var entries: [FeedListEntry] = []
        var position = itemCount
        var removing = footer == nil ? 0 : 1
        var hadFocus = false
        switch result {
        case .appended(let items):
            entries = items.map(FeedListEntry.item)
            itemCount += items.count
        case .replaced(let items):
            hadFocus = listView.containsFocus
            entries = items.map(FeedListEntry.item)
            (position, removing) = (0, store.count)
            itemCount = items.count
        case nil:
            break
        }
        let newFooter = FooterState(phase, hasItems: itemCount > 0)
        if result == nil && newFooter == footer { return }
        store.splice(at: position, removing: removing,
                     inserting: entries + (newFooter.map { [.footer($0)] } ?? []))
        footer = newFooter
        if case .replaced = result {
            scrollToTop(focusFirstRow: hadFocus)
        }
    }

    /// Back to the first row; with `focusFirstRow`, keyboard focus goes
    /// there too (GTK would otherwise scroll to wherever focus was).
    func scrollToTop(focusFirstRow: Bool) {
        adjustment.value = 0
        guard focusFirstRow, itemCount > 0 else { return }
        listView.scrollTo(position: 0)
        if !factory.focusRow(at: 0) {
            // The first row gets its widget at the next layout.
            MainLoop.schedule(after: .zero) { [weak self] in
                self?.factory.focusRow(at: 0)
                self?.adjustment.value = 0
            }
        }
    }

    /// Feed items in the model, in order (walks the model: for tests).
    var items: [FeedItem] {
        store.elements.compactMap { entry in
            if case .item(let item) = entry { item } else { nil }
        }
    }
}
