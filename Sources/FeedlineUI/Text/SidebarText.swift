import FeedCore
import FeedStore

/// What the sidebar's rows say, shown and spoken: their names with their
/// counts ("Planet GNOME, 240 items"), a failed update's words, and the
/// mark of the view the window shows. Counts are grouped as the reader's
/// locale groups digits; plural forms come from the catalog.
enum SidebarText {
    /// The name a row shows.
    static func title(_ entry: SidebarEntry) -> String {
        switch entry {
        case .all: L("All items")
        case .folder(let path, _): path.last ?? ""
        case .subscription(let subscription, _, _): Subscriptions.title(of: subscription)
        }
    }

    /// The count a row shows: "1,240".
    static func count(_ entry: SidebarEntry) -> String {
        Localization.grouped(entry.count)
    }

    /// The row's accessible name: "Planet GNOME, 240 items", "All items,
    /// 1,240 items", "Tech folder, 300 items".
    static func accessibleName(_ entry: SidebarEntry) -> String {
        let count = entry.count
        switch entry {
        case .all:
            // Translators: the sidebar's first row, for screen readers: "All items, 1,240 items".
            return Localization.format(L("All items, %d item", "All items, %d items", count), count)
        case .folder:
            // Translators: a folder of the sidebar, for screen readers: "Tech folder, 300 items".
            return Localization.format(L("%1$s folder, %2$d item", "%1$s folder, %2$d items", count), title(entry), count)
        case .subscription:
            // Translators: a feed in the sidebar, for screen readers: "Planet GNOME, 240 items".
            return Localization.format(L("%1$s, %2$d item", "%1$s, %2$d items", count), title(entry), count)
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
