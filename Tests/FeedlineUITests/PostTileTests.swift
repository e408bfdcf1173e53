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
/// stay the same size; with the tiles' accessible names.
final class PostTileTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    func openGrid(_ server: LoopbackServer) -> FeedWindow {
        let window = openWindow(on: MastodonSource(instance: server.baseURL, timeline: .federated, http: HTTPClient()))
        window.show(layout: .grid)
        settle(window)
        return window
    }

    @MainActor
    func tile(_ window: FeedWindow, _ id: String) -> FeedTile {
        let position = MastodonPosts.ids.firstIndex(of: id)!
        waitUntil("the tile of \(id) is laid out") {
            window.feedList.factory.cell(at: position)?.item?.id == id
                && (window.feedList.factory.cell(at: position)?.tile?.root.allocatedHeight ?? 0) > 0
        }
        return window.feedList.factory.cell(at: position)!.tile!
    }

    @MainActor
    func assertTileName(_ window: FeedWindow, _ id: String, contains parts: [String],
                        file: StaticString = #filePath, line: UInt = #line) {
        let position = MastodonPosts.ids.firstIndex(of: id)!
        let item = window.feedList.items[position]
        let name = ItemText.accessibleName(item, when: ItemText.when(item, now: Date()))
        XCTAssertTrue(window.feedList.factory.rowWidget(at: position)!.accessibleLabelIs(name),
                      "tile \(id) is named “\(name)”", file: file, line: line)
        for part in parts {
            XCTAssertTrue(name.contains(part), "“\(name)” says “\(part)”", file: file, line: line)
        }
    }

    func testASensitiveTileShowsItsTitleAndWaitsForShowMedia() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let window = openGrid(server)
            let video = tile(window, "sensitive-video")
            XCTAssertEqual(video.title.text, "Bo", "only the media is veiled")
            XCTAssertEqual(video.revealButton.label, "Show Media")
            XCTAssertTrue(video.picture.picture.isVisible)
            XCTAssertFalse(video.mediaBadge.button.isVisible)
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(server.requests.contains { $0.path == "/media/cat-still.png" }, "not downloaded")
            assertTileName(window, "sensitive-video", contains: ["sensitive media", "video, 43 seconds"])
            video.revealButton.click()
            waitUntil("Show Media shows the still") { video.picture.picture.texture != nil && video.picture.picture.texture!.width > 32 }
            XCTAssertEqual(video.mediaBadge.button.label, "▶ Video · 0:43")
        }
    }

    func testASoundWithoutAPictureKeepsTheTilesSizeWithItsBadge() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let window = openGrid(server)
            var opened: [String] = []
            window.openLink = { opened.append($0) }
            let photo = tile(window, "gifv")
            let audio = tile(window, "audio")
            XCTAssertTrue(audio.picture.picture.isVisible, "the picture's box holds the badge")
            XCTAssertFalse(audio.excerpt.isVisible)
            XCTAssertEqual(audio.mediaBadge.button.label, "♪ Audio · 1:02:03")
            XCTAssertEqual(audio.picture.picture.allocatedHeight, photo.picture.picture.allocatedHeight,
                           "the box of a picture")
            audio.mediaBadge.button.click()
            XCTAssertEqual(opened, [server.url("/media/take.mp3").absoluteString])
            XCTAssertEqual(photo.mediaBadge.button.label, "▶ GIF")
            assertTileName(window, "audio", contains: ["audio, 1 hour 2 minutes"])
        }
    }

    func testPollsShowTheirStatusUnderTheTitleAndTheirSharesInTheCard() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let window = openGrid(server)
            let pictured = tile(window, "poll")
            XCTAssertEqual(pictured.pollLine?.text, "Poll · 240 votes · Ends in 3 h")
            XCTAssertTrue(pictured.pollLine?.isVisible == true)
            let words = tile(window, "closed-poll")
            XCTAssertTrue(words.excerpt.isVisible)
            XCTAssertEqual(words.excerpt.text, "Several at once\n\nBikes · 75%\nTrains · 75%\nCars · 0%",
                           "the options' shares of the 20 voters, below the text")
            XCTAssertFalse(words.excerpt.isEllipsized, "all within the card")
            XCTAssertEqual(words.pollLine?.text, "Poll · 30 votes · Closed")
            let hidden = tile(window, "hidden-poll")
            XCTAssertEqual(hidden.excerpt.text, "Pick any (results when it ends)\n\nTea\nCoffee",
                           "hidden results: no share, not 0 %")
            XCTAssertEqual(hidden.pollLine?.text, "Poll · Results hidden until the end · 31 votes · Ends in 3 h")
            assertTileName(window, "closed-poll", contains: ["poll, 30 votes, closed"])
            let plain = tile(window, "audio")
            XCTAssertFalse(plain.pollLine?.isVisible ?? false, "no poll, no line")
            let text = tile(window, "hostile")
            waitUntilSteady("the cards' heights", in: window) {
                [words.excerpt.allocatedHeight, text.excerpt.allocatedHeight]
            }
            XCTAssertEqual(words.excerpt.allocatedHeight, text.excerpt.allocatedHeight,
                           "a poll's card is the size of any other card (a picture's)")
        }
    }

    func testEmojiAreDrawnInATilesTitleAndReadByName() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let window = openGrid(server)
            let post = tile(window, "poll")
            XCTAssertEqual(post.title.text, "Ana \u{FFFC}")
            XCTAssertTrue(post.title.accessibleLabelIs("Ana verified cat"))
            waitUntil("the emoji is drawn") { post.titleText.drawnPictureCount == 1 }
            assertTileName(window, "poll", contains: ["Ana verified cat, by @ana"])
        }
    }
}
