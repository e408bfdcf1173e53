// What a loopback handler answers: an ordinary HTTP response, or one of the
// faults tests need (a slow answer, a cut-short body, no answer at all, a
// body generated on the fly so a size cap can be hit without the server
// holding gigabytes).

import Foundation

extension LoopbackServer {
    public struct Response: Sendable {
        /// How the body goes on the wire.
        public enum Payload: Sendable {
            /// All of `Data`, with a matching `Content-Length`.
            case bytes(Data)
            /// `Content-Length: declaredLength`, then only `Data`, then the
            /// connection closes.
            case truncated(Data, declaredLength: Int)
            /// `byteCount` bytes made up while sending (nil: never ends),
            /// announced by `Content-Length` or sent chunked.
            case generated(byteCount: Int?, declaresLength: Bool)
            /// An endless chunked body, `pieceSize` bytes every `interval`:
            /// never idle, never done.
            case drip(pieceSize: Int, interval: Duration)
            /// The connection closes without a status line.
            case noAnswer
        }

        public var status: Int
        /// Sent as given. `Content-Length`, `Transfer-Encoding` and
        /// `Connection` are written by the server.
        public var headers: [String: String]
        public var payload: Payload
        /// How long to wait before answering (a slow server). The wait ends
        /// early when the client goes away or the server stops.
        public var delay: Duration

        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(),
                    delay: Duration = .zero) {
            self.init(status: status, headers: headers, payload: .bytes(body), delay: delay)
        }

        public init(status: Int, headers: [String: String], payload: Payload, delay: Duration = .zero) {
            self.status = status
            self.headers = headers
            self.payload = payload
            self.delay = delay
        }

        /// A UTF-8 text body.
        public static func text(_ text: String, status: Int = 200,
                                headers: [String: String] = ["Content-Type": "text/plain; charset=utf-8"]) -> Response {
            Response(status: status, headers: headers, body: Data(text.utf8))
        }

        /// A redirect to `location` (absolute or relative, sent as is).
        public static func redirect(to location: String, status: Int = 302) -> Response {
            Response(status: status, headers: ["Location": location])
        }

        /// `body` gzip-encoded, with `Content-Encoding: gzip`.
        public static func gzip(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> Response {
            var headers = headers
            headers["Content-Encoding"] = "gzip"
            return Response(status: status, headers: headers, body: Gzip.encode(body))
        }

        /// Promises `declaredLength` bytes, sends `body`, then hangs up.
        public static func truncated(_ body: Data, declaredLength: Int, headers: [String: String] = [:]) -> Response {
            precondition(declaredLength > body.count, "a truncated body must promise more than it sends")
            return Response(status: 200, headers: headers, payload: .truncated(body, declaredLength: declaredLength))
        }

        /// A body of `byteCount` bytes (nil: endless) generated while sending;
        /// chunked unless `declaresLength`.
        public static func stream(byteCount: Int?, declaresLength: Bool = false,
                                  headers: [String: String] = [:]) -> Response {
            precondition(byteCount != nil || !declaresLength, "an endless body can't declare its length")
            return Response(status: 200, headers: headers,
                            payload: .generated(byteCount: byteCount, declaresLength: declaresLength))
        }

        /// An endless body trickling in, `pieceSize` bytes every `interval`.
        public static func drip(every interval: Duration, pieceSize: Int = 16,
                                headers: [String: String] = [:]) -> Response {
            Response(status: 200, headers: headers, payload: .drip(pieceSize: pieceSize, interval: interval))
        }

        /// Hangs up without answering.
        public static let noAnswer = Response(status: 0, headers: [:], payload: .noAnswer)

        /// The same response, sent after `delay`.
        public func delayed(by delay: Duration) -> Response {
            var copy = self
            copy.delay = delay
            return copy
        }
    }
}
