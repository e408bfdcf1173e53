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
/// A malformed status costs that status, not the page.
public enum MastodonTimelineParser {
    public static func parse(_ data: Data) throws(FeedError) -> [FeedItem] {
        let statuses = try JSONDecoding.decodeAnswer(Lenient<Status>.self, from: data,
                                                     reason: "This isn't a Mastodon timeline", service: "The server")
        return try statuses.readable("posts").map(item)
    }

    private static func item(_ outer: Status) -> FeedItem {
        let status = outer.reblog?.value ?? outer
        let text = PlainText.fromHTML(status.content ?? "")
        let warning = status.spoiler_text.map { PlainText.line($0, limit: PlainText.summaryLimit) } ?? ""
        let name = displayName(status.account)
        let image = status.media_attachments?.first { $0.type == "image" || $0.type == "gifv" }
        return FeedItem(
            id: outer.id.value,
            title: PlainText.line(name, limit: PlainText.titleLimit),
            summary: PlainText.line(text, limit: PlainText.summaryLimit),
            content: text,
            contentHTML: status.content,
            author: status.account?.acct.map { "@\(PlainText.line($0, limit: 80))" },
            date: status.created_at.flatMap(JSONFeedParser.parseDate),
            link: (status.url ?? status.uri).flatMap(URL.init(string:)),
            imageURL: (image?.preview_url ?? image?.url).flatMap(URL.init(string:)),
            contentWarning: warning.isEmpty ? nil : warning,
            sharedBy: outer.reblog == nil ? nil : PlainText.line(displayName(outer.account), limit: 80),
            avatarURL: status.account?.avatar.flatMap(URL.init(string:)),
            imageSize: image.flatMap { ($0.preview_url != nil ? $0.meta?.small : nil) ?? $0.meta?.original }
                .flatMap { ImageSize(width: $0.width, height: $0.height) },
            imageBlurhash: image?.blurhash?.value)
    }

    private static func displayName(_ account: Account?) -> String {
        let name = account?.display_name.map(PlainText.singleLine) ?? ""
        return name.isEmpty ? (account?.acct ?? account?.username ?? "Someone") : name
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
        var media_attachments: [Media]?
    }

    private struct Account: Decodable {
        var acct: String?
        var username: String?
        var display_name: String?
        var avatar: String?
    }

    private struct Media: Decodable {
        var type: String?
        var url: String?
        var preview_url: String?
        var meta: Meta?
        var blurhash: LenientBlurhash?
    }

    /// `meta.small` is the preview's size, `meta.original` the file's.
    private struct Meta: Decodable {
        var small: Dimensions?
        var original: Dimensions?
    }

    private struct Dimensions: Decodable {
        var width: Int?
        var height: Int?
    }

    /// Breaks the recursion of a status holding a status.
    private final class Boxed<Value: Decodable>: Decodable {
        let value: Value
        required init(from decoder: any Decoder) throws {
            value = try Value(from: decoder)
        }
    }
}
