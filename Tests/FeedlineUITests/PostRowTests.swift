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
/// repository's stars stay in view; with the rows' accessible names. Each
/// test checks one behaviour on a window (or a row) of its own.
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
              let widget = window.feedList.factory.rowWidget(at: position),
              window.feedList.items.indices.contains(position) else {
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

    /// Option `index` of `poll`, or a failure of this test (not of the run).
    @MainActor
    private func option(_ index: Int, of poll: PollView, file: StaticString = #filePath,
                        line: UInt = #line) throws -> PollOptionRow {
        try XCTUnwrap(poll.options.indices.contains(index) ? poll.options[index] : nil,
                      "the poll shows no option \(index)", file: file, line: line)
    }

    // MARK: Sensitive media

    /// The sensitive video's row, once its blurred preview stands in.
    @MainActor
    private func sensitiveVideo(_ window: FeedWindow, file: StaticString = #filePath,
                                line: UInt = #line) throws -> FeedRow {
        let video = try row(window, "sensitive-video", file: file, line: line)
        let thumbnail = try XCTUnwrap(video.thumbnail, file: file, line: line).picture
        waitUntil("the blurred preview stands in", file: file, line: line) { thumbnail.texture?.width == 32 }
        return video
    }

    /// The sensitive video's row after Show Media, once the still is shown.
    @MainActor
    private func revealedSensitiveVideo(_ window: FeedWindow, file: StaticString = #filePath,
                                        line: UInt = #line) throws -> FeedRow {
        let video = try sensitiveVideo(window, file: file, line: line)
        let thumbnail = try XCTUnwrap(video.thumbnail, file: file, line: line).picture
        try XCTUnwrap(video.revealButton).click()
        waitUntil("Show Media downloads the still", file: file, line: line) { thumbnail.texture?.width == 112 }
        return video
    }

    func testSensitiveMediaKeepsItsTextAndWaitsBehindShowMedia() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let video = try row(openTimeline(server), "sensitive-video")
            XCTAssertEqual(video.summary.text, "Our cat meets the vacuum cleaner", "the text is not hidden")
            XCTAssertEqual(video.revealButton?.isVisible, true)
            XCTAssertEqual(video.revealButton?.label, "Show Media")
            XCTAssertEqual(video.warning?.isVisible, false, "no content warning")
            let thumbnail = try XCTUnwrap(video.thumbnail).picture
            XCTAssertTrue(thumbnail.isVisible, "the picture's place is held")
            waitUntil("the blurred preview stands in") { thumbnail.texture?.width == 32 }
            let badge = try XCTUnwrap(video.mediaBadge).button
            XCTAssertFalse(badge.isVisible, "nothing plays before Show Media")
        }
    }

    func testSensitiveMediaIsNotDownloadedBeforeShowMedia() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            _ = try sensitiveVideo(window)
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(server.requests.contains { $0.path == "/media/cat-still.png" }, "not even downloaded")
        }
    }

    func testASensitiveVideosRowIsNamedForItsSensitiveMedia() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            _ = try sensitiveVideo(window)
            assertRowName(window, "sensitive-video", contains: ["Bo, by @bo@other.example", "sensitive media",
                                                                "video, 43 seconds"])
        }
    }

    func testShowMediaDownloadsTheStillAndBringsABadgeThatSaysItsLength() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            // The helper waits for the still (112 px wide, not the 32 px preview).
            let video = try revealedSensitiveVideo(openTimeline(server))
            let badge = try XCTUnwrap(video.mediaBadge).button
            XCTAssertEqual(video.revealButton?.label, "Hide Media")
            XCTAssertTrue(badge.isVisible)
            XCTAssertEqual(badge.label, "▶ Video · 0:43")
            XCTAssertTrue(badge.accessibleLabelIs("Play video, 43 seconds"))
        }
    }

    func testHideMediaVeilsTheRowAgain() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let video = try revealedSensitiveVideo(openTimeline(server))
            let badge = try XCTUnwrap(video.mediaBadge).button
            try XCTUnwrap(video.revealButton).click()
            XCTAssertEqual(video.revealButton?.label, "Show Media")
            XCTAssertFalse(badge.isVisible)
        }
    }

    // MARK: Sounds, GIFs and posts without media

    func testASoundWithoutAPictureKeepsABoxForItsBadge() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let audio = try row(openTimeline(server), "audio")
            XCTAssertEqual(audio.summary.text, "New track, recorded in one take")
            let box = try XCTUnwrap(audio.thumbnail).picture
            XCTAssertTrue(box.isVisible, "a box for the badge, though the sound has no picture")
            XCTAssertEqual(box.minimumHeight, Int(FeedRow.soundBoxHeight))
            XCTAssertNil(box.texture)
            XCTAssertNotEqual(audio.revealButton?.isVisible, true)
        }
    }

    func testASoundsBadgeSaysItsLengthAndPlaysTheFileWithTheAppsOpener() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            var opened: [String] = []
            window.openLink = { opened.append($0) }
            let badge = try XCTUnwrap(row(window, "audio").mediaBadge)
            XCTAssertTrue(badge.button.isVisible)
            XCTAssertEqual(badge.button.label, "♪ Audio · 1:02:03")
            XCTAssertTrue(badge.button.accessibleLabelIs("Play audio, 1 hour 2 minutes"))
            badge.button.click()
            XCTAssertEqual(opened, [server.url("/media/take.mp3").absoluteString], "the file, with the app's opener")
        }
    }

    func testASoundsRowIsNamedForTheSound() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            _ = try row(window, "audio")
            assertRowName(window, "audio", contains: ["Cy, by @cy", "audio, 1 hour 2 minutes"])
        }
    }

    func testAGIFShowsItsStillWithABadge() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let gif = try row(openTimeline(server), "gifv")
            XCTAssertEqual(gif.mediaBadge?.button.label, "▶ GIF")
            waitUntil("the GIF's still arrives") { gif.thumbnail?.picture.texture != nil }
        }
    }

    func testAVideoFileIsNeverTakenForAPicture() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            let gif = try row(window, "gifv")
            waitUntil("the GIF's still arrives") { gif.thumbnail?.picture.texture != nil }
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(server.requests.contains { $0.path.hasSuffix(".mp4") }, "a video file is never taken for a picture")
        }
    }

    func testAPostWithoutMediaHasNoBoxAndNoBadge() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let plain = try row(openTimeline(server), "hidden-poll")
            XCTAssertFalse(plain.thumbnail?.picture.isVisible ?? false, "no media, no box")
            XCTAssertFalse(plain.mediaBadge?.button.isVisible ?? false)
        }
    }

    // MARK: The item menu, by keyboard

    /// A window on the timeline with keyboard focus on the sensitive
    /// video's row; its title, for xdotool.
    @MainActor
    private func focusSensitiveVideo(_ server: LoopbackServer, file: StaticString = #filePath,
                                     line: UInt = #line) throws -> (FeedWindow, String) {
        let window = openTimeline(server)
        let title = window.window.title ?? ""
        let position = try XCTUnwrap(MastodonPosts.ids.firstIndex(of: "sensitive-video"), file: file, line: line)
        window.feedList.focusRow(at: position)
        waitUntil("the video's row has focus", file: file, line: line) {
            window.feedList.focusedItem?.id == "sensitive-video"
        }
        return (window, title)
    }

    /// The labels of the item menu the Menu key opens (closed again with
    /// Escape).
    @MainActor
    private func itemMenu(in title: String, file: StaticString = #filePath, line: UInt = #line) -> [String]? {
        XDoTool.press(["Menu"], inWindowTitled: title, file: file, line: line)
        waitUntil("the item menu opens", file: file, line: line) { ContextMenu.isOpen }
        let labels = ContextMenu.lastMenu?.items.map(\.label)
        XDoTool.press(["Escape"], inWindowTitled: title, file: file, line: line)
        waitUntil("the item menu closes", file: file, line: line) { !ContextMenu.isOpen }
        return labels
    }

    func testTheItemMenuOffersShowMediaAndNothingToPlayBeforeTheMediaIsShown() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (_, title) = try focusSensitiveVideo(server)
            XCTAssertEqual(itemMenu(in: title), ["_Open in Browser", "_Copy Link", "_Show Media"],
                           "nothing plays before the media is shown")
        }
    }

    func testOnceTheMediaIsShownTheItemMenuOffersHideAndPlay() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (window, title) = try focusSensitiveVideo(server)
            XCTAssertTrue(window.window.activateAction("win.toggle-reveal", string: "sensitive-video"))
            XCTAssertTrue(window.feedList.revealed.contains("sensitive-video"))
            XCTAssertEqual(itemMenu(in: title), ["_Open in Browser", "_Copy Link", "_Hide Media", "_Play Video"])
        }
    }

    func testThePlayMediaActionOpensTheVideoFile() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (window, _) = try focusSensitiveVideo(server)
            var opened: [String] = []
            window.openLink = { opened.append($0) }
            XCTAssertTrue(window.window.activateAction("win.toggle-reveal", string: "sensitive-video"))
            XCTAssertTrue(window.window.activateAction("win.play-media", string: "sensitive-video"))
            XCTAssertEqual(opened.count, 1)
            XCTAssertTrue(opened.first?.hasSuffix(".mp4") ?? false, "the video file: \(opened)")
        }
    }

    // MARK: Polls

    func testAnOpenPollShowsItsSharesVotesAndEnd() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let open = try XCTUnwrap(row(openTimeline(server), "poll").poll)
            XCTAssertTrue(open.root.isVisible)
            XCTAssertEqual(open.options.filter(\.root.isVisible).map(\.title.label.text),
                           ["GNOME", "KDE Plasma", "Something else \u{FFFC}"])
            XCTAssertEqual(open.options.prefix(3).map(\.share.text), ["50%", "33%", "17%"])
            XCTAssertEqual(try option(0, of: open).bar.fraction, 0.5, accuracy: 0.001)
            XCTAssertEqual(open.status.text, "240 votes · Ends in 3 h")
        }
    }

    func testAPollWithHiddenResultsShowsNoShares() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let hidden = try XCTUnwrap(row(openTimeline(server), "hidden-poll").poll)
            XCTAssertEqual(hidden.options.filter(\.root.isVisible).map(\.title.label.text), ["Tea", "Coffee"])
            let first = try option(0, of: hidden)
            XCTAssertFalse(first.share.isVisible, "no share while the results are hidden, not 0 %")
            XCTAssertFalse(first.bar.isVisible)
            XCTAssertEqual(hidden.status.text, "Results hidden until the end · 31 votes · Ends in 3 h")
        }
    }

    func testAClosedPollShowsItsFinalShares() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let closed = try XCTUnwrap(row(openTimeline(server), "closed-poll").poll)
            XCTAssertEqual(closed.options.prefix(3).map(\.share.text), ["75%", "75%", "0%"], "of 20 voters")
            XCTAssertEqual(closed.status.text, "30 votes · Closed")
        }
    }

    func testAPollsRowIsNamedForItsVotesAndWhenItEnds() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            for id in ["poll", "hidden-poll", "closed-poll"] { _ = try row(window, id) }
            assertRowName(window, "poll", contains: ["poll, 240 votes, ends in 3 hours"])
            assertRowName(window, "hidden-poll", contains: ["poll, 31 votes, results hidden, ends in 3 hours"])
            assertRowName(window, "closed-poll", contains: ["poll, 30 votes, closed"])
        }
    }

    // MARK: Custom emoji

    func testCustomEmojiStandWhereTheShortcodesWereInTheNameAndTheText() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let post = try row(openTimeline(server), "poll")
            XCTAssertEqual(post.title.text, "Ana \u{FFFC}", "the shortcode gives way to its picture")
            XCTAssertEqual(post.summary.text, "Which desktop do you run today? \u{FFFC} Tell me below \u{FFFC}")
        }
    }

    func testCustomEmojiAreReadByName() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            let post = try row(window, "poll")
            XCTAssertTrue(post.title.accessibleLabelIs("Ana verified cat"))
            XCTAssertTrue(post.summary.accessibleLabelIs("Which desktop do you run today? blobcat Tell me below party parrot"))
            assertRowName(window, "poll", contains: ["Ana verified cat, by @ana"])
        }
    }

    /// Pumps until every emoji of the poll's row is drawn: one in the
    /// name, two in the text, one in an option.
    @MainActor
    private func waitUntilEveryEmojiIsDrawn(_ post: FeedRow, file: StaticString = #filePath, line: UInt = #line) {
        waitUntil("every emoji is drawn", file: file, line: line) {
            post.titleText.drawnPictureCount == 1 && post.summaryText.drawnPictureCount == 2
                && post.poll?.options.dropFirst(2).first?.title.drawnPictureCount == 1
        }
    }

    func testARowKeepsItsHeightAsTheEmojiArrive() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = openTimeline(server)
            let post = try row(window, "poll")
            let height = post.root.allocatedHeight
            waitUntilEveryEmojiIsDrawn(post)
            waitUntilSteady("the row's height", in: window) { post.root.allocatedHeight }
            XCTAssertEqual(post.root.allocatedHeight, height, "the row kept its height as the pictures arrived")
        }
    }

    func testEachEmojiIsDownloadedOnceAsAStillPicture() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            waitUntilEveryEmojiIsDrawn(try row(openTimeline(server), "poll"))
            let emoji = server.requests.map(\.path).filter { $0.hasPrefix("/emoji/") }
            XCTAssertTrue(Set(emoji).isSuperset(of: ["/emoji/verified_cat.png", "/emoji/blobcat.png", "/emoji/parrot.png"]))
            XCTAssertFalse(emoji.contains { $0.hasSuffix(".gif") }, "the still pictures, not the animated ones")
            XCTAssertEqual(emoji.count, Set(emoji).count, "each once, however often it is used")
        }
    }

    func testHostileEmojiAreCappedAndOnesWithoutAUsableAddressStayText() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let hostile = try row(openTimeline(server), "hostile")
            XCTAssertLessThanOrEqual(hostile.summaryText.pictureCount, EmojiText.maxPictures)
            XCTAssertEqual(hostile.title.text, ":ok:", "an emoji without a usable address stays text")
            XCTAssertFalse(hostile.summary.text.contains(":many:"))
            XCTAssertTrue(hostile.summary.text.contains(":nourl:"))
        }
    }

    // MARK: A recycled row

    /// A row of its own (in no list) and two posts of the timeline, parsed,
    /// for it to show: the poll with emoji and the sound.
    @MainActor
    private func rowOnItsOwn(_ server: LoopbackServer, file: StaticString = #filePath, line: UInt = #line)
        throws -> (row: FeedRow, poll: FeedItem, sound: FeedItem) {
        let items = try MastodonTimelineParser.parse(MastodonPosts.timeline(base: server.baseURL))
        func item(_ id: String) throws -> FeedItem {
            try XCTUnwrap(items.first { $0.id == id }, "no post \(id)", file: file, line: line)
        }
        let row = FeedRow(images: ImageLoader(fetcher: ImageFetcher(http: HTTPClient(), cache: nil), memoryBytes: 1 << 20))
        return (row, try item("poll"), try item("audio"))
    }

    /// GTK 4.8 keeps 200 rows: a part every row had was 200 widgets. The
    /// warning, its button, the star and the byline's line are made for
    /// the first item that needs them, and hidden again for the next.
    func testARowMakesItsWarningAndStarOnlyForAnItemThatNeedsThem() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (row, _, _) = try rowOnItsOwn(server)
            let plain = FeedItem(id: "plain", title: "Plain", summary: "Words", author: "Ada")
            row.show(plain, now: Date())
            row.showMarks(unread: true, starred: false)
            XCTAssertNil(row.veil, "no warning nor button for an item without a warning")
            XCTAssertNil(row.marks.star, "no star for an item not starred")
            XCTAssertNil(row.bylineLine, "the byline is the column's own")
            XCTAssertTrue(row.byline.isChild(of: row.column))

            row.show(FeedItem(id: "warned", title: "Warned", summary: "Behind it", contentWarning: "Spiders"),
                     now: Date())
            XCTAssertEqual(row.warning?.isVisible, true)
            XCTAssertEqual(row.warning?.text, "Content warning: Spiders")
            XCTAssertEqual(row.revealButton?.isVisible, true)
            XCTAssertEqual(row.revealButton?.label, "Show Post")
            XCTAssertFalse(row.summary.isVisible, "the text waits behind the warning")
            let warning = try XCTUnwrap(row.warning)
            XCTAssertTrue(warning.isChild(of: row.column))
            XCTAssertTrue(warning.comesRight(after: row.title), "the warning is under the title")

            row.showMarks(unread: false, starred: true)
            let star = try XCTUnwrap(row.marks.star)
            XCTAssertTrue(star.isVisible)
            let line = try XCTUnwrap(row.bylineLine)
            XCTAssertTrue(line.isChild(of: row.column))
            XCTAssertTrue(star.isChild(of: line))
            XCTAssertTrue(star.comesRight(after: nil), "the star first in the line")
            XCTAssertTrue(row.byline.comesRight(after: star), "then the byline")

            row.show(plain, now: Date())
            row.showMarks(unread: true, starred: false)
            XCTAssertEqual(row.warning?.isVisible, false, "the next item shows no warning")
            XCTAssertEqual(row.revealButton?.isVisible, false)
            XCTAssertTrue(row.summary.isVisible)
            XCTAssertFalse(star.isVisible)
            XCTAssertTrue(line.isVisible, "the byline shows")
            XCTAssertEqual(row.byline.text.isEmpty, false)
        }
    }

    func testARowRecycledForASoundKeepsNoPoll() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (row, poll, sound) = try rowOnItsOwn(server)
            row.show(poll, now: Date())
            let pollView = try XCTUnwrap(row.poll)
            XCTAssertTrue(pollView.root.isVisible)
            row.show(sound, now: Date())
            XCTAssertFalse(pollView.root.isVisible, "no poll left over")
            XCTAssertEqual(row.mediaBadge?.button.label, "♪ Audio · 1:02:03")
        }
    }

    func testARowRecycledForAPlainItemShowsShortcodesAsTextAndKeepsNoMedia() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (row, poll, sound) = try rowOnItsOwn(server)
            row.show(poll, now: Date())
            row.show(sound, now: Date())
            row.show(FeedItem(id: "plain", title: "Plain :blobcat:", summary: "Words"), now: Date())
            XCTAssertEqual(row.title.text, "Plain :blobcat:", "without the feed's emoji a shortcode is text")
            XCTAssertEqual(row.titleText.pictureCount, 0)
            XCTAssertFalse(try XCTUnwrap(row.mediaBadge).button.isVisible)
            XCTAssertFalse(try XCTUnwrap(row.thumbnail).picture.isVisible)
            XCTAssertNotEqual(row.revealButton?.isVisible, true)
        }
    }

    // MARK: A repository

    /// A window on one repository with a long description, 76,543 stars
    /// and a language; its row, once laid out.
    @MainActor
    private func showRepository(file: StaticString = #filePath,
                                line: UInt = #line) throws -> (FeedWindow, FeedItem, FeedRow) {
        let long = String(repeating: "A description that goes on and on. ", count: 12)
        let repository = FeedItem(id: "r", title: "someone/project", summary: long, author: "someone",
                                  details: PostDetails(facts: ItemFacts(stars: 76543, language: "Python")))
        let source = GatedSource()
        source.answer(0, with: .success(FeedPage(items: [repository], next: nil)))
        let window = openWindow(on: source, file: file, line: line)
        let row = try XCTUnwrap(window.feedList.factory.cell(at: 0)?.row, file: file, line: line)
        waitUntil("the row is laid out", file: file, line: line) { row.summary.layoutLineCount > 0 }
        return (window, repository, row)
    }

    func testARepositorysLongDescriptionIsCutAtTwoLines() throws {
        try MainActor.assumeIsolated {
            let (_, _, row) = try showRepository()
            XCTAssertTrue(row.summary.isEllipsized, "the description is cut at two lines")
        }
    }

    func testARepositorysStarsAndLanguageKeepALineOfTheirOwn() throws {
        try MainActor.assumeIsolated {
            let (_, _, row) = try showRepository()
            XCTAssertEqual(row.facts?.text, "★ 76,543 · Python", "the facts keep their own line")
            XCTAssertTrue(row.facts?.isMapped == true)
        }
    }

    func testARepositorysRowIsNamedWithItsStarsAndLanguage() throws {
        try MainActor.assumeIsolated {
            let (window, repository, _) = try showRepository()
            let name = ItemText.accessibleName(repository, when: nil)
            XCTAssertEqual(name, "someone/project, by someone, 76,543 stars, Python")
            XCTAssertTrue(try XCTUnwrap(window.feedList.factory.rowWidget(at: 0)).accessibleLabelIs(name))
        }
    }
}
