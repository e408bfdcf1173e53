import FeedCore
import Foundation

/// What the command line asked for.
public struct LaunchOptions: Equatable, Sendable {
    /// The feed to subscribe to (unless it is already) and open; nil
    /// opens the view shown last (All items the first time).
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
    /// `--fever URL --user NAME`: add a Fever account (its password from
    /// `FEEDLINE_FEVER_PASSWORD` or the terminal) and sync it once.
    case fever(endpoint: URL, user: String)

    static let options: Set<String> = ["--import", "--export", "--update", "--fever"]

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
            if option == "--fever" {
                command = (try fever(address: inlineValue ?? remaining.popFirst(), rest: &remaining), option)
                continue
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

    /// `--fever URL --user NAME` (or `--user=NAME`), once `--fever` is read.
    private static func fever(address: String?, rest: inout ArraySlice<String>) throws(UsageError) -> HeadlessCommand {
        guard let address, !address.hasPrefix("-"), let endpoint = FeedAddress.web(address) else {
            // Translators: a usage error of `feedline --fever`.
            throw UsageError(message: L("--fever needs the Fever API's address, like https://rss.example.org/api/fever.php"))
        }
        var user: String?
        if let next = rest.first, next.hasPrefix("--user=") {
            user = String(rest.removeFirst().dropFirst("--user=".count))
        } else if rest.first == "--user" {
            rest.removeFirst()
            user = rest.popFirst()
        }
        guard let user, !user.isEmpty else {
            // Translators: a usage error of `feedline --fever`.
            throw UsageError(message: L("--fever needs --user NAME: the account's user name or email"))
        }
        return .fever(endpoint: endpoint, user: user)
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
}
