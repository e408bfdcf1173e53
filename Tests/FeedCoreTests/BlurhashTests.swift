import FeedCore
import XCTest

/// Blurhashes decoded as the reference implementation decodes them, and the
/// text that is not one refused.
///
/// The expected colours come from the reference decoder (PyPI `blurhash`
/// 1.1.5, a port of woltapp's), `blurhash.decode(hash, 8, 6)` and
/// `punch=2.0`, read at pixel [y][x]; decoding may differ by one level
/// where a value rounds at exactly .5.
final class BlurhashTests: XCTestCase {
    /// woltapp's README example, 4 × 3 components.
    static let woltapp = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
    /// A second 4 × 3, with strong colours and `#`, `]`, `@` in it.
    static let vivid = "LGF5]+Yk^6#M@-5c,1J5@[or[Q6."
    /// One component: a plain colour, (200, 100, 50).
    static let plain = "00M|T9"
    /// 9 × 9 components, the most there can be: 166 characters.
    static let largest = "|CHeX.--rJTuF^^,-KgQX0-pq_$*vgV{tbZ~WG-xRsM^gIOqrJxnO=RoxZ^-sQreJRm-Moi%Nev:$vM-nns*Z;NWXJR*"
        + "t6xLId#RNORpkaX4kMSjxkOarzRRbs%LX9rpxu.Pb2jLxbRUx9xVn4,:nXI.z{pIEjXLoY#l=r"

    /// The red, green and blue of pixel (`x`, `y`) of `rgba`, `width` wide.
    private func rgb(_ rgba: [UInt8], width: Int, _ x: Int, _ y: Int) -> [Int] {
        let start = (y * width + x) * 4
        return rgba[start..<start + 3].map(Int.init)
    }

    private func assertPixels(_ hash: String, punch: Double = 1, _ expected: [(x: Int, y: Int, rgb: [Int])],
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let blurhash = try XCTUnwrap(Blurhash(hash), "\(hash) refused", file: file, line: line)
        let rgba = blurhash.pixels(width: 8, height: 6, punch: punch)
        XCTAssertEqual(rgba.count, 8 * 6 * 4, file: file, line: line)
        for (x, y, want) in expected {
            let got = rgb(rgba, width: 8, x, y)
            XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= 1 },
                          "\(hash) at (\(x), \(y)): \(got), the reference gives \(want)", file: file, line: line)
        }
    }

    func testDecodesAsTheReferenceImplementationDoes() throws {
        try assertPixels(Self.woltapp, [
            (0, 0, [135, 164, 177]), (7, 0, [144, 167, 179]), (3, 2, [161, 145, 141]),
            (0, 5, [132, 144, 149]), (7, 5, [139, 143, 146]),
        ])
        try assertPixels(Self.vivid, [
            (0, 0, [176, 118, 163]), (7, 0, [210, 82, 126]), (3, 2, [94, 129, 186]),
            (0, 5, [163, 161, 113]), (7, 5, [119, 106, 122]),
        ])
        try assertPixels(Self.largest, [
            (0, 0, [221, 170, 186]), (7, 0, [184, 160, 207]), (3, 2, [174, 171, 161]),
            (0, 5, [150, 173, 199]), (7, 5, [147, 141, 173]),
        ])
    }

    func testPunchStrengthensTheContrastAsTheReferenceDoes() throws {
        try assertPixels(Self.woltapp, punch: 2, [(3, 2, [169, 139, 133]), (7, 5, [126, 136, 142])])
        try assertPixels(Self.vivid, punch: 2, [(3, 2, [0, 133, 213]), (7, 5, [106, 78, 76])])
    }

    func testAnUnreasonablePunchStillGivesPixels() throws {
        let blurhash = try XCTUnwrap(Blurhash(Self.vivid))
        for punch in [Double.nan, .infinity, -.infinity, 0, -1, 1e300] {
            XCTAssertEqual(blurhash.pixels(width: 4, height: 3, punch: punch).count, 4 * 3 * 4, "\(punch)")
        }
        // No contrast at all is the average colour everywhere.
        let flat = blurhash.pixels(width: 4, height: 3, punch: 0)
        XCTAssertEqual(Set(stride(from: 0, to: flat.count, by: 4).map { flat[$0..<$0 + 4] }).count, 1)
    }

    func testOneComponentIsOnePlainColourWithOpaqueAlpha() throws {
        let rgba = try XCTUnwrap(Blurhash(Self.plain)).pixels(width: 3, height: 2)
        XCTAssertEqual(rgba, Array(repeating: [200, 100, 50, 255], count: 6).flatMap { $0 })
    }

    func testEveryPixelIsOpaque() throws {
        let rgba = try XCTUnwrap(Blurhash(Self.vivid)).pixels(width: 20, height: 10)
        XCTAssertEqual(rgba.count, 20 * 10 * 4)
        XCTAssertTrue(stride(from: 3, to: rgba.count, by: 4).allSatisfy { rgba[$0] == 255 })
    }

    func testTheSizeIsClampedToOneToSixtyFourPixels() throws {
        let blurhash = try XCTUnwrap(Blurhash(Self.woltapp))
        XCTAssertEqual(Blurhash.maxSide, 64)
        XCTAssertEqual(blurhash.pixels(width: 1000, height: 10).count, 64 * 10 * 4)
        XCTAssertEqual(blurhash.pixels(width: 32, height: 100_000).count, 32 * 64 * 4)
        XCTAssertEqual(blurhash.pixels(width: 0, height: -5).count, 1 * 1 * 4)
        XCTAssertEqual(blurhash.pixels(width: .max, height: .min).count, 64 * 1 * 4)
        // A 1 × 1 picture is the average colour, the first component.
        XCTAssertEqual(try XCTUnwrap(Blurhash(Self.plain)).pixels(width: 1, height: 1), [200, 100, 50, 255])
    }

    func testKeepsTheTextItWasGiven() throws {
        XCTAssertEqual(Blurhash(Self.woltapp)?.text, Self.woltapp)
        XCTAssertEqual(Blurhash(Self.woltapp), Blurhash(Self.woltapp))
        XCTAssertNotEqual(Blurhash(Self.woltapp), Blurhash(Self.vivid))
    }

    func testRefusesWhatIsNotABlurhash() {
        let refused: [(String, String)] = [
            ("", "empty"),
            ("00M|T", "shorter than a header"),
            (String(Self.woltapp.dropLast()), "one character short"),
            (Self.woltapp + "0", "one character over"),
            (Self.woltapp + "00", "one component over"),
            (String(Self.woltapp.dropLast(2)), "one component short"),
            ("LEHV6nWB2yk8pyo0adR*.7kCMdn\"", "a quote, not base 83"),
            ("LEHV6nWB2yk8pyo0adR*.7kCMdn/", "a slash, not base 83"),
            ("LEHV6nWB2yk8pyo0adR*.7kCMdn ", "a space"),
            ("LEHV6nWB2yk8pyo0adR*.7kCMdné", "not ASCII"),
            ("LEHV6nWB2yk8pyo0adR*.7kCMd🌻", "an emoji"),
            (" LEHV6nWB2yk8pyo0adR*.7kCMdnj", "leading space"),
            ("~0M|T9", "a tenth row of components (size flag 82)"),
            ("}0M|T9", "size flag 81"),
            ("00~~~~", "an average colour over 0xFFFFFF"),
            ("10M|T9~~", "a component over 19 levels per channel"),
            (String(repeating: "0", count: 168), "over 166 characters"),
            (String(repeating: "~", count: 1_000_000), "huge"),
        ]
        for (text, why) in refused {
            XCTAssertNil(Blurhash(text), why)
        }
    }

    func testAcceptsEveryGridFromOneToNineComponents() {
        let base83 = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
        for across in 1...9 {
            for down in 1...9 {
                let flag = base83[(down - 1) * 9 + (across - 1)]
                let text = "\(flag)0M|T9" + String(repeating: "0:", count: across * down - 1)
                XCTAssertNotNil(Blurhash(text), "\(across) × \(down)")
                XCTAssertNil(Blurhash(text + "00"), "\(across) × \(down) with one component too many")
            }
        }
    }
}
