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
        button.setLabel(ReadStateText.newItemsBanner(count), spokenAs: ReadStateText.newItems(count))
    }
}
