import GtkKit

/// The keyboard shortcuts window (Ctrl+? or F1, and the primary menu),
/// made from `Shortcut.all`.
@MainActor
enum ShortcutsWindow {
    static func make() -> Widget {
        let window = Builder.widget(from: xml, id: "shortcuts")
        // GTK 4.8 leaves its search toggle unnamed ("GtkImage" to Orca).
        if let search = window.firstDescendant(ofType: "GtkHeaderBar")?.firstDescendant(ofType: "GtkToggleButton") {
            search.setAccessibleLabel(L("Search Shortcuts"))
            search.tooltip = L("Search Shortcuts")
        }
        return window
    }

    /// `Shortcut.all`, by group.
    private static var groups: [(title: String, shortcuts: [(String, String)])] {
        Shortcut.Group.allCases.map { group in
            (group.title, Shortcut.all.filter { $0.group == group }.map { ($0.title, $0.keys.joined(separator: " ")) })
        }
    }

    private static var xml: String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        // Typed: GRDB (through FeedStore) makes string literals joined
        // with `joined(separator:)` SQL unless told they are strings.
        let groupXML: String = groups.map { group -> String in
            let shortcuts: String = group.shortcuts.map { title, accelerator -> String in
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
        let title = escape(L("Keyboard Shortcuts"))
        return """
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <property name="title">\(title)</property>
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
