import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// Authors' pictures and items' images in real rows, from a real image
/// server on 127.0.0.1: a recycled row never shows another item's picture,
/// rows sharing one picture make one request, memory answers what it has,
/// and an image's box is its declared shape before the image arrives.
final class RowPictureTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    @MainActor
    func loader() -> ImageLoader {
        let cache = ImageDiskCache(directory: fixture.directory.appendingPathComponent("images"))
        return ImageLoader(fetcher: ImageFetcher(http: HTTPClient(), cache: cache), memoryBytes: 1024 * 1024)
    }

    func item(_ id: String, avatar: URL?) -> FeedItem {
        FeedItem(id: id, title: "Post \(id)", author: "@\(id)", avatarURL: avatar)
    }

    /// A server of avatars: /slow.png (30 × 30) after 800 ms, /wide.png
    /// (40 × 20) at once, /broken.png (not a picture), anything else 24 × 24.
    func avatarServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            let headers = ["Content-Type": "image/png", "Cache-Control": "max-age=3600"]
            switch request.path {
            case "/slow.png":
                return .init(status: 200, headers: headers, body: TestImages.png(width: 30, height: 30),
                             delay: .milliseconds(800))
            case "/wide.png": return .init(status: 200, headers: headers, body: TestImages.png(width: 40, height: 20))
            case "/broken.png": return .init(status: 200, headers: headers, body: Data("GIF89a, or not".utf8))
            default: return .init(status: 200, headers: headers, body: TestImages.png(width: 24, height: 24))
            }
        }
    }

    func testARecycledRowNeverShowsAnotherItemsPictureNotEvenLate() throws {
        let server = try avatarServer()
        try MainActor.assumeIsolated {
            let images = loader()
            let recycled = FeedRow(images: images)
            let other = FeedRow(images: images)
            recycled.show(item("a", avatar: server.url("/slow.png")), now: Date())
            let recycledPicture = try XCTUnwrap(recycled.avatar).picture
            XCTAssertTrue(recycledPicture.isVisible, "the placeholder holds the picture's place at once")
            XCTAssertNil(recycledPicture.texture)
            // Another row waits for the same slow picture, so its download
            // goes on after the recycled row lets go of it.
            other.show(item("a2", avatar: server.url("/slow.png")), now: Date())
            let otherPicture = try XCTUnwrap(other.avatar).picture
            // GTK recycles the row for item b before a's picture arrives.
            recycled.show(item("b", avatar: server.url("/wide.png")), now: Date())
            XCTAssertNil(recycledPicture.texture, "not a frame of the old picture")
            waitUntil("b's picture is shown") { recycledPicture.texture != nil }
            waitUntil("a's slow picture arrives for the other row") { otherPicture.texture != nil }
            // A late delivery to the recycled row would come with a's
            // download: wait until every download is over.
            waitUntilDownloadsFinish(images)
            let shown = recycledPicture.texture
            XCTAssertEqual(shown.map { [$0.width, $0.height] }, [20, 10], "b's 40 × 20 picture, fitted to 20 px")
            XCTAssertEqual(otherPicture.texture.map { [$0.width, $0.height] }, [20, 20])
        }
    }

    func testRowsSharingAPictureMakeOneRequestAndMemoryAnswersTheNextRow() throws {
        let server = try avatarServer()
        try MainActor.assumeIsolated {
            let images = loader()
            let rows = (0..<3).map { _ in FeedRow(images: images) }
            let url = server.url("/shared.png")
            for (index, row) in rows.enumerated() { row.show(item("\(index)", avatar: url), now: Date()) }
            waitUntil("every row shows the picture") { rows.allSatisfy { $0.avatar?.picture.texture != nil } }
            XCTAssertEqual(server.requests.count, 1, "one download for three rows")
            let decodes = images.decodes
            let later = FeedRow(images: images)
            later.show(item("later", avatar: url), now: Date())
            XCTAssertNotNil(try XCTUnwrap(later.avatar).picture.texture, "from memory, in the same bind")
            XCTAssertEqual(images.decodes, decodes, "no decode and no request for a picture in memory")
            XCTAssertEqual(server.requests.count, 1)
        }
    }

    /// A row that shows `path` (declared `size`) through `show`.
    @MainActor
    private func photoRow(_ server: LoopbackServer) -> (FeedRow, @MainActor (String?, ImageSize?) -> Void) {
        let row = FeedRow(images: loader())
        return (row, { path, size in
            row.show(FeedItem(id: path ?? "none", title: "Photo", imageURL: path.map(server.url),
                              imageSize: size), now: Date())
        })
    }

    func testAnImagesBoxTakesTheDeclaredShapeBeforeTheImageArrives() throws {
        let server = try avatarServer()
        try MainActor.assumeIsolated {
            let (row, show) = photoRow(server)
            show("/slow.png", ImageSize(width: 400, height: 300))
            let thumbnail = try XCTUnwrap(row.thumbnail).picture
            XCTAssertTrue(thumbnail.isVisible)
            XCTAssertNil(thumbnail.texture)
            XCTAssertEqual(thumbnail.minimumHeight, 84, "112 px wide at 4:3, before any pixel arrives")
            waitUntil("the image arrives") { thumbnail.texture != nil }
            XCTAssertEqual(thumbnail.minimumHeight, 84, "and the same once it is there")
        }
    }

    func testATallImageIsHeldUprightAnUndeclaredOneIsFourByThreeAndNoImageLeavesNoBox() throws {
        let server = try avatarServer()
        try MainActor.assumeIsolated {
            let (row, show) = photoRow(server)
            show("/square.png", ImageSize(width: 400, height: 300))
            let thumbnail = try XCTUnwrap(row.thumbnail).picture
            waitUntil("the first image arrives") { thumbnail.texture != nil }
            show("/tall.png", ImageSize(width: 300, height: 900))
            XCTAssertEqual(thumbnail.minimumHeight, 149, "a tall image is held to 4:3 upright")
            XCTAssertNil(thumbnail.texture, "the recycled row drops the last image at once")
            show("/undeclared.png", nil)
            XCTAssertEqual(thumbnail.minimumHeight, 84, "4:3 when the feed says nothing")
            show(nil, nil)
            XCTAssertFalse(thumbnail.isVisible, "no image, no box")
        }
    }

    private static let preview = Blurhash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")

    /// A row showing the slow picture's blurred preview (now in memory),
    /// its thumbnail, and the loader's failures as they come.
    @MainActor
    private func rowShowingAPreview(_ server: LoopbackServer, images: ImageLoader) throws -> (FeedRow, Picture) {
        let row = FeedRow(images: images)
        row.show(FeedItem(id: "slow", title: "Slow", imageURL: server.url("/slow.png"), imageBlurhash: Self.preview),
                 now: Date())
        let thumbnail = try XCTUnwrap(row.thumbnail).picture
        waitUntil("the preview is drawn, 32 pixels across") { thumbnail.texture?.width == 32 }
        return (row, thumbnail)
    }

    func testTheFeedsBlurredPreviewFillsThePlaceholderUntilThePictureArrives() throws {
        let server = try avatarServer()
        try MainActor.assumeIsolated {
            let (row, thumbnail) = try rowShowingAPreview(server, images: loader())
            defer { withExtendedLifetime(row) {} }  // the row's going would cancel its picture
            XCTAssertEqual(thumbnail.texture?.height, 24, "in the box's 4:3 shape")
            waitUntil("the picture (30 × 30) replaces it") { thumbnail.texture?.width == 30 }
        }
    }

    func testTheBlurredPreviewStaysWhenThePictureFails() throws {
        let server = try avatarServer()
        try MainActor.assumeIsolated {
            let images = loader()
            var failures: [String] = []
            images.onFailure = { url, _ in failures.append(url.path) }
            let (row, thumbnail) = try rowShowingAPreview(server, images: images)
            row.show(FeedItem(id: "broken", title: "Broken", imageURL: server.url("/broken.png"), imageBlurhash: Self.preview),
                     now: Date())
            XCTAssertEqual(thumbnail.texture?.width, 32, "the preview is in memory: drawn in the same bind")
            waitUntil("the broken picture is given up") {
                server.requests.contains { $0.path == "/broken.png" } && failures.contains("/broken.png")
            }
            drainPendingWork()
            XCTAssertEqual(thumbnail.texture?.width, 32, "the preview stays")
        }
    }

    func testBehindAContentWarningOnlyThePreviewShowsUntilShowPost() throws {
        let server = try avatarServer()
        try MainActor.assumeIsolated {
            let images = loader()
            let (row, thumbnail) = try rowShowingAPreview(server, images: images)
            row.show(FeedItem(id: "warned", title: "Warned", imageURL: server.url("/wide.png"),
                              contentWarning: "Spiders", imageBlurhash: Self.preview), now: Date())
            // Whatever this bind was going to download has had its chance.
            waitUntilDownloadsFinish(images)
            XCTAssertEqual(thumbnail.texture?.width, 32, "behind a content warning, only the preview")
            XCTAssertFalse(server.requests.contains { $0.path == "/wide.png" }, "and no download")
            row.show(FeedItem(id: "warned", title: "Warned", imageURL: server.url("/wide.png"),
                              contentWarning: "Spiders", imageBlurhash: Self.preview), now: Date(), revealed: true)
            waitUntil("Show Post shows the picture (40 × 20)") { thumbnail.texture?.width == 40 }
        }
    }

    func testEveryHostileImageEndsAsThePlaceholderWithAReason() throws {
        let png = TestImages.png(width: 64, height: 64)
        let server = try LoopbackServer { request in
            let image = ["Content-Type": "image/png"]
            switch request.path {
            case "/over-the-byte-cap.png": return .init(headers: image, body: TestImages.png(width: 200, height: 200))
            case "/bomb.png": return .init(headers: image, body: TestImages.bomb(width: 30_000, height: 30_000))
            case "/truncated.png": return .init(headers: image, body: png.prefix(png.count / 2))
            case "/corrupt.png":
                var bytes = png
                bytes.replaceSubrange(40..<200, with: Data(repeating: 0x5A, count: 160))
                return .init(headers: image, body: bytes)
            case "/wrong-type.png": return .init(headers: ["Content-Type": "text/html"], body: png)
            case "/missing.png": return .text("not here", status: 404)
            default: return .init(headers: image, body: png)
            }
        }
        defer { server.stop() }
        MainActor.assumeIsolated {
            // Bodies of at most 64 KB: the 200 × 200 PNG (120 KB) is over.
            let http = HTTPClient(policy: HTTPPolicy(maxBodyBytes: 64 * 1024, version: "test"))
            let images = ImageLoader(fetcher: ImageFetcher(http: http, cache: nil), memoryBytes: 1024 * 1024)
            var reasons: [String: String] = [:]
            images.onFailure = { url, reason in reasons[url.path] = reason }
            let cases = ["/over-the-byte-cap.png": "too large", "/bomb.png": "too large (30000 × 30000 pixels)",
                         "/truncated.png": "incomplete", "/corrupt.png": "couldn't be read",
                         "/wrong-type.png": "Not an image", "/missing.png": "404"]
            var rows: [FeedRow] = []
            for path in cases.keys.sorted() {
                let row = FeedRow(images: images)
                row.show(FeedItem(id: path, title: path, imageURL: server.url(path)), now: Date())
                rows.append(row)
            }
            let fine = FeedRow(images: images)
            fine.show(FeedItem(id: "fine", title: "Fine", imageURL: server.url("/fine.png")), now: Date())
            waitUntil("every hostile image is given up") { reasons.count == cases.count }
            waitUntil("and the fine one shown") { fine.thumbnail?.picture.texture != nil }
            for (path, reason) in cases {
                XCTAssertTrue(reasons[path]?.localizedCaseInsensitiveContains(reason) == true, "\(path): \(reasons[path] ?? "-")")
            }
            for row in rows {
                XCTAssertTrue(row.thumbnail?.picture.isVisible == true, "the placeholder stays")
                XCTAssertNil(row.thumbnail?.picture.texture)
            }
            XCTAssertEqual(images.textures.count, 1, "nothing of the hostile images is kept in memory")
        }
    }

    func testTheMemoryCacheStaysWithinItsBytesDroppingTheLeastRecentlyUsed() throws {
        MainActor.assumeIsolated {
            // Four 16 × 16 textures take 1 KB each; the cache holds 3 KB.
            let cache = TextureCache(maxBytes: 3 * 1024)
            let texture = { Texture.fromPixels([UInt8](repeating: 128, count: 16 * 16 * 4), width: 16, height: 16)! }
            let keys = (0..<4).map { TextureCache.Key(source: "https://example.org/\($0).png", width: 16, height: 16) }
            for key in keys.prefix(3) { cache.insert(texture(), for: key) }
            XCTAssertNotNil(cache[keys[0]], "used again: now the most recent")
            cache.insert(texture(), for: keys[3])
            XCTAssertEqual(cache.bytes, 3 * 1024)
            XCTAssertEqual(cache.count, 3)
            XCTAssertNil(cache[keys[1]], "the least recently used went")
            XCTAssertNotNil(cache[keys[0]])
            XCTAssertNotNil(cache[keys[3]])
            cache.insert(Texture.fromPixels([UInt8](repeating: 0, count: 32 * 32 * 4), width: 32, height: 32)!,
                         for: TextureCache.Key(source: "huge", width: 32, height: 32))
            XCTAssertEqual(cache.bytes, 3 * 1024, "one larger than the whole cache is not kept")
        }
    }

    func testPicturesOfRowsInViewComeFirstAndScrollingReordersThemAndRowsThatGoCancelTheirs() throws {
        // Pictures that take long, so downloads stay queued while we look.
        let server = try LoopbackServer { _ in
            .init(headers: ["Content-Type": "image/png"], body: TestImages.png(width: 8, height: 8),
                  delay: .seconds(3))
        }
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let feed = fixture.writeFeed(count: 300) { index, item in item["image"] = server.url("/\(index).png").absoluteString }
            let window = openWindow(on: SimulatedNetwork(LocalFeedSource(file: feed, pageSize: 300), latency: .zero))
            let list = window.feedList
            settle(window)
            @MainActor func priority(ofRowAt position: Int) -> Int? {
                list.factory.cell(at: position)?.row?.thumbnail?.priority
            }
            XCTAssertEqual(priority(ofRowAt: 0), 0, "a row in view")
            let below = try XCTUnwrap((1..<list.itemCount).first { list.picturePriority(at: $0) < 0 })
            XCTAssertEqual(list.picturePriority(at: below), -1, "the first row below the view: a screenful away")
            XCTAssertEqual(priority(ofRowAt: below), -1)
            let far = try XCTUnwrap((below..<list.itemCount).last { list.factory.cell(at: $0) != nil })
            XCTAssertLessThan(try XCTUnwrap(priority(ofRowAt: far)), -1, "rows further down wait longer")

            // Scrolled down to it, the far row is in view and goes first.
            window.feedList.focusRow(at: far)
            waitUntil("the far row comes into view") { list.picturePriority(at: far) == 0 }
            waitUntil("and its picture's priority follows") { priority(ofRowAt: far) == 0 }
            XCTAssertLessThan(list.picturePriority(at: 0), 0, "the first row is now far above")

            // Rows whose items go let go of their downloads.
            XCTAssertGreaterThan(downloadsInProgress(.shared), 0)
            list.removeAll()
            waitUntil("every download is cancelled") { self.downloadsInProgress(.shared) == 0 }
        }
    }

    func testABrokenPictureLeavesThePlaceholderAndNoPictureLeavesNoSpace() throws {
        let server = try avatarServer()
        try MainActor.assumeIsolated {
            let images = loader()
            var failures: [String] = []
            images.onFailure = { url, _ in failures.append(url.path) }
            let row = FeedRow(images: images)
            row.show(item("x", avatar: server.url("/broken.png")), now: Date())
            waitUntil("the broken picture fails") { failures == ["/broken.png"] }
            let avatar = try XCTUnwrap(row.avatar).picture
            XCTAssertTrue(avatar.isVisible, "the placeholder stays")
            XCTAssertNil(avatar.texture)
            let plain = FeedRow(images: images)
            plain.show(item("plain", avatar: nil), now: Date())
            XCTAssertNil(plain.avatar, "a row that never shows a picture has no picture widget")
            row.show(item("y", avatar: nil), now: Date())
            XCTAssertFalse(avatar.isVisible, "a feed without pictures keeps its rows as they were")
        }
    }
}
