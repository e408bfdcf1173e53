import FeedCore
import Foundation

/// The words a row shows and speaks for an item.
enum ItemText {
    /// "Shaun McCance · 2 hours ago · boosted by Ana" (any part may be
    /// missing).
    static func byline(_ item: FeedItem, now: Date) -> String {
        [item.author, item.date.map { RelativeDate.describe($0, now: now) },
         item.sharedBy.map { "boosted by \($0)" }]
            .compactMap { $0 }
            .filter { !$0.isEmpty }
            .joined(separator: " · ")
    }

    /// The row's accessible name, short because screen-reader users hear it
    /// on every move: "Title, by Author, 2 hours ago".
    static func accessibleName(_ item: FeedItem, now: Date) -> String {
        var parts = [item.title.isEmpty ? "Untitled" : item.title]
        if let author = item.author, !author.isEmpty { parts.append("by \(author)") }
        if let date = item.date { parts.append(RelativeDate.describe(date, now: now)) }
        if let sharedBy = item.sharedBy, !sharedBy.isEmpty { parts.append("boosted by \(sharedBy)") }
        if let warning = item.contentWarning, !warning.isEmpty { parts.append("content warning: \(warning)") }
        return parts.joined(separator: ", ")
    }
}
