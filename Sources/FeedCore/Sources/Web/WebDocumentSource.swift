import Foundation

/// A feed document on the web (RSS 2.0, Atom or JSON Feed, told apart by
/// content), handed out in pages of `pageSize` items. When the document
/// links to a next one (RFC 5005 `rel="next"`, JSON Feed `next_url`), the
/// pages go on into it; otherwise the document's end is the feed's.
///
/// The cursor names the document and the offset in it: "40 https://…".
/// The last document fetched is kept, so paging within it costs nothing;
/// the first page always fetches again, so Refresh sees what is new.
public actor WebDocumentSource: FeedSource {
    public nonisolated let url: URL
    public nonisolated let pageSize: Int
    public nonisolated let http: HTTPClient
    private var cached: (url: URL, document: FeedDocument)?

    public init(url: URL, pageSize: Int = 20, http: HTTPClient) {
        precondition(pageSize > 0, "page size must be positive")
        self.url = url
        self.pageSize = pageSize
        self.http = http
    }

    public nonisolated var displayName: String { FeedSpec.document(url).title }

    public func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        var (documentURL, offset) = (url, 0)
        if let cursor {
            let parts = cursor.rawValue.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let number = Int(parts[0]), number >= 0, let address = URL(string: String(parts[1])) else {
                throw FeedError.badCursor(cursor)
            }
            (documentURL, offset) = (address, number)
        }
        let document: FeedDocument
        if cursor != nil, let cached, cached.url == documentURL {
            document = cached.document
        } else {
            let response = try await http.get(documentURL, headers: [
                "Accept": "application/feed+json, application/atom+xml, application/rss+xml, application/xml;q=0.9, */*;q=0.8",
            ])
            document = try FeedDocumentParser.parse(response.body, baseURL: response.url, charset: response.charset)
            cached = (documentURL, document)
        }
        let cut = document.page(from: offset, size: pageSize)
        var next = cut.nextOffset.map { PageCursor("\($0) \(documentURL.absoluteString)") }
        if next == nil, let following = document.nextURL, following != documentURL {
            next = PageCursor("0 \(following.absoluteString)")
        }
        return FeedPage(items: cut.items, next: next, feedTitle: document.title.isEmpty ? nil : document.title)
    }
}
