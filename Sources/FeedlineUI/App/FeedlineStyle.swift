import Foundation
import GtkKit

/// The app's own CSS, on top of the theme, and its own icons.
@MainActor
package enum FeedlineStyle {
    /// The busy spinner's icon (`data/tools/make-spinner-icon.py`): the
    /// theme's `process-working-symbolic` is an SVG in Adwaita, the only
    /// icon Feedline shows that is not a PNG, and drawing it loads librsvg
    /// (about 6.5 MiB, and 2–14 ms on the main thread the first time a
    /// spinner shows: at every start, the update's).
    package nonisolated static let spinnerIcon = "feedline-working-symbolic"
    nonisolated static let spinnerIconPath = "hicolor/16x16/status/\(spinnerIcon).symbolic.png"
    /// The same at twice the pixels, for a scale of 2.
    nonisolated static let largeSpinnerIconPath = "hicolor/16x16@2/status/\(spinnerIcon).symbolic.png"

    /// The CSS, and the spinner's icon from `iconFolder` (laid out like
    /// `/usr/share/icons`); without it (the data folder missing) spinners
    /// keep the theme's icon.
    ///
    /// The spinner names its files in CSS rather than adding the folder to
    /// the icon theme: GTK reads the theme in a thread as it starts, and a
    /// folder added afterwards makes it read the theme again on the main
    /// thread and restyle every widget that shows an icon (about 10 ms on
    /// the way to the first screen).
    package static func install(iconFolder: URL? = iconFolder()) {
        Style.addApplicationCSS(css)
        guard let iconFolder else { return }
        Style.addApplicationCSS(spinnerCSS(iconFolder: iconFolder))
    }

    /// The rules that draw spinners with the icon in `iconFolder`,
    /// recolored like any symbolic icon: the larger file at a scale of 2,
    /// and on a status page, whose spinner is twice the size. (An image
    /// from a file fills the spinner's box, where a theme's icon keeps
    /// square in it: GtkKit's `Spinner` keeps its box square.)
    nonisolated static func spinnerCSS(iconFolder: URL) -> String {
        func image(_ path: String) -> String {
            // A file URL is percent-encoded: no quote or backslash is left to escape.
            "-gtk-recolor(url(\"\(iconFolder.appendingPathComponent(path).absoluteString)\"))"
        }
        let (small, large) = (image(spinnerIconPath), image(largeSpinnerIconPath))
        return """
            spinner { -gtk-icon-source: -gtk-scaled(\(small), \(large)); }
            .status-page spinner { -gtk-icon-source: \(large); }
            """
    }

    /// The first data folder's `icons/` that has the spinner's icon.
    nonisolated static func iconFolder(in directories: [URL] = DataFiles.directories()) -> URL? {
        iconFolder(having: spinnerIconPath, in: directories)
    }

    /// The first data folder's `icons/` that has the file `path` (inside it).
    private nonisolated static func iconFolder(having path: String, in directories: [URL]) -> URL? {
        directories.lazy.map { $0.appendingPathComponent("icons") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(path).path) }
    }

    /// Makes the app's icon (`name`) findable before a window shows it (the
    /// About window): the theme has it once Feedline is installed; run from
    /// a checkout, it is in the data folder's icons, added to the theme's
    /// search path then (which makes GTK read the theme again, once).
    static func findAppIcon(_ name: String, in directories: [URL] = DataFiles.directories()) {
        guard !Style.hasIcon(named: name),
              let folder = iconFolder(having: "hicolor/scalable/apps/\(name).svg", in: directories) else { return }
        Style.addIconSearchPath(folder.path)
    }

    package static let css = """
        .feed-row { padding: 10px 16px 12px 8px; }
        .feed-row-title { font-weight: bold; }
        .unread-dot { margin: 0; border-radius: 9999px; background-color: @theme_selected_bg_color; }
        .unread-dot.read { opacity: 0; }
        .item-star { color: @warning_color; }
        .feed-row-title.read, .feed-tile-title.read { font-weight: normal; }
        .feed-row-warning { font-style: italic; }
        .feed-avatar { border-radius: 9999px; background-color: alpha(currentColor, 0.12); }
        .feed-thumbnail { border-radius: 6px; background-color: alpha(currentColor, 0.08); }
        button.feed-row-reveal { padding: 2px 8px; min-height: 24px; }
        .feed-tile { padding: 6px 6px 10px 6px; }
        .feed-tile-picture, .feed-tile-excerpt { border-radius: 8px; background-color: alpha(currentColor, 0.08); margin-bottom: 4px; }
        .feed-tile-excerpt { font-size: smaller; padding: 10px 12px; }
        .feed-tile-title { font-weight: bold; }
        gridview.feed-grid { padding: 6px; }
        .reader-bar { padding: 6px 12px; }
        .reader-page { padding: 18px 24px 24px 24px; }
        .reader-picture { border-radius: 8px; background-color: alpha(currentColor, 0.08); }
        textview.rich-text, textview.rich-text > text { background: none; }
        .reader-link-address { margin: 6px; padding: 3px 8px; border-radius: 6px; font-size: smaller;
                               background-color: @theme_base_color; border: 1px solid alpha(currentColor, 0.2); }
        .feed-footer { min-height: 56px; padding: 8px 16px; }
        .feed-footer.reader-footer { min-height: 0; }
        .status-bar { padding: 4px 8px 4px 12px; min-height: 30px; }
        .status-page { padding: 24px; }
        .add-feed-form { padding: 12px 18px 18px 18px; }
        .add-feed-form label.error { color: @error_color; }
        .status-page .title-2 { margin-top: 6px; }
        button.pill { border-radius: 9999px; padding: 8px 32px; }
        .feed-sidebar > row.open-view { background-color: alpha(currentColor, 0.12); }
        .feed-sidebar > row.open-view .sidebar-title { font-weight: bold; }
        .sidebar-row image.warning { color: @warning_color; }
        .sidebar-folder .sidebar-title { font-weight: bold; }
        .sidebar-folder .sidebar-count { opacity: 0.7; }
        .sidebar-bar { padding: 4px 6px; }
        """
}
