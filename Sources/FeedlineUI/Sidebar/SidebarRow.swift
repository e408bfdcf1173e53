import FeedStore
import Foundation
import GtkKit

/// One row of the sidebar, as its cell shows it: an icon (the feed's own,
/// else its site's favicon, else a generic one), the name, a warning icon
/// when the feed's last update failed (why, in its tooltip), and the
/// unread count (none when every item is read). The row widget itself
/// carries the accessible name ("Planet GNOME, 240 unread items"), the
/// description (shown now, why an update failed) and the `open-view`
/// style class of the view the window shows.
///
/// Cells are recycled: `show` sets every field, and a favicon still on its
/// way for the previous entry is dropped. The warning icon is made the
/// first time the cell shows a feed that failed (GTK 4.8 keeps 200 rows).
@MainActor
final class SidebarRow {
    let root = Box(.horizontal, spacing: 8)
    let icon = Icon(name: SidebarRow.feedIcon, pixelSize: 16)
    let title = Label()
    private(set) var problem: Icon?
    let count = Label()
    private(set) var entry: SidebarEntry?
    private var iconLoad: Task<Void, Never>?
    private var iconAddress: URL?

    static let feedIcon = "application-rss+xml-symbolic"
    static let allItemsIcon = "view-continuous-symbolic"
    static let unreadIcon = "mail-unread-symbolic"
    static let starredIcon = "starred-symbolic"
    static let folderIcon = "folder-symbolic"
    /// Pixels from one level of folders to the next.
    static let indent: Int32 = 14

    init() {
        root.addCSSClass("sidebar-row")
        title.addCSSClass("sidebar-title")
        title.xAlign = 0
        title.horizontalExpand = true
        title.ellipsizeEnd()
        count.addCSSClass("dim-label")
        count.addCSSClass("numeric")
        count.addCSSClass("sidebar-count")
        [icon, title, count].forEach(root.append)
        // GTK 4.8 names an unnamed image "GtkImage" to a screen reader
        // inside the row: the feed's icon is for the eyes only; the
        // warning is named, its tooltip (the reason) is its description.
        icon.hideFromAccessibility()
    }

    /// Shows `entry` in `row` (the row widget, for its name, description
    /// and style), marked when the window shows it. Favicons come from
    /// `images`, except those `failedIcons` says never came.
    func show(_ entry: SidebarEntry, isOpen: Bool, row: Widget?, images: ImageLoader, failedIcons: FailedIcons) {
        self.entry = entry
        title.text = SidebarText.title(entry)
        count.text = SidebarText.count(entry)
        count.isVisible = entry.unread > 0
        root.marginStart = Int32(entry.depth) * Self.indent
        if case .folder = entry {
            root.addCSSClass("sidebar-folder")
        } else {
            root.removeCSSClass("sidebar-folder")
        }
        let failure = entry.subscription?.failure
        if failure != nil || problem != nil {
            let shown = problemIcon()
            shown.isVisible = failure != nil
            shown.tooltip = failure.map(SidebarText.failure)
        }
        showIcon(entry, images: images, failedIcons: failedIcons)
        guard let row else { return }
        row.setAccessibleLabel(SidebarText.accessibleName(entry))
        row.setAccessibleDescription(SidebarText.accessibleDescription(entry, isOpen: isOpen))
        if isOpen { row.addCSSClass("open-view") } else { row.removeCSSClass("open-view") }
    }

    /// Between the name and the count.
    private func problemIcon() -> Icon {
        if let problem { return problem }
        let made = Icon(name: "dialog-warning-symbolic", pixelSize: 16)
        made.addCSSClass("warning")
        // Translators: a screen reader's name for the warning icon of a feed whose update failed.
        made.setAccessibleLabel(L("Couldn't update"))
        root.insert(made, after: title)
        problem = made
        return made
    }

    /// The row was recycled: nothing of its entry loads any more.
    func unbind() {
        iconLoad?.cancel()
        iconLoad = nil
        iconAddress = nil
        entry = nil
    }

    private func showIcon(_ entry: SidebarEntry, images: ImageLoader, failedIcons: FailedIcons) {
        let address: URL? = entry.subscription?.iconAddress
        if address != nil && address == iconAddress && iconLoad != nil { return }
        iconLoad?.cancel()
        iconLoad = nil
        iconAddress = address
        switch entry {
        case .all: icon.show(iconName: Self.allItemsIcon)
        case .unread: icon.show(iconName: Self.unreadIcon)
        case .starred: icon.show(iconName: Self.starredIcon)
        case .folder: icon.show(iconName: Self.folderIcon)
        case .subscription: icon.show(iconName: Self.feedIcon)
        }
        guard let address, !failedIcons.contains(address) else { return }
        let side = 16 * max(1, icon.scaleFactor)
        iconLoad = images.load(address, width: side, height: side) { [weak self, weak failedIcons] texture in
            guard let self, iconAddress == address else { return }
            iconLoad = nil
            if let texture {
                icon.show(texture)
            } else {
                failedIcons?.insert(address)
            }
        }
    }
}

/// Icons that could not be had (no favicon, not a picture), so rows bound
/// again don't ask again while the app runs.
@MainActor
final class FailedIcons {
    private var addresses: Set<URL> = []

    func contains(_ address: URL) -> Bool { addresses.contains(address) }
    func insert(_ address: URL) { addresses.insert(address) }
}
