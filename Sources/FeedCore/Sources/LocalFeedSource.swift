import Foundation

/// A feed file on disk (JSON Feed, RSS or Atom), handed out in pages of
/// `pageSize` items.
///
/// The file is read and parsed off the main thread on the first request, and
/// again on every request for the first page, so Refresh picks up edits.
/// Cursors are item offsets into the parsed document.
public actor LocalFeedSource: FeedSource {
    public nonisolated let displayName: String
    public nonisolated let file: URL
    public nonisolated let pageSize: Int
    private var document: FeedDocument?

    public init(file: URL, pageSize: Int = 20) {
        precondition(pageSize > 0, "page size must be positive")
        self.file = file
        self.pageSize = pageSize
        self.displayName = file.deletingPathExtension().lastPathComponent
    }

    public func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        let start: Int
        let document: FeedDocument
        if let cursor {
            guard let offset = Int(cursor.rawValue), offset >= 0 else {
                throw FeedError.badCursor(cursor)
            }
            start = offset
            document = try self.document ?? load()
        } else {
            start = 0
            document = try load()
        }
        try Task.checkCancellation()
        let cut = document.page(from: start, size: pageSize)
        return FeedPage(items: cut.items, next: cut.nextOffset.map { PageCursor(String($0)) }, feedTitle: document.title)
    }

    private func load() throws(FeedError) -> FeedDocument {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw Self.readError(error, file: file)
        }
        let parsed = try FeedDocumentParser.parse(data, baseURL: file)
        document = parsed
        return parsed
    }

    private static func readError(_ error: any Error, file: URL) -> FeedError {
        let subject = FeedError.Subject.file(file.lastPathComponent)
        let name = "“\(file.lastPathComponent)”"
        let nsError = error as NSError
        let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError)?.code
        switch (nsError.code, posix) {
        case (NSFileReadNoSuchFileError, _), (_, Int(ENOENT)):
            return FeedError("The file \(name) doesn't exist", kind: .notFound, subject: subject, detail: file.path)
        case (NSFileReadNoPermissionError, _), (_, Int(EACCES)):
            return FeedError("You don't have permission to read \(name)", kind: .accessDenied, subject: subject,
                             detail: file.path)
        default:
            return FeedError("Couldn't read \(name)", subject: subject,
                             detail: "\(file.path): \(error.localizedDescription)")
        }
    }
}

extension LocalFeedSource: PageAheadSource {
    /// The next page's offset: a file's pages are known in advance.
    public nonisolated func cursor(after cursor: PageCursor) -> PageCursor? {
        guard let offset = Int(cursor.rawValue), offset >= 0 else { return nil }
        return PageCursor(String(offset + pageSize))
    }
}
