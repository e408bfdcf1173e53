import FeedCore
import Foundation
import GtkKit

/// What one recycled cell of the feed's view holds: the widgets of an item
/// (a list row or a grid tile), and (made on first need, since only the
/// last cell ever shows it) a footer. Bind puts whichever the entry needs
/// into the cell.
@MainActor
package final class FeedCell {
    let widgets: any ItemWidgets
    private var footer: FeedFooter?
    /// The item the cell shows now (nil while it shows the footer).
    private(set) var item: FeedItem?

    /// `onContextClick`: a right click on the item, at (x, y) in it.
    init(_ layout: FeedLayout, images: ImageLoader = .shared,
         onContextClick: @escaping @MainActor (FeedCell, Double, Double) -> Void) {
        widgets = switch layout {
        case .list: FeedRow(images: images)
        case .grid: FeedTile(images: images)
        }
        widgets.root.onContextClick { [weak self] x, y in
            if let self { onContextClick(self, x, y) }
        }
    }

    /// The list row, in the list layout.
    package var row: FeedRow? { widgets as? FeedRow }
    /// The tile, in the grid layout.
    var tile: FeedTile? { widgets as? FeedTile }

    /// The footer this cell shows, if it shows one now.
    private(set) var shownFooter: FeedFooter?

    /// The list row this cell is bound to.
    private var listRow: ListRow?

    /// The position of the item it shows now (items prepended above it
    /// move it down without binding it again).
    var position: Int { listRow?.position ?? 0 }

    /// `priority`: its pictures' download priority (`FeedList.picturePriority`).
    /// `showsReadState`: the view's items are stored ones, marked read or
    /// unread (a window on one source alone shows no marks).
    func bind(_ entry: FeedListEntry, to listRow: ListRow, now: Date, revealed: Bool, priority: Int,
              showsReadState: Bool = false) {
        self.listRow = listRow
        switch entry {
        case .item(let item):
            self.item = item
            let when = ItemText.when(item, now: now)
            widgets.setPicturePriority(priority)
            widgets.show(item, when: when, revealed: revealed)
            listRow.setChild(widgets.root)
            listRow.isActivatable = true
            // The row's name goes on the row widget: after `setChild`.
            showMarks(of: item, when: when, showsReadState: showsReadState, in: listRow)
        case .footer(let state):
            showFooter(state, in: listRow)
        case .placeholder:
            // An empty row of the item's own widgets, for a frame or two:
            // nothing to make or swap, as it is bound again with its item.
            item = nil
            widgets.show(Self.blank, when: nil, revealed: false)
            widgets.showMarks(unread: nil, starred: false)
            listRow.setChild(widgets.root)
            listRow.isActivatable = false
            listRow.setAccessibleLabel(PagingText.placeholder)
        }
    }

    /// What a placeholder row shows: nothing.
    private static let blank = FeedItem(id: "", title: "")

    /// Shows the item again, its content warning revealed or not.
    func showItemAgain(revealed: Bool) {
        guard let item else { return }
        widgets.show(item, when: ItemText.when(item, now: Date()), revealed: revealed)
    }

    /// Shows the item's marks again, changed in place (`FeedList.apply`):
    /// the unread dot and title, and the row's name; nothing else is
    /// redone, so the row keeps its size, its pictures and its focus.
    func showMarks(of item: FeedItem, showsReadState: Bool) {
        guard self.item?.id == item.id, let listRow else { return }
        self.item = item
        showMarks(of: item, when: ItemText.when(item, now: Date()), showsReadState: showsReadState, in: listRow)
    }

    /// The marks' signs, and the row's name, which says them.
    private func showMarks(of item: FeedItem, when: String?, showsReadState: Bool, in listRow: ListRow) {
        widgets.showMarks(unread: showsReadState ? !item.isRead : nil, starred: showsReadState && item.isStarred)
        listRow.setAccessibleLabel(ItemText.accessibleName(item, when: when, unread: showsReadState && !item.isRead,
                                                           starred: showsReadState && item.isStarred))
    }

    /// Puts the footer in the cell, showing `state`.
    private func showFooter(_ state: FooterState, in listRow: ListRow) {
        item = nil
        let footer = self.footer ?? FeedFooter()
        self.footer = footer
        shownFooter = footer
        listRow.setChild(footer.root)
        listRow.isActivatable = false
        showFooter(state)
    }

    /// Shows `state` in the footer this cell shows (a countdown tick).
    func showFooter(_ state: FooterState) {
        guard let shownFooter else { return }
        shownFooter.show(state)
        listRow?.setAccessibleLabel(PagingText.footer(state))
    }

    func unbind() {
        listRow = nil
        if item != nil { widgets.stopLoading() }
        item = nil
        shownFooter?.stop()
        shownFooter = nil
    }
}
