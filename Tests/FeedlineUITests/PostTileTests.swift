import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import GtkKit
import GtkKitTestSupport
import XCTest

@testable import FeedlineUI

/// Mastodon posts in real grid tiles (`MastodonPosts` on 127.0.0.1): the
/// same veils, badges, polls and emoji as the list's rows, in tiles that
/// stay the same size; with the tiles' accessible names. Each test checks
/// one behaviour on a window of its own.
final class PostTileTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    func openGrid(_ server: LoopbackServer) -> FeedWindow {
        let window = openWindow(on: MastodonSource(instance: server.baseURL, timeline: .federated, http: HTTPClient()))
        window.show(layout: .grid)
        settle(window)
        return window
    }

    /// The tile of `id`, once bound and laid out; a failure of this test
    /// (not of the run) when it never is.
    @MainActor
    func tile(_ window: FeedWindow, _ id: String, file: StaticString = #filePath,
              line: UInt = #line) throws -> FeedTile {
        let position = try XCTUnwrap(MastodonPosts.ids.firstIndex(of: id), "no post \(id)", file: file, line: line)
        waitUntil("the tile of \(id) is laid out", file: file, line: line) {
            window.feedList.factory.cell(at: position)?.item?.id == id
                && (window.feedList.factory.cell(at: position)?.tile?.root.allocatedHeight ?? 0) > 0
        }
        return try XCTUnwrap(window.feedList.factory.cell(at: position)?.tile, "no tile for \(id)",
                             file: file, line: line)
    }

    @MainActor
    func assertTileName(_ window: FeedWindow, _ id: String, contains parts: [String],
                        file: StaticString = #filePath, line: UInt = #line) {
        guard let position = MastodonPosts.ids.firstIndex(of: id),
              let widget = window.feedList.factory.rowWidget(at: position),
              window.feedList.items.indices.contains(position) else {
            return XCTFail("no tile for \(id)", file: file, line: line)
        }
        let item = window.feedList.items[position]
        let name = ItemText.accessibleName(item, when: ItemText.when(item, now: Date()))
        XCTAssertTrue(widget.accessibleLabelIs(name), "tile \(id) is named “\(name)”", file: file, line: line)
        for part in parts {
            XCTAssertTrue(name.contains(part), "“\(name)” says “\(part)”", file: file, line: line)
        }
    }

    // MARK: Sensitive media

    func testASensitiveTileShowsItsTitleAndVeilsOnlyTheMedia() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let video = try tile(openGrid(server), "sensitive-video")
            XCTAssertEqual(video.title.text, "Bo", "only the media is veiled")
            XCTAssertEqual(video.revealButton.label, "Show Media")
            XCTAssertTrue(video.picture.picture.isVisible)
            XCTAssertFalse(video.mediaBadge.button.isVisible)
        }
    }

    func testASensitiveTilesMediaIsNotDownloadedBeforeShowMedia() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openGrid(server)
            _ = try tile(window, "sensitive-video")
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(server.requests.contains { $0.path == "/media/cat-still.png" }, "not downloaded")
        }
    }

    func testASensitiveTileIsNamedForItsSensitiveVideo() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openGrid(server)
            _ = try tile(window, "sensitive-video")
            assertTileName(window, "sensitive-video", contains: ["sensitive media", "video, 43 seconds"])
        }
    }

    func testShowMediaOnATileShowsTheStillAndTheBadge() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let video = try tile(openGrid(server), "sensitive-video")
            video.revealButton.click()
            waitUntil("Show Media shows the still") { video.picture.picture.texture?.width ?? 0 > 32 }
            XCTAssertEqual(video.mediaBadge.button.label, "▶ Video · 0:43")
        }
    }

    // MARK: Sounds and GIFs

    func testASoundWithoutAPictureKeepsAPicturesBoxForItsBadge() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openGrid(server)
            let photo = try tile(window, "gifv")
            let audio = try tile(window, "audio")
            XCTAssertTrue(audio.picture.picture.isVisible, "the picture's box holds the badge")
            XCTAssertFalse(audio.excerpt.isVisible)
            XCTAssertEqual(audio.mediaBadge.button.label, "♪ Audio · 1:02:03")
            XCTAssertEqual(audio.picture.picture.allocatedHeight, photo.picture.picture.allocatedHeight,
                           "the box of a picture")
        }
    }

    func testASoundTilesBadgePlaysTheFileWithTheAppsOpener() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openGrid(server)
            var opened: [String] = []
            window.openLink = { opened.append($0) }
            try tile(window, "audio").mediaBadge.button.click()
            XCTAssertEqual(opened, [server.url("/media/take.mp3").absoluteString])
        }
    }

    func testASoundTileIsNamedForTheSound() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openGrid(server)
            _ = try tile(window, "audio")
            assertTileName(window, "audio", contains: ["audio, 1 hour 2 minutes"])
        }
    }

    func testAGIFTileHasABadge() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            XCTAssertEqual(try tile(openGrid(server), "gifv").mediaBadge.button.label, "▶ GIF")
        }
    }

    // MARK: Polls

    func testAPollWithAPictureShowsItsStatusUnderTheTitle() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let pictured = try tile(openGrid(server), "poll")
            XCTAssertEqual(pictured.pollLine?.text, "Poll · 240 votes · Ends in 3 h")
            XCTAssertTrue(pictured.pollLine?.isVisible == true)
        }
    }

    func testAPollWithoutAPictureShowsItsSharesInTheCard() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let words = try tile(openGrid(server), "closed-poll")
            XCTAssertTrue(words.excerpt.isVisible)
            XCTAssertEqual(words.excerpt.text, "Several at once\n\nBikes · 75%\nTrains · 75%\nCars · 0%",
                           "the options' shares of the 20 voters, below the text")
            XCTAssertFalse(words.excerpt.isEllipsized, "all within the card")
            XCTAssertEqual(words.pollLine?.text, "Poll · 30 votes · Closed")
        }
    }

    func testAPollWithHiddenResultsShowsNoSharesInTheCard() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let hidden = try tile(openGrid(server), "hidden-poll")
            XCTAssertEqual(hidden.excerpt.text, "Pick any (results when it ends)\n\nTea\nCoffee",
                           "hidden results: no share, not 0 %")
            XCTAssertEqual(hidden.pollLine?.text, "Poll · Results hidden until the end · 31 votes · Ends in 3 h")
        }
    }

    func testAPollTileIsNamedForItsVotes() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openGrid(server)
            _ = try tile(window, "closed-poll")
            assertTileName(window, "closed-poll", contains: ["poll, 30 votes, closed"])
        }
    }

    func testATileWithoutAPollHasNoPollLine() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let plain = try tile(openGrid(server), "audio")
            XCTAssertFalse(plain.pollLine?.isVisible ?? false, "no poll, no line")
        }
    }

    func testAPollsCardIsTheSizeOfAnyOtherCard() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openGrid(server)
            let words = try tile(window, "closed-poll")
            let text = try tile(window, "hostile")
            waitUntilSteady("the cards' heights", in: window) {
                [words.excerpt.allocatedHeight, text.excerpt.allocatedHeight]
            }
            XCTAssertEqual(words.excerpt.allocatedHeight, text.excerpt.allocatedHeight,
                           "a poll's card is the size of any other card (a picture's)")
        }
    }

    // MARK: Custom emoji

    func testEmojiAreDrawnInATilesTitle() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let post = try tile(openGrid(server), "poll")
            XCTAssertEqual(post.title.text, "Ana \u{FFFC}")
            waitUntil("the emoji is drawn") { post.titleText.drawnPictureCount == 1 }
        }
    }

    func testATilesEmojiAreReadByName() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openGrid(server)
            let post = try tile(window, "poll")
            XCTAssertTrue(post.title.accessibleLabelIs("Ana verified cat"))
            waitUntil("the emoji is drawn") { post.titleText.drawnPictureCount == 1 }
            assertTileName(window, "poll", contains: ["Ana verified cat, by @ana"])
        }
    }
}
