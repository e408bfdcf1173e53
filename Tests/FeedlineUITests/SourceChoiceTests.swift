import FeedCore
import Foundation
import XCTest

@testable import FeedlineUI

/// The command line's choices reach the feed source the window pages.
final class SourceChoiceTests: XCTestCase, @unchecked Sendable {
    func testOptionsBuildASimulatedNetworkOverTheChosenFile() throws {
        var options = LaunchOptions()
        options.feedPath = "~/feeds/news.json"
        options.pageSize = 7
        options.latencyMilliseconds = 0
        options.failEvery = 4
        let source = try XCTUnwrap(MainActor.assumeIsolated { FeedlineApp(options: options).makeSource() } as? SimulatedNetwork)
        XCTAssertEqual(source.latency, .zero)
        XCTAssertEqual(source.failEvery, 4)
        let file = try XCTUnwrap(source.base as? LocalFeedSource)
        XCTAssertEqual(file.pageSize, 7)
        XCTAssertEqual(file.file.path, NSString("~/feeds/news.json").expandingTildeInPath)
    }

    func testNoFeedOptionOpensTheBundledSampleFeed() throws {
        let source = try XCTUnwrap(MainActor.assumeIsolated { FeedlineApp(options: LaunchOptions()).makeSource() } as? SimulatedNetwork)
        XCTAssertEqual(source.latency, .milliseconds(300))
        XCTAssertNil(source.failEvery)
        let file = try XCTUnwrap(source.base as? LocalFeedSource)
        XCTAssertEqual(file.file.lastPathComponent, "sample-feed.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.file.path), "found in the checkout's data/")
    }
}
