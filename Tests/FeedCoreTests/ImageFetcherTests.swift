import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import Synchronization
import XCTest

/// Images from a real server on 127.0.0.1 through the disk cache: how many
/// requests reach the server (cache hits send none), what they carry when
/// revalidating, what is kept and evicted, and what is refused.
final class ImageFetcherTests: XCTestCase {
    var fixture: FeedFixture!
    var directory: URL { fixture.directory.appendingPathComponent("images") }

    override func setUp() {
        super.setUp()
        fixture = FeedFixture()
    }

    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100))

    static func image(_ body: Data = png, headers: [String: String] = [:], delay: Duration = .zero)
        -> LoopbackServer.Response {
        var all = ["Content-Type": "image/png"]
        all.merge(headers) { $1 }
        return LoopbackServer.Response(status: 200, headers: all, body: body, delay: delay)
    }

    func fetcher(cacheBytes: Int = 1024 * 1024, maxBodyBytes: Int = 1024 * 1024, maxConcurrent: Int = 4)
        -> ImageFetcher {
        ImageFetcher(http: HTTPClient(policy: HTTPPolicy(maxBodyBytes: maxBodyBytes)),
                     cache: ImageDiskCache(directory: directory, maxBytes: cacheBytes), maxConcurrent: maxConcurrent)
    }

    // MARK: The cache

    func testAFreshImageComesFromTheCacheWithNoRequestEvenAfterARestart() async throws {
        let server = try LoopbackServer { _ in Self.image(headers: ["Cache-Control": "max-age=3600"]) }
        let url = server.url("/avatar.png")
        let first = fetcher()
        let data = try await bounded { try await first.data(for: url) }
        XCTAssertEqual(data, Self.png)
        let again = try await bounded { try await first.data(for: url) }
        XCTAssertEqual(again, Self.png)
        XCTAssertEqual(server.requests.count, 1, "the second look is a cache hit")
        let requestsMade = await first.networkRequests
        XCTAssertEqual(requestsMade, 1)

        let afterRestart = fetcher()
        let cached = try await bounded { try await afterRestart.data(for: url) }
        XCTAssertEqual(cached, Self.png)
        XCTAssertEqual(server.requests.count, 1, "a new fetcher (a restart) reads the disk cache")
        let requestsAfterRestart = await afterRestart.networkRequests
        XCTAssertEqual(requestsAfterRestart, 0)
    }

    func testAStaleImageIsRevalidatedWithItsETagAndKeptOnNotModified() async throws {
        let server = try LoopbackServer { request in
            request.header("if-none-match") == "\"v1\""
                ? LoopbackServer.Response(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=0"])
                : Self.image(headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=0"])
        }
        let url = server.url("/photo.png")
        let fetcher = fetcher()
        _ = try await bounded { try await fetcher.data(for: url) }
        let again = try await bounded { try await fetcher.data(for: url) }
        XCTAssertEqual(again, Self.png, "304 hands out the cached bytes")
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertNil(server.requests[0].header("if-none-match"))
        XCTAssertEqual(server.requests[1].header("if-none-match"), "\"v1\"")
    }

    func testAStaleImageIsRevalidatedWithLastModifiedAndReplacedWhenItChanged() async throws {
        let modified = "Sun, 22 Nov 2026 10:00:00 GMT"
        let newer = Data(Self.png.reversed())
        let server = try LoopbackServer { request in
            request.header("if-modified-since") == modified
                ? Self.image(newer, headers: ["Cache-Control": "max-age=3600"])
                : Self.image(headers: ["Last-Modified": modified, "Cache-Control": "no-cache"])
        }
        let url = server.url("/photo.png")
        let fetcher = fetcher()
        _ = try await bounded { try await fetcher.data(for: url) }
        let changed = try await bounded { try await fetcher.data(for: url) }
        XCTAssertEqual(changed, newer, "a 200 to a conditional request is the new image")
        XCTAssertEqual(server.requests.last?.header("if-modified-since"), modified)
        let third = try await bounded { try await fetcher.data(for: url) }
        XCTAssertEqual(third, newer)
        XCTAssertEqual(server.requests.count, 2, "the new copy is fresh for an hour")
    }

    func testNoStoreIsNeverKept() async throws {
        let server = try LoopbackServer { _ in Self.image(headers: ["Cache-Control": "no-store"]) }
        let url = server.url("/private.png")
        let fetcher = fetcher()
        _ = try await bounded { try await fetcher.data(for: url) }
        _ = try await bounded { try await fetcher.data(for: url) }
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertNil(ImageDiskCache(directory: directory).entry(for: url))
    }

    func testTheDiskCacheStaysWithinItsBytesDroppingTheLeastRecentlyUsed() throws {
        let cache = ImageDiskCache(directory: directory, maxBytes: 3000)
        let urls = (0..<4).map { URL(string: "https://images.example/\($0).png")! }
        func entry(_ byte: UInt8) -> ImageDiskCache.Entry {
            .init(data: Data(repeating: byte, count: 900), freshUntil: .distantFuture)
        }
        cache.store(entry(0), for: urls[0])
        Self.waitForTheClockToMoveOn()
        cache.store(entry(1), for: urls[1])
        Self.waitForTheClockToMoveOn()
        XCTAssertNotNil(cache.entry(for: urls[0]), "reading 0 makes 1 the least recently used")
        Self.waitForTheClockToMoveOn()
        cache.store(entry(2), for: urls[2])
        Self.waitForTheClockToMoveOn()
        cache.store(entry(3), for: urls[3])
        XCTAssertLessThanOrEqual(cache.totalBytes, 3000)
        XCTAssertNil(cache.entry(for: urls[1]), "the least recently used went first")
        XCTAssertEqual(cache.entry(for: urls[0])?.data, entry(0).data)
        XCTAssertEqual(cache.entry(for: urls[3])?.data, entry(3).data)

        cache.store(.init(data: Data(count: 5000), freshUntil: .distantFuture), for: urls[1])
        XCTAssertNil(cache.entry(for: urls[1]), "an image larger than the whole cache is not kept")
        XCTAssertNotNil(cache.entry(for: urls[3]), "and evicts nothing")
    }

    func testACachedImageIsTheFileMappedAndOutlivesItsReplacementAndRemoval() throws {
        let cache = ImageDiskCache(directory: directory)
        let url = URL(string: "https://images.example/photo.jpg")!
        let first = Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0) })
        cache.store(.init(data: first, freshUntil: .distantFuture), for: url)
        let file = try XCTUnwrap(try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .first { $0.pathExtension == "image" })
        // Read to the end: String(contentsOfFile:) reads /proc's files
        // in one read, the first 4 KiB of a busy process's maps.
        func mapped() throws -> Bool {
            let maps = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile()
            return String(decoding: maps, as: UTF8.self).contains(file.lastPathComponent)
        }
        var entry = try XCTUnwrap(cache.entry(for: url))
        XCTAssertTrue(try mapped(), "the bytes are the file mapped, not a copy in the heap")
        XCTAssertEqual(entry.data, first)

        // Replaced (written anew and renamed over it), then removed: the
        // bytes in hand stay the ones read.
        cache.store(.init(data: Data(repeating: 9, count: 100), freshUntil: .distantFuture), for: url)
        XCTAssertEqual(entry.data, first)
        try FileManager.default.removeItem(at: directory)
        XCTAssertEqual(entry.data, first)
        XCTAssertNil(cache.entry(for: url))

        entry = ImageDiskCache.Entry(data: Data(), freshUntil: .distantPast)
        XCTAssertFalse(try mapped(), "let go with the entry")
    }

    func testARecordForAnotherAddressIsAMiss() throws {
        let cache = ImageDiskCache(directory: directory)
        let url = URL(string: "https://images.example/a.png")!
        cache.store(.init(data: Self.png, freshUntil: .distantFuture), for: url)
        // Damage the record: a cache never trusts a file it can't read.
        let records = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        XCTAssertEqual(records.count, 1)
        try Data("{\"url\":\"https://elsewhere.example/b.png\",\"freshUntil\":0}".utf8).write(to: records[0])
        XCTAssertNil(cache.entry(for: url))
        try Data("not json".utf8).write(to: records[0])
        XCTAssertNil(cache.entry(for: url))
    }

    func testTheStandardDirectoryFollowsXDGCacheHome() {
        XCTAssertEqual(ImageDiskCache.standardDirectory(environment: ["XDG_CACHE_HOME": "/tmp/c"]).path,
                       "/tmp/c/feedline/images")
        XCTAssertTrue(ImageDiskCache.standardDirectory(environment: ["XDG_CACHE_HOME": "relative"]).path
            .hasSuffix("/.cache/feedline/images"))
    }

    // MARK: Downloads

    func testRowsAskingForOneImageAtOnceMakeOneRequest() async throws {
        // The slow answer is the scenario (the asks overlap one download); a late ask hits the cache, so it can't fail.
        let server = try LoopbackServer { _ in Self.image(delay: .milliseconds(300)) }
        let url = server.url("/shared-avatar.png")
        let fetcher = fetcher()
        let results = try await bounded {
            try await withThrowingTaskGroup(of: Data.self) { group in
                for _ in 0..<5 { group.addTask { try await fetcher.data(for: url) } }
                return try await group.reduce(into: [Data]()) { $0.append($1) }
            }
        }
        XCTAssertEqual(results, Array(repeating: Self.png, count: 5))
        XCTAssertEqual(server.requests.count, 1)
    }

    func testDownloadsWaitForASlotMostUrgentFirst() async throws {
        // The first download holds the only slot until the others are queued and reordered.
        let gate = AnswerGate()
        let arrivals = Arrivals()
        let server = try LoopbackServer { request in
            arrivals.arrived()
            if request.path == "/first.png" { gate.hold() }
            return Self.image()
        }
        defer {
            gate.open()
            server.stop()
        }
        let fetcher = fetcher(maxConcurrent: 1)
        let first = Task { try await fetcher.data(for: server.url("/first.png")) }
        try await bounded { await arrivals.count(reaches: 1) }
        let far = Task { try await fetcher.data(for: server.url("/far.png"), priority: 0) }
        let near = Task { try await fetcher.data(for: server.url("/near.png"), priority: 0) }
        let scrolledAway = Task { try await fetcher.data(for: server.url("/away.png"), priority: 5) }
        try await waitFor { await fetcher.downloadsInProgress == 4 }
        await fetcher.setPriority(10, for: server.url("/near.png"))
        await fetcher.setPriority(-1, for: server.url("/away.png"))
        gate.open()
        for task in [first, far, near, scrolledAway] { _ = try await bounded { try await task.value } }
        XCTAssertEqual(server.requests.map(\.path), ["/first.png", "/near.png", "/far.png", "/away.png"],
                       "one at a time, in priority order")
    }

    func testAtMostMaxConcurrentDownloadsRunAtOnce() async throws {
        // Every answer is held until the test lets it go: two downloads run
        // for as long as the test needs, whatever the machine's speed.
        let gate = AnswerGate()
        let arrivals = Arrivals()
        let releasedAtArrival = Mutex<[Int]>([])
        let server = try LoopbackServer { _ in
            releasedAtArrival.withLock { $0.append(gate.released) }
            arrivals.arrived()
            gate.hold()
            return Self.image()
        }
        defer {
            gate.open()
            server.stop()
        }
        let fetcher = fetcher(maxConcurrent: 2)
        let tasks = (0..<3).map { index in Task { try await fetcher.data(for: server.url("/\(index).png")) } }
        try await bounded { await arrivals.count(reaches: 2) }
        try await waitFor { await fetcher.downloadsInProgress == 3 }
        let sent = await fetcher.networkRequests
        XCTAssertEqual(sent, 2, "the third waits while two are running")
        XCTAssertEqual(server.requests.count, 2, "the third waits while two are running")
        gate.release()
        try await bounded { await arrivals.count(reaches: 3) }
        XCTAssertEqual(releasedAtArrival.withLock { $0 }, [0, 0, 1], "the third started only once one had finished")
        gate.open()
        for task in tasks { _ = try await bounded { try await task.value } }
        XCTAssertEqual(server.requests.count, 3)
    }

    func testADownloadNobodyWaitsForIsCancelled() async throws {
        let server = try LoopbackServer { request in
            Self.image(delay: request.path == "/slow.png" ? .seconds(30) : .zero)
        }
        let fetcher = fetcher(maxConcurrent: 1)
        let slow = Task { try await fetcher.data(for: server.url("/slow.png")) }
        try await waitFor { server.requests.count == 1 }
        let queued = Task { try await fetcher.data(for: server.url("/queued.png")) }
        try await waitFor { await fetcher.downloadsInProgress == 2 }
        queued.cancel()
        slow.cancel()
        for task in [slow, queued] {
            do {
                _ = try await bounded { try await task.value }
                XCTFail("a cancelled caller gets no image")
            } catch {
                XCTAssertTrue(error is CancellationError, "\(error)")
            }
        }
        try await waitFor { await fetcher.downloadsInProgress == 0 }
        // The slot is free again: the next image does not wait 30 s.
        let next = try await bounded(10) { try await fetcher.data(for: server.url("/next.png")) }
        XCTAssertEqual(next, Self.png)
        XCTAssertFalse(server.requests.map(\.path).contains("/queued.png"), "a cancelled queued download never starts")
    }

    func testALocalPictureIsReadFromDiskWithinTheSameLimit() async throws {
        let fetcher = fetcher(maxBodyBytes: 1000)
        let picture = fixture.write(Self.png, named: "avatar.png")
        let data = try await bounded { try await fetcher.data(for: picture) }
        XCTAssertEqual(data, Self.png)
        let big = fixture.write(Data(count: 5000), named: "big.png")
        let missing = fixture.url("missing.png")
        for (url, reason) in [(big, "too large"), (missing, "doesn't exist")] {
            do {
                _ = try await bounded { try await fetcher.data(for: url) }
                XCTFail("\(url.lastPathComponent) was read")
            } catch let error as FeedError {
                XCTAssertTrue(error.reason.contains(reason), "\(error)")
            }
        }
        let requests = await fetcher.networkRequests
        XCTAssertEqual(requests, 0)
        XCTAssertEqual(ImageDiskCache(directory: directory).totalBytes, 0, "local pictures are not copied to the cache")
    }

    // MARK: Refusals

    func testWhatIsNotAnImageIsRefusedAndNotKept() async throws {
        let huge = Data(repeating: 1, count: 50_000)
        let server = try LoopbackServer { request in
            switch request.path {
            case "/page.html": .text("<html>", headers: ["Content-Type": "text/html"])
            case "/untyped": LoopbackServer.Response(status: 200, body: Self.png)
            case "/empty.png": Self.image(Data())
            case "/huge.png": Self.image(huge)
            case "/cut.png": .truncated(Self.png, declaredLength: 5000, headers: ["Content-Type": "image/png"])
            default: LoopbackServer.Response(status: 404)
            }
        }
        let fetcher = fetcher(maxBodyBytes: 10_000)
        let expected = ["/page.html": "Not an image", "/untyped": "Not an image", "/empty.png": "The image is empty",
                        "/huge.png": "too large", "/cut.png": "incomplete", "/missing.png": "doesn't exist"]
        for (path, reason) in expected.sorted(by: { $0.key < $1.key }) {
            let url = server.url(path)
            do {
                _ = try await bounded { try await fetcher.data(for: url) }
                XCTFail("\(path) was accepted")
            } catch let error as FeedError {
                XCTAssertTrue(error.reason.contains(reason), "\(path): \(error)")
            }
            XCTAssertNil(ImageDiskCache(directory: directory).entry(for: url), "\(path) was kept")
        }
    }

    // MARK: Freshness

    func testFreshnessFollowsCacheControlThenExpiresThenLastModified() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func freshness(_ headers: [String: String]) -> CacheFreshness {
            CacheFreshness(HTTPResponse(status: 200, url: URL(string: "https://a.example/i.png")!, headers: headers),
                           now: now)
        }
        XCTAssertEqual(freshness(["Cache-Control": "public, max-age=600"]), .freshUntil(now + 600))
        XCTAssertEqual(freshness(["cache-control": "MAX-AGE=\"60\""]), .freshUntil(now + 60))
        XCTAssertEqual(freshness(["Cache-Control": "no-store, max-age=600"]), .doNotStore)
        XCTAssertEqual(freshness(["Cache-Control": "no-cache"]), .freshUntil(now))
        XCTAssertEqual(freshness(["Cache-Control": "max-age=600", "Expires": "Thu, 01 Jan 1970 00:00:00 GMT"]),
                       .freshUntil(now + 600), "max-age wins over Expires")
        XCTAssertEqual(freshness(["Expires": imfFixdate(now + 120)]), .freshUntil(now + 120))
        XCTAssertEqual(freshness(["Expires": "0"]), .freshUntil(now), "an unreadable Expires is already past")
        XCTAssertEqual(freshness(["Last-Modified": imfFixdate(now - 1000)]), .freshUntil(now + 100),
                       "a tenth of the time since the last change")
        XCTAssertEqual(freshness(["Last-Modified": imfFixdate(now - 365 * 86_400)]),
                       .freshUntil(now + 7 * 86_400), "at most a week")
        XCTAssertEqual(freshness([:]), .freshUntil(now + 86_400), "a day when the server says nothing")
    }

    /// Returns once the wall clock (which the cache stamps each use with)
    /// reads later than when called: the next use is later than the last,
    /// never equal, however fast the machine.
    private static func waitForTheClockToMoveOn() {
        let now = Date()
        while Date() <= now {}
    }
}
