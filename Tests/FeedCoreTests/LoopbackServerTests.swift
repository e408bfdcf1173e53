import FeedTestSupport
import Loopback
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The test server itself: it logs what it was asked, and stopping it
/// leaves nothing behind, even in the middle of a slow or endless answer.
final class LoopbackServerTests: XCTestCase {
    func testRequestsAreLoggedInOrderWithPathQueryAndHeaders() throws {
        let server = try LoopbackServer { _ in .text("ok") }
        XCTAssertEqual(try Self.exchange(port: server.port, "GET /a?x=1&y=two%20words HTTP/1.1\r\nHost: here\r\nX-Thing: 1\r\n\r\n").prefix(15),
                       "HTTP/1.1 200 OK")
        _ = try Self.exchange(port: server.port, "GET /b HTTP/1.1\r\nHost: here\r\n\r\n")
        let requests = server.requests
        XCTAssertEqual(requests.map(\.path), ["/a", "/b"])
        XCTAssertEqual(requests[0].queryValue("y"), "two words")
        XCTAssertEqual(requests[0].header("x-thing"), "1")
    }

    func testStoppingEndsSlowAndEndlessAnswersAndLeavesNoThreadsOrSockets() throws {
        let descriptorsBefore = Self.count("/proc/self/fd")
        // Signalled by the handler, which runs once the request is logged.
        let arrived = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { request in
            arrived.signal()
            return request.path == "/slow" ? Response.text("late").delayed(by: .seconds(600)) : .stream(byteCount: nil)
        }
        let port = server.port
        let clients = try ["/slow", "/endless", "/slow"].map { path in
            let socket = try Self.connect(port: port)
            _ = Self.send(socket, "GET \(path) HTTP/1.1\r\nHost: here\r\n\r\n")
            return socket
        }
        for _ in clients {
            XCTAssertEqual(arrived.wait(timeout: .now() + 10), .success, "every request arrives")
        }
        XCTAssertEqual(server.requests.count, 3)
        XCTAssertEqual(LoopbackServer.unjoinedThreadCount, 4, "the accept thread and one per connection")
        server.stop()
        clients.forEach { close($0) }
        XCTAssertEqual(LoopbackServer.unjoinedThreadCount, 0, "every server thread was joined")
        XCTAssertLessThanOrEqual(Self.count("/proc/self/fd"), descriptorsBefore, "every socket and pipe was closed")
        XCTAssertThrowsError(try Self.connect(port: port), "nothing listens after stop")
        server.stop()  // twice is fine
    }

    func testDroppingTheServerStopsIt() throws {
        var server: LoopbackServer? = try LoopbackServer { _ in .text("ok") }
        let port = try XCTUnwrap(server?.port)
        XCTAssertEqual(LoopbackServer.unjoinedThreadCount, 1)
        server = nil
        XCTAssertThrowsError(try Self.connect(port: port))
        XCTAssertEqual(LoopbackServer.unjoinedThreadCount, 0)
    }

    // MARK: A raw client, so these tests count only the server's threads

    private struct SocketError: Error {}

    private static func connect(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw SocketError()
        }
        return fd
    }

    private static func send(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
    }

    /// Sends `request` and reads the whole answer (the server closes).
    private static func exchange(port: UInt16, _ request: String) throws -> String {
        let fd = try connect(port: port)
        defer { close(fd) }
        guard send(fd, request) else { throw SocketError() }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: answer, as: UTF8.self)
    }

    private static func count(_ directory: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: directory).count) ?? 0
    }
}

private typealias Response = LoopbackServer.Response
