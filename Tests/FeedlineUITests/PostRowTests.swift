import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import GtkKit
import GtkKitTestSupport
import XCTest

@testable import FeedlineUI

/// Mastodon posts in real list rows, from a Mastodon-shaped server on
/// 127.0.0.1 (`MastodonPosts`): media marked sensitive waits behind Show
/// Media, videos and sounds carry a badge that plays them, polls show
/// their results and end, custom emoji are drawn and read by name, and a
/// repository's stars stay in view; with the rows' accessible names.
final class PostRowTests: GtkTestCase, @unchecked Sendable {
    /// A window on the Mastodon-shaped timeline, every post bound.
    @MainActor
    func openTimeline(_ server: LoopbackServer) -> FeedWindow {
        let window = openWindow(on: MastodonSource(instance: server.baseURL, timeline: .federated, http: HTTPClient()))
        settle(window)
        return window
    }

    @MainActor
    func row(_ window: FeedWindow, _ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> FeedRow {
        let position = try XCTUnwrap(MastodonPosts.ids.firstIndex(of: id), file: file, line: line)
        waitUntil("the row of \(id) is bound", file: file, line: line) {
            window.feedList.factory.cell(at: position)?.item?.id == id
        }
        return try XCTUnwrap(window.feedList.factory.cell(at: position)?.row, file: file, line: line)
    }

    /// The accessible name GTK holds for the row of `id`, checked against
    /// `expected` parts.
    @MainActor
    func assertRowName(_ window: FeedWindow, _ id: String, contains parts: [String],
                       file: StaticString = #filePath, line: UInt = #line) {
        guard let position = MastodonPosts.ids.firstIndex(of: id),
              let widget = window.feedList.factory.rowWidget(at: position) else {
            return XCTFail("no row for \(id)", file: file, line: line)
        }
        let item = window.feedList.items[position]
        let name = ItemText.accessibleName(item, when: ItemText.when(item, now: Date()))
        XCTAssertTrue(widget.accessibleLabelIs(name), "row \(id) is named “\(name)”", file: file, line: line)
        for part in parts {
            XCTAssertTrue(name.contains(part), "“\(name)” says “\(part)”", file: file, line: line)
        }
        XCTAssertFalse(name.contains(":"), "no shortcode or clock read out: “\(name)”", file: file, line: line)
    }

    func testSensitiveMediaWaitsBehindShowMediaAndIsNotDownloaded() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            let video = try row(window, "sensitive-video")
            XCTAssertEqual(video.summary.text, "Our cat meets the vacuum cleaner", "the text is not hidden")
            XCTAssertTrue(video.revealButton.isVisible)
            XCTAssertEqual(video.revealButton.label, "Show Media")
            XCTAssertFalse(video.warning.isVisible, "no content warning")
            let thumbnail = try XCTUnwrap(video.thumbnail).picture
            XCTAssertTrue(thumbnail.isVisible, "the picture's place is held")
            waitUntil("the blurred preview stands in") { thumbnail.texture?.width == 32 }
            let badge = try XCTUnwrap(video.mediaBadge).button
            XCTAssertFalse(badge.isVisible, "nothing plays before Show Media")
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(server.requests.contains { $0.path == "/media/cat-still.png" }, "not even downloaded")
            assertRowName(window, "sensitive-video", contains: ["Bo, by @bo@other.example", "sensitive media",
                                                                "video, 43 seconds"])

            video.revealButton.click()
            waitUntil("Show Media downloads the still") { thumbnail.texture?.width == 112 }
            XCTAssertEqual(video.revealButton.label, "Hide Media")
            XCTAssertTrue(badge.isVisible)
            XCTAssertEqual(badge.label, "▶ Video · 0:43")
            XCTAssertTrue(badge.accessibleLabelIs("Play video, 43 seconds"))
            video.revealButton.click()
            XCTAssertEqual(video.revealButton.label, "Show Media")
            XCTAssertFalse(badge.isVisible)
        }
    }

    func testVideoAndSoundBadgesPlayTheFileAndASoundWithoutAPictureStillShows() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            var opened: [String] = []
            window.openLink = { opened.append($0) }
            let audio = try row(window, "audio")
            XCTAssertEqual(audio.summary.text, "New track, recorded in one take")
            let box = try XCTUnwrap(audio.thumbnail).picture
            XCTAssertTrue(box.isVisible, "a box for the badge, though the sound has no picture")
            XCTAssertEqual(box.minimumHeight, Int(FeedRow.soundBoxHeight))
            XCTAssertNil(box.texture)
            let badge = try XCTUnwrap(audio.mediaBadge)
            XCTAssertTrue(badge.button.isVisible)
            XCTAssertEqual(badge.button.label, "♪ Audio · 1:02:03")
            XCTAssertTrue(badge.button.accessibleLabelIs("Play audio, 1 hour 2 minutes"))
            XCTAssertFalse(audio.revealButton.isVisible)
            assertRowName(window, "audio", contains: ["Cy, by @cy", "audio, 1 hour 2 minutes"])
            badge.button.click()
            XCTAssertEqual(opened, [server.url("/media/take.mp3").absoluteString], "the file, with the app's opener")

            let gif = try row(window, "gifv")
            XCTAssertEqual(gif.mediaBadge?.button.label, "▶ GIF")
            waitUntil("the GIF's still arrives") { gif.thumbnail?.picture.texture != nil }
            XCTAssertFalse(server.requests.contains { $0.path.hasSuffix(".mp4") }, "a video file is never taken for a picture")

            let plain = try row(window, "hidden-poll")
            XCTAssertFalse(plain.thumbnail?.picture.isVisible ?? false, "no media, no box")
            XCTAssertFalse(plain.mediaBadge?.button.isVisible ?? false)
        }
    }

    func testTheItemMenuShowsMediaAndPlaysItByKeyboard() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            let title = window.window.title ?? ""
            var opened: [String] = []
            window.openLink = { opened.append($0) }
            let position = try XCTUnwrap(MastodonPosts.ids.firstIndex(of: "sensitive-video"))
            window.feedList.focusRow(at: position)
            waitUntil("the video's row has focus") { window.feedList.focusedItem?.id == "sensitive-video" }

            XDoTool.press(["Menu"], inWindowTitled: title)
            waitUntil("the item menu opens") { ContextMenu.isOpen }
            XCTAssertEqual(ContextMenu.lastMenu?.items.map(\.label), ["_Open in Browser", "_Copy Link", "_Show Media"],
                           "nothing plays before the media is shown")
            XDoTool.press(["Escape"], inWindowTitled: title)
            waitUntil("closed") { !ContextMenu.isOpen }

            XCTAssertTrue(window.window.activateAction("win.toggle-reveal", string: "sensitive-video"))
            XCTAssertTrue(window.feedList.revealed.contains("sensitive-video"))
            XDoTool.press(["Menu"], inWindowTitled: title)
            waitUntil("the item menu opens again") { ContextMenu.isOpen }
            XCTAssertEqual(ContextMenu.lastMenu?.items.map(\.label), ["_Open in Browser", "_Copy Link", "_Hide Media", "_Play Video"])
            XDoTool.press(["Escape"], inWindowTitled: title)
            waitUntil("closed again") { !ContextMenu.isOpen }

            XCTAssertTrue(window.window.activateAction("win.play-media", string: "sensitive-video"))
            XCTAssertEqual(opened.count, 1)
            XCTAssertTrue(opened.first?.hasSuffix(".mp4") ?? false, "the video file: \(opened)")
        }
    }

    func testPollsShowSharesVotesAndWhenTheyEnd() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            let open = try XCTUnwrap(row(window, "poll").poll)
            XCTAssertTrue(open.root.isVisible)
            XCTAssertEqual(open.options.filter(\.root.isVisible).map(\.title.label.text),
                           ["GNOME", "KDE Plasma", "Something else \u{FFFC}"])
            XCTAssertEqual(open.options.prefix(3).map(\.share.text), ["50%", "33%", "17%"])
            XCTAssertEqual(open.options[0].bar.fraction, 0.5, accuracy: 0.001)
            XCTAssertEqual(open.status.text, "240 votes · Ends in 3 h")
            assertRowName(window, "poll", contains: ["poll, 240 votes, ends in 3 hours"])

            let hidden = try XCTUnwrap(row(window, "hidden-poll").poll)
            XCTAssertEqual(hidden.options.filter(\.root.isVisible).map(\.title.label.text), ["Tea", "Coffee"])
            XCTAssertFalse(hidden.options[0].share.isVisible, "no share while the results are hidden, not 0 %")
            XCTAssertFalse(hidden.options[0].bar.isVisible)
            XCTAssertEqual(hidden.status.text, "Results hidden until the end · 31 votes · Ends in 3 h")
            assertRowName(window, "hidden-poll", contains: ["poll, 31 votes, results hidden, ends in 3 hours"])

            let closed = try XCTUnwrap(row(window, "closed-poll").poll)
            XCTAssertEqual(closed.options.prefix(3).map(\.share.text), ["75%", "75%", "0%"], "of 20 voters")
            XCTAssertEqual(closed.status.text, "30 votes · Closed")
            assertRowName(window, "closed-poll", contains: ["poll, 30 votes, closed"])
        }
    }

    func testCustomEmojiAreDrawnInTheNameAndTheTextAndReadByName() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            let post = try row(window, "poll")
            XCTAssertEqual(post.title.text, "Ana \u{FFFC}", "the shortcode gives way to its picture")
            XCTAssertEqual(post.summary.text, "Which desktop do you run today? \u{FFFC} Tell me below \u{FFFC}")
            XCTAssertTrue(post.title.accessibleLabelIs("Ana verified cat"))
            XCTAssertTrue(post.summary.accessibleLabelIs("Which desktop do you run today? blobcat Tell me below party parrot"))
            assertRowName(window, "poll", contains: ["Ana verified cat, by @ana"])
            let height = post.root.allocatedHeight
            waitUntil("every emoji is drawn") {
                post.titleText.drawnPictureCount == 1 && post.summaryText.drawnPictureCount == 2
                    && post.poll?.options[2].title.drawnPictureCount == 1
            }
            waitUntilSteady("the row's height", in: window) { post.root.allocatedHeight }
            XCTAssertEqual(post.root.allocatedHeight, height, "the row kept its height as the pictures arrived")
            let emoji = server.requests.map(\.path).filter { $0.hasPrefix("/emoji/") }
            XCTAssertTrue(Set(emoji).isSuperset(of: ["/emoji/verified_cat.png", "/emoji/blobcat.png", "/emoji/parrot.png"]))
            XCTAssertFalse(emoji.contains { $0.hasSuffix(".gif") }, "the still pictures, not the animated ones")
            XCTAssertEqual(emoji.count, Set(emoji).count, "each once, however often it is used")

            let hostile = try row(window, "hostile")
            XCTAssertLessThanOrEqual(hostile.summaryText.pictureCount, EmojiText.maxPictures)
            XCTAssertEqual(hostile.title.text, ":ok:", "an emoji without a usable address stays text")
            XCTAssertFalse(hostile.summary.text.contains(":many:"))
            XCTAssertTrue(hostile.summary.text.contains(":nourl:"))
        }
    }

    func testARecycledRowShowsNothingOfThePostBefore() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let items = try MastodonTimelineParser.parse(MastodonPosts.timeline(base: server.baseURL))
            let row = FeedRow(images: ImageLoader(fetcher: ImageFetcher(http: HTTPClient(), cache: nil), memoryBytes: 1 << 20))
            row.show(items[0], now: Date())
            let poll = try XCTUnwrap(row.poll)
            XCTAssertTrue(poll.root.isVisible)
            row.show(items[2], now: Date())
            XCTAssertFalse(poll.root.isVisible, "no poll left over")
            XCTAssertEqual(row.mediaBadge?.button.label, "♪ Audio · 1:02:03")
            row.show(FeedItem(id: "plain", title: "Plain :blobcat:", summary: "Words"), now: Date())
            XCTAssertEqual(row.title.text, "Plain :blobcat:", "without the feed's emoji a shortcode is text")
            XCTAssertEqual(row.titleText.pictureCount, 0)
            XCTAssertFalse(try XCTUnwrap(row.mediaBadge).button.isVisible)
            XCTAssertFalse(try XCTUnwrap(row.thumbnail).picture.isVisible)
            XCTAssertFalse(row.revealButton.isVisible)
        }
    }

    func testARepositoryKeepsItsStarsAndLanguageWhateverItsDescription() throws {
        try MainActor.assumeIsolated {
            let long = String(repeating: "A description that goes on and on. ", count: 12)
            let repository = FeedItem(id: "r", title: "someone/project", summary: long, author: "someone",
                                      details: PostDetails(facts: ItemFacts(stars: 76543, language: "Python")))
            let source = GatedSource()
            source.answer(0, with: .success(FeedPage(items: [repository], next: nil)))
            let window = openWindow(on: source)
            let row = try XCTUnwrap(window.feedList.factory.cell(at: 0)?.row)
            waitUntil("the row is laid out") { row.summary.layoutLineCount > 0 }
            XCTAssertTrue(row.summary.isEllipsized, "the description is cut at two lines")
            XCTAssertEqual(row.facts?.text, "★ 76,543 · Python", "the facts keep their own line")
            XCTAssertTrue(row.facts?.isMapped == true)
            let name = ItemText.accessibleName(repository, when: nil)
            XCTAssertEqual(name, "someone/project, by someone, 76,543 stars, Python")
            XCTAssertTrue(try XCTUnwrap(window.feedList.factory.rowWidget(at: 0)).accessibleLabelIs(name))
        }
    }
}
