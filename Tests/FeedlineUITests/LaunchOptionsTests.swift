import FeedCore
import Foundation
import XCTest

@testable import FeedlineUI

final class LaunchOptionsTests: XCTestCase {
    func testNoArgumentsOpensTheSampleFeedWithDefaults() throws {
        let command = try LaunchCommand.parse([])
        XCTAssertEqual(command, .run(LaunchOptions()))
        guard case .run(let options) = command else { return }
        XCTAssertTrue(options.isDefault)
        XCTAssertEqual(options.pageSize, 20)
        XCTAssertEqual(options.latencyMilliseconds, 300)
        XCTAssertNil(options.failEvery)
        XCTAssertNil(options.feedPath)
    }

    func testOptionsTakeSeparateOrInlineValues() throws {
        var expected = LaunchOptions()
        expected.feedPath = "/tmp/feed.json"
        expected.pageSize = 50
        expected.latencyMilliseconds = 0
        expected.failEvery = 3
        XCTAssertEqual(try LaunchCommand.parse(["--feed", "/tmp/feed.json", "--page-size", "50",
                                                "--latency=0", "--fail-every=3"]), .run(expected))
        XCTAssertFalse(expected.isDefault)
    }

    func testHelpAndVersion() throws {
        XCTAssertEqual(try LaunchCommand.parse(["--help"]), .help)
        XCTAssertEqual(try LaunchCommand.parse(["-h"]), .help)
        XCTAssertEqual(try LaunchCommand.parse(["--page-size", "5", "--version"]), .version)
        for option in ["--feed", "--page-size", "--latency", "--fail-every"] {
            XCTAssertTrue(LaunchCommand.usage.contains(option), option)
        }
    }

    func testBadCommandLinesSayWhatIsWrong() {
        XCTAssertThrowsError(try LaunchCommand.parse(["--frobnicate"])) {
            XCTAssertEqual(($0 as? UsageError)?.message, "unknown option --frobnicate")
        }
        XCTAssertThrowsError(try LaunchCommand.parse(["--page-size"])) {
            XCTAssertEqual(($0 as? UsageError)?.message, "option --page-size needs a value")
        }
        XCTAssertThrowsError(try LaunchCommand.parse(["--page-size", "0"])) {
            XCTAssertEqual(($0 as? UsageError)?.message,
                           "option --page-size takes a whole number from 1 to 500, not “0”")
        }
        XCTAssertThrowsError(try LaunchCommand.parse(["--latency=soon"]))
        XCTAssertThrowsError(try LaunchCommand.parse(["feed.json"])) {
            XCTAssertEqual(($0 as? UsageError)?.message,
                           "unexpected argument “feed.json” (to open a file, use --feed PATH)")
        }
    }
}
