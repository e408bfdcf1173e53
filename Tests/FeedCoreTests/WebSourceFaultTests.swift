import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import Synchronization
import XCTest

/// Every web source against every way a server can misbehave, through a
/// real HTTP server on 127.0.0.1: each gives a `FeedError` with a short,
/// human reason (never a crash, a hang or a Swift error dump), and rate
/// limits say how long to wait.
final class WebSourceFaultTests: XCTestCase {
    private enum Fault: String, CaseIterable {
        case malformed, wrongTypes, truncated, invalidUTF8, declaredTooBig, streamedTooBig, redirectLoop,
             rateLimitedSeconds, rateLimitedDate, slow, webPage, serverError, notFound
    }

    /// `slow` (5 s) ends on the idle timeout.
    private static let policy = HTTPPolicy(idleTimeout: .seconds(1), responseTimeout: .seconds(4))

    private func sources(at server: LoopbackServer) -> [(String, any FeedSource)] {
        let http = HTTPClient(policy: Self.policy)
        return [
            ("Mastodon", MastodonSource(instance: server.baseURL, timeline: .federated, http: http)),
            ("GitHub", GitHubSearchSource(query: "gtk", api: server.baseURL, http: http)),
            ("Hacker News", HackerNewsSource(api: server.baseURL, http: http)),
            ("web document", WebDocumentSource(url: server.url("/feed"), http: http)),
        ]
    }

    private static func response(for fault: Fault) -> LoopbackServer.Response {
        switch fault {
        case .malformed: .text("{\"items\": [{\"id\": ")
        case .wrongTypes: .text("{\"items\": 5, \"hits\": \"many\", \"total_count\": \"lots\", \"version\": 1.1}")
        case .truncated: .truncated(Data("[{\"id\": \"1\", \"content\": \"hello".utf8), declaredLength: 4000)
        case .invalidUTF8: .init(body: Data([0x5B, 0x7B, 0x22, 0x69, 0x64, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0xC0, 0x22, 0x7D, 0x5D]))
        case .declaredTooBig: .stream(byteCount: 11 * 1024 * 1024, declaresLength: true)
        case .streamedTooBig: .endlessBody
        case .redirectLoop: .redirect(to: "/loop")
        case .rateLimitedSeconds: .init(status: 429, headers: ["Retry-After": "7"])
        case .rateLimitedDate:
            .init(status: 503, headers: ["Retry-After": imfFixdate(Date().addingTimeInterval(30))])
        case .slow: Response(status: 200, headers: [:], body: Data("[]".utf8)).delayed(by: .seconds(5))
        case .webPage:
            .text("<!DOCTYPE html><html><head><script>alert('x')</script></head><body><b>Hi</b> &amp; bye</body></html>",
                  headers: ["Content-Type": "text/html"])
        case .serverError: .init(status: 500, body: Data("Internal Server Error".utf8))
        case .notFound: .init(status: 404, body: Data("{\"error\": \"Record not found\"}".utf8))
        }
    }

    private typealias Response = LoopbackServer.Response

    /// The kind each fault is: what code acting on a failure goes by. An
    /// answer that is not what was asked for is a bad answer from an API,
    /// and no feed from a feed's address.
    private static let kinds: [Fault: Set<FeedError.Kind>] = [
        .malformed: [.badAnswer, .notAFeed], .wrongTypes: [.badAnswer, .notAFeed], .truncated: [.interrupted],
        .invalidUTF8: [.badAnswer, .notAFeed], .declaredTooBig: [.tooLarge], .streamedTooBig: [.tooLarge],
        .redirectLoop: [.tooManyRedirects], .rateLimitedSeconds: [.rateLimited], .rateLimitedDate: [.rateLimited],
        .slow: [.timedOut], .webPage: [.badAnswer, .webPage], .serverError: [.serverError], .notFound: [.notFound],
    ]

    func testEveryFaultGivesEverySourceAClearReason() async throws {
        let current = Mutex(Fault.malformed)
        let server = try LoopbackServer { _ in Self.response(for: current.withLock { $0 }) }
        defer { server.stop() }
        for fault in Fault.allCases {
            current.withLock { $0 = fault }
            for (name, source) in sources(at: server) {
                let label = "\(name), \(fault.rawValue)"
                do {
                    let page = try await source.nextPage(after: nil)
                    XCTFail("\(label): answered with \(page.items.count) items instead of failing")
                } catch let error as FeedError {
                    XCTAssertFalse(error.reason.isEmpty, label)
                    XCTAssertTrue(Self.kinds[fault]?.contains(error.kind) ?? false, "\(label): \(error.kind)")
                    XCTAssertLessThan(error.reason.count, 120, "\(label): a short reason: \(error.reason)")
                    for dump in ["Error Domain", "DecodingError", "NSError", "Optional("] {
                        XCTAssertFalse(error.reason.contains(dump), "\(label): \(error.reason)")
                    }
                    switch fault {
                    case .rateLimitedSeconds:
                        XCTAssertEqual(error.retryAfter, 7, label)
                    case .rateLimitedDate:
                        XCTAssertTrue((25...31).contains(error.retryAfter ?? -1), "\(label): \(String(describing: error.retryAfter))")
                    case .slow:
                        XCTAssertEqual(error.reason, "The server took too long to answer", label)
                    case .declaredTooBig, .streamedTooBig:
                        XCTAssertEqual(error.reason, "The response is too large (over 10 MB)", label)
                    case .redirectLoop:
                        XCTAssertEqual(error.reason, "The server redirected too many times", label)
                    case .serverError:
                        XCTAssertEqual(error.status, 500, label)
                        XCTAssertNil(error.retryAfter, label)
                    case .notFound:
                        XCTAssertEqual(error.status, 404, label)
                        XCTAssertEqual(error.serverMessage, "Record not found", label)
                        XCTAssertNil(error.retryAfter, label)
                    default:
                        XCTAssertNil(error.retryAfter, label)
                    }
                } catch {
                    XCTFail("\(label): not a FeedError: \(error)")
                }
            }
        }
    }

    func testAServerThatIsNotThereIsSaidPlainly() async throws {
        let server = try LoopbackServer { _ in .text("[]") }
        server.stop()  // its port now refuses connections
        for (name, source) in sources(at: server) {
            do {
                _ = try await source.nextPage(after: nil)
                XCTFail("\(name): a refused connection must fail")
            } catch let error as FeedError {
                XCTAssertEqual(error.reason, "The server 127.0.0.1 refused the connection", name)
                XCTAssertEqual(error.kind, .refused, name)
                XCTAssertEqual(error.subject, .server("127.0.0.1"), name)
            }
        }
    }
}
