import FeedCore
import FeedStore
import Foundation
import GtkKit

/// The endless feed: a GtkListView (one item per row) or a GtkGridView
/// (the photo grid) directly inside a GtkScrolledWindow, over a model of
/// feed items with the footer sentinel last. Both layouts share the model,
/// the scrolling and the paging; switching keeps the item the reader is on.
///
/// It decides nothing about paging. It reports where the reader is
/// (`onScrolled` as they scroll, `onPosition` once the list has laid out
/// after a scroll, a range change, a page or `edge-reached`), and it shows
/// what it is told: pages spliced in, footer states. The feed's session
/// decides from those reports when the next page starts. Likewise it
/// reports the items scrolled past (`onScrolledPast`) and the keys that
/// mark one (`onToggleRead`, `onToggleStar`), and changes rows' marks in
/// place when told (`apply`): the window decides what is marked.
@MainActor
package final class FeedList {
    package let scroller = ScrolledWindow()
    /// The model the views show: its items are made as rows ask for them,
    /// from `loaded` (a placeholder for an item let go, read back at once).
    let store: LazyListStore<FeedListEntry>
    /// The items by position (a stored timeline's held only near the reader:
    /// HeldItems.swift).
    var loaded = LoadedItems()
    /// The cells of the current layout's view.
    package private(set) var factory: ListItemFactory<FeedListEntry, FeedCell>
    /// The list or the grid, whichever shows the feed now.
    private(set) var view: ListBase
    package private(set) var layout: FeedLayout
    package let adjustment: Adjustment
    private let images: ImageLoader

    /// The reader scrolled: the top of the visible area, and when
    /// (seconds on a monotonic clock).
    var onScrolled: ((_ offset: Double, _ time: Double) -> Void)?
    /// Where the list stands once laid out; `atBottomEdge` when it has just
    /// reached its end.
    var onPosition: ((ScrollMetrics, _ atBottomEdge: Bool, _ time: Double) -> Void)?
    /// Enter or double click on an item row: its position.
    var onActivate: ((Int) -> Void)?
    /// Ctrl+Enter on an item row.
    var onOpenInBrowser: ((FeedItem) -> Void)?
    /// A right click, the Menu key or Shift+F10 on an item row: show its
    /// menu pointing at (x, y) in `anchor` (its middle when nil).
    var onContextMenu: ((FeedItem, _ anchor: Widget, _ x: Double?, _ y: Double?) -> Void)?
    /// Tab (forward) or Shift+Tab on a row: focus leaves the list. Without
    /// this, GTK 4.8 moves Tab from row to row through the whole feed.
    var onTabOut: ((_ forward: Bool) -> Void)?
    /// Home on an item row: the window goes to the newest item (loading
    /// it first when the list does not start at the top).
    var onHome: (() -> Void)?
    /// M or S on an item row: its position.
    var onToggleRead: ((Int) -> Void)?
    var onToggleStar: ((Int) -> Void)?
    /// Items seen whole, then scrolled out of the window upward (their
    /// positions, in order), while `tracksScrollingPast`.
    var onScrolledPast: (([Int]) -> Void)?
    /// Whether rows are checked for items scrolled past once laid out.
    var tracksScrollingPast = false {
        didSet {
            guard !tracksScrollingPast else { return }
            scrolledPast.reset()
            // Rows come into view unwatched now: they show their marks.
            showMarksOutOfView()
        }
    }
    private var scrolledPast = ScrolledPast()

    /// Whether rows show the items' read state (the unread dot and bold
    /// title, "unread" in their names): items from the store. A window on
    /// one source alone shows none.
    var showsReadState: Bool {
        get { cellEvents.showsReadState }
        set { cellEvents.showsReadState = newValue }
    }

    /// Items whose content warning the reader chose to look behind.
    let revealed = RevealedItems()

    /// Feed items in the model (the footer excluded), held or not.
    package var itemCount: Int { loaded.count }
    /// What the footer sentinel shows, or nil when there is none.
    package private(set) var footer: FooterState?

    /// What cells report, for whichever view made them.
    private let cellEvents = CellEvents()

    /// `images`: where rows get their pictures.
    init(layout: FeedLayout = .list, images: ImageLoader = .shared) {
        self.layout = layout
        self.images = images
        adjustment = scroller.verticalAdjustment
        scroller.verticalExpand = true
        let entries = EntrySource()
        store = LazyListStore { [entries] position in entries.entry?(position) ?? .placeholder }
        (factory, view) = Self.makeView(layout, width: scroller.allocatedWidth, store: store, images: images,
                                        revealed: revealed, events: cellEvents)
        scroller.setChild(view)
        connectView()
        entries.entry = { [weak self] position in self?.entry(at: position) ?? .placeholder }
        cellEvents.onContextClick = { [weak self] item, anchor, x, y in self?.onContextMenu?(item, anchor, x, y) }
        cellEvents.onToggleReveal = { [weak self] id in self?.toggleReveal(id) }
        cellEvents.onOpenMedia = { [weak self] item, url in self?.openMedia(url, of: item) }
        cellEvents.picturePriority = { [weak self] position in self?.picturePriority(at: position) ?? 0 }

        // Positions are reported once the frame is laid out: scroll ranges
        // are then current, and no decision is made from inside a splice or
        // a scroll that the window itself is making.
        adjustment.onValueChanged { [weak self] in
            guard let self else { return }
            onScrolled?(adjustment.value, Self.now())
            reportPositionAfterLayout()
            // Every frame of a scroll allocates the frame drawn and frees
            // it: kept in the heap while scrolling, given back once still.
            PictureMemory.noteActivity()
        }
        adjustment.onChanged { [weak self] in self?.reportPositionAfterLayout() }
        // A new width (the grid's columns follow it).
        scroller.horizontalAdjustment.onChanged { [weak self] in self?.reportPositionAfterLayout() }
        scroller.onEdgeReached { [weak self] edge in
            guard edge == .bottom else { return }
            self?.reportPositionAfterLayout(atBottomEdge: true)
        }
    }

    /// The view for `layout` and its cells, over the one model; a grid
    /// with as many columns at most as `width` needs (0: not known yet).
    private static func makeView(_ layout: FeedLayout, width: Int, store: LazyListStore<FeedListEntry>, images: ImageLoader,
                                 revealed: RevealedItems, events: CellEvents)
        -> (ListItemFactory<FeedListEntry, FeedCell>, ListBase) {
        let factory = ListItemFactory<FeedListEntry, FeedCell>(
            makeCell: { _ in
                let cell = FeedCell(layout, images: images, onContextClick: { [weak events] cell, x, y in
                    guard let item = cell.item else { return }
                    events?.onContextClick?(item, cell.widgets.root, x, y)
                })
                cell.widgets.onToggleReveal = { [weak events] id in events?.onToggleReveal?(id) }
                cell.widgets.onOpenMedia = { [weak events, weak cell] url in
                    if let item = cell?.item { events?.onOpenMedia?(item, url) }
                }
                return cell
            },
            bind: { cell, entry, row in
                let isRevealed = if case .item(let item) = entry { revealed.contains(item.id) } else { false }
                cell.bind(entry, to: row, now: Date(), revealed: isRevealed,
                          priority: events.picturePriority?(row.position) ?? 0, showsReadState: events.showsReadState)
            },
            unbind: { cell, _ in cell.unbind() }
        )
        switch layout {
        case .list:
            let list = ListView(model: store, factory: factory)
            list.addCSSClass("feed-list")
            list.showsSeparators = true
            return (factory, list)
        case .grid:
            let grid = GridView(model: store, factory: factory)
            grid.addCSSClass("feed-grid")
            grid.maxColumns = FeedTile.columns(fitting: width, limit: maxGridColumns)
            return (factory, grid)
        }
    }

    /// The most columns the grid may lay out: what the view's width needs
    /// (`FeedTile.columns`), so that GTK keeps tiles only for those.
    /// Checked after every layout (the width's changes included); a wider
    /// window gets more in the next frame.
    private func fitGridColumns() {
        guard let grid = view as? GridView else { return }
        let columns = FeedTile.columns(fitting: scroller.allocatedWidth, limit: Self.maxGridColumns)
        if grid.maxColumns != columns { grid.maxColumns = columns }
    }

    static let maxGridColumns = 12

    /// Activation and the list's own keys, on a new view.
    private func connectView() {
        view.onActivate { [weak self] position in
            guard let self, position < itemCount else { return }
            onActivate?(position)
        }
        view.onKeyPress(capture: true) { [weak self] press in
            self?.handleKey(press) ?? false
        }
    }

    /// Shows the feed in `layout`, at the item the reader was on: the
    /// focused one (which keeps focus), else the first in view.
    func show(layout: FeedLayout) {
        guard layout != self.layout else { return }
        let focused = factory.focusedCell?.position
        let anchor = focused ?? firstVisiblePosition
        self.layout = layout
        scrolledPast.reset()
        forgetMarksOutOfView()
        (factory, view) = Self.makeView(layout, width: scroller.allocatedWidth, store: store, images: images,
                                        revealed: revealed, events: cellEvents)
        scroller.setChild(view)
        connectView()
        if let accessibleLabel { view.setAccessibleLabel(accessibleLabel) }
        // By the item, not its position: newer items may come above it
        // before the next frame.
        guard let anchor, let anchorItem = item(at: anchor)?.id else { return }
        view.afterNextFrame { [weak self] in
            guard let self, let position = position(ofItemWithID: anchorItem) else { return }
            if focused != nil {
                focusRow(at: position)
            } else {
                view.scrollTo(position: position)
            }
        }
    }

    /// The first item whose cell is in view, if any.
    private var firstVisiblePosition: Int? {
        visibleRows.map(\.position).min()
    }

    /// The item rows in view now, with where their tops are (pixels from
    /// the top of the view; negative: partly scrolled out above).
    package var visibleRows: [(position: Int, top: Double)] {
        let height = Double(scroller.allocatedHeight)
        return factory.laidOutRows(in: scroller).compactMap { row in
            row.position < itemCount && row.bottom > 0 && row.top < height ? (row.position, row.top) : nil
        }
    }

    /// The item at the top of the view and how many pixels of it are
    /// scrolled out above (a reading position).
    var topOfView: (item: FeedItem, offset: Double)? {
        guard let top = visibleRows.min(by: { $0.position < $1.position }), let item = item(at: top.position) else {
            return nil
        }
        return (item, max(0, -top.top))
    }

    /// Where the next first page (`.replaced`) puts the reader: `offset`
    /// pixels into its first item, with keyboard focus on the item
    /// `focusedItem` (else the first), instead of at the top. For a view
    /// restored where the reader was; used once.
    func restoreOnNextPage(offset: Double, focusedItem: String?) {
        pendingRestore = (offset, focusedItem)
    }

    /// Forgets a place waiting for the next first page (a refresh goes
    /// to the top).
    func cancelRestore() {
        pendingRestore = nil
    }

    private var pendingRestore: (offset: Double, focusedItem: String?)?

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
            onContextMenu?(item, cell.widgets.root, nil, nil)
            return true
        case (.enter, .control):
            guard let item = focusedItem else { return false }
            onOpenInBrowser?(item)
            return true
        case (.home, []):
            guard let onHome else { return false }
            onHome()
            return true
        case (_, []) where press.key.character == "m" || press.key.character == "s":
            guard let (cell, position) = factory.focusedCell, cell.item != nil,
                  let toggle = press.key.character == "m" ? onToggleRead : onToggleStar else { return false }
            toggle(position)
            return true
        default:
            return false
        }
    }

    /// The feed's name, for screen readers (kept across layouts).
    var accessibleLabel: String? {
        didSet { view.setAccessibleLabel(accessibleLabel ?? "") }
    }

    /// Shows or hides what is behind an item's content warning.
    func toggleReveal(_ id: String) {
        revealed.toggle(id)
        for cell in factory.cells where cell.item?.id == id {
            cell.showItemAgain(revealed: revealed.contains(id))
        }
    }

    /// Opens a post's video or sound (its badge was pressed) through the
    /// app's link opener: `onOpenInBrowser` with the item's link set to
    /// the file, so the same checks (web links only) and the same opener
    /// (the desktop's browser or player) apply.
    func openMedia(_ url: URL, of item: FeedItem) {
        var media = item
        media.link = url
        onOpenInBrowser?(media)
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
        // scroll to it if needed, and focus it once it has a row. Found
        // again by its item then: newer items may have come above it.
        let id = item(at: position)?.id
        let now: () -> Int? = { [weak self] in id.flatMap { self?.position(ofItemWithID: $0) } ?? position }
        view.afterNextFrame { [weak self] in
            guard let self, let position = now(), position < store.count, !factory.focusRow(at: position) else { return }
            view.scrollTo(position: position)
            view.afterNextFrame { [weak self] in
                guard let self, let position = now() else { return }
                factory.focusRow(at: position)
            }
        }
    }

    // MARK: Marks

    /// Makes `change` in place: the items at `positions` (nil: every item
    /// loaded that is one of the change's, by stored row, found by a walk
    /// of the model) take the mark; their rows, if shown, show it. Nothing
    /// is spliced, so no row moves and focus stays. Returns the positions
    /// changed.
    @discardableResult
    /// `outOfView`: the rows at `positions` are out of view (scrolled
    /// past), and show the marks when they come back (MarksOutOfView.swift).
    func apply(_ change: MarkChange, at positions: [Int]? = nil, outOfView: Bool = false) -> [Int] {
        if let positions { return remark(positions, outOfView: outOfView, change.applied(to:)) }
        let rows = change.rows
        guard !rows.isEmpty else { return [] }
        return remark(loaded.heldPositions) { item in
            FeedStore.row(ofItem: item.id).map(rows.contains) == true ? change.applied(to: item) : nil
        }
    }

    /// Marks read (or unread) every loaded item `matches` picks, in place
    /// as `apply` does. Returns the positions changed.
    @discardableResult
    func setRead(_ read: Bool, where matches: (FeedItem) -> Bool) -> [Int] {
        remark(loaded.heldPositions) { item in
            matches(item) ? MarkChange(mark: .read(read), items: [item.id]).applied(to: item) : nil
        }
    }

    /// Gives the items at `positions` the marks `marked` says (nil: left
    /// as they are), in place: the model's value is replaced quietly and
    /// the row, if shown, shows it again. Returns the positions changed.
    private func remark(_ positions: some Sequence<Int>, outOfView: Bool = false,
                        _ marked: (FeedItem) -> FeedItem?) -> [Int] {
        var changed: [Int] = []
        for position in positions {
            guard let item = loaded[position], let remarked = marked(item) else { continue }
            loaded.set(remarked, at: position)
            store.refresh(at: position)
            if outOfView {
                markedOutOfView(position)
            } else {
                marksOutOfView.remove(position)
                factory.cell(at: position)?.showMarks(of: remarked, showsReadState: showsReadState)
            }
            changed.append(position)
        }
        return changed
    }

    /// Which items were scrolled past since the last report, from where
    /// the rows are laid out now (not while the list is hidden); and, from
    /// the same places, which rows marked out of view are back in it.
    private func reportScrolledPast(laidOut: [ListRowPlace]) {
        guard tracksScrollingPast, scroller.isMapped, itemCount > 0 else { return }
        let rows = laidOut.compactMap { row -> ScrolledPast.Row? in
            row.position < itemCount ? ScrolledPast.Row(position: row.position, top: row.top, bottom: row.bottom) : nil
        }
        let height = Double(scroller.allocatedHeight)
        let passed = scrolledPast.update(rows: rows, viewportHeight: height)
        if !passed.isEmpty { onScrolledPast?(passed) }
        showMarksComingIntoView(rows, viewportHeight: height)
    }

    /// The item at `position`, if held (not let go, far from the reader).
    package func item(at position: Int) -> FeedItem? {
        loaded[position]
    }

    /// The item with `id`, if held.
    func item(withID id: String) -> FeedItem? {
        position(ofItemWithID: id).flatMap(item(at:))
    }

    /// Where the item with `id` is in the list, held or not.
    func position(ofItemWithID id: String) -> Int? {
        loaded.position(ofItemWithID: id)
    }

    package var metrics: ScrollMetrics {
        let footerHeight = footer == nil ? 0 : Double(factory.cell(at: itemCount)?.shownFooter?.root.allocatedHeight ?? 0)
        return ScrollMetrics(offset: adjustment.value, contentHeight: adjustment.upper,
                             viewportHeight: adjustment.pageSize, itemCount: itemCount, footerHeight: footerHeight)
    }

    /// Seconds on a monotonic clock, for the reader's scroll speed.
    static func now() -> Double { ProcessInfo.processInfo.systemUptime }


    /// How soon the pictures of the item at `position` should download:
    /// 0 in view, -1 within a screenful of it, -2 within two, and so on.
    /// In screenfuls, so scrolling changes few priorities. Estimated from
    /// the scroll position, as GTK does for rows it has not measured.
    func picturePriority(at position: Int) -> Int {
        screenSpan.map { Self.picturePriority(at: position, screen: $0) } ?? 0
    }

    /// The positions the screen shows now: the first (fractional) and how
    /// many fit, estimated from the scroll range. Nil before any layout.
    private var screenSpan: (first: Double, count: Double)? {
        let (upper, pageSize) = (adjustment.upper, adjustment.pageSize)
        guard store.count > 0, upper > 0, pageSize > 0 else { return nil }
        return (Double(store.count) * adjustment.value / upper, max(1, Double(store.count) * pageSize / upper))
    }

    private static func picturePriority(at position: Int, screen: (first: Double, count: Double)) -> Int {
        let distance = Double(position) < screen.first ? screen.first - Double(position) - 1
                                                       : Double(position) - (screen.first + screen.count)
        return distance < 0 ? 0 : -1 - Int(distance / screen.count)
    }

    /// Gives every row's pictures the priority of where it is now (when
    /// some are still coming: otherwise there is nothing to reorder).
    private func reprioritizePictures() {
        guard images.loading > 0, let screen = screenSpan else { return }
        for cell in factory.cells where cell.item != nil {
            cell.widgets.setPicturePriority(Self.picturePriority(at: cell.position, screen: screen))
        }
    }

    /// A position report is waiting for the next frame.
    package private(set) var positionReportScheduled = false
    /// The report waiting is for reaching the bottom edge.
    private var reportsBottomEdge = false

    /// Reports where the list stands once it has laid out. Called on every
    /// scroll, range change and edge, and after every page that leaves
    /// paging idle: while the content is shorter than the window the scroll
    /// range does not change (its upper bound is the window's height), so
    /// no signal would report.
    func reportPositionAfterLayout(atBottomEdge: Bool = false) {
        reportsBottomEdge = reportsBottomEdge || atBottomEdge
        guard !positionReportScheduled else { return }
        positionReportScheduled = true
        view.afterNextFrame { [weak self] in
            guard let self else { return }
            let atBottomEdge = reportsBottomEdge
            (positionReportScheduled, reportsBottomEdge) = (false, false)
            lastPositionReport = .now
            fitGridColumns()
            onPosition?(metrics, atBottomEdge, Self.now())
            // One walk of GTK's 200 rows a frame, for both.
            let rows = factory.laidOutRows(in: scroller)
            holdNearby(laidOut: rows)
            reprioritizePictures()
            reportScrolledPast(laidOut: rows)
        }
    }

    /// Shows a session snapshot: the page's items (appended or replacing the
    /// list) and the footer for the new phase, in one splice, so the view
    /// stays anchored where the reader is.
    ///
    /// Keyboard focus stays where the reader is. When it is on the footer
    /// row (or its Retry button), which the splice replaces, it moves to the
    /// first new item, or else to the last item, never out of the list.
    /// After a replace (a refresh) it goes to the first row.
    func show(_ result: PageResult?, phase: PagingPhase, retryIn: Int? = nil, stalled: Bool = false) {
        if case .prepended(let items) = result {
            prepend(items)
            return show(nil, phase: phase, retryIn: retryIn, stalled: stalled)
        }
        // Paging waits for the reader again: say where they are, once laid out.
        defer { if phase == .idle { reportPositionAfterLayout() } }
        let itemsBefore = itemCount
        let footerHadFocus = footer != nil && factory.rowContainsFocus(at: itemCount)
        let itemsAfter = switch result {
        case .appended(let items): itemsBefore + items.count
        case .replaced(let items): items.count
        case .prepended, nil: itemsBefore
        }
        let newFooter = FooterState(phase, hasItems: itemsAfter > 0, retryIn: retryIn, stalled: stalled)
        if result == nil && newFooter == footer { return }
        if result == nil, case .failed(let reason, let refresh, _)? = footer,
           newFooter == .failed(reason: reason, refresh: refresh, retryIn: retryIn) {
            // Only the countdown moved: change the row's text in place, so
            // a focused Retry button keeps focus.
            footer = newFooter
            store.refresh(at: itemCount)
            factory.cell(at: itemCount)?.showFooter(newFooter!)
            return
        }
        if footerHadFocus && itemsBefore > 0 {
            // Move focus off the row about to go, before GTK picks a place.
            factory.focusRow(at: itemsBefore - 1)
        }
        let removedFooter = footer == nil ? 0 : 1
        let addedFooter = newFooter == nil ? 0 : 1
        switch result {
        case .appended(let items):
            loaded.append(items)
            footer = newFooter
            store.splice(at: itemsBefore, removing: removedFooter, inserting: items.count + addedFooter)
        case .replaced(let items):
            // GTK would chase a removed focused row (and warn); focus goes
            // to the first new row below.
            view.dropFocus()
            scrolledPast.reset()
            forgetMarksOutOfView()
            placeGeneration += 1
            loaded.replace(with: items)
            forgetReadBacks()
            footer = newFooter
            store.splice(at: 0, removing: itemsBefore + removedFooter, inserting: items.count + addedFooter)
        case .prepended, nil:
            footer = newFooter
            store.splice(at: itemsBefore, removing: removedFooter, inserting: addedFooter)
        }
        if case .replaced = result, let restore = pendingRestore {
            pendingRestore = nil
            restorePlace(offset: restore.offset, focusedItem: restore.focusedItem)
        } else if case .replaced = result {
            scrollToTop(focusFirstRow: true)
        } else if footerHadFocus && itemCount > itemsBefore {
            focusRow(at: itemsBefore)
        }
    }

    /// Puts `items` above the first item. What the reader sees does not
    /// move: GTK's list keeps its place on the item at the top of the
    /// view, which stays where it was, and so does keyboard focus.
    private func prepend(_ items: [FeedItem]) {
        guard !items.isEmpty else { return }
        loaded.prepend(items)
        prependedCount += items.count
        store.splice(at: 0, removing: 0, inserting: items.count)
        scrolledPast.shift(by: items.count)
        shiftMarksOutOfView(by: items.count)
        reportPositionAfterLayout()
    }

    /// Focus on the row of `focusedItem` (else the first), then the first
    /// item `offset` pixels scrolled out above the view, once laid out.
    private func restorePlace(offset: Double, focusedItem: String?) {
        guard let top = item(at: 0)?.id else { return }
        placeGeneration += 1
        let generation = placeGeneration
        view.afterNextFrame { [weak self] in
            guard let self, placeGeneration == generation else { return }
            let focused = focusedItem.flatMap(position(ofItemWithID:)) ?? 0
            factory.focusRow(at: focused)
            // Focus may have scrolled its row into view: the place wins.
            adjustment.value = offset
            place(top, scrolledOutBy: offset, tries: 4, generation: generation)
        }
    }

    /// Bumped when the list is replaced or emptied: a place being
    /// restored in the old one is dropped.
    private var placeGeneration = 0

    /// Once laid out, moves the list so that the item `id` is `offset`
    /// pixels above the view, as measured from its row (the list's own
    /// padding and GTK's estimates of rows not measured yet aside), for a
    /// few frames while rows settle.
    private func place(_ id: String, scrolledOutBy offset: Double, tries: Int, generation: Int) {
        view.afterNextFrame { [weak self] in
            guard let self, placeGeneration == generation, tries > 0, let position = position(ofItemWithID: id),
                  let row = factory.rowWidget(at: position), let top = row.top(in: scroller) else { return }
            let error = top + offset
            if abs(error) >= 0.5 { adjustment.value += error }
            place(id, scrolledOutBy: offset, tries: tries - 1, generation: generation)
        }
    }

    /// Empties the list (switching feeds): no rows, no footer, at the top.
    /// Back to the top first, while the rows are there: GTK 4.8 warns
    /// ("failed to scroll to given position") when the position moves in
    /// the step that took its rows away.
    func removeAll() {
        view.dropFocus()
        adjustment.value = 0
        let rows = store.count
        loaded.removeAll()
        forgetReadBacks()
        footer = nil
        store.splice(at: 0, removing: rows, inserting: 0)
        pendingRestore = nil
        placeGeneration += 1
        revealed.removeAll()
        scrolledPast.reset()
        forgetMarksOutOfView()
    }

    /// Back to the first row; with `focusFirstRow`, keyboard focus goes
    /// there too (GTK would otherwise scroll to wherever focus was).
    /// Waits a frame after a splice: GTK 4.8 warns when the scroll position
    /// moves before the new rows are laid out.
    func scrollToTop(focusFirstRow: Bool) {
        view.afterNextFrame { [weak self] in
            guard let self else { return }
            adjustment.value = 0
            if focusFirstRow && itemCount > 0 { focusRow(at: 0) }
        }
    }

    // MARK: Items let go and read back (HeldItems.swift)

    /// Where items let go read back from (`readsBack`).
    var readBackStore: FeedStore?
    /// Items held on each side of the rows laid out (and of the reader
    /// view's item), and at the top (the newest, where Home goes); the
    /// rest are let go. Those within half of it are read back before the
    /// reader gets there. GTK 4.8 keeps up to 200 rows around the one it
    /// anchors on.
    var holdAround = 400
    /// Items read back per request, around the one a row asked for.
    static let readBackPage = 50
    /// The keys being read back now.
    var readingBack: Set<Int64> = []
    /// Bumped when the list is replaced or emptied: items read back for
    /// the old one are dropped.
    var readBackGeneration = 0
    /// Items put above the first since the list was made: where items
    /// read back have moved to.
    var prependedCount = 0
    /// Where the rows were at the last pass of `holdNearby`, and the list
    /// then: the next pass waits until they have moved `holdStep`
    /// positions from there, or the list changed.
    var lastHold: HoldPass?
    /// Rows moved before the items near them are looked over again (the
    /// items within `holdAround / 2 - holdStep` stay read ahead).
    static let holdStep = 25
    /// The reader view's item, held with those around it.
    var readerPosition: Int? {
        didSet { if let readerPosition { readBack(loaded.missing(in: near(readerPosition...readerPosition, by: holdAround / 2))) } }
    }

    // MARK: Marks of rows out of view (MarksOutOfView.swift)

    /// Positions whose rows have not shown their marks yet.
    var marksOutOfView: Set<Int> = []
    /// Shows them once scrolling pauses.
    var marksFlush: ScheduledCall?
    /// When the list last reported its position (after a layout).
    var lastPositionReport = ContinuousClock.now

    /// A frame will bind more rows whose items came back.
    var rebindScheduled = false
    /// Rows out of view bound again per frame once their items came back.
    static let rebindsPerFrame = 20

    /// The feed items held, in order (for tests: all of them, unless the
    /// list lets items go).
    package var items: [FeedItem] {
        loaded.heldPositions.compactMap { loaded[$0] }
    }

    /// What the model holds at `position`, as the views are given it: an
    /// item, a placeholder for one let go (read back at once), or the
    /// footer.
    private func entry(at position: Int) -> FeedListEntry {
        if position < itemCount {
            if let item = loaded[position] { return .item(item) }
            readBack(around: position)
            return .placeholder
        }
        return footer.map(FeedListEntry.footer) ?? .placeholder
    }
}

/// Where the model's items come from: the list, once made (the model is
/// made before it).
@MainActor
private final class EntrySource {
    var entry: ((Int) -> FeedListEntry)?
}

/// What the cells of a view report to the list, whichever view made them,
/// and whether they show items' read state.
@MainActor
private final class CellEvents {
    var showsReadState = false
    var onContextClick: ((FeedItem, Widget, Double, Double) -> Void)?
    var onToggleReveal: ((String) -> Void)?
    var onOpenMedia: ((FeedItem, URL) -> Void)?
    var picturePriority: ((Int) -> Int)?
}
