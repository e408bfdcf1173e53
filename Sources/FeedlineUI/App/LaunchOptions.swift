import FeedCore
import Foundation

/// What the command line asked for.
public struct LaunchOptions: Equatable, Sendable {
    /// The feed to open; nil opens the one open last (or the sample feed).
    public var feed: FeedSpec?
    public var pageSize = 20
    /// Simulated delay before each page. Nil: 300 ms for local files (so
    /// paging can be seen), none for the web, which has its own.
    public var latencyMilliseconds: Int?
    /// Every Nth page request fails (to try Retry); nil never.
    public var failEvery: Int?
    /// Whether the reader view downloads pictures in items' text
    /// (`--no-remote-images`: not, for privacy; their descriptions show).
    public var loadsRemoteImages = true

    public init() {}

    /// True when nothing was chosen: a second launch may then simply bring
    /// the running window forward.
    public var isDefault: Bool { self == LaunchOptions() }

    /// The simulated delay for `feed`.
    public func latency(for feed: FeedSpec) -> Duration {
        if let latencyMilliseconds { return .milliseconds(latencyMilliseconds) }
        switch feed {
        case .sample: return .milliseconds(300)
        case .document(let url) where url.isFileURL: return .milliseconds(300)
        default: return .zero
        }
    }
}

/// What `feedline ARGS` should do.
public enum LaunchCommand: Equatable, Sendable {
    case run(LaunchOptions)
    case help
    case version
}

/// What `feedline` runs without a window (no display, no GTK) on the
/// store of subscriptions: `HeadlessCommands` runs it.
public enum HeadlessCommand: Equatable, Sendable {
    /// `--import FILE`: subscribe to the feeds of an OPML file.
    case importOPML(URL)
    /// `--export FILE`: write every subscription to an OPML file.
    case exportOPML(URL)
    /// `--update`: update every subscription once.
    case update

    static let options: Set<String> = ["--import", "--export", "--update"]

    /// The headless command the arguments after the program name ask
    /// for; nil when they ask for none (or for `--help` or `--version`,
    /// which `LaunchCommand` answers), and the window opens. One
    /// headless option stands alone: with anything else it is a usage
    /// error. FILE is a path (`~` expanded, relative to the current
    /// folder); `--name=value` works too.
    public static func parse(_ arguments: [String]) throws(UsageError) -> HeadlessCommand? {
        func name(_ argument: String) -> String {
            argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
        }
        guard arguments.contains(where: { options.contains(name($0)) }),
              !arguments.contains(where: { ["-h", "--help", "--version"].contains(name($0)) }) else { return nil }
        var remaining = arguments[...]
        var command: (HeadlessCommand, option: String)?
        while let argument = remaining.popFirst() {
            let option = name(argument)
            let inlineValue = option == argument ? nil : String(argument.dropFirst(option.count + 1))
            guard options.contains(option) else {
                let alone = command?.option ?? arguments.map(name).first(where: options.contains) ?? option
                // Translators: a usage error of `feedline`: "--update works alone, without “--page-size”".
                throw UsageError(message: Localization.format(L("%1$s works alone, without “%2$s”"), alone, argument))
            }
            if let command {
                throw UsageError(message: Localization.format(L("%1$s works alone, without “%2$s”"), command.option, option))
            }
            switch option {
            case "--update":
                if inlineValue != nil {
                    throw UsageError(message: Localization.format(L("option %s takes no value"), option))
                }
                command = (.update, option)
            default:
                var value = inlineValue
                if value == nil, let next = remaining.first, !next.hasPrefix("-") {
                    value = remaining.popFirst()
                }
                guard let value, !value.isEmpty else {
                    throw UsageError(message: Localization.format(L("option %s needs a value"), option))
                }
                let file = URL(fileURLWithPath: (value as NSString).expandingTildeInPath).standardizedFileURL
                command = (option == "--import" ? .importOPML(file) : .exportOPML(file), option)
            }
        }
        return command?.0
    }
}

/// A command line that cannot be understood; `message` says why.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension LaunchCommand {
    /// Parses the arguments after the program name. Accepts `--name value`
    /// and `--name=value`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchCommand {
        var options = LaunchOptions()
        var remaining = arguments[...]
        var mastodon: URL?
        var timeline: MastodonTimeline?
        var gitHubQuery: String?
        var gitHubAPI: URL?
        var feeds: [FeedSpec] = []
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw UsageError(message: Localization.format(L("option %s needs a value"), name))
                }
                return next
            }
            func number(_ range: ClosedRange<Int>) throws(UsageError) -> Int {
                let text = try value()
                guard let number = Int(text), range.contains(number) else {
                    throw UsageError(message: Localization.format(L("option %1$s takes a whole number from %2$d to %3$d, not “%4$s”"),
                                                                  name, range.lowerBound, range.upperBound, text))
                }
                return number
            }
            func webAddress() throws(UsageError) -> URL {
                let text = try value()
                guard let url = FeedAddress.web(text) else {
                    throw UsageError(message: Localization.format(L("option %1$s needs a web address like https://example.org, not “%2$s”"),
                                                                  name, text))
                }
                return url
            }
            func setTimeline(_ chosen: MastodonTimeline) throws(UsageError) {
                if timeline != nil { throw UsageError(message: L("choose one Mastodon timeline: --local or --tag")) }
                timeline = chosen
            }
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--feed": feeds.append(FeedAddress.document(try value()))
            case "--mastodon": mastodon = try webAddress()
            case "--local": try setTimeline(.local)
            case "--federated": try setTimeline(.federated)
            case "--tag":
                let text = try value()
                guard let tag = FeedAddress.hashtag(text) else {
                    throw UsageError(message: Localization.format(L("option --tag takes a hashtag (letters, digits, _), not “%s”"), text))
                }
                try setTimeline(.tag(tag))
            case "--github": gitHubQuery = try value()
            case "--api": gitHubAPI = try webAddress()
            case "--hacker-news": feeds.append(.hackerNews(api: FeedSpec.hackerNewsAPI))
            case "--page-size": options.pageSize = try number(1...500)
            case "--latency": options.latencyMilliseconds = try number(0...60_000)
            case "--fail-every": options.failEvery = try number(1...1_000_000)
            case "--no-remote-images": options.loadsRemoteImages = false
            default:
                if name.hasPrefix("-") && name != "-" {
                    throw UsageError(message: Localization.format(L("unknown option %s"), name))
                }
                feeds.append(FeedAddress.document(argument))
            }
        }
        if let mastodon {
            feeds.append(.mastodon(instance: mastodon, timeline: timeline ?? .federated))
        } else if timeline != nil {
            throw UsageError(message: L("--local, --federated and --tag go with --mastodon INSTANCE"))
        }
        if let gitHubQuery {
            feeds.append(.gitHubSearch(query: gitHubQuery, api: gitHubAPI ?? FeedSpec.gitHubAPI))
        } else if gitHubAPI != nil {
            throw UsageError(message: L("--api goes with --github QUERY"))
        }
        guard feeds.count <= 1 else {
            throw UsageError(message: Localization.format(L("choose one feed to open (%d were given)"), feeds.count))
        }
        options.feed = feeds.first
        return .run(options)
    }

    /// The keys `--help` lists, from `Shortcut.all`: the key column 20
    /// wide, a longer one on a line of its own.
    static var keysHelp: String {
        Shortcut.all.filter(\.inHelp).map { shortcut in
            let keys = shortcut.readableKeys
            let indent = String(repeating: " ", count: 22)
            // Translators: `feedline --help`, a key that works in the reader view: "In an item: scroll the item's text".
            let title = shortcut.group == .item ? Localization.format(L("In an item: %s"),
                                                                      shortcut.title.prefix(1).lowercased() + shortcut.title.dropFirst())
                : shortcut.title
            return keys.count <= 18 ? "  " + keys.padding(toLength: 20, withPad: " ", startingAt: 0) + title
                : "  " + keys + "\n" + indent + title
        }.joined(separator: "\n")
    }

    /// `feedline --help`, a translatable paragraph at a time.
    public static var usage: String {
        [
            // Translators: the first line of `feedline --help`; keep the option and argument names.
            L("Usage: feedline [OPTION…] [URL-OR-FILE]"),
            L("Feedline shows a feed as one endless list that loads page by page as you\nscroll. With no feed given it opens the feed open last, at first its\nbundled sample feed (the GNOME Help topics), which works offline."),
            // Translators: `feedline --help`; keep the options as they are, and the descriptions in their column (22 characters in).
            L("Feeds (one at a time):\n  URL-OR-FILE         An RSS 2.0, Atom or JSON Feed, on the web (https) or\n                      in a file; paged by its “next” links when it has them\n  --feed PATH         The same, for a file\n  --mastodon INSTANCE A Mastodon timeline, e.g. https://mastodon.social;\n                      federated unless one of:\n    --local           only the instance's own posts\n    --tag TAG         one hashtag\n  --github QUERY      GitHub repositories matching QUERY, most stars\n                      first (the first 1,000); GITHUB_TOKEN, if set,\n                      raises the rate limit\n    --api URL         a GitHub Enterprise API, e.g. https://ghe.example.com/api/v3\n  --hacker-news       Hacker News, newest stories first"),
            L("Paging:\n  --page-size N       Items per page of a local file, 1–500 (default 20)\n  --latency MS        Simulated delay before each page, in milliseconds,\n                      0–60000 (default 300 for files, 0 for the web)\n  --fail-every N      Make every Nth page request fail, to try Retry"),
            L("Reading:\n  --no-remote-images  Don't download pictures inside an item's text in\n                      the reader view (for privacy); their\n                      descriptions show instead"),
            // Translators: `feedline --help`; keep the options, FILE and $XDG_DATA_HOME as they are, and the descriptions in their column (22 characters in).
            L("Subscriptions, without a window (each alone; no display needed):\n  --import FILE       Subscribe to the feeds of an OPML file, with their\n                      folders and names; feeds followed already stay\n  --export FILE       Write every subscription to an OPML file\n  --update            Update every subscription once and say what changed\n                      They work on the store of your subscriptions,\n                      $XDG_DATA_HOME/feedline/feedline.sqlite"),
            L("Other:\n  -h, --help          Show this help and exit\n  --version           Show the version and exit"),
            L("Keys in the window (F1 shows them all):") + "\n" + keysHelp,
            // Translators: `feedline --help`; translate “Examples:” and the words in brackets only.
            L("Examples:\n  feedline\n  feedline --latency 0 --page-size 50\n  feedline --fail-every 3        (every third page fails; press Retry)\n  feedline ~/feeds/news.xml\n  feedline https://blog.rust-lang.org/feed.xml\n  feedline --mastodon https://mastodon.social --tag swift\n  feedline --mastodon fosstodon.org --local\n  feedline --github 'language:swift' --api https://ghe.example.com/api/v3\n  feedline --hacker-news"),
        ].joined(separator: "\n\n") + "\n"
    }
}
