import Foundation

/// What the command line asked for.
public struct LaunchOptions: Equatable, Sendable {
    /// A JSON Feed file to open instead of the bundled sample feed.
    public var feedPath: String?
    public var pageSize = 20
    /// Simulated delay before each page of a local feed.
    public var latencyMilliseconds = 300
    /// Every Nth page request fails (to try Retry); nil never.
    public var failEvery: Int?

    public init() {}

    /// True when nothing was chosen: a second launch may then simply bring
    /// the running window forward.
    public var isDefault: Bool { self == LaunchOptions() }
}

/// What `feedline ARGS` should do.
public enum LaunchCommand: Equatable, Sendable {
    case run(LaunchOptions)
    case help
    case version
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
                    throw UsageError(message: "option \(name) needs a value")
                }
                return next
            }
            func number(_ range: ClosedRange<Int>) throws(UsageError) -> Int {
                let text = try value()
                guard let number = Int(text), range.contains(number) else {
                    throw UsageError(message: "option \(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not “\(text)”")
                }
                return number
            }
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--feed": options.feedPath = try value()
            case "--page-size": options.pageSize = try number(1...500)
            case "--latency": options.latencyMilliseconds = try number(0...60_000)
            case "--fail-every": options.failEvery = try number(1...1_000_000)
            default:
                if name.hasPrefix("-") {
                    throw UsageError(message: "unknown option \(name)")
                }
                throw UsageError(message: "unexpected argument “\(argument)” (to open a file, use --feed PATH)")
            }
        }
        return .run(options)
    }

    public static let usage = """
        Usage: feedline [OPTION…]

        Feedline shows a feed as one endless list that loads page by page as you
        scroll. With no options it opens its bundled sample feed (the GNOME Help
        topics), which works offline.

        Feeds:
          --feed PATH         Open a local JSON Feed 1.1 file instead of the sample

        Paging of local feeds:
          --page-size N       Items per page, 1–500 (default 20)
          --latency MS        Simulated delay before each page, in milliseconds,
                              0–60000 (default 300, so paging can be seen)
          --fail-every N      Make every Nth page request fail, to try Retry

        Other:
          -h, --help          Show this help and exit
          --version           Show the version and exit

        Keys in the window:
          Ctrl+R, F5          Refresh from the top
          Ctrl+W              Close the window
          Ctrl+Q              Quit
          Enter               Open the focused item's link in the browser
          Alt+R               Retry, after a page failed to load

        Examples:
          feedline
          feedline --latency 0 --page-size 50
          feedline --fail-every 3        (every third page fails; press Retry)
          feedline --feed ~/feeds/news.json

        """
}
