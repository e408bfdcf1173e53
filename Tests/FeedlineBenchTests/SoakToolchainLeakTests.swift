@testable import FeedlineBench
import XCTest

/// The soak's report of the toolchain's per-request leak: the requests
/// after the warm-up, from the run's own counts, at the measured bytes a
/// request, over the span of the slopes; the overall and floor slopes
/// with that share taken out, the raw ones kept.
final class SoakToolchainLeakTests: XCTestCase {
    /// Resident memory rising 1 KiB a second after a 300 s warm-up, 1,000
    /// picture requests sent between 300 s and 600 s (the counts are taken
    /// at blocks' starts, not at the warm-up itself: 150 s and 450 s).
    private func report() -> [String: Any] {
        let samples = (0...600).map { [Double($0), 100_000 + Double($0)] }
        return [
            "samples": samples,
            "blocks": [] as [[String: Any]],
            "actions": ["scroll", "idle"],
            "block_seconds": 150.0,
            "request_marks": [[0.0, 0.0], [150.0, 2000.0], [450.0, 3500.0], [600.0, 4000.0]],
        ]
    }

    func testTheLeakIsTheRequestsAfterTheWarmUpAtTheMeasuredBytesEach() throws {
        let leak = try XCTUnwrap(SoakSuite.toolchainLeak(report(), warmup: 300))
        // 2,750 at 300 s (halfway from 2,000 to 3,500), 4,000 at the end.
        XCTAssertEqual(leak.requests, 1250)
        let expected = 1250 * SoakSuite.toolchainBytesPerRequest / 1_048_576 / 300 * 3600
        XCTAssertEqual(leak.mibPerHour, expected, accuracy: 1e-9)
    }

    func testTheSlopesKeepTheRawFigureBesideTheOneWithoutTheLeak() throws {
        let slopes = SoakSuite.slopes(report(), warmup: 300)
        let overall = try XCTUnwrap(slopes["overall"])
        XCTAssertEqual(overall, 3600.0 / 1024, accuracy: 1e-6, "1 KiB a second is 3.5 MiB an hour")
        let leak = try XCTUnwrap(slopes["toolchain_leak"])
        XCTAssertGreaterThan(leak, 0)
        XCTAssertEqual(try XCTUnwrap(slopes["overall_less_toolchain"]), overall - leak, accuracy: 1e-9)
    }

    func testNoShareWithoutRequestCounts() {
        var withoutMarks = report()
        withoutMarks["request_marks"] = nil
        XCTAssertNil(SoakSuite.toolchainLeak(withoutMarks, warmup: 300))
        XCTAssertNil(SoakSuite.slopes(withoutMarks, warmup: 300)["overall_less_toolchain"])
    }
}
