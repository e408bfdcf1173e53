import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import XCTest

/// Conditional GETs against a real server on 127.0.0.1: the validators
/// sent back as they came, 304 as an answer and not an error, and every
/// limit of a plain GET kept.
final class HTTPConditionalTests: XCTestCase {
    let client = HTTPClient()
    static let lastModified = "Sun, 22 Nov 2026 10:00:00 GMT"

    /// A feed whose copy is current for `etag`: 304 to a request that
    /// names it, else the feed with its validators.
    private func feedServer(etag: String = "\"v1\"") throws -> LoopbackServer {
        try LoopbackServer { request in
            if request.header("If-None-Match") == etag {
                return .init(status: 304, headers: ["ETag": etag])
            }
            return .init(status: 200, headers: ["ETag": etag, "Last-Modified": Self.lastModified,
                                                "Content-Type": "application/rss+xml"],
                         body: Data("<rss><channel><title>T</title></channel></rss>".utf8))
        }
    }

    func testTheFirstAnswerGivesValidatorsAndTheSecondRequestSendsThemBack() async throws {
        let server = try feedServer()
        let url = server.url("/feed.xml")
        let first = try await bounded { [client] in try await client.get(url, revalidating: HTTPValidators()) }
        guard case .modified(let response) = first else { return XCTFail("expected the feed, got \(first)") }
        XCTAssertEqual(response.status, 200)
        XCTAssertFalse(response.body.isEmpty)
        XCTAssertEqual(response.validators, HTTPValidators(etag: "\"v1\"", lastModified: Self.lastModified))
        XCTAssertNil(server.requests[0].header("If-None-Match"), "nothing to revalidate the first time")
        XCTAssertNil(server.requests[0].header("If-Modified-Since"))

        let second = try await bounded { [client] in try await client.get(url, revalidating: response.validators) }
        XCTAssertEqual(second, .notModified(response.validators))
        XCTAssertEqual(server.requests[1].header("If-None-Match"), "\"v1\"")
        XCTAssertEqual(server.requests[1].header("If-Modified-Since"), Self.lastModified)
    }

    func testANotModifiedAnswerMayBringANewETagAndKeepsTheOtherValidator() async throws {
        let server = try LoopbackServer { _ in .init(status: 304, headers: ["ETag": "\"v2\""]) }
        let stored = HTTPValidators(etag: "\"v1\"", lastModified: Self.lastModified)
        let answer = try await bounded { [client] in try await client.get(server.url("/"), revalidating: stored) }
        XCTAssertEqual(answer, .notModified(HTTPValidators(etag: "\"v2\"", lastModified: Self.lastModified)))
    }

    func testAWeakETagGoesBackExactlyAsItCame() async throws {
        let server = try feedServer(etag: "W/\"5e-abc\"")
        let url = server.url("/feed.xml")
        let first = try await bounded { [client] in try await client.get(url, revalidating: HTTPValidators()) }
        guard case .modified(let response) = first else { return XCTFail("\(first)") }
        let second = try await bounded { [client] in try await client.get(url, revalidating: response.validators) }
        XCTAssertEqual(server.requests.last?.header("If-None-Match"), "W/\"5e-abc\"")
        XCTAssertEqual(second, .notModified(response.validators))
    }

    func testOnlyLastModifiedIsSentWhenThereIsNoETag() async throws {
        let server = try LoopbackServer { request in
            request.header("If-Modified-Since") == Self.lastModified ? .init(status: 304) : .text("changed")
        }
        let stored = HTTPValidators(lastModified: Self.lastModified)
        let answer = try await bounded { [client] in try await client.get(server.url("/"), revalidating: stored) }
        XCTAssertEqual(answer, .notModified(stored))
        XCTAssertNil(server.requests.first?.header("If-None-Match"))
    }

    func testAServerThatIgnoresTheValidatorsGivesAFullAnswerWithItsOwn() async throws {
        let server = try LoopbackServer { _ in .init(status: 200, headers: ["ETag": "\"new\""], body: Data("body".utf8)) }
        let answer = try await bounded { [client] in
            try await client.get(server.url("/"), revalidating: HTTPValidators(etag: "\"old\""))
        }
        guard case .modified(let response) = answer else { return XCTFail("\(answer)") }
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "body")
        XCTAssertEqual(response.validators, HTTPValidators(etag: "\"new\""))
    }

    func testTheValidatorsWinOverConditionalHeadersTheCallerPassed() async throws {
        let server = try LoopbackServer { _ in .init(status: 304) }
        _ = try await bounded { [client] in
            try await client.get(server.url("/"), headers: ["if-none-match": "\"stale\"", "Accept": "application/json"],
                                 revalidating: HTTPValidators(etag: "\"v1\""))
        }
        XCTAssertEqual(server.requests.first?.header("If-None-Match"), "\"v1\"")
        XCTAssertEqual(server.requests.first?.header("Accept"), "application/json")
    }

    func testWithoutValidatorsA304IsStillAnUnexpectedAnswer() async throws {
        let server = try LoopbackServer { _ in .init(status: 304) }
        do {
            _ = try await bounded { [client] in try await client.get(server.url("/"), revalidating: HTTPValidators()) }
            XCTFail("a 304 to a plain request is an error")
        } catch let error as FeedError {
            XCTAssertEqual(error.kind, .badAnswer)
            XCTAssertEqual(error.status, 304)
        }
    }

    // MARK: The limits of a plain GET

    func testARedirectIsFollowedWithTheValidators() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/old": .redirect(to: "/new", status: 301)
            default: request.header("If-None-Match") == "\"v1\"" ? .init(status: 304) : .text("feed")
            }
        }
        let answer = try await bounded { [client] in
            try await client.get(server.url("/old"), revalidating: HTTPValidators(etag: "\"v1\""))
        }
        XCTAssertEqual(answer, .notModified(HTTPValidators(etag: "\"v1\""), movedPermanently: server.url("/new")),
                       "a 301: the 304 is the new address's")
        XCTAssertEqual(server.requests.map(\.path), ["/old", "/new"])
    }

    func testErrorsAndTheSizeLimitAreThoseOfAPlainGET() async throws {
        let server = try LoopbackServer { request in
            request.path == "/huge" ? .stream(byteCount: 200_000, declaresLength: false) : .text("down", status: 503)
        }
        let client = HTTPClient(policy: HTTPPolicy(maxBodyBytes: 100_000))
        let validators = HTTPValidators(etag: "\"v1\"")
        for (path, kind) in [("/down", FeedError.Kind.serverError), ("/huge", .tooLarge)] {
            do {
                _ = try await bounded { try await client.get(server.url(path), revalidating: validators) }
                XCTFail("\(path) must fail")
            } catch let error as FeedError {
                XCTAssertEqual(error.kind, kind, path)
            }
        }
    }

    func testASilentServerTimesOutAsAPlainGETDoes() async throws {
        let server = try LoopbackServer { _ in Response.init(status: 304).delayed(by: .seconds(60)) }
        let client = HTTPClient(policy: HTTPPolicy(idleTimeout: .seconds(1)))
        do {
            _ = try await bounded { try await client.get(server.url("/"), revalidating: HTTPValidators(etag: "\"v1\"")) }
            XCTFail("a silent server must time out")
        } catch let error as FeedError {
            XCTAssertEqual(error.kind, .timedOut)
        }
    }
}

private typealias Response = LoopbackServer.Response
