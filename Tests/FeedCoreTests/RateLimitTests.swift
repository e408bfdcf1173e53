import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import XCTest

/// How long a server asks us to wait, from `Retry-After` and
/// `x-ratelimit-*`, read with a fixed "now", and then through the client.
final class RateLimitTests: XCTestCase {
    /// Sun, 06 Nov 1994 08:49:37 GMT, the RFC's own example.
    let rfcExample = Date(timeIntervalSince1970: 784_111_777)
    let now = Date(timeIntervalSince1970: 784_111_777 - 90)

    private func response(_ status: Int, _ headers: [String: String]) -> HTTPResponse {
        HTTPResponse(status: status, url: URL(string: "https://api.example/")!, headers: headers)
    }

    private func response(_ headers: [String: String]) -> HTTPResponse {
        response(429, headers)
    }

    // MARK: HTTP dates

    func testTheThreeHTTPDateFormsNameTheSameInstant() {
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"), rfcExample)
        XCTAssertEqual(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now), rfcExample)
        XCTAssertEqual(HTTPDate.parse("Sun Nov  6 08:49:37 1994"), rfcExample)
    }

    func testRFC850TwoDigitYearsNeverLandMoreThanFiftyYearsAhead() {
        let in2026 = HTTPDate.parse("Sun, 22 Nov 2026 00:00:00 GMT")!
        XCTAssertEqual(year(HTTPDate.parse("Thursday, 01-Jan-76 00:00:00 GMT", now: in2026)), 2076)
        XCTAssertEqual(year(HTTPDate.parse("Saturday, 01-Jan-77 00:00:00 GMT", now: in2026)), 1977)
        XCTAssertEqual(year(HTTPDate.parse("Tuesday, 01-Jan-30 00:00:00 GMT", now: in2026)), 2030)
    }

    func testMalformedDatesAreRejected() {
        for text in ["", "soon", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 1994 08:49:37 GMT",
                     "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT",
                     "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT", "Sun Nov  6 08:49 1994"] {
            XCTAssertNil(HTTPDate.parse(text), text)
        }
        XCTAssertNotNil(HTTPDate.parse("Tue, 29 Feb 2000 12:00:00 GMT"), "a leap day")
        XCTAssertNil(HTTPDate.parse("Thu, 29 Feb 1900 12:00:00 GMT"), "1900 was not a leap year")
    }

    // MARK: Retry-After

    func testRetryAfterInSeconds() {
        XCTAssertEqual(RateLimit.requestedWait(in: response(["Retry-After": "120"]), now: now), 120)
        XCTAssertEqual(RateLimit.requestedWait(in: response(["retry-after": " 0 "]), now: now), 0)
    }

    func testRetryAfterAsAnHTTPDateInAnyOfItsForms() {
        for date in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            XCTAssertEqual(RateLimit.requestedWait(in: response(["Retry-After": date]), now: now), 90, date)
        }
    }

    func testADateInThePastMeansNoWait() {
        let later = rfcExample.addingTimeInterval(3600)
        XCTAssertEqual(RateLimit.requestedWait(in: response(["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"]), now: later), 0)
    }

    func testWaitsAreCapped() {
        XCTAssertEqual(RateLimit.requestedWait(in: response(["Retry-After": "86400"]), now: now), 300)
        XCTAssertEqual(RateLimit.requestedWait(in: response(["Retry-After": "99999999999999999999999"]), now: now), 300)
        XCTAssertEqual(RateLimit.requestedWait(in: response(["Retry-After": "86400"]), now: now, cap: 30), 30)
    }

    func testMeaninglessRetryAfterValuesAreIgnored() {
        for value in ["soon", "-5", "1.5", "", "5 seconds"] {
            XCTAssertNil(RateLimit.requestedWait(in: response(["Retry-After": value]), now: now), value)
        }
    }

    // MARK: x-ratelimit-*

    func testAnExhaustedQuotaWaitsUntilTheReset() {
        let reset = Int(now.timeIntervalSince1970) + 200
        let github = response(403, ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "\(reset)"])
        XCTAssertEqual(RateLimit.requestedWait(in: github, now: now), 200)
        let mastodon = response(429, ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1994-11-06T08:49:37.000Z"])
        XCTAssertEqual(RateLimit.requestedWait(in: mastodon, now: now), 90)
    }

    func testQuotaLeftMeansNoWait() {
        let reset = Int(now.timeIntervalSince1970) + 200
        XCTAssertNil(RateLimit.requestedWait(in: response(200, ["x-ratelimit-remaining": "12", "x-ratelimit-reset": "\(reset)"]), now: now))
    }

    func testRetryAfterWinsOverTheQuotaReset() {
        let reset = Int(now.timeIntervalSince1970) + 200
        let both = response(403, ["retry-after": "7", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "\(reset)"])
        XCTAssertEqual(RateLimit.requestedWait(in: both, now: now), 7)
    }

    // MARK: Which answers are rate limits

    func testWhichStatusesAreRateLimits() {
        XCTAssertEqual(RateLimit.rateLimitWait(for: response(429, [:]), now: now), 60, "429 without a header")
        XCTAssertEqual(RateLimit.rateLimitWait(for: response(503, ["Retry-After": "30"]), now: now), 30)
        XCTAssertNil(RateLimit.rateLimitWait(for: response(503, [:]), now: now), "a plain 503 is a server error")
        XCTAssertNil(RateLimit.rateLimitWait(for: response(403, [:]), now: now), "a plain 403 is access denied")
        XCTAssertEqual(RateLimit.rateLimitWait(for: response(403, ["x-ratelimit-remaining": "0"]), now: now), 60)
        XCTAssertNil(RateLimit.rateLimitWait(for: response(200, ["Retry-After": "30"]), now: now))
    }

    // MARK: Through the client

    func testA429WithSecondsIsRateLimited() async throws {
        let server = try LoopbackServer { _ in .init(status: 429, headers: ["Retry-After": "120"]) }
        let error = await feedError { [url = server.url("/")] in try await HTTPClient().get(url) }
        XCTAssertEqual(error?.reason, "Rate limited")
        XCTAssertEqual(error?.retryAfter, 120)
    }

    func testA429WithAnHTTPDateIsRateLimited() async throws {
        let server = try LoopbackServer { _ in
            .init(status: 429, headers: ["Retry-After": imfFixdate(Date().addingTimeInterval(90))])
        }
        let error = await feedError { [url = server.url("/")] in try await HTTPClient().get(url) }
        XCTAssertEqual(error?.reason, "Rate limited")
        let wait = try XCTUnwrap(error?.retryAfter)
        XCTAssertTrue((80...91).contains(wait), "\(wait)")
    }

    func testA429WithoutAHeaderWaitsAMinute() async throws {
        let server = try LoopbackServer { _ in .init(status: 429) }
        let error = await feedError { [url = server.url("/")] in try await HTTPClient().get(url) }
        XCTAssertEqual(error?.reason, "Rate limited")
        XCTAssertEqual(error?.retryAfter, 60)
    }

    func testA503WithRetryAfterIsRateLimited() async throws {
        let server = try LoopbackServer { _ in .init(status: 503, headers: ["Retry-After": "30"]) }
        let error = await feedError { [url = server.url("/")] in try await HTTPClient().get(url) }
        XCTAssertEqual(error?.reason, "Rate limited")
        XCTAssertEqual(error?.retryAfter, 30)
    }

    func testGitHubsExhaustedQuotaIsRateLimitedUntilTheReset() async throws {
        let server = try LoopbackServer { request in
            let reset = Int(Date().timeIntervalSince1970) + (request.path == "/far" ? 3600 : 200)
            return .init(status: 403, headers: ["x-ratelimit-limit": "10", "x-ratelimit-remaining": "0",
                                                "x-ratelimit-reset": "\(reset)"],
                         body: Data(#"{"message":"API rate limit exceeded"}"#.utf8))
        }
        let near = await feedError { [url = server.url("/near")] in try await HTTPClient().get(url) }
        XCTAssertEqual(near?.reason, "Rate limited")
        let wait = try XCTUnwrap(near?.retryAfter)
        XCTAssertTrue((190...200).contains(wait), "\(wait)")
        XCTAssertTrue(near?.detail?.contains("API rate limit exceeded") ?? false, "the server's words go to the log")
        let far = await feedError { [url = server.url("/far")] in try await HTTPClient().get(url) }
        XCTAssertEqual(far?.retryAfter, 300, "capped")
    }

    private func year(_ date: Date?) -> Int? {
        guard let date else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.component(.year, from: date)
    }
}
