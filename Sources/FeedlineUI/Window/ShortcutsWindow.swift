import GtkKit

/// The keyboard shortcuts window (Ctrl+? or F1, and the primary menu).
/// Keep it in step with `FeedlineApp.installShortcuts` and `FeedList`'s keys.
@MainActor
enum ShortcutsWindow {
    static func make() -> Widget {
        let window = Builder.widget(from: xml, id: "shortcuts")
        // GTK 4.8 leaves its search toggle unnamed ("GtkImage" to Orca).
        if let search = window.firstDescendant(ofType: "GtkHeaderBar")?.firstDescendant(ofType: "GtkToggleButton") {
            search.setAccessibleLabel("Search Shortcuts")
            search.tooltip = "Search Shortcuts"
        }
        return window
    }

    private static let groups: [(title: String, shortcuts: [(String, String)])] = [
        ("General", [
            ("Refresh from the top", "<Control>r F5"),
            ("Retry after a failure", "<Alt>r"),
            ("Choose a feed", "<Control>o"),
            ("Add a feed", "<Control>n"),
            ("Main menu", "F10"),
            ("Keyboard shortcuts", "<Control>question F1"),
            ("Close the window", "<Control>w"),
            ("Quit", "<Control>q"),
        ]),
        ("Feed", [
            ("Read the item", "Return"),
            ("Back from the item to the list", "Escape <Alt>Left"),
            ("Open the item in the browser", "<Control>Return"),
            ("Item menu: open or copy its link", "Menu <Shift>F10"),
            ("Previous or next item", "Up Down"),
            ("A screenful up or down", "Page_Up Page_Down"),
            ("First or last loaded item (the last loads more)", "Home End"),
            ("Leave the list", "Tab <Shift>Tab"),
            ("Show as a list", "<Control>1"),
            ("Show as a grid of pictures", "<Control>2"),
        ]),
        ("Item", [
            ("Previous or next item", "Left Right Page_Up Page_Down"),
            ("Scroll the item's text", "Up Down Home End"),
            ("Back to the list", "Escape <Alt>Left"),
            ("Open the item in the browser", "<Control>Return"),
        ]),
    ]

    private static var xml: String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        let groupXML = groups.map { group in
            let shortcuts = group.shortcuts.map { title, accelerator in
                """
                <child><object class="GtkShortcutsShortcut">
                  <property name="title">\(escape(title))</property>
                  <property name="accelerator">\(escape(accelerator))</property>
                </object></child>
                """
            }.joined(separator: "\n")
            return """
                <child><object class="GtkShortcutsGroup">
                  <property name="title">\(escape(group.title))</property>
                  \(shortcuts)
                </object></child>
                """
        }.joined(separator: "\n")
        return """
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <property name="title">Keyboard Shortcuts</property>
                <child><object class="GtkShortcutsSection">
                  <property name="section-name">shortcuts</property>
                  <property name="max-height">12</property>
                  \(groupXML)
                </object></child>
              </object>
            </interface>
            """
    }
}
