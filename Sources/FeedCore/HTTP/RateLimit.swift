import Foundation

/// How long a server asked us to wait, read from a response.
///
/// Understands `Retry-After` (RFC 9110, section 10.2.3: delta-seconds or an
/// HTTP-date) and the `x-ratelimit-remaining` / `x-ratelimit-reset` pair
/// (GitHub sends the reset as epoch seconds, Mastodon as an ISO 8601
/// timestamp). Waits are capped so a confused server can't park a feed for
/// a day. "Now" is a parameter, so tests need no clock.
public enum RateLimit {
    /// Longest wait we honour, in seconds.
    public static let defaultCap: Double = 300
    /// The wait when a server says 429 and nothing about how long.
    public static let defaultWait: Double = 60

    /// Seconds the response asks us to wait before asking again, at most
    /// `cap`; nil when it asks nothing. `Retry-After` wins over an exhausted
    /// `x-ratelimit-remaining`. A date in the past means no wait (0).
    public static func requestedWait(in response: HTTPResponse, now: Date, cap: Double = defaultCap) -> Double? {
        if let retryAfter = response.header("retry-after"), let wait = retryAfterWait(retryAfter, now: now) {
            return min(wait, cap)
        }
        if response.header("x-ratelimit-remaining")?.trimmingCharacters(in: .whitespaces) == "0" {
            let reset = response.header("x-ratelimit-reset").flatMap { resetDate($0) }
            return min(reset.map { max(0, $0.timeIntervalSince(now)) } ?? defaultWait, cap)
        }
        return nil
    }

    /// The wait when `response` is a rate limit, nil when it isn't one:
    /// 429 (with `defaultWait` when no header says how long), 503 with a
    /// `Retry-After`, and 403 with an exhausted GitHub quota or a
    /// `Retry-After` (GitHub's secondary limits).
    public static func rateLimitWait(for response: HTTPResponse, now: Date, cap: Double = defaultCap) -> Double? {
        let wait = requestedWait(in: response, now: now, cap: cap)
        switch response.status {
        case 429: return wait ?? min(defaultWait, cap)
        case 503: return response.header("retry-after") != nil ? wait : nil
        case 403: return wait
        default: return nil
        }
    }

    /// Seconds from a `Retry-After` value; nil when it's neither form.
    static func retryAfterWait(_ value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return Double(text) ?? .infinity
        }
        return HTTPDate.parse(text, now: now).map { max(0, $0.timeIntervalSince(now)) }
    }

    private static func resetDate(_ value: String) -> Date? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text) {
            return Date(timeIntervalSince1970: seconds)
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
