import GtkKit

/// The CSS of a post's parts (media badges, polls), added to the app's the
/// first time one of them is made: feeds without them never load it.
@MainActor
enum PostStyle {
    private static var installed = false

    static let css = """
        button.feed-media-badge { padding: 1px 6px; min-height: 18px; font-size: smaller; border-radius: 4px; }
        .feed-poll progressbar.horizontal > trough { min-height: 4px; min-width: 40px; }
        .feed-poll progressbar > trough > progress { min-height: 4px; }
        .feed-poll { font-size: smaller; }
        """

    /// Adds the CSS once.
    static func install() {
        guard !installed else { return }
        installed = true
        Style.addApplicationCSS(css)
    }
}
