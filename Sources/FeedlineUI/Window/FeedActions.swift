import FeedCore
import GtkKit

/// Switching feeds: the header's feed switcher and its actions
/// (`win.open-feed`, `win.add-feed`, `win.remove-feed`, `win.choose-feed`).
extension FeedWindow {
    func addFeedActions() {
        window.addAction("open-feed", string: { [weak self] index in
            guard let self, let catalog, let index = Int(index), catalog.entries.indices.contains(index) else { return }
            let feed = catalog.entries[index].spec
            if feed != spec { open(feed) }
        })
        window.addAction("add-feed") { [weak self] in self?.showAddFeedDialog() }
        // The dialog goes before its window: GTK 4.8 left it up, pointing
        // at the window it belonged to, which crashed once that was freed.
        window.onCloseRequest { [weak self] in
            self?.addFeedDialog?.window.close()
            return false
        }
        window.addAction("remove-feed") { [weak self] in
            guard let self, let catalog, let spec, catalog.isSaved(spec) else { return }
            let title = feedTitle
            catalog.remove(spec)
            open(.sample)
            // Translators: %s is the feed's name.
            statusBar.flash(Localization.format(L("Removed “%s”"), title))
        }
        window.addAction("choose-feed") { [weak self] in self?.switcher.button.popUp() }
        catalog?.onProblem = { [weak self] problem in self?.statusBar.flash(problem) }
        let previous = catalog?.onChange
        catalog?.onChange = { [weak self] in
            previous?()
            self?.showFeedsInSwitcher()
        }
    }

    /// Lists the catalog's feeds in the switcher, the current one marked.
    func showFeedsInSwitcher() {
        guard let catalog, let spec else { return }
        switcher.show(title: feedTitle, entries: catalog.entries + (catalog.entries.contains { $0.spec == spec }
                                                                      ? [] : [SavedFeed(spec, title: feedTitle)]),
                      current: spec, currentIsSaved: catalog.isSaved(spec))
    }

    func showAddFeedDialog() {
        guard let catalog else { return }
        if let open = addFeedDialog {
            open.present()
            return
        }
        let dialog = AddFeedDialog(over: window, makeSource: catalog.makeSource)
        dialog.onAdded = { [weak self] feed in
            guard let self else { return }
            catalog.add(feed)
            open(feed.spec)
            // Translators: %s is the feed's name.
            statusBar.flash(Localization.format(L("Added “%s”"), feed.title))
        }
        dialog.window.onCloseRequest { [weak self, weak dialog] in
            if self?.addFeedDialog === dialog { self?.addFeedDialog = nil }
            return false
        }
        addFeedDialog = dialog
        dialog.present()
    }
}
