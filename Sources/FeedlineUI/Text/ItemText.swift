import FeedCore
import Foundation

/// The words a row shows and speaks for an item.
enum ItemText {
    /// The item's title, or "Untitled".
    static func title(_ item: FeedItem) -> String {
        item.title.isEmpty ? "Untitled" : item.title
    }

    /// "Content warning: Spiders", for an item with a warning; nil without.
    static func warning(_ item: FeedItem) -> String? {
        guard let warning = item.contentWarning, !warning.isEmpty else { return nil }
        return "Content warning: \(warning)"
    }

    /// "Shaun McCance · 2 hours ago · boosted by Ana" (any part may be
    /// missing).
    static func byline(_ item: FeedItem, now: Date) -> String {
        byline(item, when: when(item, now: now))
    }

    /// When the item was posted, as a row says it ("2 hours ago"). A bind
    /// works it out once for the byline and the accessible name.
    static func when(_ item: FeedItem, now: Date) -> String? {
        item.date.map { RelativeDate.describe($0, now: now) }
    }

    /// The byline with `when` already worked out.
    static func byline(_ item: FeedItem, when: String?) -> String {
        [item.author, when, item.sharedBy.map { "boosted by \($0)" }]
            .compactMap { $0 }
            .filter { !$0.isEmpty }
            .joined(separator: " · ")
    }

    /// The row's accessible name, short because screen-reader users hear it
    /// on every move: "Title, by Author, 2 hours ago".
    static func accessibleName(_ item: FeedItem, now: Date) -> String {
        accessibleName(item, when: when(item, now: now))
    }

    /// The accessible name with `when` already worked out.
    static func accessibleName(_ item: FeedItem, when: String?) -> String {
        var parts = [title(item)]
        if let author = item.author, !author.isEmpty { parts.append("by \(author)") }
        if let when { parts.append(when) }
        if let sharedBy = item.sharedBy, !sharedBy.isEmpty { parts.append("boosted by \(sharedBy)") }
        if let warning = item.contentWarning, !warning.isEmpty { parts.append("content warning: \(warning)") }
        return parts.joined(separator: ", ")
    }
}
