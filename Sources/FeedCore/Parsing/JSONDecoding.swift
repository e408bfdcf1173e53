import Foundation

/// Decoding the JSON of a feed or an API answer, with failures a reader
/// can understand: a short reason, and where it went wrong in the detail.
enum JSONDecoding {
    /// Decodes `T` from `data`, or throws `FeedError(reason)` saying what
    /// went wrong (not JSON, a missing field, a wrong type).
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, reason: String,
                                     kind: FeedError.Kind = .notAFeed) throws(FeedError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw FeedError(reason, kind: kind, detail: describe(error))
        } catch {
            throw FeedError(reason, kind: kind, detail: "\(error)")
        }
    }

    /// Decodes a web API's answer. When it is not the expected shape but
    /// an error object, the server's own message is the error's
    /// `serverMessage` ("GitHub says: Validation Failed"). `service`: the
    /// service's name, the error's subject; nil for a server known by no
    /// other name (a Mastodon instance).
    static func decodeAnswer<T: Decodable>(_ type: T.Type, from data: Data, reason: String,
                                           service: String?) throws(FeedError) -> T {
        do {
            return try decode(type, from: data, reason: reason, kind: .badAnswer)
        } catch {
            let subject = service.map(FeedError.Subject.server)
            if let message = serverMessage(in: data) {
                throw FeedError("\(service ?? "The server") says: \(message)", kind: .serverError, subject: subject,
                                detail: error.detail, serverMessage: message)
            }
            var unreadable = error
            unreadable.subject = subject
            throw unreadable
        }
    }

    /// The `message` (GitHub) or `error` (Mastodon, Algolia) an API puts in
    /// a JSON object when it refuses, if `data` is one.
    static func serverMessage(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        let message = (object["error"] as? String) ?? (object["message"] as? String)
        return message.map { PlainText.line($0, limit: 160) }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            return "not JSON: \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
        return keys.isEmpty ? "the top level" : keys.joined()
    }
}

/// A JSON value that should be a string but may arrive as a number (ids).
struct LenientString: Decodable, Sendable {
    var value: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            value = string
        } else if let number = try? container.decode(Int64.self) {
            value = String(number)
        } else {
            value = String(try container.decode(Double.self))
        }
    }
}

/// Decodes each element on its own, keeping the ones that decode: one
/// malformed item costs that item, not the page.
struct Lenient<Element: Decodable>: Decodable {
    var elements: [Element] = []
    var skipped = 0

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                elements.append(element)
            } else {
                skipped += 1
                _ = try? container.decode(Skip.self)
            }
        }
    }

    /// The elements that decoded; a page where none did (but some were
    /// there) is an error, not an empty page that would end the feed.
    func readable(_ what: String) throws(FeedError) -> [Element] {
        if elements.isEmpty && skipped > 0 {
            throw FeedError("None of the \(what) on this page could be read", kind: .badAnswer, detail: "\(skipped) malformed \(what)")
        }
        return elements
    }

    /// Consumes any JSON value.
    private struct Skip: Decodable {}
}
