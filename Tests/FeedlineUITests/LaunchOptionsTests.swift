import FeedCore
import Foundation
import XCTest

@testable import FeedlineUI

final class LaunchOptionsTests: XCTestCase {
    func testNoArgumentsOpensTheLastFeedWithDefaults() throws {
        let command = try LaunchCommand.parse([])
        XCTAssertEqual(command, .run(LaunchOptions()))
        guard case .run(let options) = command else { return }
        XCTAssertTrue(options.isDefault)
        XCTAssertNil(options.feed)
        XCTAssertEqual(options.pageSize, 20)
        XCTAssertEqual(options.latency(for: .sample), .milliseconds(300), "local paging can be seen")
        XCTAssertEqual(options.latency(for: .hackerNews(api: FeedSpec.hackerNewsAPI)), .zero, "the web has its own")
        XCTAssertNil(options.failEvery)
    }

    func testOptionsTakeSeparateOrInlineValues() throws {
        var expected = LaunchOptions()
        expected.feed = .document(URL(fileURLWithPath: "/tmp/feed.json"))
        expected.pageSize = 50
        expected.latencyMilliseconds = 0
        expected.failEvery = 3
        XCTAssertEqual(try LaunchCommand.parse(["--feed", "/tmp/feed.json", "--page-size", "50",
                                                "--latency=0", "--fail-every=3"]), .run(expected))
        XCTAssertFalse(expected.isDefault)
        XCTAssertEqual(expected.latency(for: .sample), .zero)
    }

    private func feed(_ arguments: [String]) throws -> FeedSpec? {
        guard case .run(let options) = try LaunchCommand.parse(arguments) else { return nil }
        return options.feed
    }

    func testEachKindOfFeedFromTheCommandLine() throws {
        let social = URL(string: "https://mastodon.social")!
        XCTAssertEqual(try feed(["--mastodon", "https://mastodon.social"]), .mastodon(instance: social, timeline: .federated))
        XCTAssertEqual(try feed(["--mastodon", "mastodon.social", "--local"]), .mastodon(instance: social, timeline: .local))
        XCTAssertEqual(try feed(["--tag", "#swift", "--mastodon=mastodon.social"]),
                       .mastodon(instance: social, timeline: .tag("swift")))
        XCTAssertEqual(try feed(["--github", "language:swift"]), .gitHubSearch(query: "language:swift", api: FeedSpec.gitHubAPI))
        XCTAssertEqual(try feed(["--github", "language:swift", "--api", "https://ghe.example.com/api/v3"]),
                       .gitHubSearch(query: "language:swift", api: URL(string: "https://ghe.example.com/api/v3")!))
        XCTAssertEqual(try feed(["--hacker-news"]), .hackerNews(api: FeedSpec.hackerNewsAPI))
        XCTAssertEqual(try feed(["https://blog.example.org/feed.xml"]),
                       .document(URL(string: "https://blog.example.org/feed.xml")!))
        XCTAssertEqual(try feed(["/srv/feeds/news.atom"]), .document(URL(fileURLWithPath: "/srv/feeds/news.atom")))
        XCTAssertEqual(try feed(["~/news.json"]),
                       .document(URL(fileURLWithPath: NSString("~/news.json").expandingTildeInPath)))
    }

    func testHelpAndVersion() throws {
        XCTAssertEqual(try LaunchCommand.parse(["--help"]), .help)
        XCTAssertEqual(try LaunchCommand.parse(["-h"]), .help)
        XCTAssertEqual(try LaunchCommand.parse(["--page-size", "5", "--version"]), .version)
        for option in ["URL-OR-FILE", "--feed", "--mastodon", "--local", "--tag", "--github", "--api",
                       "--hacker-news", "GITHUB_TOKEN", "--page-size", "--latency", "--fail-every"] {
            XCTAssertTrue(LaunchCommand.usage.contains(option), option)
        }
    }

    func testHelpDescribesTheReaderOfManyFeedsAndTheHeadlessCommandsExitStatuses() {
        let usage = LaunchCommand.usage
        for words in ["$XDG_DATA_HOME/feedline/feedline.sqlite", "sidebar", "All items", "opens the view shown last",
                      "is subscribed to", "--import FILE", "--export FILE", "--update", "Exit status:",
                      "\n  0  done", "\n  1  not done", "\n  2  a mistyped command line"] {
            XCTAssertTrue(usage.contains(words), words)
        }
        XCTAssertFalse(usage.contains("one at a time"), "the window shows many feeds")
        let long = usage.split(separator: "\n").filter { $0.count > 79 }
        XCTAssertEqual(long, [], "every line fits a terminal of 80 columns")
    }

    func testHelpListsTheKeysFromTheOneTableOfShortcuts() {
        let listed = Shortcut.all.filter(\.inHelp)
        XCTAssertGreaterThan(listed.count, 10)
        for shortcut in listed {
            XCTAssertTrue(LaunchCommand.usage.contains("  " + shortcut.readableKeys), shortcut.readableKeys)
        }
        XCTAssertTrue(LaunchCommand.usage.contains("  Ctrl+R, F5          Refresh from the top\n"))
        XCTAssertEqual(Shortcut.readable("<Control>question"), "Ctrl+?")
        XCTAssertEqual(Shortcut.readable("<Shift>Page_Down"), "Shift+Page Down")
        XCTAssertEqual(Shortcut.readable("<Alt>r"), "Alt+R")
        XCTAssertEqual(Shortcut.readable("Return"), "Enter")
    }

    func testBadCommandLinesSayWhatIsWrong() {
        func message(_ arguments: [String]) -> String? {
            do {
                _ = try LaunchCommand.parse(arguments)
                return nil
            } catch {
                return error.message
            }
        }
        XCTAssertEqual(message(["--frobnicate"]), "unknown option --frobnicate")
        XCTAssertEqual(message(["--page-size"]), "option --page-size needs a value")
        XCTAssertEqual(message(["--page-size", "0"]), "option --page-size takes a whole number from 1 to 500, not “0”")
        XCTAssertNotNil(message(["--latency=soon"]))
        XCTAssertEqual(message(["--mastodon", "ftp://x.org"]),
                       "option --mastodon needs a web address like https://example.org, not “ftp://x.org”")
        XCTAssertEqual(message(["--local"]), "--local, --federated and --tag go with --mastodon INSTANCE")
        XCTAssertEqual(message(["--mastodon", "m.s", "--local", "--tag", "x"]), "choose one Mastodon timeline: --local or --tag")
        XCTAssertEqual(message(["--mastodon", "m.s", "--tag", "no spaces"]),
                       "option --tag takes a hashtag (letters, digits, _), not “no spaces”")
        XCTAssertEqual(message(["--api", "https://ghe.example.com"]), "--api goes with --github QUERY")
        XCTAssertEqual(message(["--hacker-news", "feed.json"]), "choose one feed to open (2 were given)")
    }
}
