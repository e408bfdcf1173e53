import CHeapStats
@testable import FeedCore
import FeedTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Loopback
import XCTest

/// The heap a request leaves behind in FoundationNetworking, measured in
/// this process (linked like the app, with CCurlHandles): malloc's bytes in
/// use before and after, so nothing here depends on time.
final class CurlHandleRepairTests: XCTestCase {
    private typealias HostIsEqual = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32

    private func heapInUse() -> Int { Int(feedline_heap_in_use()) }

    /// The toolchain's own function, called as every URLSession task
    /// calls it; without the repair each call keeps 144 bytes.
    func testTheToolchainsHostCheckKeepsNoHeap() throws {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "CFURLSessionCurlHostIsEqual") else {
            throw XCTSkip("this toolchain's FoundationNetworking has no CFURLSessionCurlHostIsEqual")
        }
        _ = URLSession.shared  // FoundationNetworking and libcurl loaded
        let hostIsEqual = unsafeBitCast(symbol, to: HostIsEqual.self)
        let url = "http://127.0.0.1:43979/feed0/photos/1234.jpg"
        XCTAssertEqual(hostIsEqual(url, "127.0.0.1"), 1)
        XCTAssertEqual(hostIsEqual(url, "example.org"), 0)
        for _ in 0..<100 { _ = hostIsEqual(url, "127.0.0.1") }
        let calls = 10_000
        let before = heapInUse()
        for _ in 0..<calls { _ = hostIsEqual(url, "127.0.0.1") }
        let perCall = Double(heapInUse() - before) / Double(calls)
        XCTAssertLessThan(perCall, 8, "bytes of heap kept a call")
    }

    /// Real requests through `HTTPClient` to a server on 127.0.0.1: the
    /// heap in use stays where it was (177 bytes a request before the
    /// repair; 2.6 KB while each exchange's deadline timer outlived it).
    func testRequestsKeepNoHeap() async throws {
        let server = try LoopbackServer(keepingRequests: false) { _ in .text("ok") }
        let client = HTTPClient()
        @Sendable func fetch(_ count: Int) async throws -> Int {
            var answered = 0
            for index in 0..<count where try await client.get(server.url("/picture/\(index).jpg")).status == 200 {
                answered += 1
            }
            return answered
        }
        // libcurl's and URLSession's caches fill in the first few hundred.
        _ = try await bounded(120) { try await fetch(1_000) }
        let before = heapInUse()
        let requests = 2_000
        let answered = try await bounded(120) { try await fetch(requests) }
        let perRequest = Double(heapInUse() - before) / Double(requests)
        XCTAssertEqual(answered, requests)
        XCTAssertLessThan(perRequest, 60, "bytes of heap kept a request")
    }
}
