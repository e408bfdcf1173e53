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
    /// Ctrl+Enter on an item row.
    var onOpenInBrowser: ((FeedItem) -> Void)?
    /// A right click, the Menu key or Shift+F10 on an item row: show its
    /// menu pointing at (x, y) in `anchor` (its middle when nil).
    var onContextMenu: ((FeedItem, _ anchor: Widget, _ x: Double?, _ y: Double?) -> Void)?
    /// Tab (forward) or Shift+Tab on a row: focus leaves the list. Without
    /// this, GTK 4.8 moves Tab from row to row through the whole feed.
    var onTabOut: ((_ forward: Bool) -> Void)?

    /// Items whose content warning the reader chose to look behind.
    let revealed = RevealedItems()

    /// Feed items in the model (the footer excluded).
    private(set) var itemCount = 0
    /// What the footer sentinel shows, or nil when there is none.
    private(set) var footer: FooterState?

    /// `images`: where rows get authors' pictures.
    init(images: ImageLoader = .shared) {
        var contextClick: @MainActor (FeedCell, Double, Double) -> Void = { _, _, _ in }
        let revealed = revealed
        factory = ListItemFactory(
            makeCell: { _ in
                let cell = FeedCell(images: images, onContextClick: { cell, x, y in contextClick(cell, x, y) })
                cell.row.onToggleReveal = { [unowned cell] id in
                    revealed.toggle(id)
                    cell.showItemAgain(revealed: revealed.contains(id))
                }
                return cell
            },
            bind: { cell, entry, row in
                let isRevealed = if case .item(let item) = entry { revealed.contains(item.id) } else { false }
                cell.bind(entry, to: row, now: Date(), revealed: isRevealed)
            },
            unbind: { cell, _ in cell.unbind() }
        )
        listView = ListView(model: store, factory: factory)
        listView.addCSSClass("feed-list")
        listView.showsSeparators = true
        scroller.setChild(listView)
        scroller.verticalExpand = true
        adjustment = scroller.verticalAdjustment
        contextClick = { [weak self] cell, x, y in
            guard let item = cell.item else { return }
            self?.onContextMenu?(item, cell.row.root, x, y)
        }

        // Decisions wait for the frame to be laid out: scroll ranges are
        // then current, and the pager is never asked from inside a splice
        // or a scroll that the window itself is making.
        adjustment.onValueChanged { [weak self] in
            guard let self else { return }
            prefetch.observe(offset: adjustment.value, at: Self.now())
            checkPrefetchAfterLayout()
        }
        adjustment.onChanged { [weak self] in self?.checkPrefetchAfterLayout() }
        scroller.onEdgeReached { [weak self] edge in
            guard edge == .bottom, let self else { return }
            if prefetch.strategy == .edgeReached {
                listView.afterNextFrame { [weak self] in self?.onNeedsMore?() }
            } else {
                checkPrefetchAfterLayout()
            }
        }
        listView.onActivate { [weak self] position in
            guard let self, position < itemCount, case .item(let item) = store[position] else { return }
            onActivate?(item)
        }
        listView.onKeyPress(capture: true) { [weak self] press in
            self?.handleKey(press) ?? false
        }
    }

    /// The list's own keys, on top of GTK's (arrows, Page Up/Down, Home/End).
    private func handleKey(_ press: KeyPress) -> Bool {
        switch (press.key, press.modifiers) {
        case (.tab, []):
            onTabOut?(true)
            return onTabOut != nil
        case (.shiftTab, _), (.tab, .shift):
            onTabOut?(false)
            return onTabOut != nil
        case (.menu, []), (.f10, .shift):
            guard let (cell, _) = factory.focusedCell, let item = cell.item else { return false }
            onContextMenu?(item, cell.row.root, nil, nil)
            return true
        case (.enter, .control):
            guard let item = focusedItem else { return false }
            onOpenInBrowser?(item)
            return true
        default:
            return false
        }
    }

    /// Shows or hides the text behind an item's content warning.
    func toggleReveal(_ id: String) {
        revealed.toggle(id)
        for cell in factory.cells where cell.item?.id == id {
            cell.showItemAgain(revealed: revealed.contains(id))
        }
    }

    /// The item whose row has keyboard focus.
    var focusedItem: FeedItem? { factory.focusedCell?.cell.item }

    /// Gives keyboard focus to the last item row (scrolling to it).
    func focusLastItem() {
        guard itemCount > 0 else { return }
        focusRow(at: itemCount - 1)
    }

    /// Gives keyboard focus to the row at `position`, scrolling to it first
    /// when it has no row widget yet.
    func focusRow(at position: Int) {
        if factory.focusRow(at: position) { return }
        // Not laid out yet (new rows), or far away: after the next frame,
        // scroll to it if needed, and focus it once it has a row.
        listView.afterNextFrame { [weak self] in
            guard let self, !factory.focusRow(at: position) else { return }
            listView.scrollTo(position: position)
            listView.afterNextFrame { [weak self] in self?.factory.focusRow(at: position) }
        }
    }

    /// The item with `id`, if loaded (walks the model).
    func item(withID id: String) -> FeedItem? {
        for position in 0..<itemCount {
            if case .item(let item) = store[position], item.id == id { return item }
        }
        return nil
    }

    var metrics: ScrollMetrics {
        let footerHeight = footer == nil ? 0 : Double(factory.cell(at: itemCount)?.shownFooter?.root.allocatedHeight ?? 0)
        return ScrollMetrics(offset: adjustment.value, contentHeight: adjustment.upper,
                             viewportHeight: adjustment.pageSize, itemCount: itemCount, footerHeight: footerHeight)
    }

    /// Seconds on a monotonic clock, for the reader's scroll speed.
    static func now() -> Double { ProcessInfo.processInfo.systemUptime }

    /// Asks for more if the reader is within the prefetch distance of the
    /// end (or the content does not fill the window).
    func checkPrefetch() {
        if itemCount > 0 && prefetch.shouldLoadMore(metrics, at: Self.now()) {
            onNeedsMore?()
        }
    }

    /// A check is waiting for the next frame.
    private(set) var prefetchCheckScheduled = false

    /// Checks the prefetch distance once the list has laid out. Called on
    /// every scroll, range change and edge, and after every page: while the
    /// content is shorter than the window the scroll range does not change
    /// (its upper bound is the window's height), so no signal would ask.
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
    ///
    /// Keyboard focus stays where the reader is. When it is on the footer
    /// row (or its Retry button), which the splice replaces, it moves to the
    /// first new item, or else to the last item, never out of the list.
    /// After a replace (a refresh) it goes to the first row.
    func show(_ result: PageResult?, phase: PagingPhase, retryIn: Int? = nil, stalled: Bool = false) {
        var entries: [FeedListEntry] = []
        var position = itemCount
        var removing = footer == nil ? 0 : 1
        let itemsBefore = itemCount
        let footerHadFocus = footer != nil && factory.rowContainsFocus(at: itemCount)
        switch result {
        case .appended(let items):
            entries = items.map(FeedListEntry.item)
            itemCount += items.count
        case .replaced(let items):
            // GTK would chase a removed focused row (and warn); focus goes
            // to the first new row below.
            listView.dropFocus()
            entries = items.map(FeedListEntry.item)
            (position, removing) = (0, store.count)
            itemCount = items.count
        case nil:
            break
        }
        let newFooter = FooterState(phase, hasItems: itemCount > 0, retryIn: retryIn, stalled: stalled)
        if result == nil && newFooter == footer { return }
        if result == nil, case .failed(let reason, let refresh, _)? = footer,
           newFooter == .failed(reason: reason, refresh: refresh, retryIn: retryIn) {
            // Only the countdown moved: change the row's text in place, so
            // a focused Retry button keeps focus.
            footer = newFooter
            store.setValueQuietly(.footer(newFooter!), at: itemCount)
            factory.cell(at: itemCount)?.showFooter(newFooter!)
            return
        }
        if footerHadFocus && itemsBefore > 0 {
            // Move focus off the row about to go, before GTK picks a place.
            factory.focusRow(at: itemsBefore - 1)
        }
        store.splice(at: position, removing: removing,
                     inserting: entries + (newFooter.map { [.footer($0)] } ?? []))
        footer = newFooter
        if case .replaced = result {
            scrollToTop(focusFirstRow: true)
        } else if footerHadFocus && itemCount > itemsBefore {
            focusRow(at: itemsBefore)
        }
    }

    /// Empties the list (switching feeds): no rows, no footer, at the top.
    func removeAll() {
        listView.dropFocus()
        store.removeAll()
        revealed.removeAll()
        itemCount = 0
        footer = nil
        adjustment.value = 0
    }

    /// Back to the first row; with `focusFirstRow`, keyboard focus goes
    /// there too (GTK would otherwise scroll to wherever focus was).
    /// Waits a frame after a splice: GTK 4.8 warns when the scroll position
    /// moves before the new rows are laid out.
    func scrollToTop(focusFirstRow: Bool) {
        listView.afterNextFrame { [weak self] in
            guard let self else { return }
            adjustment.value = 0
            if focusFirstRow && itemCount > 0 { focusRow(at: 0) }
        }
    }

    /// Feed items in the model, in order (walks the model: for tests).
    var items: [FeedItem] {
        store.elements.compactMap { entry in
            if case .item(let item) = entry { item } else { nil }
        }
    }
}
