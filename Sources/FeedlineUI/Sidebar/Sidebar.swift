import FeedStore
import GtkKit

/// The sidebar: All items, Unread and Starred, then every subscription (in
/// folders where they have folders), each with its icon and unread count,
/// in a GtkListView of its own inside a scrolled window, and an Add Feed
/// button below.
///
/// A click, or Enter, on a row opens its view (`onOpen`); the row of the
/// view the window shows is marked (`markOpen`). A right click, the Menu
/// key or Shift+F10 asks for a row's menu (`onContextMenu`), F2 to rename
/// a subscription (`onRename`). Tab and Shift+Tab leave the list
/// (`onTabOut`) instead of walking its rows.
///
/// It decides nothing: it shows the entries it is given and reports what
/// the reader does. New entries with the same rows in the same order
/// (counts moved, a failure, a name) are changed in place, so the row with
/// keyboard focus keeps it.
@MainActor
final class Sidebar {
    let root = Box(.vertical)
    let scroller = ScrolledWindow()
    let list: ListView
    let factory: ListItemFactory<SidebarEntry, SidebarRow>
    /// Runs `win.add-feed`.
    let addButton = Button(iconName: "list-add-symbolic")
    private let store = ListStore<SidebarEntry>()
    private let shared: Shared
    private(set) var entries: [SidebarEntry] = []

    /// A row was activated (click or Enter): open its view.
    var onOpen: ((TimelineScope) -> Void)?
    /// A row's menu, pointing at (x, y) in `anchor` (its middle when nil).
    var onContextMenu: ((SidebarEntry, _ anchor: Widget, _ x: Double?, _ y: Double?) -> Void)?
    /// F2 on a subscription's row.
    var onRename: ((Subscription) -> Void)?
    /// Tab (forward) or Shift+Tab in the list: focus leaves it.
    var onTabOut: ((_ forward: Bool) -> Void)?

    /// The view the window shows, whose row is marked.
    var openScope: TimelineScope? { shared.openScope }

    init(images: ImageLoader = .shared) {
        let shared = Shared(images: images)
        self.shared = shared
        factory = ListItemFactory<SidebarEntry, SidebarRow>(
            makeCell: { _ in
                let cell = SidebarRow()
                cell.root.onContextClick { [weak cell, weak shared] x, y in
                    guard let cell, let entry = cell.entry else { return }
                    shared?.onContextClick?(entry, cell.root, x, y)
                }
                return cell
            },
            bind: { cell, entry, row in
                row.setChild(cell.root)
                row.isActivatable = true
                shared.show(entry, in: cell, row: row.rowWidget)
            },
            unbind: { cell, _ in cell.unbind() })
        list = ListView(model: store, factory: factory)
        list.addCSSClass("navigation-sidebar")
        list.addCSSClass("feed-sidebar")
        list.activatesOnSingleClick = true
        // Translators: the sidebar's list, for screen readers.
        list.setAccessibleLabel(L("Subscriptions"))
        scroller.setChild(list)
        scroller.verticalExpand = true

        addButton.tooltip = L("Add Feed (Ctrl+N)")
        addButton.setAccessibleLabel(L("Add Feed"))
        addButton.actionName = "win.add-feed"
        addButton.addCSSClass("flat")
        let bar = Box(.horizontal, spacing: 6, children: [addButton])
        bar.addCSSClass("sidebar-bar")
        root.addCSSClass("sidebar")
        root.setSizeRequest(width: 200)
        root.append(scroller)
        root.append(Separator())
        root.append(bar)

        list.onActivate { [weak self] position in
            guard let self, entries.indices.contains(position) else { return }
            onOpen?(entries[position].scope)
        }
        list.onKeyPress(capture: true) { [weak self] press in self?.handleKey(press) ?? false }
        shared.onContextClick = { [weak self] entry, anchor, x, y in
            self?.onContextMenu?(entry, anchor, x, y)
        }
    }

    // MARK: Showing

    /// Shows `newEntries`: in place when the rows are the same ones in the
    /// same order, else as a new list (the focused row's view keeps focus).
    func show(_ newEntries: [SidebarEntry]) {
        if newEntries.map(\.identity) == entries.map(\.identity) {
            let old = entries
            entries = newEntries
            // Entries still waiting (`fillAfterNextFrame`) go in as they are now.
            for (position, entry) in newEntries.enumerated().prefix(store.count) where entry != old[position] {
                store.setValueQuietly(entry, at: position)
                showAgain(at: position)
            }
            return
        }
        let focused = focusedEntry?.identity
        if focused != nil { list.dropFocus() }
        let wasEmpty = store.count == 0
        entries = newEntries
        if wasEmpty && newEntries.count > Self.fillStep {
            // A long list into an empty sidebar (the window's first
            // screen): the rows that fit first, the rest a step a frame
            // once the window is drawn. GTK 4.8 makes a row widget for up to
            // 200 items at once, about 70 ms for 500 subscriptions in the
            // first frame otherwise.
            store.splice(at: 0, removing: 0, inserting: Array(newEntries.prefix(Self.fillStep)))
            fillAfterNextFrame()
        } else {
            store.splice(at: 0, removing: store.count, inserting: newEntries)
        }
        if let focused {
            let position = newEntries.firstIndex { $0.identity == focused } ?? 0
            focusRow(at: min(position, newEntries.count - 1))
        }
    }

    /// Rows put in the list a frame at a time while a long list fills in:
    /// about what a tall screen shows.
    static let fillStep = 40

    /// Whether `entries` has more than the list yet (`show`).
    private var isFilling: Bool { store.count < entries.count }

    /// The entries in the list now, in order: fewer than `entries` for a
    /// few frames while a long list fills in.
    var listed: [SidebarEntry] { store.elements }

    /// The next `fillStep` entries waiting, after the next frame, until
    /// none is left (a new list given meanwhile has them all).
    private func fillAfterNextFrame() {
        list.afterNextFrame { [weak self] in
            guard let self, isFilling else { return }
            let shown = store.count
            store.splice(at: shown, removing: 0,
                         inserting: Array(entries[shown..<min(entries.count, shown + Self.fillStep)]))
            if isFilling { fillAfterNextFrame() }
        }
    }

    /// Puts every entry still waiting into the list at once.
    private func finishFilling() {
        guard isFilling else { return }
        store.splice(at: store.count, removing: 0, inserting: Array(entries[store.count...]))
    }

    /// Marks the row of `scope` as the one the window shows.
    func markOpen(_ scope: TimelineScope?) {
        let before = shared.openScope
        shared.openScope = scope
        for (position, entry) in entries.enumerated() where entry.scope == before || entry.scope == scope {
            showAgain(at: position)
        }
    }

    private func showAgain(at position: Int) {
        guard let cell = factory.cell(at: position) else { return }
        shared.show(entries[position], in: cell, row: factory.rowWidget(at: position))
    }

    /// Where `scope`'s row is.
    func position(of scope: TimelineScope) -> Int? {
        entries.firstIndex { $0.scope == scope }
    }

    // MARK: Focus

    /// The entry whose row has keyboard focus.
    var focusedEntry: SidebarEntry? {
        guard let (_, position) = factory.focusedCell, entries.indices.contains(position) else { return nil }
        return entries[position]
    }

    /// Whether keyboard focus is in the sidebar.
    var containsFocus: Bool { root.containsFocus }

    /// Gives keyboard focus to the row of the open view (else the first).
    func focusOpenRow() {
        focusRow(at: openScope.flatMap(position(of:)) ?? 0)
    }

    /// Gives keyboard focus to the row at `position`, scrolling to it once
    /// laid out when it has no row widget yet.
    func focusRow(at position: Int) {
        finishFilling()
        guard entries.indices.contains(position) else {
            addButton.grabFocus()
            return
        }
        if factory.focusRow(at: position) { return }
        list.afterNextFrame { [weak self] in
            guard let self, !factory.focusRow(at: position) else { return }
            list.scrollTo(position: position)
            list.afterNextFrame { [weak self] in self?.factory.focusRow(at: position) }
        }
    }

    private func handleKey(_ press: KeyPress) -> Bool {
        switch (press.key, press.modifiers) {
        case (.tab, []):
            onTabOut?(true)
            return onTabOut != nil
        case (.shiftTab, _), (.tab, .shift):
            onTabOut?(false)
            return onTabOut != nil
        case (.menu, []), (.f10, .shift):
            guard let (cell, _) = factory.focusedCell, let entry = cell.entry else { return false }
            onContextMenu?(entry, cell.root, nil, nil)
            return true
        case (.f2, []):
            guard let subscription = focusedEntry?.subscription else { return false }
            onRename?(subscription)
            return true
        default:
            return false
        }
    }
}

/// What every cell of the sidebar needs to show its entry (held by the
/// factory's callbacks, which must not hold the sidebar).
@MainActor
private final class Shared {
    let images: ImageLoader
    let failedIcons = FailedIcons()
    var openScope: TimelineScope?
    var onContextClick: ((SidebarEntry, Widget, Double, Double) -> Void)?

    init(images: ImageLoader) {
        self.images = images
    }

    func show(_ entry: SidebarEntry, in cell: SidebarRow, row: Widget?) {
        cell.show(entry, isOpen: entry.scope == openScope, row: row,
                  images: images, failedIcons: failedIcons)
    }
}
