import FeedCore
import FeedStore

/// What the sidebar's rows say, shown and spoken: their names with their
/// unread counts ("Planet GNOME, 240 unread items"), a failed update's
/// words, and the mark of the view the window shows. Counts are grouped
/// as the reader's locale groups digits; plural forms come from the
/// catalog.
enum SidebarText {
    /// The name a row shows.
    static func title(_ entry: SidebarEntry) -> String {
        switch entry {
        case .all: L("All items")
        case .unread: L("Unread")
        case .starred: L("Starred")
        case .folder(let path, _): path.last ?? ""
        case .subscription(let subscription, _, _): Subscriptions.title(of: subscription)
        }
    }

    /// The count a row shows: its unread items, "1,240" (none shown when
    /// every item is read).
    static func count(_ entry: SidebarEntry) -> String {
        entry.unread > 0 ? Localization.grouped(entry.unread) : ""
    }

    /// The row's accessible name: "Planet GNOME, 240 unread items", "All
    /// items, 1,240 unread items", "Tech folder, 300 unread items",
    /// "Unread, 1,240 items".
    static func accessibleName(_ entry: SidebarEntry) -> String {
        let count = entry.unread
        switch entry {
        case .unread:
            // Translators: the sidebar's Unread row, for screen readers: "Unread, 1,240 items".
            return Localization.format(L("Unread, %d item", "Unread, %d items", count), count)
        case .folder:
            // Translators: a folder of the sidebar, for screen readers: "Tech folder, 300 unread items".
            return Localization.format(L("%1$s folder, %2$d unread item", "%1$s folder, %2$d unread items", count),
                                       title(entry), count)
        case .all, .starred, .subscription:
            // Translators: a feed (or All items, or Starred) in the sidebar, for screen readers: "Planet GNOME, 240 unread items".
            return Localization.format(L("%1$s, %2$d unread item", "%1$s, %2$d unread items", count), title(entry), count)
        }
    }

    /// Why the feed's last update failed: its icon's tooltip, and part of
    /// its row's description.
    static func failure(_ error: FeedError) -> String {
        // Translators: a feed's last update failed; %s says why.
        Localization.format(L("Couldn't update: %s"), ErrorText.reason(error))
    }

    /// The row's accessible description: that the window shows it, and
    /// why its last update failed; nil when neither.
    static func accessibleDescription(_ entry: SidebarEntry, isOpen: Bool) -> String? {
        var parts: [String] = []
        // Translators: said of the sidebar's row whose items the window shows.
        if isOpen { parts.append(L("Shown now")) }
        if let failure = entry.subscription?.failure { parts.append(self.failure(failure)) }
        return parts.isEmpty ? nil : parts.joined(separator: ". ")
    }
}
