/// Every key Feedline answers, declared once: this table installs the
/// application's accelerators, fills the shortcuts window and writes the
/// keys part of `--help`. A key that a widget handles itself (the list's
/// arrows, the reader's Left and Right) has no action here; it is listed
/// so the reader can find it, and its handler lives with the widget.
struct Shortcut {
    enum Group: String, CaseIterable {
        case general, sidebar, feed, item

        /// The group's heading in the shortcuts window.
        var title: String {
            switch self {
            case .general: L("General")
            case .sidebar: L("Sidebar")
            case .feed: L("Feed")
            case .item: L("Item")
            }
        }
    }

    let group: Group
    /// What it does, as the shortcuts window and `--help` say it.
    let title: String
    /// GTK accelerators ("<Control>r", "F5"), in the order they are shown.
    let keys: [String]
    /// The action the keys trigger ("win.refresh"), when the application
    /// installs them as accelerators.
    var action: String?
    /// Whether `--help` lists it (the keys a newcomer needs first).
    var inHelp = false

    /// Made when asked for, so the titles are in the reader's language.
    static var all: [Shortcut] { [
        Shortcut(group: .general, title: L("Refresh from the top"), keys: ["<Control>r", "F5"], action: "win.refresh", inHelp: true),
        Shortcut(group: .general, title: L("Retry after a failure"), keys: ["<Alt>r"], action: "win.retry", inHelp: true),
        Shortcut(group: .general, title: L("Choose a feed"), keys: ["<Control>o"], action: "win.choose-feed", inHelp: true),
        Shortcut(group: .general, title: L("Add a feed"), keys: ["<Control>n"], action: "win.add-feed", inHelp: true),
        Shortcut(group: .sidebar, title: L("Show or hide the sidebar"), keys: ["F9"], action: "win.show-sidebar",
                 inHelp: true),
        Shortcut(group: .sidebar, title: L("Move between the sidebar and the list"), keys: ["F6", "<Shift>F6"],
                 action: "win.other-pane", inHelp: true),
        Shortcut(group: .general, title: L("Main menu"), keys: ["F10"]),
        Shortcut(group: .general, title: L("Keyboard shortcuts"), keys: ["<Control>question", "F1"],
                 action: "win.show-help-overlay", inHelp: true),
        Shortcut(group: .general, title: L("Close the window"), keys: ["<Control>w"], action: "win.close", inHelp: true),
        Shortcut(group: .general, title: L("Quit"), keys: ["<Control>q"], action: "app.quit", inHelp: true),
        Shortcut(group: .sidebar, title: L("Open the view, the folder or the feed"), keys: ["Return"]),
        Shortcut(group: .sidebar, title: L("Rename the feed"), keys: ["F2"]),
        Shortcut(group: .sidebar, title: L("Row menu: mark all as read; for a feed, notify about its new items, rename or remove it"),
                 keys: ["Menu", "<Shift>F10"]),
        Shortcut(group: .feed, title: L("Read the item"), keys: ["Return"], inHelp: true),
        Shortcut(group: .feed, title: L("Back from the item to the list"), keys: ["Escape", "<Alt>Left"], inHelp: true),
        Shortcut(group: .feed, title: L("Open the item in the browser"), keys: ["<Control>Return"], inHelp: true),
        Shortcut(group: .feed, title: L("Mark the item as read or unread"), keys: ["m"], inHelp: true),
        Shortcut(group: .feed, title: L("Star or unstar the item"), keys: ["s"], inHelp: true),
        Shortcut(group: .feed, title: L("Mark every item of the view as read"), keys: ["<Shift><Control>a"],
                 action: "win.mark-all-read", inHelp: true),
        Shortcut(group: .general, title: L("Undo Mark All as Read (while it offers Undo)"), keys: ["<Control>z"],
                 action: "win.undo", inHelp: true),
        Shortcut(group: .feed, title: L("Item menu: open or copy its link, show or play what it holds, mark or star it"),
                 keys: ["Menu", "<Shift>F10"]),
        Shortcut(group: .feed, title: L("Previous or next item"), keys: ["Up", "Down"]),
        Shortcut(group: .feed, title: L("A screenful up or down"), keys: ["Page_Up", "Page_Down"]),
        Shortcut(group: .feed, title: L("The newest item (the new items' banner does the same)"), keys: ["Home"],
                 inHelp: true),
        Shortcut(group: .feed, title: L("The last loaded item (loads more)"), keys: ["End"]),
        Shortcut(group: .feed, title: L("Leave the list"), keys: ["Tab", "<Shift>Tab"]),
        Shortcut(group: .feed, title: L("Show as a list"), keys: ["<Control>1"], action: "win.layout::list", inHelp: true),
        Shortcut(group: .feed, title: L("Show as a grid of pictures"), keys: ["<Control>2"], action: "win.layout::grid",
                 inHelp: true),
        Shortcut(group: .item, title: L("Previous or next item"), keys: ["Left", "Right", "Page_Up", "Page_Down"], inHelp: true),
        Shortcut(group: .item, title: L("Scroll the item's text"), keys: ["Up", "Down", "Home", "End"], inHelp: true),
        Shortcut(group: .item, title: L("Back to the list"), keys: ["Escape", "<Alt>Left"]),
        Shortcut(group: .item, title: L("Open the item in the browser"), keys: ["<Control>Return"]),
    ] }

    /// The keys as a person reads them: "Ctrl+R, F5", "Alt+Left",
    /// "Page Up".
    var readableKeys: String {
        keys.map(Self.readable).joined(separator: ", ")
    }

    static func readable(_ accelerator: String) -> String {
        var rest = Substring(accelerator)
        var parts: [String] = []
        while rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
            let modifier = rest[rest.index(after: rest.startIndex)..<close]
            parts.append(modifierNames[String(modifier)] ?? String(modifier))
            rest = rest[rest.index(after: close)...]
        }
        let key = keyNames[String(rest)] ?? (rest.count == 1 ? rest.uppercased() : rest.replacingOccurrences(of: "_", with: " "))
        return (parts + [key]).joined(separator: "+")
    }

    // Translators: the names of keys, as printed on keyboards, in `feedline --help`.
    private static var modifierNames: [String: String] {
        ["Control": L("Ctrl"), "Primary": L("Ctrl"), "Alt": L("Alt"), "Shift": L("Shift")]
    }

    private static var keyNames: [String: String] {
        ["Return": L("Enter"), "question": "?", "Escape": L("Escape"), "Page_Up": L("Page Up"),
         "Page_Down": L("Page Down"), "Home": L("Home"), "End": L("End"), "Left": L("Left"), "Right": L("Right"),
         "Up": L("Up"), "Down": L("Down"), "Tab": L("Tab"), "Menu": L("Menu")]
    }
}
