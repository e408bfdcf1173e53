import FeedCore
import Foundation
import GtkKit

/// What one recycled list row holds: an item row, and (made on first need,
/// since only the last row ever shows it) a footer. Bind puts whichever the
/// entry needs into the row.
@MainActor
final class FeedCell {
    let row: FeedRow
    private var footer: FeedFooter?
    /// The item the row shows now (nil while it shows the footer).
    private(set) var item: FeedItem?

    /// `onContextClick`: a right click on the item row, at (x, y) in it.
    init(images: ImageLoader = .shared, onContextClick: @escaping @MainActor (FeedCell, Double, Double) -> Void) {
        row = FeedRow(images: images)
        row.root.onContextClick { [weak self] x, y in
            if let self { onContextClick(self, x, y) }
        }
    }

    /// The footer this cell shows, if it shows one now.
    private(set) var shownFooter: FeedFooter?

    /// The list row this cell is bound to.
    private var listRow: ListRow?

    func bind(_ entry: FeedListEntry, to listRow: ListRow, now: Date, revealed: Bool) {
        self.listRow = listRow
        switch entry {
        case .item(let item):
            self.item = item
            let when = ItemText.when(item, now: now)
            row.show(item, when: when, revealed: revealed)
            listRow.setChild(row.root)
            listRow.isActivatable = true
            listRow.setAccessibleLabel(ItemText.accessibleName(item, when: when))
        case .footer(let state):
            item = nil
            let footer = self.footer ?? FeedFooter()
            self.footer = footer
            shownFooter = footer
            listRow.setChild(footer.root)
            listRow.isActivatable = false
            showFooter(state)
        }
    }

    /// Shows the item again, its content warning revealed or not.
    func showItemAgain(revealed: Bool) {
        guard let item else { return }
        row.show(item, now: Date(), revealed: revealed)
    }

    /// Shows `state` in the footer this cell shows (a countdown tick).
    func showFooter(_ state: FooterState) {
        guard let shownFooter else { return }
        shownFooter.show(state)
        listRow?.setAccessibleLabel(PagingText.footer(state))
    }

    func unbind() {
        listRow = nil
        item = nil
        shownFooter?.stop()
        shownFooter = nil
    }
}
