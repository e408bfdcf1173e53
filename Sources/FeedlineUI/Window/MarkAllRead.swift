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
        let mark = scope == self.scope ? arrivalMark : subscriptions.storedThrough
        Task { [weak self] in
            guard let marked = await subscriptions.markAllRead(in: scope, arrivedBy: mark), let self else { return }
            guard marked.count > 0 else {
                let message = L("No unread items to mark")
                statusBar.flash(message)
                announcer.announce(message)
                return
            }
            let message = Self.markedAllText(marked.count)
            undoNotification.show(message) { [weak self] in self?.undoMarkAllRead(marked) }
            announcer.announce(message)
        }
    }

    /// "Marked 240 items as read", as shown and said.
    static func markedAllText(_ count: Int) -> String {
        // Translators: after Mark All as Read, in the notification with Undo and to screen readers.
        Localization.format(L("Marked %d item as read", "Marked %d items as read", count), count)
    }

    private func undoMarkAllRead(_ marked: MarkedRead) {
        guard let subscriptions else { return }
        Task { [weak self] in
            let count = await subscriptions.undo(marked)
            guard let self else { return }
            // Translators: after Undo of Mark All as Read.
            let message = Localization.format(L("Marked %d item as unread again", "Marked %d items as unread again", count),
                                              count)
            statusBar.flash(message)
            announcer.announce(message)
        }
    }

    /// Mark All as Read (`read`) or its Undo changed `marked`'s items:
    /// this window's rows of them follow, in place.
    func allMarked(_ marked: MarkedRead, read: Bool) {
        guard !feedList.setRead(read, where: { marked.contains($0.id) }).isEmpty else { return }
        reader.marksChanged()
    }
}
