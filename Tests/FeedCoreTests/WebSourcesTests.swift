import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import Synchronization
import XCTest

/// Each web source against a real HTTP server on 127.0.0.1, paged through
/// the real paging state machine: pages in order, nothing skipped or
/// repeated (retries included), the end detected, bad answers explained.
final class WebSourcesTests: XCTestCase {
    private var server: LoopbackServer!

    override func tearDown() {
        server?.stop()
        server = nil
    }

    private func serve(_ handler: @escaping LoopbackServer.Handler) {
        server = try! LoopbackServer(handler: handler)
    }

    private static func json(_ object: Any) -> Data {
        try! JSONSerialization.data(withJSONObject: object)
    }

    /// Next pages a `PageAheadSource` foresaw otherwise than they came.
    private var misforeseen: [String] = []

    /// Pages `source` to its end like the window does; a failed page is
    /// retried (same cursor) up to `retries` times in all.
    private func loadAll(_ source: any FeedSource, retries: Int = 0, limit: Int = 100) async throws -> [String] {
        var state = PagingState()
        var ids: [String] = []
        var retriesLeft = retries
        var request = state.requestMore()
        var count = 0
        while let current = request, count < limit {
            count += 1
            do {
                let page = try await source.nextPage(after: current.cursor)
                // A source that names its pages ahead must name them as it pages.
                if let ahead = source as? any PageAheadSource, let cursor = current.cursor, let next = page.next,
                   ahead.cursor(after: cursor) != next {
                    misforeseen.append("after \(cursor): foreseen \(ahead.cursor(after: cursor).map(\.rawValue) ?? "nil"), was \(next)")
                }
                ids += state.receive(page, for: current)?.items.map(\.id) ?? []
                request = state.requestMore()
            } catch let error as FeedError {
                _ = state.fail(error, for: current)
                guard retriesLeft > 0 else { throw error }
                retriesLeft -= 1
                request = state.retry()
            }
        }
        XCTAssertEqual(state.phase, .exhausted)
        return ids
    }

    // MARK: Mastodon

    private static func status(_ id: String, text: String = "Hello") -> [String: Any] {
        ["id": id, "created_at": "2026-11-20T10:00:00.000Z", "url": "https://social.example/@ana/\(id)",
         "uri": "https://social.example/users/ana/statuses/\(id)", "content": "<p>\(text) \(id)</p>",
         "spoiler_text": "", "sensitive": false, "reblog": NSNull(), "media_attachments": [],
         "account": ["id": "1", "acct": "ana", "display_name": "Ana", "avatar": "https://social.example/a.png"]]
    }

    func testMastodonFollowsOnlyTheLinkHeader() async throws {
        // The next links carry cursors that have nothing to do with the ids
        // in the body: a source computing max_id itself would ask wrongly.
        serve { request in
            let page = Int(request.queryValue("max_id")?.dropFirst(6) ?? "0") ?? 0
            let ids = (0..<40).map { String(9000 - page * 40 - $0) }
            var headers = ["Content-Type": "application/json"]
            if page < 2 {
                headers["Link"] = "<http://127.0.0.1:\(request.header("host")!.split(separator: ":").last!)\(request.path)?limit=40&max_id=opaque\(page + 1)>; rel=\"next\", <http://x.invalid/?min_id=1>; rel=\"prev\""
            }
            return .init(headers: headers, body: Self.json(page < 3 ? ids.map { Self.status($0) } : []))
        }
        let source = MastodonSource(instance: server.baseURL, timeline: .local, http: HTTPClient())
        let ids = try await loadAll(source)
        XCTAssertEqual(ids.count, 120)
        XCTAssertEqual(Set(ids).count, 120, "nothing repeated")
        XCTAssertEqual(ids.first, "9000")
        let asked = server.requests
        XCTAssertEqual(asked.map(\.path), Array(repeating: "/api/v1/timelines/public", count: 3))
        XCTAssertEqual(asked.map { $0.queryValue("max_id") }, [nil, "opaque1", "opaque2"])
        XCTAssertEqual(asked[0].queryValue("local"), "true")
        XCTAssertEqual(asked[0].queryValue("limit"), "40")
    }

    func testAServerWhoseNextLinkGoesNowhereIsStoppedNotAskedForever() async throws {
        // Every page links to itself and repeats the same posts.
        serve { request in
            let base = "http://127.0.0.1:\(request.header("host")!.split(separator: ":").last!)"
            return .init(headers: ["Link": "<\(base)/api/v1/timelines/public?limit=40&max_id=same>; rel=\"next\""],
                         body: Self.json((0..<5).map { Self.status(String($0)) }))
        }
        let source = MastodonSource(instance: server.baseURL, timeline: .federated, http: HTTPClient())
        var state = PagingState()
        var requests = 0
        while let request = state.requestMore(), requests < 50 {
            requests += 1
            _ = state.receive(try await source.nextPage(after: request.cursor), for: request)
        }
        XCTAssertEqual(state.phase, .exhausted)
        XCTAssertTrue(state.stalled)
        XCTAssertEqual(state.itemCount, 5)
        XCTAssertLessThanOrEqual(requests, PagingState.fruitlessPageLimit + 1, "a few tries, then the end")
    }

    func testMastodonHashtagAndFederatedAddresses() {
        let instance = URL(string: "https://mastodon.social")!
        XCTAssertEqual(MastodonSource(instance: instance, timeline: .tag("swift"), http: HTTPClient()).firstPageURL.absoluteString,
                       "https://mastodon.social/api/v1/timelines/tag/swift?limit=40")
        XCTAssertEqual(MastodonSource(instance: instance, timeline: .federated, http: HTTPClient()).firstPageURL.absoluteString,
                       "https://mastodon.social/api/v1/timelines/public?limit=40")
    }

    func testMastodonErrorsAreExplained() async {
        serve { request in
            switch request.queryValue("case") {
            case "broken": return .text("[{\"id\": \"1\", \"content\": ")
            case "gone": return .init(status: 404, body: Self.json(["error": "Record not found"]))
            default: return .text("<html><body>Welcome to nginx</body></html>", headers: ["Content-Type": "text/html"])
            }
        }
        for name in ["broken", "gone", "html"] {
            let source = MastodonSource(instance: server.url("/?case=\(name)"), timeline: .federated, http: HTTPClient())
            do {
                _ = try await source.nextPage(after: nil)
                XCTFail("\(name) should fail")
            } catch let error as FeedError {
                XCTAssertFalse(error.reason.isEmpty, name)
            } catch {
                XCTFail("\(name): not a FeedError: \(error)")
            }
        }
    }

    // MARK: GitHub

    private static func repository(_ number: Int) -> [String: Any] {
        ["id": number, "full_name": "owner\(number)/repo\(number)", "html_url": "https://github.com/owner\(number)/repo\(number)",
         "description": "Repository \(number)", "stargazers_count": 100_000 - number, "language": "Swift",
         "updated_at": "2026-11-20T10:00:00Z", "owner": ["login": "owner\(number)", "avatar_url": "https://avatars.example/\(number)"]]
    }

    func testGitHubStopsCleanlyAtTheThousandResultCap() async throws {
        let failedOnce = Mutex(false)
        serve { request in
            let page = Int(request.queryValue("page") ?? "1") ?? 1
            let perPage = Int(request.queryValue("per_page") ?? "30") ?? 30
            if page > 34 { return .init(status: 422, body: Self.json(["message": "Only the first 1000 search results are available"])) }
            let failsNow = page == 7 && failedOnce.withLock { failed in
                defer { failed = true }
                return !failed
            }
            if failsNow {
                return .init(status: 502, body: Self.json(["message": "Server Error"]))
            }
            let start = (page - 1) * perPage
            let items = (start..<min(start + perPage, 1000)).map(Self.repository)
            let base = "http://127.0.0.1:\(request.header("host")!.split(separator: ":").last!)\(request.path)"
            let query = "q=\(request.queryValue("q")!.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&sort=stars&order=desc&per_page=\(perPage)"
            // Like GitHub: a next link on every page but the last reachable one.
            let link = "<\(base)?\(query)&page=\(page + 1)>; rel=\"next\", <\(base)?\(query)&page=167>; rel=\"last\""
            return .init(headers: ["Link": link, "Content-Type": "application/json"],
                         body: Self.json(["total_count": 5000, "incomplete_results": false, "items": items]))
        }
        let source = GitHubSearchSource(query: "language:swift stars:>10", api: server.url("/api/v3"),
                                        token: "ghp_SECRET_TOKEN", http: HTTPClient())
        let ids = try await loadAll(source, retries: 1)
        XCTAssertEqual(ids.count, 1000, "exactly the results GitHub serves")
        XCTAssertEqual(misforeseen, [], "every next page as foreseen (several can be asked at once)")
        XCTAssertNil(source.cursor(after: PageCursor(server.url("/api/v3/search/repositories").absoluteString + "?q=x&per_page=30&page=34")),
                     "none past the cap")
        XCTAssertEqual(Set(ids).count, 1000)
        let asked = server.requests
        XCTAssertEqual(asked.map { $0.queryValue("page") }.last, "34", "never asks past the cap (a 422)")
        XCTAssertEqual(asked.filter { $0.queryValue("page") == "7" }.count, 2, "the failed page asked again")
        XCTAssertEqual(asked[0].path, "/api/v3/search/repositories")
        XCTAssertEqual(asked[0].queryValue("q"), "language:swift stars:>10")
        XCTAssertEqual(asked[0].queryValue("sort"), "stars")
        XCTAssertEqual(asked[0].header("authorization"), "Bearer ghp_SECRET_TOKEN")
    }

    func testGitHubRateLimitSaysHowLongToWaitAndNeverShowsTheToken() async {
        let reset = Int(Date().timeIntervalSince1970) + 42
        serve { _ in
            .init(status: 403, headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset)],
                  body: Self.json(["message": "API rate limit exceeded"]))
        }
        let source = GitHubSearchSource(query: "gtk", api: server.baseURL, token: "ghp_SECRET_TOKEN", http: HTTPClient())
        do {
            _ = try await source.nextPage(after: nil)
            XCTFail("a rate limit is a failure")
        } catch let error as FeedError {
            XCTAssertEqual(error.reason, "Rate limited")
            let wait = try! XCTUnwrap(error.retryAfter)
            XCTAssertTrue((30...43).contains(wait), "about 42 s, was \(wait)")
            XCTAssertFalse(error.description.contains("SECRET"), error.description)
        } catch {
            XCTFail("not a FeedError: \(error)")
        }
    }

    // MARK: Hacker News

    func testHackerNewsPagesAreNumberedFromZeroAndPinned() async throws {
        let newest = 1_800_000_000
        serve { request in
            let page = Int(request.queryValue("page") ?? "0") ?? 0
            let hits: [[String: Any]] = (0..<30).map { index in
                let number = page * 30 + index
                return ["objectID": String(50_000 - number), "title": "Story \(number)", "url": "https://example.org/\(number)",
                        "author": "pg", "points": 10, "num_comments": 2, "created_at": "2027-01-15T08:00:00Z",
                        "created_at_i": newest - number * 60]
            }
            return .init(headers: ["Content-Type": "application/json"],
                         body: Self.json(["hits": hits, "page": page, "nbPages": 3, "hitsPerPage": 30, "nbHits": 90]))
        }
        let ids = try await loadAll(HackerNewsSource(api: server.baseURL, http: HTTPClient()))
        XCTAssertEqual(ids.count, 90)
        XCTAssertEqual(Set(ids).count, 90)
        XCTAssertEqual(misforeseen, [], "every next page as foreseen (several can be asked at once)")
        let asked = server.requests
        XCTAssertEqual(asked.map { $0.queryValue("page") }, ["0", "1", "2"], "0-based, nbPages ends it")
        XCTAssertEqual(asked.map(\.path), Array(repeating: "/api/v1/search_by_date", count: 3))
        XCTAssertEqual(asked[0].queryValue("tags"), "story")
        XCTAssertNil(asked[0].queryValue("numericFilters"))
        XCTAssertEqual(asked[1].queryValue("numericFilters"), "created_at_i<=\(newest)", "later pages pinned to the first")
        XCTAssertEqual(asked[2].queryValue("numericFilters"), "created_at_i<=\(newest)")
    }

    // MARK: Feed documents on the web

    private static func jsonFeed(_ range: Range<Int>, next: String?) -> Data {
        var feed: [String: Any] = [
            "version": "https://jsonfeed.org/version/1.1", "title": "Archive",
            "items": range.map { ["id": "post-\($0)", "title": "Post \($0)", "content_text": "Text \($0)"] },
        ]
        if let next { feed["next_url"] = next }
        return json(feed)
    }

    func testAFeedDocumentIsPagedLocallyThenFollowsItsNextLink() async throws {
        serve { request in
            switch request.path {
            case "/feed.json": return .init(body: Self.jsonFeed(0..<25, next: "older.json"))
            case "/older.json": return .init(body: Self.jsonFeed(25..<40, next: nil))
            default: return .text("no", status: 404)
            }
        }
        let source = WebDocumentSource(url: server.url("/feed.json"), pageSize: 10, http: HTTPClient())
        let ids = try await loadAll(source)
        XCTAssertEqual(ids, (0..<40).map { "post-\($0)" })
        XCTAssertEqual(server.requests.map(\.path), ["/feed.json", "/older.json"], "each document fetched once")
    }

    func testAWebPageIsNotAFeed() async {
        serve { _ in .text("<!doctype html><html><body><script>alert(1)</script></body></html>",
                           headers: ["Content-Type": "text/html"]) }
        do {
            _ = try await WebDocumentSource(url: server.url("/"), http: HTTPClient()).nextPage(after: nil)
            XCTFail("a web page is not a feed")
        } catch let error as FeedError {
            XCTAssertTrue(error.reason.contains("web page"), error.reason)
        } catch {
            XCTFail("not a FeedError: \(error)")
        }
    }
}
