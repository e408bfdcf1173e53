import FeedCore
import GtkKit

/// The header bar: Refresh with its busy spinner on the left, the layout
/// buttons (list or grid) and the primary menu on the right, the feed's
/// title (the window's) in the middle.
@MainActor
final class FeedHeader {
    let bar = HeaderBar()
    let refreshButton = Button(iconName: "view-refresh-symbolic")
    let refreshSpinner = Spinner()
    let menuButton: MenuButton
    /// Pressed while the feed is shown as a list, or as a grid (`win.layout`).
    let listButton = ToggleButton(iconName: "view-list-symbolic")
    let gridButton = ToggleButton(iconName: "view-grid-symbolic")

    init() {
        refreshButton.tooltip = L("Refresh (Ctrl+R)")
        refreshButton.setAccessibleLabel(L("Refresh"))
        refreshButton.actionName = "win.refresh"
        bar.packStart(refreshButton)
        refreshSpinner.isVisible = false
        refreshSpinner.setAccessibleLabel(L("Refreshing"))
        bar.packStart(refreshSpinner)

        let menu = Menu()
        menu.append(L("Load _Pictures in Articles"), action: "win.remote-images")
        menu.append(L("_Keyboard Shortcuts"), action: "win.show-help-overlay")
        menu.append(L("_About Feedline"), action: "app.about")
        menuButton = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        menuButton.tooltip = L("Main Menu (F10)")
        menuButton.setAccessibleLabel(L("Main Menu"))
        bar.packEnd(menuButton)

        for (button, layout, name, tooltip) in [(listButton, FeedLayout.list, L("Show as List"), L("Show as List (Ctrl+1)")),
                                                (gridButton, .grid, L("Show as Grid"), L("Show as Grid (Ctrl+2)"))] {
            button.setDetailedActionName("win.layout::\(layout.rawValue)")
            button.tooltip = tooltip
            button.setAccessibleLabel(name)
        }
        let layouts = Box(.horizontal, children: [listButton, gridButton])
        layouts.addCSSClass("linked")
        bar.packEnd(layouts)
    }

    /// Shows the busy spinner next to Refresh while a refresh loads.
    func showRefreshing(_ refreshing: Bool) {
        refreshSpinner.isVisible = refreshing
        refreshSpinner.isSpinning = refreshing
        refreshSpinner.setAccessibleBusy(refreshing)
    }
}
