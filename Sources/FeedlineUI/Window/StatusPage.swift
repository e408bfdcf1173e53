import GtkKit

/// A centered page that fills the window while there is no list to show:
/// the first load's spinner, its error with Retry, or an empty feed.
@MainActor
final class StatusPage {
    let root = Box(.vertical, spacing: 12)
    let spinner = Spinner()
    let icon: Icon?
    let title = Label()
    let detail = Label()
    let button: Button?

    init(iconName: String?, title titleText: String, buttonLabel: String? = nil) {
        icon = iconName.map { Icon(name: $0, pixelSize: 64) }
        button = buttonLabel.map(Button.init(label:))
        root.addCSSClass("status-page")
        root.align(horizontal: .center, vertical: .center)
        root.verticalExpand = true
        spinner.setSizeRequest(width: 32, height: 32)
        spinner.isVisible = icon == nil
        title.text = titleText
        title.addCSSClass("title-2")
        title.wrap()
        title.centerText()
        detail.wrap()
        detail.centerText()
        detail.isSelectable = true
        detail.addCSSClass("dim-label")
        root.append(spinner)
        if let icon {
            icon.addCSSClass("dim-label")
            root.append(icon)
        }
        root.append(title)
        root.append(detail)
        if let button {
            button.addCSSClass("suggested-action")
            button.addCSSClass("pill")
            button.align(horizontal: .center)
            root.append(button)
        }
    }

    /// The spinner spins only while the page is the one shown.
    func setActive(_ active: Bool) {
        if spinner.isVisible {
            spinner.isSpinning = active
            spinner.setAccessibleBusy(active)
        }
    }
}
