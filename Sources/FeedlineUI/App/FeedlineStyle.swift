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

    /// The CSS, and the spinner's icon from `iconFolder` (laid out like
    /// `/usr/share/icons`); without it (the data folder missing) spinners
    /// keep the theme's icon.
    package static func install(iconFolder: URL? = iconFolder()) {
        Style.addApplicationCSS(css)
        guard let iconFolder else { return }
        Style.addIconSearchPath(iconFolder.path)
        Style.addApplicationCSS("spinner { -gtk-icon-source: -gtk-icontheme(\"\(spinnerIcon)\"); }")
    }

    /// The first data folder's `icons/` that has the spinner's icon.
    nonisolated static func iconFolder(in directories: [URL] = DataFiles.directories()) -> URL? {
        directories.lazy.map { $0.appendingPathComponent("icons") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(spinnerIconPath).path) }
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
