import FeedCore
import FeedTestSupport
import XCTest

final class SimulatedNetworkTests: XCTestCase {
    let fixture = FeedFixture()

    func testEveryNthRequestFailsAndTheNextOneWorks() async throws {
        let source = SimulatedNetwork(LocalFeedSource(file: fixture.writeFeed(count: 50), pageSize: 10),
                                      latency: .zero, failEvery: 3)
        var outcomes: [Bool] = []
        for _ in 0..<6 {
            do {
                _ = try await source.nextPage(after: PageCursor("10"))
                outcomes.append(true)
            } catch let error as FeedError {
                XCTAssertEqual(error.reason, "The connection was interrupted")
                XCTAssertTrue(error.detail?.contains("--fail-every 3") ?? false)
                outcomes.append(false)
            }
        }
        XCTAssertEqual(outcomes, [true, true, false, true, true, false])
        XCTAssertEqual(source.requestCount, 6)
    }

    func testCancellingDuringTheDelayStopsTheRequest() async throws {
        let source = SimulatedNetwork(LocalFeedSource(file: fixture.writeFeed(count: 5)), latency: .seconds(30))
        let task = Task { try await source.nextPage(after: nil) }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a cancelled request must not return a page")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }
}

final class SampleFeedTests: XCTestCase {
    func testTheBundledSampleFeedIsAValidFeedOfAtLeast300Items() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/sample-feed.json")
        let document = try JSONFeedParser.parse(try Data(contentsOf: url))
        XCTAssertEqual(document.title, "GNOME Help")
        XCTAssertGreaterThanOrEqual(document.items.count, 300)
        XCTAssertEqual(Set(document.items.map(\.id)).count, document.items.count, "ids are unique")
        for item in document.items {
            XCTAssertFalse(item.title.isEmpty, item.id)
            XCTAssertFalse(item.summary.isEmpty, item.id)
            XCTAssertNotNil(item.author, item.id)
            XCTAssertNotNil(item.date, item.id)
            XCTAssertEqual(item.link?.scheme, "https", item.id)
        }
    }
}
