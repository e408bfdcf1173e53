import Foundation

/// Where images come from: the disk cache while fresh, else the network,
/// revalidating a stale copy with `ETag`/`Last-Modified` when the server
/// gave them.
///
/// - One download per address, however many rows ask at once.
/// - At most `maxConcurrent` downloads at a time; the rest wait, highest
///   `priority` first (rows about to come into view before rows far away),
///   and `setPriority` moves a waiting one (a row scrolled away).
/// - A download no one waits for any more (every row that asked was
///   recycled) is cancelled.
/// - Only `image/*` answers of at most the client's `maxBodyBytes` are
///   accepted; anything else fails with a `FeedError`.
/// - A `file:` address (a local feed's pictures, the sample feed's) is
///   read from disk, within the same size, and never cached.
///
/// It hands back the bytes as sent: decoding (and its pixel limits)
/// belongs to whoever shows them, off the main thread.
public actor ImageFetcher {
    public let http: HTTPClient
    public let cache: ImageDiskCache?
    public let maxConcurrent: Int
    private let now: @Sendable () -> Date

    /// Requests sent to servers (cache hits send none).
    public private(set) var networkRequests = 0

    /// A download and who waits for it.
    private struct Download {
        let id: Int
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<Data, any Error>] = [:]
        var priority: Int
    }

    private var downloads: [URL: Download] = [:]
    private var slots: DownloadSlots
    /// Numbers for waiters and downloads.
    private var serial = 0

    public init(http: HTTPClient, cache: ImageDiskCache?, maxConcurrent: Int = 4,
                now: @escaping @Sendable () -> Date = Date.init) {
        precondition(maxConcurrent > 0, "at least one download at a time")
        self.http = http
        self.cache = cache
        self.maxConcurrent = maxConcurrent
        self.now = now
        slots = DownloadSlots(count: maxConcurrent)
    }

    /// The image at `url`, as the server sent it. Throws `FeedError` when
    /// it can't be had, `CancellationError` when the calling task is
    /// cancelled (the download goes on while another caller waits for it).
    public func data(for url: URL, priority: Int = 0) async throws -> Data {
        if url.isFileURL { return try await Self.read(url, limit: http.policy.maxBodyBytes) }
        let cached = cache?.entry(for: url)
        if let cached, cached.isFresh(at: now()) {
            return cached.data
        }
        try Task.checkCancellation()
        serial += 1
        let waiter = serial
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                join(url, waiter: waiter, priority: priority, stale: cached, continuation: continuation)
            }
        } onCancel: {
            Task { await self.leave(url, waiter: waiter) }
        }
    }

    /// Changes the priority of a download still waiting for a slot.
    public func setPriority(_ priority: Int, for url: URL) {
        guard downloads[url] != nil else { return }
        downloads[url]?.priority = priority
        slots.reprioritize(url, to: priority)
    }

    /// Downloads waiting for a slot or running.
    public var downloadsInProgress: Int { downloads.count }

    /// A local picture, read off the actor.
    @concurrent
    private nonisolated static func read(_ url: URL, limit: Int) async throws -> Data {
        let size = (try? url.resourceValues(forKeys: [.fileSizeKey]))?.fileSize
        let file = FeedError.Subject.file(url.lastPathComponent)
        guard let size else {
            throw FeedError("The image file doesn't exist", kind: .notFound, subject: file, detail: url.path)
        }
        guard size <= limit else {
            throw FeedError("The image is too large", kind: .tooLarge, subject: file, detail: "\(url.path): \(size) bytes")
        }
        guard let data = try? Data(contentsOf: url), !data.isEmpty else {
            throw FeedError("The image is empty or unreadable", kind: .empty, subject: file, detail: url.path)
        }
        return data
    }

    // MARK: Waiters

    /// `stale`: the cached copy the caller found, to revalidate.
    private func join(_ url: URL, waiter: Int, priority: Int, stale: ImageDiskCache.Entry?,
                      continuation: CheckedContinuation<Data, any Error>) {
        if downloads[url] != nil {
            downloads[url]?.waiters[waiter] = continuation
            if priority > downloads[url]!.priority { setPriority(priority, for: url) }
            return
        }
        serial += 1
        let id = serial
        downloads[url] = Download(id: id, waiters: [waiter: continuation], priority: priority)
        downloads[url]?.task = Task { await self.download(url, id: id, stale: stale) }
    }

    /// A caller was cancelled: it stops waiting; the download stops too when
    /// it was the last one waiting.
    private func leave(_ url: URL, waiter: Int) {
        guard let continuation = downloads[url]?.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(throwing: CancellationError())
        if downloads[url]?.waiters.isEmpty == true, let download = downloads.removeValue(forKey: url) {
            download.task?.cancel()
            slots.cancel(url)
        }
    }

    /// Hands the result to everyone waiting for download `id` (none when it
    /// was given up: a later download of the address may be under way).
    private func finish(_ url: URL, id: Int, with result: Result<Data, any Error>) {
        guard downloads[url]?.id == id, let download = downloads.removeValue(forKey: url) else { return }
        for continuation in download.waiters.values {
            continuation.resume(with: result)
        }
    }

    // MARK: Downloading

    private func download(_ url: URL, id: Int, stale: ImageDiskCache.Entry?) async {
        do {
            try await acquireSlot(for: url)
        } catch {
            finish(url, id: id, with: .failure(error))
            return
        }
        defer { slots.release() }
        var headers = ["Accept": "image/*"]
        if let etag = stale?.etag { headers["If-None-Match"] = etag }
        if let modified = stale?.lastModified { headers["If-Modified-Since"] = modified }
        networkRequests += 1
        do {
            let response = try await http.get(url, headers: headers)
            finish(url, id: id, with: .success(try accept(response, for: url, stale: stale)))
        } catch {
            finish(url, id: id, with: .failure(error))
        }
    }

    /// Waits for a free download slot (see `DownloadSlots`).
    private func acquireSlot(for url: URL) async throws {
        try Task.checkCancellation()
        if slots.takeFree() { return }
        let priority = downloads[url]?.priority ?? 0
        try await withCheckedThrowingContinuation { continuation in
            slots.wait(url, priority: priority, continuation: continuation)
        }
    }

    /// The bytes to hand out for an answer, kept in the cache when allowed.
    private func accept(_ response: HTTPResponse, for url: URL, stale: ImageDiskCache.Entry?) throws -> Data {
        let freshness = CacheFreshness(response, now: now())
        if response.status == 304, var entry = stale {
            if case .freshUntil(let date) = freshness { entry.freshUntil = date }
            entry.etag = response.header("etag") ?? entry.etag
            cache?.store(entry, for: url)
            return entry.data
        }
        let type = response.header("content-type") ?? "none"
        guard type.lowercased().hasPrefix("image/") else {
            throw FeedError("Not an image", kind: .badAnswer, detail: "\(url.absoluteString): Content-Type \(type)")
        }
        guard !response.body.isEmpty else {
            throw FeedError("The image is empty", kind: .empty, detail: url.absoluteString)
        }
        if case .freshUntil(let date) = freshness {
            cache?.store(ImageDiskCache.Entry(data: response.body, etag: response.header("etag"),
                                              lastModified: response.header("last-modified"), freshUntil: date),
                         for: url)
        }
        return response.body
    }
}

/// At most `count` downloads at once; the others wait, highest priority
/// first, then first come. Lives inside `ImageFetcher` (actor-isolated).
struct DownloadSlots {
    private struct Waiting {
        let url: URL
        var priority: Int
        let order: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let count: Int
    private var running = 0
    private var waiting: [Waiting] = []
    private var arrivals = 0

    init(count: Int) {
        self.count = count
    }

    /// Takes a slot if one is free.
    mutating func takeFree() -> Bool {
        guard running < count else { return false }
        running += 1
        return true
    }

    /// Queues a download; `continuation` resumes when it has a slot (or
    /// throws when it is cancelled).
    mutating func wait(_ url: URL, priority: Int, continuation: CheckedContinuation<Void, any Error>) {
        arrivals += 1
        waiting.append(Waiting(url: url, priority: priority, order: arrivals, continuation: continuation))
    }

    /// A download ended: the most urgent waiting one takes its slot.
    mutating func release() {
        guard let next = waiting.indices.max(by: { Self.before(waiting[$1], waiting[$0]) }) else {
            running -= 1
            return
        }
        waiting.remove(at: next).continuation.resume()
    }

    mutating func reprioritize(_ url: URL, to priority: Int) {
        for index in waiting.indices where waiting[index].url == url {
            waiting[index].priority = priority
        }
    }

    /// The download for `url` no longer wants a slot.
    mutating func cancel(_ url: URL) {
        while let index = waiting.firstIndex(where: { $0.url == url }) {
            waiting.remove(at: index).continuation.resume(throwing: CancellationError())
        }
    }

    /// `a` goes before `b`: higher priority, then earlier.
    private static func before(_ a: Waiting, _ b: Waiting) -> Bool {
        a.priority != b.priority ? a.priority > b.priority : a.order < b.order
    }
}
