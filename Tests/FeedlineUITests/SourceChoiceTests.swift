import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import XCTest

@testable import FeedlineUI

/// The command line's choices reach the sources the window pages: the
/// feed it names opens first; `--page-size` cuts local files and the
/// stored timelines; `--latency` and `--fail-every` go to the timelines
/// (so paging and Retry can be tried on stored items); local files wait
/// 300 ms a page otherwise, the web nothing.
final class SourceChoiceTests: XCTestCase, @unchecked Sendable {
    private let fixture = FeedFixture()

    @MainActor
    private func app(_ arguments: [String]) throws -> FeedlineApp {
        guard case .run(let options) = try LaunchCommand.parse(arguments) else { throw UsageError(message: "not run") }
        return FeedlineApp(options: options,
                           libraryFile: FeedLibraryFile(url: fixture.directory.appendingPathComponent("feeds.json")),
                           storeFile: StoreFile(url: fixture.directory.appendingPathComponent("feedline.sqlite")),
                           environment: [:])
    }

    func testOptionsGoToTheChosenFileAndTheStoredTimelines() throws {
        try MainActor.assumeIsolated {
            let app = try app(["--feed", "~/feeds/news.json", "--page-size", "7", "--latency", "0", "--fail-every", "4"])
            let feed = try XCTUnwrap(app.firstFeed)
            let file = try XCTUnwrap(app.subscriptions.makeSource(feed) as? LocalFeedSource, "the file as it is")
            XCTAssertEqual(file.pageSize, 7)
            XCTAssertEqual(file.file.path, NSString("~/feeds/news.json").expandingTildeInPath)
            XCTAssertEqual(app.subscriptions.pageSize, 7, "pages of the stored timelines too")
            let timeline = try XCTUnwrap(FeedlineApp.timeline(NoTimeline(), options: app.options) as? SimulatedNetwork)
            XCTAssertEqual(timeline.latency, .zero)
            XCTAssertEqual(timeline.failEvery, 4)
        }
    }

    func testWithoutOptionsTheSampleFeedIsReadSlowlyEnoughToSeePaging() throws {
        try MainActor.assumeIsolated {
            let app = try app([])
            XCTAssertNil(app.firstFeed, "the view open last opens")
            let source = try XCTUnwrap(app.subscriptions.makeSource(.sample) as? SimulatedNetwork)
            XCTAssertEqual(source.latency, .milliseconds(300))
            XCTAssertNil(source.failEvery)
            let file = try XCTUnwrap(source.base as? LocalFeedSource)
            XCTAssertEqual(file.file.lastPathComponent, "sample-feed.json")
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.file.path), "found in the checkout's data/")
            XCTAssertFalse(FeedlineApp.timeline(NoTimeline(), options: app.options) is SimulatedNetwork,
                           "stored timelines as they are")
        }
    }

    func testAFeedOnTheCommandLineOpensFirstAndTheWebGetsNoSimulatedLatency() throws {
        try MainActor.assumeIsolated {
            let asked = try app(["--mastodon", "mastodon.social"])
            XCTAssertEqual(asked.firstFeed, .mastodon(instance: URL(string: "https://mastodon.social")!, timeline: .federated))
            let hn = FeedSpec.hackerNews(api: FeedSpec.hackerNewsAPI)
            XCTAssertTrue(try app([]).subscriptions.makeSource(hn) is HackerNewsSource, "web feeds get no simulated latency")
        }
    }
}
