// One connection to the loopback server: read one request, ask the
// handler, write one response (`Connection: close`), hang up.

import Foundation

struct LoopbackConnection {
    let socket: LoopbackSocket

    /// Serves the connection; `record` sees each request before the handler.
    func serve(handler: LoopbackServer.Handler, record: (LoopbackServer.Request) -> Void) {
        guard let head = socket.readHead(), let request = LoopbackServer.Request(head: head) else { return }
        record(request)
        let response = handler(request)
        if response.delay > .zero {
            guard socket.pause(for: response.delay) else { return }
        }
        if send(response) {
            socket.finish()
        }
    }

    /// Writes `response`. False when the client went away or the server
    /// stopped (then there's nothing left to be polite about).
    private func send(_ response: LoopbackServer.Response) -> Bool {
        switch response.payload {
        case .noAnswer:
            return true
        case .bytes(let body):
            return socket.write(head(response, framing: ["Content-Length": "\(body.count)"]))
                && socket.write(body)
        case .truncated(let body, let declaredLength):
            return socket.write(head(response, framing: ["Content-Length": "\(declaredLength)"]))
                && socket.write(body)
        case .generated(let byteCount, declaresLength: true):
            return socket.write(head(response, framing: ["Content-Length": "\(byteCount ?? 0)"]))
                && sendGenerated(byteCount ?? 0, chunked: false)
        case .generated(let byteCount, declaresLength: false):
            return socket.write(head(response, framing: ["Transfer-Encoding": "chunked"]))
                && sendGenerated(byteCount, chunked: true)
        case .drip(let pieceSize, let interval):
            guard socket.write(head(response, framing: ["Transfer-Encoding": "chunked"])) else { return false }
            let piece = Data(repeating: UInt8(ascii: "x"), count: pieceSize)
            while socket.write(String(pieceSize, radix: 16) + "\r\n"), socket.write(piece), socket.write("\r\n") {
                guard socket.pause(for: interval) else { return false }
            }
            return false
        }
    }

    /// Sends `byteCount` bytes of filler (nil: until the client gives up),
    /// 64 KiB at a time, never holding more than one piece.
    private func sendGenerated(_ byteCount: Int?, chunked: Bool) -> Bool {
        let piece = Data(repeating: UInt8(ascii: "x"), count: 64 * 1024)
        var left = byteCount ?? Int.max
        while left > 0 {
            let part = left >= piece.count ? piece : piece.prefix(left)
            if chunked {
                guard socket.write(String(part.count, radix: 16) + "\r\n"),
                      socket.write(part), socket.write("\r\n") else { return false }
            } else {
                guard socket.write(part) else { return false }
            }
            left -= part.count
        }
        return chunked ? socket.write("0\r\n\r\n") : true
    }

    private func head(_ response: LoopbackServer.Response, framing: [String: String]) -> String {
        var lines = ["HTTP/1.1 \(response.status) \(Self.reasonPhrase(response.status))"]
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
            lines.append("\(name): \(value)")
        }
        for (name, value) in framing.sorted(by: { $0.key < $1.key }) {
            lines.append("\(name): \(value)")
        }
        lines.append("Connection: close")
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 410: "Gone"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
