import GtkKit

/// "12 new items": a button over the top of the list, shown while items
/// newer than the reader's place arrived above it and have not been
/// seen. It floats over the list, so showing it moves no row. Activating
/// it goes to the newest (the window's `onActivate`); so does Home.
@MainActor
final class NewItemsBanner {
    let button = Button(label: "")
    var onActivate: (() -> Void)?

    init() {
        button.addCSSClass("new-items-banner")
        button.addCSSClass("suggested-action")
        button.addCSSClass("pill")
        button.align(horizontal: .center, vertical: .start)
        button.marginTop = 8
        button.tooltip = L("Go to the newest items (Home)")
        button.onClicked { [weak self] in self?.onActivate?() }
        button.isVisible = false
    }

    /// Shows the count (hidden at 0).
    func show(count: Int) {
        button.isVisible = count > 0
        guard count > 0 else { return }
        button.setLabel(Self.text(count), spokenAs: Self.spoken(count))
    }

    /// "12 new items", as shown and said.
    static func text(_ count: Int) -> String {
        // Translators: the banner over the list when an update brought items above the reader's place.
        Localization.format(L("↑ %d new item", "↑ %d new items", count), count)
    }

    /// What a screen reader hears: the count without the arrow.
    static func spoken(_ count: Int) -> String {
        // Translators: announced when an update brought items above the reader's place.
        Localization.format(L("%d new item", "%d new items", count), count)
    }
}
