import FeedCore
import FeedStore
import GtkKit

/// Read and starred marks in a window on the subscriptions. An item opened
/// in the reader view is read; so is one seen whole in the list and then
/// scrolled out of it upward, while **Mark as Read When Scrolled Past**
/// (`win.mark-read-on-scroll`, the main menu; kept in the store) is on.
/// M and S (in the list or the reader), the item menu (`win.mark-read`,
/// `win.mark-unread`, `win.star`, `win.unstar`, with the item's id) and the
/// reader's Star button change them by hand, and a screen reader hears
/// what changed.
///
/// The window changes its own rows at once, in place (nothing moves or
/// re-sorts, focus stays), then `Subscriptions.mark` writes the change off
/// the main thread and tells the other windows (`.marked`), and the
/// sidebar's unread counts follow once the store has counted.
extension FeedWindow {
    func addMarkActions() {
        guard let subscriptions else { return }
        feedList.showsReadState = true
        for (name, mark) in [("mark-read", MarkChange.Mark.read(true)), ("mark-unread", .read(false)),
                             ("star", .starred(true)), ("unstar", .starred(false))] {
            window.addAction(name, string: { [weak self] id in
                guard let self, let position = feedList.position(ofItemWithID: id) else { return }
                setMark(mark, at: [position], tell: true)
            })
        }
        scrollMarkingAction = window.addToggleAction("mark-read-on-scroll", isOn: subscriptions.marksReadOnScroll) { isOn in
            subscriptions.setMarksReadOnScroll(isOn)
        }
        feedList.onToggleRead = { [weak self] position in self?.toggleRead(at: position) }
        feedList.onToggleStar = { [weak self] position in self?.toggleStar(at: position) }
        feedList.onScrolledPast = { [weak self] positions in
            self?.setMark(.read(true), at: positions, tell: false, outOfView: true)
        }
    }

    /// Another window marked items (`origin`: its observation): this one's
    /// rows of them change in place, and the reader view follows.
    func marksChanged(_ change: MarkChange, origin: Int?) {
        guard origin != observation, !feedList.apply(change).isEmpty else { return }
        madeReader?.marksChanged()
    }

    /// Whether scrolling past marks read, as the setting now is.
    func showScrollMarking() {
        guard let subscriptions else { return }
        feedList.tracksScrollingPast = subscriptions.marksReadOnScroll
        scrollMarkingAction?.isOn = subscriptions.marksReadOnScroll
    }

    /// The item at `index` was opened in the reader view: it is read.
    func openedInReader(at index: Int) {
        setMark(.read(true), at: [index], tell: false)
    }

    func toggleRead(at position: Int) {
        guard let item = feedList.item(at: position) else { return }
        setMark(.read(!item.isRead), at: [position], tell: true)
    }

    func toggleStar(at position: Int) {
        guard let item = feedList.item(at: position) else { return }
        setMark(.starred(!item.isStarred), at: [position], tell: true)
    }

    /// Gives the items at `positions` `mark` (those that have it already
    /// are left out), in place; with `tell`, says so ("Marked as read").
    /// `outOfView`: their rows are out of view (scrolled past), and show
    /// the marks when they come back into it.
    func setMark(_ mark: MarkChange.Mark, at positions: [Int], tell: Bool, outOfView: Bool = false) {
        guard let subscriptions else { return }
        let ids = positions.compactMap { feedList.item(at: $0)?.id }
        let changed = feedList.apply(MarkChange(mark: mark, items: ids), at: positions, outOfView: outOfView)
        guard !changed.isEmpty else { return }
        madeReader?.marksChanged()
        subscriptions.mark(MarkChange(mark: mark, items: changed.compactMap { feedList.item(at: $0)?.id }), from: observation)
        if tell { announcer.announce(ReadStateText.marked(mark)) }
    }

    /// The item menu's marks: Mark as Read or Unread, Star or Unstar.
    func appendMarks(of item: FeedItem, to menu: Menu) {
        guard subscriptions != nil else { return }
        menu.append(item.isRead ? L("Mark as _Unread") : L("Mark as _Read"),
                    action: item.isRead ? "win.mark-unread" : "win.mark-read", target: item.id)
        menu.append(item.isStarred ? L("Uns_tar") : L("S_tar"), action: item.isStarred ? "win.unstar" : "win.star",
                    target: item.id)
    }
}
