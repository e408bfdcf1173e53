import CFuzzerDriver
import FeedCore
import Foundation

/// One FeedCore parser as libFuzzer drives it: the bytes libFuzzer makes
/// go to the parser the way a server's answer (or a feed's field) would.
/// Every parser must return (or throw its `FeedError`) on any input; a
/// crash, a trap, an ASan report or a run over `-timeout` is a finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case xml, feed, jsonfeed, mastodon, github, hackernews
    case plaintext, richtext, linkheader, dates, blurhash, ratelimit

    static let base = URL(string: "https://feeds.example/blog/feed?page=2")!

    /// The parser on one input.
    public func parse(_ data: Data) {
        let text = { String(decoding: data, as: UTF8.self) }
        switch self {
        case .xml:
            _ = try? XMLFeedParser.parse(data, baseURL: Self.base)
        case .feed:
            // The charset a Content-Type header would name, picked by the
            // last byte so every seed stays a plain document.
            let charsets: [String?] = [nil, "utf-8", "iso-8859-1", "windows-1252", "utf-16", "shift_jis", "koi8-r", "x-bogus"]
            let charset = charsets[Int(data.last ?? 0) % charsets.count]
            _ = try? FeedDocumentParser.parse(data, baseURL: Self.base, charset: charset)
        case .jsonfeed:
            _ = try? JSONFeedParser.parse(data, baseURL: Self.base)
        case .mastodon:
            _ = try? MastodonTimelineParser.parse(data)
        case .github:
            _ = try? GitHubSearchParser.parse(data)
        case .hackernews:
            _ = try? HackerNewsParser.parse(data)
        case .plaintext:
            _ = PlainText.fromHTML(text())
        case .richtext:
            _ = RichTextParser.parse(text(), base: Self.base)
        case .linkheader:
            _ = LinkHeader.parse(text(), base: Self.base)
        case .dates:
            _ = FeedDates.parse(text())
        case .blurhash:
            // The hash, then the size asked for and the contrast in the last
            // bytes after a newline, when there are any.
            let parts = data.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
            let hash = String(decoding: parts[0], as: UTF8.self)
            let extra = parts.count > 1 ? Array(parts[1]) : []
            guard let blurhash = Blurhash(hash) else { return }
            let width = extra.count > 0 ? Int(extra[0]) - 64 : 32
            let height = extra.count > 1 ? Int(extra[1]) - 64 : 32
            let punch = extra.count > 2 ? Double(extra[2]) / 32 : 1
            let pixels = blurhash.pixels(width: width, height: height, punch: punch)
            let side = { (value: Int) in min(max(value, 1), Blurhash.maxSide) }
            precondition(pixels.count == side(width) * side(height) * 4, "blurhash: wrong pixel count")
        case .ratelimit:
            // Lines: Retry-After, x-ratelimit-remaining, x-ratelimit-reset,
            // then a status code. The first line is read as an HTTP date too.
            let lines = text().split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            _ = HTTPDate.parse(lines[0], now: now)
            var headers: [String: String] = [:]
            for (name, value) in zip(["Retry-After", "X-RateLimit-Remaining", "X-RateLimit-Reset"], lines) {
                headers[name] = value
            }
            let status = lines.count > 3 ? Int(lines[3].prefix(3)) ?? 429 : 429
            let response = HTTPResponse(status: status, url: Self.base, headers: headers)
            if let wait = RateLimit.rateLimitWait(for: response, now: now) {
                precondition(wait >= 0 && wait <= RateLimit.defaultCap, "ratelimit: wait \(wait) out of 0...cap")
            }
        }
    }

    /// libFuzzer's `LLVMFuzzerTestOneInput`.
    public func run(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let data = bytes.map { Data(bytes: $0, count: size) } ?? Data()
        parse(data)
        return 0
    }

    /// The fuzz target's `main`: libFuzzer's driver with the command
    /// line given. With `FEEDLINE_FUZZ_PROBE` set (to a corpus folder, or
    /// empty), runs the scaling probe instead and exits 0 when every shape
    /// scaled about linearly, 3 when one did not.
    public func main(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        if let corpus = ProcessInfo.processInfo.environment["FEEDLINE_FUZZ_PROBE"] {
            let slow = ScalingProbe(target: self).run(corpus: corpus.isEmpty ? nil : corpus)
            fflush(nil)
            exit(slow ? 3 : 0)
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}
