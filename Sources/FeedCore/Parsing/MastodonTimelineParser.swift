import Foundation

/// Reads a page of a Mastodon timeline (an array of statuses).
///
/// A row shows a post as: title = the author's display name, summary = the
/// post's text (paragraphs and line breaks kept in `content`, links
/// reduced to their text, no markup), byline = @account and date. A boost
/// is the boosted post, with `sharedBy` naming who boosted it, and the id
/// of the boost itself (so a post boosted twice shows twice, as Mastodon
/// shows it). A post with a content warning keeps its text out of the
/// summary: `contentWarning` is shown until the reader asks for the rest.
/// Beyond text (`details`): media marked sensitive, the first attachment's
/// kind (image, GIF-video, video, audio) with its file, duration and
/// description, the poll, and the custom emoji the name and the text use
/// (below). A malformed status costs that status, not
/// the page; a malformed poll, attachment or emoji costs only itself.
public enum MastodonTimelineParser {
    public static func parse(_ data: Data) throws(FeedError) -> [FeedItem] {
        let statuses = try JSONDecoding.decodeAnswer(Lenient<Status>.self, from: data,
                                                     reason: "This isn't a Mastodon timeline", service: nil)
        return try statuses.readable("posts").map(item)
    }

    private static func item(_ outer: Status) -> FeedItem {
        let status = outer.reblog?.value ?? outer
        let text = PlainText.fromHTML(status.content ?? "")
        let warning = status.spoiler_text.map { PlainText.line($0, limit: PlainText.summaryLimit) } ?? ""
        let name = displayName(status.account)
        // The first attachment a row can show (an `unknown` one cannot).
        let attachment = status.media_attachments?.value?.elements.first { MediaAttachment.Kind(mastodonType: $0.type) != nil }
        let kind = attachment.flatMap { MediaAttachment.Kind(mastodonType: $0.type) }
        // A still to show: the preview, or an image's own file (never a
        // video's or a sound's).
        let stillURL = attachment?.preview_url ?? (kind == .image ? attachment?.url : nil)
        let image = stillURL == nil ? nil : attachment
        return FeedItem(
            id: outer.id.value,
            title: PlainText.line(name, limit: PlainText.titleLimit),
            summary: PlainText.line(text, limit: PlainText.summaryLimit),
            content: text,
            contentHTML: status.content,
            author: status.account?.acct.map { "@\(PlainText.line($0, limit: 80))" },
            date: status.created_at.flatMap(JSONFeedParser.parseDate),
            link: (status.url ?? status.uri).flatMap(URL.init(string:)),
            imageURL: stillURL.flatMap(URL.init(string:)),
            contentWarning: warning.isEmpty ? nil : warning,
            sharedBy: outer.reblog == nil ? nil : PlainText.line(nameWithoutEmoji(outer.account), limit: 80),
            avatarURL: status.account?.avatar.flatMap(URL.init(string:)),
            imageSize: image.flatMap { ($0.preview_url != nil ? $0.meta?.small : nil) ?? $0.meta?.original }
                .flatMap { ImageSize(width: $0.width, height: $0.height) },
            imageBlurhash: image?.blurhash?.value,
            details: details(of: status, kind: kind, attachment: attachment, title: name, text: text,
                             warning: warning))
    }

    private static func displayName(_ account: Account?) -> String {
        let name = account?.display_name.map(PlainText.singleLine) ?? ""
        return name.isEmpty ? (account?.acct ?? account?.username ?? "Someone") : name
    }

    /// The booster's name, said in a byline: its custom emoji left out.
    private static func nameWithoutEmoji(_ account: Account?) -> String {
        let name = displayName(account)
        let emoji = customEmoji(account?.emojis, usedIn: [name])
        return emoji.isEmpty ? name : EmojiText(name, emoji: emoji).shown
            .replacingOccurrences(of: String(EmojiText.placeholder), with: "")
    }

    // A status as Mastodon's API spells it (the fields Feedline reads).
    private struct Status: Decodable {
        var id: LenientString
        var created_at: String?
        var url: String?
        var uri: String?
        var content: String?
        var spoiler_text: String?
        var account: Account?
        var reblog: Boxed<Status>?
        var media_attachments: Failable<Lenient<Media>>?
        var sensitive: Bool?
        var poll: Failable<PollAnswer>?
        var emojis: Failable<Lenient<Emoji>>?
    }

    private struct Account: Decodable {
        var acct: String?
        var username: String?
        var display_name: String?
        var avatar: String?
        var emojis: Failable<Lenient<Emoji>>?
    }

    private struct Media: Decodable {
        var type: String?
        var url: String?
        var preview_url: String?
        var description: String?
        var meta: Meta?
        var blurhash: LenientBlurhash?
    }

    /// `meta.small` is the preview's size, `meta.original` the file's
    /// (with a video's or a sound's duration, in seconds).
    private struct Meta: Decodable {
        var small: Dimensions?
        var original: Dimensions?
    }

    private struct Dimensions: Decodable {
        var width: Int?
        var height: Int?
        var duration: Double?

        /// Each field on its own: one of the wrong type is left out.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            width = container.lenient(.width)
            height = container.lenient(.height)
            duration = container.lenient(.duration)
        }

        private enum CodingKeys: String, CodingKey { case width, height, duration }
    }

    /// Breaks the recursion of a status holding a status.
    private final class Boxed<Value: Decodable>: Decodable {
        let value: Value
        required init(from decoder: any Decoder) throws {
            value = try Value(from: decoder)
        }
    }
}

// MARK: What a post carries beyond text

extension MastodonTimelineParser {
    /// Most options of a poll kept, and most custom emoji of one text.
    static let maxPollOptions = 16
    static let maxEmoji = 50

    /// `kind` and `attachment`: the attachment the row shows. `title`,
    /// `text`, `warning`: the texts the emoji may appear in.
    private static func details(of status: Status, kind: MediaAttachment.Kind?, attachment: Media?,
                                title: String, text: String, warning: String) -> PostDetails? {
        let poll = status.poll?.value.flatMap(poll)
        let details = PostDetails(
            sensitiveMedia: status.sensitive == true && kind != nil,
            media: kind.flatMap { media($0, attachment) },
            poll: poll,
            titleEmoji: customEmoji(status.account?.emojis, usedIn: [title]),
            textEmoji: customEmoji(status.emojis, usedIn: [text, warning] + (poll?.options.map(\.title) ?? []),
                                   more: status.poll?.value?.emojis))
        return details.isEmpty ? nil : details
    }

    /// The attachment as a row shows it: an image only when it has a
    /// description (its picture is `imageURL` already).
    private static func media(_ kind: MediaAttachment.Kind, _ attachment: Media?) -> MediaAttachment? {
        let description = attachment?.description.map { PlainText.line($0, limit: 1_500) }
        guard kind.plays || description?.isEmpty == false else { return nil }
        let url = attachment?.url.flatMap(URL.init(string:)).flatMap { ["https", "http"].contains($0.scheme) ? $0 : nil }
        return MediaAttachment(kind: kind, url: url, duration: attachment?.meta?.original?.duration,
                               description: description)
    }

    private static func poll(_ answer: PollAnswer) -> Poll? {
        let options = (answer.options?.elements ?? []).prefix(maxPollOptions).map { option in
            Poll.Option(title: PlainText.line(option.title ?? "", limit: 200), votes: option.votes_count)
        }
        return Poll(options: Array(options), votes: answer.votes_count, voters: answer.voters_count,
                    expiresAt: answer.expires_at.flatMap(JSONFeedParser.parseDate),
                    expired: answer.expired ?? false, multiple: answer.multiple ?? false)
    }

    /// The emoji of `lists` whose `:shortcode:` appears in one of `texts`
    /// (no other is kept), each once, at most `maxEmoji`; an emoji without
    /// a web address for its picture is left out.
    fileprivate static func customEmoji(_ list: Failable<Lenient<Emoji>>?, usedIn texts: [String],
                                        more: Lenient<Emoji>? = nil) -> [CustomEmoji] {
        let all = (list?.value?.elements ?? []) + (more?.elements ?? [])
        guard !all.isEmpty, texts.contains(where: { $0.contains(":") }) else { return [] }
        var seen = Set<String>()
        var kept: [CustomEmoji] = []
        for emoji in all where kept.count < maxEmoji {
            guard let code = emoji.shortcode, !seen.contains(code),
                  let url = (emoji.static_url ?? emoji.url).flatMap(URL.init(string:)),
                  url.scheme == "https" || url.scheme == "http",
                  let custom = CustomEmoji(shortcode: code, url: url),
                  texts.contains(where: { $0.contains(":\(code):") }) else { continue }
            seen.insert(code)
            kept.append(custom)
        }
        return kept
    }

    private struct PollAnswer: Decodable {
        var expires_at: String?
        var expired: Bool?
        var multiple: Bool?
        var votes_count: Int?
        var voters_count: Int?
        var options: Lenient<PollOption>?
        var emojis: Lenient<Emoji>?

        /// Each field on its own: one of the wrong type is left out.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            expires_at = container.lenient(.expires_at)
            expired = container.lenient(.expired)
            multiple = container.lenient(.multiple)
            votes_count = container.lenient(.votes_count)
            voters_count = container.lenient(.voters_count)
            options = container.lenient(.options)
            emojis = container.lenient(.emojis)
        }

        private enum CodingKeys: String, CodingKey {
            case expires_at, expired, multiple, votes_count, voters_count, options, emojis
        }
    }

    private struct PollOption: Decodable {
        var title: String?
        /// null while the results are hidden.
        var votes_count: Int?
    }

    fileprivate struct Emoji: Decodable {
        var shortcode: String?
        var url: String?
        var static_url: String?
    }
}

extension KeyedDecodingContainer {
    /// The value at `key`, or nil when it is missing, null or of another type.
    fileprivate func lenient<Value: Decodable>(_ key: Key) -> Value? {
        (try? decodeIfPresent(Value.self, forKey: key)) ?? nil
    }
}

/// A value that is dropped, not fatal, when it doesn't decode (a poll or
/// an emoji list in an unexpected shape costs only itself).
private struct Failable<Value: Decodable>: Decodable {
    var value: Value?
    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
