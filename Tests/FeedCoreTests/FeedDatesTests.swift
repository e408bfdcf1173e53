import FeedCore
import Foundation
import XCTest

/// Dates as real feeds write them, each read to the second, and the
/// placeholders and junk that must read as no date at all.
final class FeedDatesTests: XCTestCase {
    /// 2018-10-06 00:00:00 UTC.
    private let october6 = Date(timeIntervalSince1970: 1_538_784_000)

    private func assertDate(_ text: String, _ expected: Date, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(FeedDates.parse(text), expected, text, file: file, line: line)
    }

    private func at(_ seconds: Double) -> Date { october6.addingTimeInterval(seconds) }

    func testRFC3339AndItsShortenedForms() {
        assertDate("2018-10-06T00:00:00Z", october6)
        assertDate("2018-10-06T02:30:00+02:30", october6)
        assertDate("2018-10-05T19:00:00-05:00", october6)
        assertDate("2018-10-06T00:00:00.250Z", at(0.25))
        assertDate("2018-10-06T12:34Z", at(45_240))
        assertDate("2018-10-06T12:34", at(45_240))
        assertDate("2018-10-06T12:34:56", at(45_296))
        assertDate("2018-10-06t00:00:00z", october6)
        assertDate("2018-10-06T00:00:00+0000", october6)
    }

    func testW3CDTFDatesWithoutATime() {
        assertDate("2018-10-06", october6)
        assertDate("2018-10", Date(timeIntervalSince1970: 1_538_352_000))
        assertDate("2018", Date(timeIntervalSince1970: 1_514_764_800))
    }

    func testASpaceForTheTAndNoZone() {
        assertDate("2018-10-06 00:00:00", october6)
        assertDate("2018-10-06 12:34:56 +0000", at(45_296))
    }

    func testSlashedDates() {
        assertDate("2020/1/10 14:33:00", Date(timeIntervalSince1970: 1_578_666_780))
        assertDate("2018/10/06", october6)
    }

    func testRFC822AndItsVariants() {
        assertDate("Sat, 06 Oct 2018 00:00:00 GMT", october6)
        assertDate("Sat, 6 Oct 2018 00:00:00 +0000", october6)
        assertDate("6 Oct 2018 00:00:00 UT", october6)
        assertDate("Sat, 06 Oct 18 00:00:00 GMT", october6)
        assertDate("Sat, 06 Oct 2018 00:00 GMT", october6)
        assertDate("Fri, 05 Oct 2018 20:00:00 EDT", october6)
        assertDate("Fri, 05 Oct 2018 17:00:00 PDT", october6)
        assertDate("Sat, 06 Oct 2018 02:00:00 CEST", october6)
        assertDate("Saturday, 06 October 2018 00:00:00 GMT", october6)
        assertDate("Sat, 06 Oct 2018 00:00:00 XYZ", october6)
        assertDate("  Sat,  06  Oct  2018  00:00:00  GMT \n", october6)
    }

    func testJavaScriptDateToString() {
        assertDate("Sat Oct 06 2018 00:00:00 GMT+0000 (Coordinated Universal Time)", october6)
        assertDate("Sat Oct 06 2018 02:00:00 GMT+0200 (Central European Summer Time)", october6)
    }

    func testCAsctime() {
        assertDate("Sat Oct  6 00:00:00 2018", october6)
    }

    func testTwelveHourClocks() {
        assertDate("Oct 6, 2018 12:30 PM", at(45_000))
        assertDate("Oct 6, 2018 12:30 AM", at(1_800))
    }

    func testPlaceholderYearsAreNoDate() {
        XCTAssertNil(FeedDates.parse("0001-01-01T00:00:00Z"))
        XCTAssertNil(FeedDates.parse("Mon, 01 Jan 0001 00:00:00 +0000"))
    }

    func testJunkIsNoDate() {
        for text in ["", "sometime", "yesterday", "2018-13-01", "2018-02-30", "Sat, 32 Oct 2018 00:00:00 GMT",
                     "25:00", "Version 2", "2018-10-06T25:00:00Z", String(repeating: "9", count: 500)] {
            XCTAssertNil(FeedDates.parse(text), text)
        }
    }

    func testLeapDaysAreChecked() {
        XCTAssertNotNil(FeedDates.parse("2020-02-29"))
        XCTAssertNil(FeedDates.parse("2019-02-29"))
        XCTAssertNotNil(FeedDates.parse("2000-02-29"))
        XCTAssertNil(FeedDates.parse("1900-02-29"))
    }
}
