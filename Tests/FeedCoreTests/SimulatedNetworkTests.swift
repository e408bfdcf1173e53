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
