import FeedCore
import FeedStore
import GtkKit

/// Mark All as Read, for the open view (`win.mark-all-read`,
/// Shift+Ctrl+A, the main menu) or any row of the sidebar
/// (`win.mark-all-read-in` with the view's setting value, its row menu):
/// every unread item of it that the reader had when they last looked is
/// marked read; items that arrived since (the new-items banner's) stay
/// unread. The window says how many ("Marked 240 items as read"), in the
/// status of an in-window notification with Undo for ten seconds (also
/// Ctrl+Z, `win.undo`), and to screen readers. Undo marks exactly those
/// items unread again. Every window's rows follow (`allMarked`), in
/// place: nothing moves.
extension FeedWindow {
    func addMarkAllReadActions() {
        guard subscriptions != nil else { return }
        window.addAction("mark-all-read") { [weak self] in
            guard let self, let scope else { return }
            markAllRead(in: scope)
        }
        window.addAction("mark-all-read-in", string: { [weak self] value in
            guard let self, let scope = TimelineScope(settingValue: value) else { return }
            markAllRead(in: scope)
        })
        undoNotification.undoAction = window.addAction("undo") { [weak self] in self?.undoNotification.runUndo() }
        undoNotification.onHideWithFocus = { [weak self] in self?.focusContent() }
    }

    /// Marks every unread item of `scope` read, then offers Undo.
    func markAllRead(in scope: TimelineScope) {
        guard let subscriptions else { return }
        // The open view: what it had when the reader last went to its
        // newest; another: what the store held after the last update.
        let mark = scope == self.scope ? newItems.arrivalMark : subscriptions.storedThrough
        Task { [weak self] in
            guard let marked = await subscriptions.markAllRead(in: scope, arrivedBy: mark), let self else { return }
            guard marked.count > 0 else {
                let message = ReadStateText.nothingToMark
                statusBar.flash(message)
                announcer.announce(message)
                return
            }
            let message = ReadStateText.markedAllRead(marked.count)
            undoNotification.show(message) { [weak self] in self?.undoMarkAllRead(marked) }
            announcer.announce(message)
        }
    }

    private func undoMarkAllRead(_ marked: MarkedRead) {
        guard let subscriptions else { return }
        Task { [weak self] in
            let count = await subscriptions.undo(marked)
            guard let self else { return }
            let message = ReadStateText.markedUnreadAgain(count)
            statusBar.flash(message)
            announcer.announce(message)
        }
    }

    /// Mark All as Read (`read`) or its Undo changed `marked`'s items:
    /// this window's rows of them follow, in place.
    func allMarked(_ marked: MarkedRead, read: Bool) {
        guard !feedList.setRead(read, where: { marked.contains($0.id) }).isEmpty else { return }
        madeReader?.marksChanged()
    }
}
