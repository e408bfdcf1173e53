import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import XCTest

/// The HTTP client against a real server on 127.0.0.1: what it sends, what
/// it hands back, and the words it fails with.
final class HTTPClientTests: XCTestCase {
    let client = HTTPClient()

    func testSuccessReturnsStatusBodyAndFinalURLAndSendsTheUserAgent() async throws {
        let server = try LoopbackServer { _ in .text("hello") }
        let url = server.url("/feed.json?page=2")
        let client = HTTPClient(policy: HTTPPolicy(version: "9.8.7"))
        let response = try await bounded { try await client.get(url) }
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "hello")
        XCTAssertEqual(response.url, url)
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/feed.json")
        XCTAssertEqual(request.queryValue("page"), "2")
        XCTAssertEqual(request.header("User-Agent"), "Feedline/9.8.7 (+https://github.com/feedline/feedline)")
        XCTAssertEqual(request.header("accept-encoding"), "gzip")
    }

    func testTheDefaultUserAgentNamesVersionZeroOneZero() {
        XCTAssertEqual(HTTPPolicy().userAgent, "Feedline/0.1.0 (+https://github.com/feedline/feedline)")
    }

    func testHeadersAreLookedUpWhateverTheirCase() async throws {
        let server = try LoopbackServer { _ in
            .init(status: 200, headers: ["X-RateLimit-Remaining": "42", "link": "<https://a.example/2>; rel=next"])
        }
        let url = server.url("/")
        let response = try await bounded { [client] in try await client.get(url) }
        XCTAssertEqual(response.header("x-ratelimit-remaining"), "42")
        XCTAssertEqual(response.header("X-RATELIMIT-REMAINING"), "42")
        XCTAssertEqual(response.header("Link"), "<https://a.example/2>; rel=next")
        XCTAssertNil(response.header("x-missing"))
    }

    func testExtraRequestHeadersAreSent() async throws {
        let server = try LoopbackServer { _ in .text("ok") }
        let url = server.url("/")
        _ = try await bounded { [client] in
            try await client.get(url, headers: ["Authorization": "Bearer abc", "Accept": "application/json"])
        }
        XCTAssertEqual(server.requests.first?.header("authorization"), "Bearer abc")
        XCTAssertEqual(server.requests.first?.header("accept"), "application/json")
    }

    func testNotModifiedAnswersOnlyAConditionalRequest() async throws {
        let server = try LoopbackServer { _ in .init(status: 304, headers: ["ETag": "\"v2\""]) }
        let url = server.url("/image.png")
        let response = try await bounded { [client] in try await client.get(url, headers: ["If-None-Match": "\"v2\""]) }
        XCTAssertEqual(response.status, 304)
        XCTAssertEqual(response.header("etag"), "\"v2\"")
        let revalidated = try await bounded { [client] in
            try await client.get(url, headers: ["If-Modified-Since": "Sun, 22 Nov 2026 10:00:00 GMT"])
        }
        XCTAssertEqual(revalidated.status, 304)
        do {
            _ = try await bounded { [client] in try await client.get(url) }
            XCTFail("a 304 to a plain request is an unexpected answer")
        } catch let error as FeedError {
            XCTAssertEqual(error.reason, "The server sent an unexpected answer (304)")
        }
    }

    // MARK: Redirects

    func testRedirectsAreFollowedAndTheFinalURLReported() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/old": .redirect(to: "/moved", status: 301)
            case "/moved": .redirect(to: "new?x=1", status: 307)
            default: .text("arrived at \(request.target)")
            }
        }
        let url = server.url("/old")
        let response = try await bounded { [client] in try await client.get(url) }
        XCTAssertEqual(response.url, server.url("/new?x=1"))
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "arrived at /new?x=1")
        XCTAssertEqual(server.requests.map(\.target), ["/old", "/moved", "/new?x=1"])
    }

    func testPermanentRedirectsSayWhereTheAddressMovedTemporaryOnesDoNot() async throws {
        // /301 redirects to /feed with a 301, and so on.
        let server = try LoopbackServer { request in
            guard let status = Int(request.path.dropFirst()) else { return .text("arrived at \(request.target)") }
            return .redirect(to: "/feed", status: status)
        }
        func moved(_ path: String) async throws -> URL? {
            let url = server.url(path)
            return try await bounded { [client] in try await client.get(url) }.movedPermanently
        }
        let value301 = try await moved("/301")
        XCTAssertEqual(value301, server.url("/feed"))
        let value308 = try await moved("/308")
        XCTAssertEqual(value308, server.url("/feed"))
        let value302 = try await moved("/302")
        XCTAssertNil(value302, "302 says nothing of the address")
        let value307 = try await moved("/307")
        XCTAssertNil(value307)
        let none = try await moved("/feed")
        XCTAssertNil(none, "no redirect")
    }

    func testAChainMovesAsFarAsItsRedirectsArePermanent() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/a": .redirect(to: "/b", status: 301)
            case "/b": .redirect(to: "/c", status: 308)
            case "/c": .redirect(to: "/d", status: 307)
            case "/d": .redirect(to: "/e", status: 301)
            case "/x": .redirect(to: "/a", status: 302)
            default: request.header("If-None-Match") == "\"v1\"" ? .init(status: 304) : .text("arrived at \(request.target)")
            }
        }
        let a = server.url("/a")
        let fromA = try await bounded { [client] in try await client.get(a) }
        XCTAssertEqual(fromA.url, server.url("/e"))
        XCTAssertEqual(fromA.movedPermanently, server.url("/c"), "up to the first temporary redirect")
        let x = server.url("/x")
        let fromX = try await bounded { [client] in try await client.get(x) }
        XCTAssertNil(fromX.movedPermanently, "the address asked for moved only for now")

        // A conditional request says so with its 304 too.
        let revalidated = try await bounded { [client] in
            try await client.get(a, revalidating: HTTPValidators(etag: "\"v1\""))
        }
        XCTAssertEqual(revalidated, .notModified(HTTPValidators(etag: "\"v1\""), movedPermanently: server.url("/c")))
    }

    func testARedirectLoopStopsAfterTheLimit() async throws {
        let server = try LoopbackServer { _ in .redirect(to: "/again") }
        let url = server.url("/start")
        let error = await feedError { [client] in try await client.get(url) }
        XCTAssertEqual(error?.reason, "The server redirected too many times")
        XCTAssertEqual(error?.kind, .tooManyRedirects)
        XCTAssertEqual(server.requests.count, HTTPPolicy().maxRedirects + 1, "the first request and 5 redirects")
    }

    func testARedirectToPlainHTTPElsewhereIsRefused() async throws {
        let server = try LoopbackServer { _ in .redirect(to: "http://example.com/feed.xml") }
        let url = server.url("/feed.xml")
        let error = await feedError { [client] in try await client.get(url) }
        XCTAssertEqual(error?.reason, "Only secure (https) addresses are allowed")
        XCTAssertEqual(error?.kind, .insecure)
        XCTAssertNil(error?.subject, "the address is refused, not a server")
        XCTAssertTrue(error?.detail?.contains("http://example.com/feed.xml") ?? false, "\(String(describing: error))")
        XCTAssertEqual(server.requests.count, 1)
    }

    func testCredentialsAreNotCarriedToAnotherOrigin() async throws {
        let elsewhere = try LoopbackServer { _ in .text("elsewhere") }
        let target = elsewhere.url("/landing").absoluteString
        let server = try LoopbackServer { request in
            request.path == "/here" ? .redirect(to: "/there") : .redirect(to: target)
        }
        let url = server.url("/here")
        let response = try await bounded { [client] in
            try await client.get(url, headers: ["Authorization": "Bearer for-server-only"])
        }
        XCTAssertEqual(response.url, elsewhere.url("/landing"))
        XCTAssertEqual(server.requests.map { $0.header("authorization") }, ["Bearer for-server-only", "Bearer for-server-only"],
                       "a redirect within the origin keeps the credentials")
        XCTAssertEqual(elsewhere.requests.count, 1)
        XCTAssertNil(elsewhere.requests.first?.header("authorization"), "another port is another origin")
    }

    // MARK: Which addresses

    func testPlainHTTPToAnotherHostIsRefusedBeforeAnyNetwork() async throws {
        for address in ["http://example.com/feed", "http://127.0.0.1.example.com/feed", "http://10.0.0.1/",
                        "ftp://example.com/feed", "file:///etc/passwd", "https:///no-host"] {
            let url = try XCTUnwrap(URL(string: address))
            let error = await feedError { [client] in try await client.get(url) }
            XCTAssertEqual(error?.reason, "Only secure (https) addresses are allowed", address)
        }
    }

    func testLoopbackNamesAreAllowedOverPlainHTTP() async throws {
        let server = try LoopbackServer { _ in .text("local") }
        let localhost = try XCTUnwrap(URL(string: "http://localhost:\(server.port)/"))
        let response = try await bounded { [client] in try await client.get(localhost) }
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "local")
        // Nothing listens on ::1 here: refused, which shows it wasn't
        // turned away as insecure.
        let ipv6 = try XCTUnwrap(URL(string: "http://[::1]:\(server.port)/"))
        let error = await feedError { [client] in try await client.get(ipv6) }
        XCTAssertNotEqual(error?.reason, "Only secure (https) addresses are allowed")
    }

    // MARK: Status codes

    func testErrorStatusesBecomePlainReasons() async throws {
        let server = try LoopbackServer { request in
            let status = Int(request.path.dropFirst()) ?? 500
            return .text("nope", status: status)
        }
        let expected = [
            404: "The server says the page doesn't exist (404)",
            410: "The server says the page doesn't exist (410)",
            401: "Access denied (401)",
            403: "Access denied (403)",
            422: "The server refused the request (422)",
            500: "Server error (500)",
            503: "Server error (503)",
            304: "The server sent an unexpected answer (304)",
        ]
        for (status, reason) in expected.sorted(by: { $0.key < $1.key }) {
            let url = server.url("/\(status)")
            let error = await feedError { [client] in try await client.get(url) }
            XCTAssertEqual(error?.reason, reason)
            XCTAssertEqual(error?.status, status, "the status, for the words the reader sees")
            XCTAssertEqual(error?.subject, .server("127.0.0.1"), "\(status)")
            XCTAssertNil(error?.serverMessage, "“nope” is no JSON error object")
            XCTAssertNil(error?.retryAfter, "\(status)")
            XCTAssertTrue(error?.detail?.contains(url.absoluteString) ?? false, "the detail names the address")
        }
    }

    func testAChallengeForCredentialsIsAccessDenied() async throws {
        let server = try LoopbackServer { _ in
            .init(status: 401, headers: ["WWW-Authenticate": "Basic realm=\"feeds\""], body: Data("who?".utf8))
        }
        let url = server.url("/private")
        let error = await feedError { [client] in try await client.get(url) }
        XCTAssertEqual(error?.reason, "Access denied (401)")
        XCTAssertEqual(error?.status, 401)
    }

    func testAJSONErrorBodyGivesTheServersOwnWords() async throws {
        let server = try LoopbackServer { _ in
            .init(status: 404, headers: ["Content-Type": "application/json"],
                  body: Data(#"{"error": "Record\nnot found"}"#.utf8))
        }
        let error = await feedError { [client] in try await client.get(server.url("/api/v1/timelines/tag/x")) }
        XCTAssertEqual(error?.kind, .notFound)
        XCTAssertEqual(error?.status, 404)
        XCTAssertEqual(error?.serverMessage, "Record not found", "one plain line")
    }

    // MARK: Faults

    func testABodyDeclaredOverTheLimitIsRefused() async throws {
        let server = try LoopbackServer { _ in .stream(byteCount: 5 * 1024 * 1024, declaresLength: true) }
        let url = server.url("/huge")
        let client = HTTPClient(policy: HTTPPolicy(maxBodyBytes: 1024 * 1024))
        let error = await feedError { try await client.get(url) }
        XCTAssertEqual(error?.reason, "The response is too large (over 1 MB)")
        XCTAssertTrue(error?.detail?.contains("Content-Length 5242880") ?? false, "\(String(describing: error))")
    }

    func testAnEndlessBodyIsCutOffAtTheLimit() async throws {
        let server = try LoopbackServer { _ in .endlessBody }
        let url = server.url("/endless")
        let error = await feedError { [client] in try await client.get(url) }
        XCTAssertEqual(error?.reason, "The response is too large (over 10 MB)")
    }

    func testABodyOfExactlyTheLimitIsAccepted() async throws {
        let server = try LoopbackServer { request in
            let size = Int(request.queryValue("size")!)!
            return .stream(byteCount: size, declaresLength: request.queryValue("declared") == "1")
        }
        let client = HTTPClient(policy: HTTPPolicy(maxBodyBytes: 100_000))
        for declared in ["0", "1"] {
            let fits = server.url("/?size=100000&declared=\(declared)")
            let response = try await bounded { try await client.get(fits) }
            XCTAssertEqual(response.body.count, 100_000)
            let over = server.url("/?size=100001&declared=\(declared)")
            let error = await feedError { try await client.get(over) }
            XCTAssertEqual(error?.reason, "The response is too large (over 97 KB)")
        }
    }

    func testATruncatedBodyIsReportedAsIncomplete() async throws {
        let server = try LoopbackServer { _ in .truncated(Data("{\"items\": [".utf8), declaredLength: 5000) }
        let url = server.url("/feed.json")
        let error = await feedError { [client] in try await client.get(url) }
        XCTAssertEqual(error?.reason, "The server's answer was incomplete")
    }

    func testAServerThatHangsUpWithoutAnsweringIsSaidSo() async throws {
        let server = try LoopbackServer { _ in .noAnswer }
        let url = server.url("/")
        let error = await feedError { [client] in try await client.get(url) }
        XCTAssertEqual(error?.reason, "The server 127.0.0.1 closed the connection without answering")
    }

    func testASilentServerHitsTheIdleTimeout() async throws {
        let server = try LoopbackServer { _ in Response.text("late").delayed(by: .seconds(60)) }
        let url = server.url("/slow")
        let client = HTTPClient(policy: HTTPPolicy(idleTimeout: .seconds(1), responseTimeout: .seconds(30)))
        let error = await feedError { try await client.get(url) }
        XCTAssertEqual(error?.reason, "The server took too long to answer")
    }

    func testATrickleHitsTheWholeResponseTimeout() async throws {
        let server = try LoopbackServer { _ in .drip(every: .milliseconds(200)) }
        let url = server.url("/trickle")
        let client = HTTPClient(policy: HTTPPolicy(idleTimeout: .seconds(5), responseTimeout: .seconds(1)))
        let error = await feedError { try await client.get(url) }
        XCTAssertEqual(error?.reason, "The server took too long to answer")
    }

    func testAPortNobodyListensOnRefusesTheConnection() async throws {
        let server = try LoopbackServer { _ in .text("gone") }
        let url = server.url("/")
        server.stop()
        let error = await feedError { [client] in try await client.get(url) }
        XCTAssertEqual(error?.reason, "The server 127.0.0.1 refused the connection")
        XCTAssertEqual(error?.kind, .refused)
        XCTAssertEqual(error?.subject, .server("127.0.0.1"))
    }

    func testAGzipBodyIsHandedBackDecoded() async throws {
        let text = (0..<5000).map { "line \($0) of a feed that compresses well\n" }.joined()
        let server = try LoopbackServer { _ in .gzip(Data(text.utf8), headers: ["Content-Type": "text/plain"]) }
        let url = server.url("/feed.txt")
        let response = try await bounded { [client] in try await client.get(url) }
        XCTAssertGreaterThan(text.utf8.count, 65535, "more than one stored deflate block")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), text)
        XCTAssertEqual(server.requests.first?.header("accept-encoding"), "gzip")
    }

    // MARK: Cancellation

    func testCancellingAWaitingRequestThrowsCancellationErrorPromptly() async throws {
        let arrivals = Arrivals()
        let server = try LoopbackServer { _ in
            arrivals.arrived()
            // The slow server is the scenario: the request waits for an answer.
            return Response.text("late").delayed(by: .seconds(60))
        }
        let url = server.url("/slow")
        let client = HTTPClient(policy: HTTPPolicy(idleTimeout: .seconds(60), responseTimeout: .seconds(60)))
        let request = Task { try await client.get(url) }
        try await bounded { await arrivals.count(reaches: 1) }
        request.cancel()
        do {
            _ = try await bounded(10) { try await request.value }
            XCTFail("a cancelled request must not succeed")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testCancellingDuringAnEndlessBodyThrowsCancellationError() async throws {
        let arrivals = Arrivals()
        let server = try LoopbackServer { _ in
            arrivals.arrived()
            return .drip(every: .milliseconds(50))
        }
        let url = server.url("/trickle")
        let request = Task { [client] in try await client.get(url) }
        try await bounded { await arrivals.count(reaches: 1) }
        // The scenario, not a wait: lets the body start, so the cancel lands mid-body (earlier ends the same way).
        try await Task.sleep(for: .milliseconds(200))
        request.cancel()
        do {
            _ = try await bounded(10) { try await request.value }
            XCTFail("a cancelled request must not succeed")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testARequestFromAnAlreadyCancelledTaskIsNeverSent() async throws {
        let server = try LoopbackServer { _ in .text("never") }
        let url = server.url("/")
        let request = Task { [client] in
            while !Task.isCancelled { await Task.yield() }
            return try await client.get(url)
        }
        request.cancel()
        do {
            _ = try await bounded { try await request.value }
            XCTFail("a cancelled request must not succeed")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertTrue(server.requests.isEmpty)
    }

    // MARK: Secrets

    func testTheTokenNeverAppearsInAnError() async throws {
        let token = "ghp_s3cr3tT0kenValue1234567890"
        let elsewhere = try LoopbackServer { _ in .text("elsewhere") }
        let server = try LoopbackServer { request in
            // A careless server echoing what it was sent.
            let echo = "you sent \(request.header("authorization") ?? "nothing")"
            switch request.path {
            case "/missing": return .text(echo, status: 404)
            case "/broken": return .text(echo, status: 500)
            case "/limited": return .init(status: 429, headers: ["Retry-After": "5", "X-Echo": echo], body: Data(echo.utf8))
            case "/cut": return .truncated(Data(echo.utf8), declaredLength: 10_000)
            case "/loop": return .redirect(to: "/loop?token=\(token)")
            case "/insecure": return .redirect(to: "http://example.com/?access_token=\(token)")
            default: return .redirect(to: elsewhere.url("/x?\(token)").absoluteString)
            }
        }
        let refused = try LoopbackServer { _ in .noAnswer }
        let refusedURL = refused.url("/")
        refused.stop()
        let urls = ["/missing", "/broken", "/limited", "/cut", "/loop", "/insecure"].map { server.url($0) }
            + [refusedURL]
        for url in urls {
            let error = await feedError { [client] in
                try await client.get(url, headers: ["Authorization": "Bearer \(token)"])
            }
            let texts = [error?.reason, error?.detail, error.map(String.init(describing:))].compactMap { $0 }
            XCTAssertFalse(texts.isEmpty)
            for text in texts {
                XCTAssertFalse(text.contains(token), "\(url.path): \(text)")
                XCTAssertFalse(text.contains("s3cr3t"), "\(url.path): \(text)")
            }
        }
        XCTAssertEqual(server.requests.first?.header("authorization"), "Bearer \(token)", "the token was sent")
    }
}

private typealias Response = LoopbackServer.Response
