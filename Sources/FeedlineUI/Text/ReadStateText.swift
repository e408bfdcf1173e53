/// What marking items and new items say, shown and spoken: "Marked as
/// read", "Marked 240 items as read", "12 new items", and the network
/// coming and going. Counts are grouped as the reader's locale groups
/// digits; plural forms come from the catalog.
enum ReadStateText {
    /// What a screen reader hears when the reader marks an item.
    static func marked(_ mark: MarkChange.Mark) -> String {
        switch mark {
        case .read(true): L("Marked as read")
        case .read(false): L("Marked as unread")
        case .starred(true): L("Starred")
        case .starred(false): L("Unstarred")
        }
    }

    /// After Mark All as Read, in the notification with Undo and to screen
    /// readers.
    static func markedAllRead(_ count: Int) -> String {
        // Translators: after Mark All as Read, in the notification with Undo and to screen readers.
        Localization.format(L("Marked %d item as read", "Marked %d items as read", count), count)
    }

    /// After Undo of Mark All as Read.
    static func markedUnreadAgain(_ count: Int) -> String {
        // Translators: after Undo of Mark All as Read.
        Localization.format(L("Marked %d item as unread again", "Marked %d items as unread again", count), count)
    }

    static var nothingToMark: String { L("No unread items to mark") }

    /// The new-items banner: "↑ 12 new items".
    static func newItemsBanner(_ count: Int) -> String {
        // Translators: the banner over the list when an update brought items above the reader's place.
        Localization.format(L("↑ %d new item", "↑ %d new items", count), count)
    }

    /// New items as a screen reader hears them, and a notification says
    /// them: the count without the arrow.
    static func newItems(_ count: Int) -> String {
        // Translators: announced when an update brought items above the reader's place.
        Localization.format(L("%d new item", "%d new items", count), count)
    }

    /// Announced when the network goes or comes back.
    static func network(online: Bool) -> String {
        online ? L("Online again") : L("Offline: feeds update when the network is back")
    }
}
