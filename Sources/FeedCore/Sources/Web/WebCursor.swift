import Foundation

extension URL {
    /// This API base URL (which may have a path, as GitHub Enterprise's
    /// /api/v3 does) with `path` after it and `query`.
    func apiEndpoint(_ path: String, query: [URLQueryItem]) -> URL {
        var components = URLComponents(url: self, resolvingAgainstBaseURL: false)!
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + path
        components.queryItems = query
        return components.url!
    }
}

/// Cursors that are the address of the next page (web APIs that page by
/// `Link` headers or next links).
enum WebCursor {
    static func make(_ url: URL) -> PageCursor {
        PageCursor(url.absoluteString)
    }

    static func url(_ cursor: PageCursor) throws(FeedError) -> URL {
        guard let url = URL(string: cursor.rawValue), url.scheme != nil else {
            throw FeedError.badCursor(cursor)
        }
        return url
    }
}
