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

    /// Memory that rises for the first 20 minutes and is flat after: the
    /// slope from the warm-up sees the rise, the fits from the 20th and
    /// 30th minute on see none; starts in the warm-up or the last round
    /// are not fitted.
    func testTheFitsFromLaterStartsSeeWhetherTheRiseGoesOn() throws {
        let samples = (0...3900).map { second -> [Double] in
            [Double(second), 200_000 + 2 * 1024 * Double(min(second, 1200)) / 1200]
        }
        let report: [String: Any] = ["samples": samples, "blocks": [] as [[String: Any]],
                                     "actions": ["scroll", "reader", "switch", "grid", "idle"], "block_seconds": 60.0]
        let slopes = SoakSuite.slopes(report, warmup: 300)
        XCTAssertGreaterThan(try XCTUnwrap(slopes["overall"]), 0.5)
        XCTAssertGreaterThan(try XCTUnwrap(slopes["from_10_min"]), 0.5, "still rising from the 10th to the 20th minute")
        XCTAssertEqual(try XCTUnwrap(slopes["from_20_min"]), 0, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(slopes["from_30_min"]), 0, accuracy: 1e-9)
        XCTAssertNil(SoakSuite.slopes(report, warmup: 900)["from_10_min"], "a start inside the warm-up")
        let short = Array(samples.prefix(1900))
        XCTAssertNil(SoakSuite.slopes(report.merging(["samples": short]) { $1 }, warmup: 300)["from_30_min"],
                     "a start less than a round before the end")
    }
}
