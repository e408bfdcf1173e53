import FeedCore
import FeedStore
import Foundation
import Loopback
import Synchronization
import XCTest

/// Feeds on a real HTTP server on 127.0.0.1, as a well-behaved site
/// serves them: `/feeds/N.xml` is an RSS feed with an `ETag` and a
/// `Last-Modified`, answering 304 to a request that names its current
/// version. A test changes a feed (`publish`), makes one misbehave
/// (`fault`), sends an address elsewhere (`redirect`), slows every answer
/// down (`answerTime`), and reads what the server saw: every request, and
/// the most it answered at once.
final class FeedServer: Sendable {
    /// How a feed misbehaves.
    enum Fault: Sendable {
        case serverError
        case garbage
        /// Answers only after `seconds`.
        case silent(seconds: Int)
    }

    private struct Feed {
        var version = 1
        var items: [Int]
        var titles: [Int: String] = [:]
        var extra = ""
        var fault: Fault?
    }

    private struct State {
        var feeds: [Int: Feed] = [:]
        var active = 0
        var mostAtOnce = 0
        var answerTime: Duration = .zero
        /// Request targets answered with a redirect: where to, and status.
        var redirects: [String: (location: String, status: Int)] = [:]
    }

    /// What the server's threads and the test share.
    private final class Core: Sendable {
        let state = Mutex(State())
    }

    private let core = Core()
    private let server: LoopbackServer

    init() throws {
        let core = core
        server = try LoopbackServer { request in Self.answer(request, core: core) }
    }

    func stop() { server.stop() }

    var requests: [LoopbackServer.Request] { server.requests }

    /// Feed `n`'s address.
    func url(_ n: Int) -> URL { server.url("/feeds/\(n).xml") }

    func url(_ path: String) -> URL { server.url(path) }

    /// Feed `n` now lists `items` (newest first), `titles` overriding the
    /// made-up ones, `extra` inside its channel; a new version, so a new ETag.
    func publish(_ n: Int, items: [Int], titles: [Int: String] = [:], extra: String = "") {
        core.state.withLock { state in
            var feed = state.feeds[n] ?? Feed(items: [])
            feed.version += state.feeds[n] == nil ? 0 : 1
            feed.items = items
            feed.titles = titles
            feed.extra = extra
            state.feeds[n] = feed
        }
    }

    func fault(_ n: Int, _ fault: Fault?) {
        core.state.withLock { $0.feeds[n, default: Feed(items: [])].fault = fault }
    }

    /// Answers requests for `target` (path and query, as sent) with a
    /// redirect to `location` (301, 302, 307, 308); nil: not any more.
    func redirect(_ target: String, to location: URL?, status: Int = 301) {
        core.state.withLock { $0.redirects[target] = location.map { ($0.absoluteString, status) } }
    }

    /// How long each answer takes (the handler holds its connection).
    func setAnswerTime(_ duration: Duration) {
        core.state.withLock { $0.answerTime = duration }
    }

    /// The most requests the server was answering at one moment.
    var mostAtOnce: Int { core.state.withLock { $0.mostAtOnce } }

    /// Requests for feed `n`, in order.
    func requests(for n: Int) -> [LoopbackServer.Request] {
        requests.filter { $0.path == "/feeds/\(n).xml" }
    }

    static func etag(_ n: Int, version: Int) -> String { "\"feed\(n)-v\(version)\"" }
    static let lastModified = "Tue, 24 Nov 2026 08:00:00 GMT"

    private static var rfc822: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }

    private static func answer(_ request: LoopbackServer.Request, core: Core) -> LoopbackServer.Response {
        let wait = core.state.withLock { state in
            state.active += 1
            state.mostAtOnce = max(state.mostAtOnce, state.active)
            return state.answerTime
        }
        defer { core.state.withLock { $0.active -= 1 } }
        if wait > .zero { Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18) }
        if let redirect = core.state.withLock({ $0.redirects[request.target] }) {
            return .redirect(to: redirect.location, status: redirect.status)
        }
        let parts = request.path.split(separator: "/")
        guard parts.count == 2, parts[0] == "feeds", let n = Int(parts[1].dropLast(4)),
              let feed = core.state.withLock({ $0.feeds[n] }) else { return .text("no such feed", status: 404) }
        switch feed.fault {
        case .serverError: return .text("down for maintenance", status: 500)
        case .garbage: return .text("\u{1}\u{2} this is no feed at all \u{3}", headers: ["Content-Type": "application/rss+xml"])
        case .silent(let seconds): return LoopbackServer.Response.text("late").delayed(by: .seconds(seconds))
        case nil: break
        }
        let etag = Self.etag(n, version: feed.version)
        if request.header("If-None-Match") == etag {
            return .init(status: 304, headers: ["ETag": etag])
        }
        let items: String = feed.items.map { i -> String in
            let date = Date(timeIntervalSince1970: 1_790_000_000 + Double(i) * 3600)
            let title: String = feed.titles[i] ?? "Feed \(n), item \(i)"
            return """
                <item><guid>https://feeds.example/\(n)/\(i)</guid><title>\(title)</title>
                <link>https://feeds.example/\(n)/\(i)</link><description>Text \(i)</description>
                <pubDate>\(rfc822.string(from: date))</pubDate></item>
                """
        }.joined()
        let body = """
            <?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
            <title>Feed \(n)</title><link>https://feeds.example/\(n)/</link>\(feed.extra)\(items)</channel></rss>
            """
        return .init(status: 200, headers: ["ETag": etag, "Last-Modified": Self.lastModified,
                                            "Content-Type": "application/rss+xml; charset=utf-8"], body: Data(body.utf8))
    }
}

/// A source factory for tests: web sources through `http`, the sample
/// from the checkout's data/.
func testSources(http: HTTPClient = HTTPClient(), pageSize: Int = 20) -> FeedSourceFactory {
    FeedSourceFactory(sampleFile: repository.appendingPathComponent("data/sample-feed.json"), pageSize: pageSize, http: http)
}

/// The checkout this test was built from.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

extension FeedStore {
    /// Subscribes to `urls` as feed documents, in order.
    func subscribe(documents urls: [URL]) async throws -> [Subscription.ID] {
        try await subscribe(urls.map { NewSubscription(.document($0)) }).subscriptions
    }
}
