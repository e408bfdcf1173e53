// Blocking-free socket I/O for the loopback server.
//
// Every wait polls two descriptors: the connection, and the read end of the
// server's stop pipe. Stopping the server writes one byte to that pipe and
// never reads it, so every wait in every thread wakes at once and returns
// `.stopped`. Sockets are non-blocking, so no `recv` or `send` can hang a
// thread past a stop.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct LoopbackSocket {
    enum Wait { case ready, stopped, timedOut }

    /// The connection. Not owned: whoever accepted it closes it.
    let fd: Int32
    /// Readable once the server stops.
    let stopFD: Int32

    /// Waits until `events` are possible on the connection, the server
    /// stops, or `deadline` passes (nil: no deadline).
    func wait(for events: Int32, until deadline: ContinuousClock.Instant?) -> Wait {
        while true {
            var fds = [pollfd(fd: fd, events: Int16(events), revents: 0),
                       pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0)]
            var timeout: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero { return .timedOut }
                timeout = Int32(clamping: left.components.seconds * 1000
                                + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            }
            let result = poll(&fds, 2, timeout)
            if result < 0 {
                if errno == EINTR { continue }
                return .stopped
            }
            if fds[1].revents != 0 { return .stopped }
            if result == 0 { continue }  // the deadline check above decides
            return .ready
        }
    }

    /// Reads up to the blank line that ends a request head (at most `limit`
    /// bytes). Nil when the client hangs up first, sends too much, or the
    /// server stops.
    func readHead(limit: Int = 64 * 1024) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while received.count < limit {
            guard wait(for: POLLIN, until: nil) == .ready else { return nil }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return nil }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                return nil
            }
            let searchStart = max(0, received.count - 3)
            received.append(contentsOf: buffer[0..<count])
            if let end = find(terminator, in: received, from: searchStart) {
                return String(decoding: received[0..<end], as: UTF8.self)
            }
        }
        return nil
    }

    /// Waits `duration`, reading and dropping anything the client sends.
    /// False when the client hangs up or the server stops first.
    func pause(for duration: Duration) -> Bool {
        let deadline = ContinuousClock.now + duration
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            switch wait(for: POLLIN, until: deadline) {
            case .timedOut: return true
            case .stopped: return false
            case .ready:
                let count = recv(fd, &buffer, buffer.count, 0)
                if count == 0 { return false }
                if count < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { return false }
            }
        }
    }

    /// Writes all of `bytes`. False when the client is gone or the server
    /// stops first.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard wait(for: POLLOUT, until: nil) == .ready else { return false }
            let count = send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { write($0) }
    }

    func write(_ text: String) -> Bool {
        write(Data(text.utf8))
    }

    /// Ends the sending side and waits (briefly) for the client to hang up,
    /// so nothing unread turns the close into a reset that could cost the
    /// client the tail of the response.
    func finish() {
        shutdown(fd, Int32(SHUT_WR))
        _ = pause(for: .seconds(1))
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
