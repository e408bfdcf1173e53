// A request as the loopback server read it off the wire.

import Foundation

extension LoopbackServer {
    public struct Request: Sendable {
        public let method: String
        /// The request target as sent: `/feed?page=2`.
        public let target: String
        /// The target's path, percent-decoded: `/feed`.
        public let path: String
        /// The target's query items, in order.
        public let query: [URLQueryItem]
        /// Header fields by lowercased name; repeated fields joined by ", ".
        public let headers: [String: String]

        /// The header field `name`, matched case-insensitively.
        public func header(_ name: String) -> String? {
            headers[name.lowercased()]
        }

        /// The first query item called `name`.
        public func queryValue(_ name: String) -> String? {
            query.first { $0.name == name }?.value
        }

        /// Parses a request head (request line and header fields, without the
        /// blank line). Nil when it isn't HTTP.
        init?(head: String) {
            var lines = head.components(separatedBy: "\r\n")
            let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
            guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/") else { return nil }
            method = String(requestLine[0])
            target = String(requestLine[1])
            let components = URLComponents(string: target)
            path = components?.path ?? target
            query = components?.queryItems ?? []
            var headers: [String: String] = [:]
            for line in lines where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { return nil }
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            }
            self.headers = headers
        }
    }
}
