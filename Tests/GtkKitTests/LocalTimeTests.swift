import Foundation
import GtkKit
import XCTest

final class LocalTimeTests: XCTestCase {
    /// Runs `body` with the local time zone set to `zone` (GLib reads TZ
    /// again when it changes), then puts TZ back.
    private func inTimeZone(_ zone: String, _ body: () -> Void) {
        let before = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", zone, 1)
        defer { if let before { setenv("TZ", before, 1) } else { unsetenv("TZ") } }
        body()
    }

    private func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    func testDayNumbersCountDaysAcrossYears() {
        XCTAssertEqual(LocalTime.Day(year: 1, dayOfYear: 1).number, 1)
        XCTAssertEqual(LocalTime.Day(year: 2024, dayOfYear: 366).number + 1, LocalTime.Day(year: 2025, dayOfYear: 1).number)
        XCTAssertEqual(LocalTime.Day(year: 2100, dayOfYear: 365).number + 1, LocalTime.Day(year: 2101, dayOfYear: 1).number)
        inTimeZone("UTC") {
            // 1 January 1970 is day 719,163 counted from 1 January of year 1.
            XCTAssertEqual(LocalTime.day(of: Date(timeIntervalSince1970: 0)), LocalTime.Day(year: 1970, dayOfYear: 1))
            XCTAssertEqual(LocalTime.day(of: Date(timeIntervalSince1970: 0))?.number, 719_163)
        }
    }

    func testDaysFollowTheLocalTimeZone() {
        // 18:15 UTC on 21 November is already 22 November in Kathmandu
        // (UTC+5:45), and still 21 November in New York.
        let instant = date("2026-11-21T18:15:00Z")
        inTimeZone("Asia/Kathmandu") {
            XCTAssertEqual(LocalTime.day(of: instant)?.year, 2026)
            XCTAssertEqual(LocalTime.day(of: instant)?.number, LocalTime.day(of: date("2026-11-22T12:00:00Z"))?.number)
        }
        inTimeZone("America/New_York") {
            XCTAssertEqual(LocalTime.day(of: instant)?.number, LocalTime.day(of: date("2026-11-21T12:00:00Z"))?.number)
        }
    }

    /// Against Foundation's calendar, every 7 hours over five years
    /// around 1970 and now, in zones with daylight saving time and with
    /// offsets of 45 minutes.
    func testDaysAgreeWithTheCalendar() {
        for zone in ["America/New_York", "Asia/Kathmandu", "Pacific/Chatham", "UTC"] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone)!
            inTimeZone(zone) {
                for start in [-2.0 * 365 * 86_400, date("2024-01-01T00:00:00Z").timeIntervalSince1970] {
                    for step in 0..<(3 * 365 * 24 / 7) {
                        let instant = Date(timeIntervalSince1970: start + Double(step * 7 * 3600))
                        let expected = LocalTime.Day(year: calendar.component(.year, from: instant),
                                                     dayOfYear: calendar.ordinality(of: .day, in: .year, for: instant)!)
                        XCTAssertEqual(LocalTime.day(of: instant), expected, "\(zone) \(instant)")
                        if LocalTime.day(of: instant) != expected { return }
                    }
                }
            }
        }
    }

    func testNoDayOutsideGLibsRange() {
        XCTAssertNil(LocalTime.day(of: Date(timeIntervalSince1970: 5e11)))
    }
}
