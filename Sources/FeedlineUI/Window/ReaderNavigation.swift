import FeedCore
import Foundation
import GtkKit

/// Going from the feed to one item and back: Enter or a double click on an
/// item opens it in the reader view in place of the list; Back, Escape or
/// Alt+Left return to the list at that item, with keyboard focus on it.
extension FeedWindow {
    /// The reader view is showing (the list stays loaded beneath it).
    var isReading: Bool { content.visibleChildName == "reader" }

    func connectReader() {
        reader.onBack = { [weak self] in self?.closeReader() }
        reader.onOpenInBrowser = { [weak self] item in self?.open(item) }
    }

    /// Shows `item` in the reader view, and says where it is in the feed.
    func showReader(_ item: FeedItem) {
        guard let index = feedList.position(ofItemWithID: item.id) else { return }
        reader.show(item, index: index, count: feedList.itemCount)
        content.visibleChildName = "reader"
        reader.backButton.grabFocus()
        announcer.announce("\(reader.position.text): \(reader.title.text)")
    }

    /// Back to the list, at the item last read, with focus on it.
    func closeReader() {
        guard isReading else { return }
        content.visibleChildName = "list"
        if let id = reader.item?.id, let index = feedList.position(ofItemWithID: id) {
            feedList.focusRow(at: index)
        }
    }
}
