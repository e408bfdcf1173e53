@testable import FeedlineBench
import XCTest

/// The soak's slopes of resident memory after the warm-up.
final class SoakSlopesTests: XCTestCase {
    /// Rounds of 300 s that rise by 15 MiB and fall back, on a trend of
    /// 0.5 MiB an hour: a line through every sample leans with the saw
    /// tooth, the rounds' means give the trend.
    func testTheRoundsSlopeIsTheTrendUnderTheRoundsOwnRiseAndFall() throws {
        let trend = 0.5 * 1024 / 3600  // KiB a second
        let samples = (0...3900).map { second -> [Double] in
            let inRound = Double(second % 300) / 300
            return [Double(second), 200_000 + trend * Double(second) + 15 * 1024 * inRound]
        }
        let report: [String: Any] = ["samples": samples, "blocks": [] as [[String: Any]],
                                     "actions": ["scroll", "reader", "switch", "grid", "idle"], "block_seconds": 60.0]
        let slopes = SoakSuite.slopes(report, warmup: 300)
        XCTAssertEqual(try XCTUnwrap(slopes["rounds"]), 0.5, accuracy: 1e-6)
        XCTAssertGreaterThan(abs(try XCTUnwrap(slopes["overall"]) - 0.5), 0.5, "the saw tooth tilts a line through every sample")
        XCTAssertNil(SoakSuite.slopes(report, warmup: 3400)["rounds"], "one whole round has no slope")
        XCTAssertTrue(SoakSuite.wholeRounds([(0, 1), (100, 2)], from: 0, round: 0, end: 100).isEmpty, "no rounds without a length")
    }
}
