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
        refreshButton.tooltip = "Refresh (Ctrl+R)"
        refreshButton.setAccessibleLabel("Refresh")
        refreshButton.actionName = "win.refresh"
        bar.packStart(refreshButton)
        refreshSpinner.isVisible = false
        refreshSpinner.setAccessibleLabel("Refreshing")
        bar.packStart(refreshSpinner)

        let menu = Menu()
        menu.append("Load _Pictures in Articles", action: "win.remote-images")
        menu.append("_Keyboard Shortcuts", action: "win.show-help-overlay")
        menu.append("_About Feedline", action: "app.about")
        menuButton = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        menuButton.tooltip = "Main Menu (F10)"
        menuButton.setAccessibleLabel("Main Menu")
        bar.packEnd(menuButton)

        for (button, layout, name, keys) in [(listButton, FeedLayout.list, "List", "Ctrl+1"),
                                             (gridButton, .grid, "Grid", "Ctrl+2")] {
            button.setDetailedActionName("win.layout::\(layout.rawValue)")
            button.tooltip = "Show as \(name) (\(keys))"
            button.setAccessibleLabel("Show as \(name)")
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
