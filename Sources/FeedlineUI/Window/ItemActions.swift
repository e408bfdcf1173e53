import FeedCore
import GtkKit

/// What a reader can do with one item: open its link in the browser, copy
/// the link, show what a content warning or sensitive media hides, play
/// its video or sound, mark it read or starred (ItemMarks.swift), or ask
/// for the menu offering these (the keyboard's way to everything a row's
/// buttons do). Items are named by id in the
/// window actions (`win.open-item`, `win.copy-link`, `win.toggle-reveal`,
/// `win.play-media`), so a menu stays right whatever its row shows by the
/// time an entry is chosen.
extension FeedWindow {
    func addItemActions() {
        window.addAction("open-item", string: { [weak self] id in
            guard let self, let item = feedList.item(withID: id) else { return }
            open(item)
        })
        window.addAction("toggle-reveal", string: { [weak self] id in
            guard let self, let item = feedList.item(withID: id) else { return }
            feedList.toggleReveal(id)
            let shown = feedList.revealed.contains(id)
            if ItemText.veil(item) == .media {
                announcer.announce(shown ? L("Media shown") : L("Media hidden"))
            } else {
                announcer.announce(shown ? item.summary : L("Post hidden"))
            }
        })
        window.addAction("play-media", string: { [weak self] id in
            guard let self, let item = feedList.item(withID: id), let url = item.media?.url else { return }
            feedList.openMedia(url, of: item)
        })
        window.addAction("copy-link", string: { [weak self] id in
            guard let self, let item = feedList.item(withID: id) else { return }
            copyLink(of: item)
        })
        feedList.onActivate = { [weak self] position in self?.showReader(at: position) }
        feedList.onOpenInBrowser = { [weak self] item in self?.open(item) }
        feedList.onContextMenu = { [weak self] item, anchor, x, y in
            self?.showMenu(for: item, at: anchor, x: x, y: y)
        }
    }

    /// The item menu: "Open in Browser" and "Copy Link"; "Show Post" or
    /// "Show Media" (or Hide) when something is veiled; "Play Video" or
    /// "Play Sound" when the post has one; on the subscriptions, "Mark as
    /// Read" (or Unread) and "Star" (or Unstar).
    func showMenu(for item: FeedItem, at anchor: Widget, x: Double?, y: Double?) {
        let menu = Menu()
        menu.append(L("_Open in Browser"), action: "win.open-item", target: item.id)
        menu.append(L("_Copy Link"), action: "win.copy-link", target: item.id)
        let revealed = feedList.revealed.contains(item.id)
        switch ItemText.veil(item) {
        case .post: menu.append(revealed ? L("_Hide Post") : L("_Show Post"), action: "win.toggle-reveal", target: item.id)
        case .media: menu.append(revealed ? L("_Hide Media") : L("_Show Media"), action: "win.toggle-reveal", target: item.id)
        case .none: break
        }
        if let media = item.media, media.kind.plays, media.url != nil, ItemText.veil(item) == .none || revealed {
            menu.append(media.kind == .audio ? L("_Play Sound") : L("_Play Video"), action: "win.play-media", target: item.id)
        }
        appendMarks(of: item, to: menu)
        ContextMenu.popUp(menu, at: anchor, x: x, y: y)
    }

    /// Opens the item's link with the desktop's browser: web links only.
    func open(_ item: FeedItem) {
        guard let link = webLink(of: item) else { return }
        openLink(link)
    }

    func copyLink(of item: FeedItem) {
        guard let link = webLink(of: item) else { return }
        window.copyToClipboard(link)
        tell(L("Link copied"))
    }

    /// The item's http(s) link, or nil after saying why there is none.
    private func webLink(of item: FeedItem) -> String? {
        guard let link = item.link else {
            // Translators: %s is the item's title.
            tell(Localization.format(L("“%s” has no link"), item.title))
            return nil
        }
        guard link.scheme == "https" || link.scheme == "http" else {
            // Translators: %s is the link's scheme, like "mailto".
            tell(Localization.format(L("Only web links can be opened (this one is “%s”)"), link.scheme ?? ""))
            return nil
        }
        return link.absoluteString
    }

    /// A short message in the status line, also announced.
    private func tell(_ message: String) {
        statusBar.flash(message)
        announcer.announce(message)
    }
}
