import FeedCore
import Foundation

/// The words a row shows and speaks for an item.
enum ItemText {
    /// The item's title, or "Untitled".
    static func title(_ item: FeedItem) -> String {
        item.title.isEmpty ? L("Untitled") : item.title
    }

    /// "Content warning: Spiders", for an item with a warning; nil without.
    static func warning(_ item: FeedItem) -> String? {
        guard let warning = item.contentWarning, !warning.isEmpty else { return nil }
        // Translators: a post's content warning, shown above it: "Content warning: Spiders".
        return Localization.format(L("Content warning: %s"), warning)
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
        // Translators: who boosted (reshared) a post: "boosted by Ana".
        [item.author, when, item.sharedBy.map { Localization.format(L("boosted by %s"), $0) }]
            .compactMap { $0 }
            .filter { !$0.isEmpty }
            .joined(separator: " · ")
    }

    /// The row's accessible name, short because screen-reader users hear it
    /// on every move: "Title, by Author, 2 hours ago".
    static func accessibleName(_ item: FeedItem, now: Date) -> String {
        accessibleName(item, when: when(item, now: now), now: now)
    }

    /// The accessible name with `when` already worked out. After the
    /// title, author and date come only what a sighted reader sees at a
    /// glance: "unread" and "starred" (when the row shows those marks), a
    /// warning, sensitive media, a video or sound with its length, a
    /// poll, a repository's stars. Custom emoji are read by name.
    static func accessibleName(_ item: FeedItem, when: String?, now: Date = Date(), unread: Bool = false,
                               starred: Bool = false) -> String {
        var parts = [spokenTitle(item)]
        // Translators: a row's name for screen readers: "Title, by Author, 2 hours ago".
        if let author = item.author, !author.isEmpty { parts.append(Localization.format(L("by %s"), author)) }
        if let when { parts.append(when) }
        if let sharedBy = item.sharedBy, !sharedBy.isEmpty { parts.append(Localization.format(L("boosted by %s"), sharedBy)) }
        // Translators: said in a row's name for an item not read yet: "Title, by Author, 2 hours ago, unread".
        if unread { parts.append(L("unread")) }
        // Translators: said in a row's name for an item the reader starred: "Title, by Author, 2 hours ago, starred".
        if starred { parts.append(L("starred")) }
        guard let details = item.details else {
            if let warning = warningText(item) { parts.append(Localization.format(L("content warning: %s"), warning)) }
            return parts.joined(separator: ", ")
        }
        if let warning = warningText(item) {
            parts.append(Localization.format(L("content warning: %s"), EmojiText(warning, emoji: details.textEmoji).spoken))
        }
        if details.sensitiveMedia { parts.append(L("sensitive media")) }
        if let media = details.media, media.kind.plays { parts.append(PostText.spokenMedia(media)) }
        if let poll = details.poll { parts.append(PostText.spokenPoll(poll, now: now)) }
        if let facts = details.facts { parts.append(PostText.spokenFacts(facts)) }
        return parts.joined(separator: ", ")
    }

    /// The title as spoken: custom emoji by name ("Ana blobcat", never
    /// "Ana :blobcat:").
    static func spokenTitle(_ item: FeedItem) -> String {
        let emoji = item.titleEmoji
        return emoji.isEmpty ? title(item) : EmojiText(title(item), emoji: emoji).spoken
    }

    private static func warningText(_ item: FeedItem) -> String? {
        guard let warning = item.contentWarning, !warning.isEmpty else { return nil }
        return warning
    }

    /// What hides part of an item until the reader asks: its content
    /// warning hides its text and media ("Show Post"); media marked
    /// sensitive hides its media only ("Show Media").
    enum Veil {
        case none, post, media
    }

    static func veil(_ item: FeedItem) -> Veil {
        if warning(item) != nil { return .post }
        return item.sensitiveMedia ? .media : .none
    }

    /// What of `item` stays hidden (and, for media, undownloaded) until the
    /// reader asks: the text only behind a content warning, the media
    /// behind either veil. The one place rows, tiles and the reader ask.
    struct Hidden: Equatable {
        var text: Bool
        var media: Bool
    }

    static func hidden(_ item: FeedItem, revealed: Bool) -> Hidden {
        let veil = veil(item)
        return Hidden(text: veil == .post && !revealed, media: veil != .none && !revealed)
    }
}
