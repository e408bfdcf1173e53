import FeedCore
import FeedTestSupport
import Foundation
import XCTest

@testable import FeedlineUI

/// The command line's choices reach the feed source the window pages.
final class SourceChoiceTests: XCTestCase, @unchecked Sendable {
    private let fixture = FeedFixture()

    @MainActor
    private func app(_ arguments: [String], library: FeedLibrary? = nil) throws -> FeedlineApp {
        guard case .run(let options) = try LaunchCommand.parse(arguments) else { throw UsageError(message: "not run") }
        let file = FeedLibraryFile(url: fixture.directory.appendingPathComponent("feeds.json"))
        if let library { try file.save(library) }
        return FeedlineApp(options: options, libraryFile: file, environment: [:])
    }

    func testOptionsBuildASimulatedNetworkOverTheChosenFile() throws {
        try MainActor.assumeIsolated {
            let app = try app(["--feed", "~/feeds/news.json", "--page-size", "7", "--latency", "0", "--fail-every", "4"])
            let source = try XCTUnwrap(app.catalog.makeSource(app.firstFeed) as? SimulatedNetwork)
            XCTAssertEqual(source.latency, .zero)
            XCTAssertEqual(source.failEvery, 4)
            let file = try XCTUnwrap(source.base as? LocalFeedSource)
            XCTAssertEqual(file.pageSize, 7)
            XCTAssertEqual(file.file.path, NSString("~/feeds/news.json").expandingTildeInPath)
        }
    }

    func testNoFeedOptionOpensTheBundledSampleFeed() throws {
        try MainActor.assumeIsolated {
            let app = try app([])
            XCTAssertEqual(app.firstFeed, .sample)
            let source = try XCTUnwrap(app.catalog.makeSource(.sample) as? SimulatedNetwork)
            XCTAssertEqual(source.latency, .milliseconds(300))
            XCTAssertNil(source.failEvery)
            let file = try XCTUnwrap(source.base as? LocalFeedSource)
            XCTAssertEqual(file.file.lastPathComponent, "sample-feed.json")
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.file.path), "found in the checkout's data/")
        }
    }

    func testWithoutAFeedOptionTheFeedOpenLastReopens() throws {
        try MainActor.assumeIsolated {
            let hn = FeedSpec.hackerNews(api: FeedSpec.hackerNewsAPI)
            let app = try app([], library: FeedLibrary(feeds: [SavedFeed(hn)], lastOpened: hn))
            XCTAssertEqual(app.firstFeed, hn)
            XCTAssertTrue(app.catalog.makeSource(hn) is HackerNewsSource, "web feeds get no simulated latency")
            let asked = try self.app(["--mastodon", "mastodon.social"], library: FeedLibrary(lastOpened: hn))
            XCTAssertEqual(asked.firstFeed, .mastodon(instance: URL(string: "https://mastodon.social")!, timeline: .federated))
        }
    }
}
