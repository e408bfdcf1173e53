// A real HTTP/1.1 server on 127.0.0.1, for tests that go through the real
// HTTP client: a random free port, one thread per connection, one response
// per connection (`Connection: close`).
//
// Ownership: the server owns the listening socket, the stop pipe and the
// accept thread; the accept thread owns (joins) the connection threads;
// each connection thread owns (closes) its socket. `stop()` (or deinit)
// wakes every thread through the stop pipe, joins the accept thread, which
// has joined every connection thread, then closes the listening socket and
// the pipe. Nothing outlives the server. Threads hold the shared `Core`,
// never the server, so dropping the last reference to the server stops it.

import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

public final class LoopbackServer: Sendable {
    public typealias Handler = @Sendable (Request) -> Response

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The port the system picked.
    public let port: UInt16
    private let core: Core
    private let acceptThread: pthread_t
    private let stopped = Mutex(false)

    /// Starts listening on 127.0.0.1 at a free port; `handler` answers each
    /// request on the connection's own thread. Without `keepingRequests`,
    /// `requests` stays empty (for tests that count the heap a request
    /// keeps, in which the server's log would be the most).
    public init(keepingRequests: Bool = true, handler: @escaping Handler) throws {
        let listener = try Self.listen()
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            close(listener.fd)
            throw StartError(description: "pipe failed: errno \(errno)")
        }
        pipeFDs.forEach { Self.setFlags($0, descriptor: FD_CLOEXEC) }
        let core = Core(listenFD: listener.fd, stopRead: pipeFDs[0], stopWrite: pipeFDs[1],
                        keepsRequests: keepingRequests, handler: handler)
        guard let thread = LoopbackThread.spawn("accept", { core.acceptLoop() }) else {
            core.closeDescriptors()
            throw StartError(description: "couldn't start the accept thread")
        }
        self.port = listener.port
        self.core = core
        self.acceptThread = thread
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:PORT`
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// `pathAndQuery` ("/feed?page=2") on this server.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
    }

    /// Threads started by loopback servers and not yet joined (that is,
    /// possibly still running), across all servers: 0 once every server
    /// has stopped.
    public static var unjoinedThreadCount: Int {
        LoopbackThread.unjoinedCount
    }

    /// Every request read so far, in arrival order.
    public var requests: [Request] {
        core.log.withLock { $0 }
    }

    /// Stops accepting, ends every connection (waits, streams and slow
    /// answers included), waits for every thread to exit and closes every
    /// socket. Safe to call more than once.
    public func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        core.signalStop()
        LoopbackThread.join(acceptThread)
        core.closeDescriptors()
    }

    /// Adds descriptor flags (`FD_CLOEXEC`) and status flags (`O_NONBLOCK`).
    static func setFlags(_ fd: Int32, descriptor: Int32 = 0, status: Int32 = 0) {
        if descriptor != 0 { _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | descriptor) }
        if status != 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | status) }
    }

    private static func listen() throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw StartError(description: "socket failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && Glibc.listen(fd, 64) == 0
                    && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw StartError(description: "bind/listen on 127.0.0.1 failed: errno \(code)")
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }
}

extension LoopbackServer {
    /// What the threads share. Never holds the server.
    final class Core: Sendable {
        let listenFD: Int32
        let stopRead: Int32
        let stopWrite: Int32
        let handler: Handler
        let keepsRequests: Bool
        let log = Mutex<[Request]>([])
        /// Connection threads that have finished and wait to be joined.
        private let finished = Mutex<[pthread_t]>([])

        init(listenFD: Int32, stopRead: Int32, stopWrite: Int32, keepsRequests: Bool, handler: @escaping Handler) {
            self.listenFD = listenFD
            self.stopRead = stopRead
            self.stopWrite = stopWrite
            self.keepsRequests = keepsRequests
            self.handler = handler
        }

        /// Runs on the accept thread until the server stops; joins every
        /// connection thread it started before returning.
        func acceptLoop() {
            var live: [pthread_t] = []
            let listener = LoopbackSocket(fd: listenFD, stopFD: stopRead)
            while listener.wait(for: POLLIN, until: nil) == .ready {
                reap(&live)
                let connection = accept(listenFD, nil, nil)
                guard connection >= 0 else { continue }
                LoopbackServer.setFlags(connection, descriptor: FD_CLOEXEC, status: O_NONBLOCK)
                if let thread = LoopbackThread.spawn("conn", { self.serve(connection) }) {
                    live.append(thread)
                } else {
                    close(connection)
                }
            }
            live.forEach(LoopbackThread.join)
        }

        private func serve(_ fd: Int32) {
            let socket = LoopbackSocket(fd: fd, stopFD: stopRead)
            LoopbackConnection(socket: socket).serve(handler: handler) { request in
                if keepsRequests { log.withLock { $0.append(request) } }
            }
            close(fd)
            let me = pthread_self()
            finished.withLock { $0.append(me) }
        }

        /// Joins connection threads that have said they are done.
        private func reap(_ live: inout [pthread_t]) {
            let done = finished.withLock { finished in
                defer { finished.removeAll() }
                return finished
            }
            for thread in done {
                LoopbackThread.join(thread)
                live.removeAll { $0 == thread }
            }
        }

        func signalStop() {
            var byte: UInt8 = 1
            _ = Glibc.write(stopWrite, &byte, 1)
        }

        func closeDescriptors() {
            close(listenFD)
            close(stopRead)
            close(stopWrite)
        }
    }
}
