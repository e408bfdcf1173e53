import FeedCore
import GtkKit

/// The header bar's title: the current feed's name as a button whose menu
/// switches feeds ("GNOME Help", the feeds the reader added), adds one, or
/// removes the current one. Ctrl+O opens it.
///
/// Each change of feeds gives the button a new menu rather than editing
/// the one it has: GTK 4.8's menu, rebuilt under itself as the feed it
/// had just chosen opened, came up the next time with no item focused, so
/// Down and Enter went to the list behind it.
@MainActor
final class FeedSwitcher {
    private(set) var menu = Menu()
    let button: MenuButton
    /// The feed entries as listed, in order (for tests).
    private(set) var feedLabels: [String] = []

    init() {
        button = MenuButton(label: "", menu: menu)
        button.addCSSClass("flat")
        button.tooltip = L("Choose a feed (Ctrl+O)")
    }

    /// Shows `title` on the button and lists `entries` (`current` marked
    /// for screen readers and sighted readers alike by the button label).
    func show(title: String, entries: [SavedFeed], current: FeedSpec, currentIsSaved: Bool) {
        // Its name is the visible label (the feed); the tooltip says what
        // it does.
        button.label = title
        menu = Menu()
        let feeds = Menu()
        for (index, entry) in entries.enumerated() {
            // Translators: the feed open in the window, in the list of feeds: "GNOME Help (open)".
            let title = Self.plain(FeedTitle.shown(entry.title, of: entry.spec))
            let label = entry.spec == current ? Localization.format(L("%s (open)"), title) : title
            feeds.append(label, action: "win.open-feed", target: String(index))
        }
        menu.appendSection(feeds)
        feedLabels = feeds.items.map(\.label)
        let manage = Menu()
        manage.append(L("_Add Feed…"), action: "win.add-feed")
        if currentIsSaved {
            // Translators: %s is the feed's name.
            manage.append(Localization.format(L("_Remove “%s”"), Self.plain(title)), action: "win.remove-feed")
        }
        menu.appendSection(manage)
        button.setMenu(menu)
    }

    /// Menu labels read "_" as a mnemonic: feed titles must show it as is.
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "_", with: "__")
    }
}
