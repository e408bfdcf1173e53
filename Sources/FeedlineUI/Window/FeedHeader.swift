import FeedCore
import GtkKit

/// The header bar: the sidebar button (on a window with a sidebar), then
/// Refresh with its busy spinner on the left, the layout buttons (list or
/// grid) and the primary menu on the right, the view's title (the
/// window's) in the middle.
@MainActor
final class FeedHeader {
    let bar = HeaderBar()
    /// Shows or hides the sidebar (`win.show-sidebar`, F9).
    let sidebarButton: ToggleButton?
    let refreshButton = Button(iconName: "view-refresh-symbolic")
    let refreshSpinner = Spinner()
    let menuButton: MenuButton
    /// Pressed while the feed is shown as a list, or as a grid (`win.layout`).
    let listButton = ToggleButton(iconName: "view-list-symbolic")
    let gridButton = ToggleButton(iconName: "view-grid-symbolic")

    init(hasSidebar: Bool) {
        if hasSidebar {
            let button = ToggleButton(iconName: "sidebar-show-symbolic")
            button.tooltip = L("Show Sidebar (F9)")
            button.setAccessibleLabel(L("Show Sidebar"))
            button.actionName = "win.show-sidebar"
            bar.packStart(button)
            sidebarButton = button
        } else {
            sidebarButton = nil
        }
        refreshButton.tooltip = L("Refresh (Ctrl+R)")
        refreshButton.setAccessibleLabel(L("Refresh"))
        refreshButton.actionName = "win.refresh"
        bar.packStart(refreshButton)
        refreshSpinner.isVisible = false
        refreshSpinner.setAccessibleLabel(L("Refreshing"))
        bar.packStart(refreshSpinner)

        let menu = Menu()
        if hasSidebar {
            let marks = Menu()
            marks.append(L("_Mark All as Read"), action: "win.mark-all-read")
            menu.appendSection(marks)
            let lists = Menu()
            lists.append(L("_Import Subscriptions…"), action: "win.import-subscriptions")
            lists.append(L("_Export Subscriptions…"), action: "win.export-subscriptions")
            menu.appendSection(lists)
        }
        let other = Menu()
        if hasSidebar {
            other.append(L("Mark as Read When _Scrolled Past"), action: "win.mark-read-on-scroll")
            other.append(L("Run in _Background"), action: "win.run-in-background")
        }
        other.append(L("Load _Pictures in Articles"), action: "win.remote-images")
        other.append(L("_Keyboard Shortcuts"), action: "win.show-help-overlay")
        other.append(L("_About Feedline"), action: "app.about")
        menu.appendSection(other)
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

    /// The first button Tab reaches in the header.
    var firstButton: Widget { sidebarButton ?? refreshButton }

    /// Shows the busy spinner next to Refresh while a refresh loads.
    func showRefreshing(_ refreshing: Bool) {
        refreshSpinner.isVisible = refreshing
        refreshSpinner.isSpinning = refreshing
        refreshSpinner.setAccessibleBusy(refreshing)
    }
}
