import FeedCore
import Foundation

/// The words a row shows and speaks for an item.
enum ItemText {
    /// "Shaun McCance · 2 hours ago" (either part may be missing).
    static func byline(_ item: FeedItem, now: Date) -> String {
        [item.author, item.date.map { RelativeDate.describe($0, now: now) }]
            .compactMap { $0 }
            .joined(separator: " · ")
    }

    /// The row's accessible name, short because screen-reader users hear it
    /// on every move: "Title, by Author, 2 hours ago".
    static func accessibleName(_ item: FeedItem, now: Date) -> String {
        var parts = [item.title.isEmpty ? "Untitled" : item.title]
        if let author = item.author, !author.isEmpty { parts.append("by \(author)") }
        if let date = item.date { parts.append(RelativeDate.describe(date, now: now)) }
        return parts.joined(separator: ", ")
    }
}
