import FeedCore
import Foundation

/// An item's `PostDetails` (media, poll, custom emoji, facts) as the
/// store keeps them: JSON in the item's `details` column, NULL for the
/// many items that carry none. A mirror of FeedCore's types, so the model
/// stays free of storage; values are checked again by their own
/// initialisers on the way back (a damaged column gives fewer details,
/// never wrong ones).
struct StoredDetails: Codable {
    struct Media: Codable {
        var kind: UInt8
        var url: String?
        var duration: Double?
        var description: String?
    }

    struct PollOption: Codable {
        var title: String
        var votes: Int?
    }

    struct StoredPoll: Codable {
        var options: [PollOption]
        var votes: Int?
        var voters: Int?
        var expiresAt: Double?
        var expired: Bool
        var multiple: Bool
    }

    struct Emoji: Codable {
        var shortcode: String
        var url: String
    }

    var sensitive: Bool?
    var media: Media?
    var poll: StoredPoll?
    var titleEmoji: [Emoji]?
    var textEmoji: [Emoji]?
    var stars: Int?
    var language: String?

    /// The column's value for `details`: nil when there is nothing to keep.
    static func column(_ details: PostDetails?) -> Data? {
        guard let details, !details.isEmpty else { return nil }
        let stored = StoredDetails(
            sensitive: details.sensitiveMedia ? true : nil,
            media: details.media.map { Media(kind: $0.kind.rawValue, url: $0.url?.absoluteString,
                                             duration: $0.duration, description: $0.description) },
            poll: details.poll.map { poll in
                StoredPoll(options: poll.options.map { PollOption(title: $0.title, votes: $0.votes) },
                           votes: poll.votes, voters: poll.voters,
                           expiresAt: poll.expiresAt?.timeIntervalSince1970, expired: poll.expired,
                           multiple: poll.multiple)
            },
            titleEmoji: details.titleEmoji.isEmpty ? nil : details.titleEmoji.map(emoji),
            textEmoji: details.textEmoji.isEmpty ? nil : details.textEmoji.map(emoji),
            stars: details.facts?.stars, language: details.facts?.language)
        return try? JSONEncoder().encode(stored)
    }

    private static func emoji(_ emoji: CustomEmoji) -> Emoji {
        Emoji(shortcode: emoji.shortcode, url: emoji.url.absoluteString)
    }

    /// The details a column holds (nil for NULL or an unreadable value).
    static func details(_ column: Data?) -> PostDetails? {
        guard let column, let stored = try? JSONDecoder().decode(StoredDetails.self, from: column) else { return nil }
        let media = stored.media.flatMap { media in
            MediaAttachment.Kind(rawValue: media.kind).map {
                MediaAttachment(kind: $0, url: media.url.flatMap(URL.init(string:)), duration: media.duration,
                                description: media.description)
            }
        }
        let poll = stored.poll.flatMap { poll in
            Poll(options: poll.options.map { Poll.Option(title: $0.title, votes: $0.votes) }, votes: poll.votes,
                 voters: poll.voters, expiresAt: poll.expiresAt.map(Date.init(timeIntervalSince1970:)),
                 expired: poll.expired, multiple: poll.multiple)
        }
        func emoji(_ list: [Emoji]?) -> [CustomEmoji] {
            (list ?? []).compactMap { emoji in
                URL(string: emoji.url).flatMap { CustomEmoji(shortcode: emoji.shortcode, url: $0) }
            }
        }
        let details = PostDetails(sensitiveMedia: stored.sensitive ?? false, media: media, poll: poll,
                                  titleEmoji: emoji(stored.titleEmoji), textEmoji: emoji(stored.textEmoji),
                                  facts: ItemFacts(stars: stored.stars, language: stored.language))
        return details.isEmpty ? nil : details
    }
}
