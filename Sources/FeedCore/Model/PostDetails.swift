import Foundation

// What some items carry beyond their text: a Mastodon post's media kind,
// poll and custom emoji, whether its media is sensitive, a GitHub
// repository's stars and language. Kept out of `FeedItem`'s own fields (an
// item holds one reference to them, nil for the many items that carry none
// of it), and plain values: nothing here is markup, every count is checked.

/// What an item carries beyond its text (see `FeedItem.details`).
public struct PostDetails: Sendable, Hashable {
    /// The feed marked the item's media sensitive (Mastodon's `sensitive`):
    /// hidden, and not downloaded, until the reader asks to see it.
    public var sensitiveMedia: Bool
    /// The attachment the item shows (its first), when it is more than a
    /// plain picture or has a description.
    public var media: MediaAttachment?
    public var poll: Poll?
    /// Custom emoji of the title (the author's display name).
    public var titleEmoji: [CustomEmoji]
    /// Custom emoji of the text, the content warning and the poll.
    public var textEmoji: [CustomEmoji]
    /// Counts and labels a row shows on a line of their own.
    public var facts: ItemFacts?

    public init(sensitiveMedia: Bool = false, media: MediaAttachment? = nil, poll: Poll? = nil,
                titleEmoji: [CustomEmoji] = [], textEmoji: [CustomEmoji] = [], facts: ItemFacts? = nil) {
        self.sensitiveMedia = sensitiveMedia
        self.media = media
        self.poll = poll
        self.titleEmoji = titleEmoji
        self.textEmoji = textEmoji
        self.facts = facts
    }

    /// Nothing beyond the text: an item keeps no details at all then.
    public var isEmpty: Bool {
        !sensitiveMedia && media == nil && poll == nil && titleEmoji.isEmpty && textEmoji.isEmpty && facts == nil
    }
}

/// A post's attachment: what kind of media, where the file is, how long it
/// plays, and its description (alt text).
public struct MediaAttachment: Sendable, Hashable {
    public enum Kind: UInt8, Sendable {
        case image, gifv, video, audio

        /// Mastodon's `type`; nil for `unknown` and anything else.
        public init?(mastodonType: String?) {
            switch mastodonType {
            case "image": self = .image
            case "gifv": self = .gifv
            case "video": self = .video
            case "audio": self = .audio
            default: return nil
            }
        }

        /// Video, GIF-video and audio play; a row says so with a badge.
        public var plays: Bool { self != .image }
    }

    public var kind: Kind
    /// The file itself (the video or the sound), opened in the desktop's
    /// player or the browser.
    public var url: URL?
    /// Seconds it plays, when the feed says (never negative or infinite).
    public var duration: Double?
    /// What it shows or says, for whoever cannot see or hear it.
    public var description: String?

    public init(kind: Kind, url: URL? = nil, duration: Double? = nil, description: String? = nil) {
        self.kind = kind
        self.url = url
        self.duration = duration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.description = description.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A poll: its options with their votes (nil while the results are
/// hidden), and when it closes.
public struct Poll: Sendable, Hashable {
    public struct Option: Sendable, Hashable {
        public var title: String
        /// nil while the poll hides its results.
        public var votes: Int?

        /// A negative count is taken as none.
        public init(title: String, votes: Int?) {
            self.title = title
            self.votes = votes.map { max(0, $0) }
        }
    }

    public var options: [Option]
    /// Votes cast, over all options.
    public var votes: Int?
    /// People who voted (fewer than `votes` when several choices are allowed).
    public var voters: Int?
    public var expiresAt: Date?
    /// The feed says the poll has closed.
    public var expired: Bool
    /// Several options may be chosen.
    public var multiple: Bool

    /// nil without options: there is no poll to show. A negative total is
    /// taken as unknown (the options' sum stands for it).
    public init?(options: [Option], votes: Int? = nil, voters: Int? = nil, expiresAt: Date? = nil,
                 expired: Bool = false, multiple: Bool = false) {
        guard !options.isEmpty else { return nil }
        self.options = options
        self.votes = votes.flatMap { $0 < 0 ? nil : $0 }
        self.voters = voters.flatMap { $0 < 0 ? nil : $0 }
        self.expiresAt = expiresAt
        self.expired = expired
        self.multiple = multiple
    }

    /// The results are hidden until the poll ends (some option has no count).
    public var resultsHidden: Bool { options.contains { $0.votes == nil } }

    /// Closed at `now`: the feed says so, or its end has passed.
    public func isClosed(at now: Date) -> Bool {
        expired || expiresAt.map { $0 <= now } ?? false
    }

    /// The votes shown: the feed's total, else the options' sum.
    public var totalVotes: Int {
        votes ?? options.reduce(0) { $0 &+ ($1.votes ?? 0) }
    }

    /// `option`'s share of the votes, 0...1, as Mastodon counts it (of the
    /// voters when several choices are allowed); nil while hidden.
    public func share(of option: Option) -> Double? {
        guard let count = option.votes else { return nil }
        let whole = multiple ? (voters ?? totalVotes) : totalVotes
        guard whole > 0 else { return 0 }
        return min(1, Double(count) / Double(whole))
    }
}

/// A custom emoji: `:shortcode:` in the text stands for the picture at `url`.
public struct CustomEmoji: Sendable, Hashable {
    /// Letters, digits and "_" only (never empty).
    public var shortcode: String
    /// The still picture (Mastodon's `static_url`).
    public var url: URL

    /// nil for a shortcode with anything but letters, digits and "_", or
    /// one over 64 characters.
    public init?(shortcode: String, url: URL) {
        guard !shortcode.isEmpty, shortcode.count <= 64,
              shortcode.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") })
        else { return nil }
        self.shortcode = shortcode
        self.url = url
    }
}

/// A repository's counts and labels (GitHub's stars and language).
public struct ItemFacts: Sendable, Hashable {
    public var stars: Int?
    public var language: String?

    /// nil when there is nothing to say.
    public init?(stars: Int?, language: String?) {
        let language = language.flatMap { $0.isEmpty ? nil : $0 }
        guard stars != nil || language != nil else { return nil }
        self.stars = stars.map { max(0, $0) }
        self.language = language
    }
}
