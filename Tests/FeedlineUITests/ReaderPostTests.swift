import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import GtkKit
import GtkKitTestSupport
import XCTest

@testable import FeedlineUI

/// Mastodon posts in the reader view, in real windows against a
/// Mastodon-shaped server on 127.0.0.1 (`MastodonPosts`), as the list shows
/// them: media marked sensitive waits behind Show Media and is not
/// downloaded, also on the page filled beside the one read; videos and
/// sounds carry a badge that plays them through the app's opener; polls show
/// their shares, votes and end; custom emoji are drawn in the title and the
/// text and read by name; and a page refilled for another item keeps nothing
/// of the post it showed. Checked with accessible names (GTK_A11Y=test).
///
/// Each test checks one behaviour on a window of its own; the helpers below
/// bring the reader to where the behaviour shows.
final class ReaderPostTests: GtkTestCase, @unchecked Sendable {
    // MARK: Set-up

    /// A window on the Mastodon-shaped timeline, reading the post `id`.
    @MainActor
    private func read(_ id: String, on server: LoopbackServer, file: StaticString = #filePath,
                      line: UInt = #line) throws -> FeedWindow {
        let window = openWindow(on: MastodonSource(instance: server.baseURL, timeline: .federated, http: HTTPClient()),
                                file: file, line: line)
        settle(window, file: file, line: line)
        let index = try XCTUnwrap(MastodonPosts.ids.firstIndex(of: id), "no post \(id)", file: file, line: line)
        window.showReader(at: index)
        waitUntil("the reader shows \(id)", file: file, line: line) { window.reader.item?.id == id }
        return window
    }

    /// A window reading the first post ("poll"), then paged `moves` items
    /// on, as a reader would, to the post `id`.
    @MainActor
    private func page(to id: String, moving moves: [ReaderSlot.Direction], on server: LoopbackServer,
                      file: StaticString = #filePath, line: UInt = #line) throws -> FeedWindow {
        let window = try read("poll", on: server, file: file, line: line)
        for move in moves { window.reader.move(move) }
        XCTAssertEqual(window.reader.item?.id, id, file: file, line: line)
        return window
    }

    /// The rich text of the page on screen, once parsed.
    @MainActor
    private func text(_ window: FeedWindow, file: StaticString = #filePath, line: UInt = #line) -> RichTextView {
        let richText = window.reader.currentPage.richText
        waitUntil("the text is ready", file: file, line: line) { richText.richText != nil }
        return richText
    }

    private func requested(_ server: LoopbackServer, _ path: String) -> Bool {
        server.requests.contains { $0.path == path }
    }

    // MARK: Sensitive media

    /// A window paged to the sensitive video, behind Show Media.
    @MainActor
    private func readSensitiveVideo(on server: LoopbackServer, file: StaticString = #filePath,
                                    line: UInt = #line) throws -> FeedWindow {
        let window = try read("poll", on: server, file: file, line: line)
        XCTAssertTrue(window.reader.move(.next), file: file, line: line)
        XCTAssertEqual(window.reader.item?.id, "sensitive-video", file: file, line: line)
        return window
    }

    /// The sensitive video's page after Show Media, once its still is shown.
    @MainActor
    private func revealSensitiveVideo(on server: LoopbackServer, file: StaticString = #filePath,
                                      line: UInt = #line) throws -> FeedWindow {
        let window = try readSensitiveVideo(on: server, file: file, line: line)
        let page = window.reader.currentPage
        let picture = page.picture.picture
        waitUntil("the blurred preview stands in", file: file, line: line) { picture.texture?.width == 32 }
        page.reveal.button.click()
        waitUntil("Show Media downloads the still", file: file, line: line) {
            self.requested(server, "/media/cat-still.png")
        }
        waitUntil("and shows it", file: file, line: line) { picture.texture?.width ?? 0 > 32 }
        return window
    }

    func testSensitiveMediaOnThePageFilledBesideIsNotDownloaded() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try read("poll", on: server)
            XCTAssertTrue(window.reader.pages.contains { $0.item?.id == "sensitive-video" }, "filled beside the first")
            // Whatever filling the pages was going to download is done.
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(requested(server, "/media/cat-still.png"), "the page beside does not download it")
        }
    }

    func testSensitiveMediaPagedToKeepsItsTextAndWaitsBehindShowMedia() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try readSensitiveVideo(on: server)
            let page = window.reader.currentPage
            XCTAssertEqual(text(window).textView.text.trimmingCharacters(in: .whitespacesAndNewlines),
                           "Our cat meets the vacuum cleaner", "the text is not hidden")
            XCTAssertTrue(page.reveal.button.isVisible)
            XCTAssertEqual(page.reveal.button.label, "Show Media")
            XCTAssertFalse(page.warning.isVisible, "no content warning")
            let picture = page.picture.picture
            XCTAssertTrue(picture.isVisible, "the picture's place is held")
            waitUntil("the blurred preview stands in") { picture.texture?.width == 32 }
            XCTAssertFalse(page.media.badge.button.isVisible, "nothing plays before Show Media")
        }
    }

    func testSensitiveMediaPagedToIsStillNotDownloaded() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try readSensitiveVideo(on: server)
            let picture = window.reader.currentPage.picture.picture
            waitUntil("the blurred preview stands in") { picture.texture?.width == 32 }
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(requested(server, "/media/cat-still.png"), "paged to, it is still not downloaded")
        }
    }

    func testShowMediaInTheReaderIsOneChoiceWithTheList() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try readSensitiveVideo(on: server)
            let page = window.reader.currentPage
            page.reveal.button.click()
            XCTAssertTrue(window.feedList.revealed.contains("sensitive-video"), "one choice with the list")
            XCTAssertEqual(page.reveal.button.label, "Hide Media")
        }
    }

    func testShowMediaDownloadsAndShowsTheStill() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            // The helper's waits are the checks: the still is asked for,
            // then shown in place of the blurred preview.
            let window = try revealSensitiveVideo(on: server)
            XCTAssertGreaterThan(window.reader.currentPage.picture.picture.texture?.width ?? 0, 32)
        }
    }

    func testShowMediaBringsABadgeThatPlaysTheVideoWithTheAppsOpener() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try revealSensitiveVideo(on: server)
            var opened: [String] = []
            window.openLink = { opened.append($0) }
            let badge = window.reader.currentPage.media.badge.button
            XCTAssertTrue(badge.isVisible)
            XCTAssertEqual(badge.label, "▶ Video · 0:43")
            XCTAssertTrue(badge.accessibleLabelIs("Play video, 43 seconds"))
            badge.click()
            XCTAssertEqual(opened, [server.url("/media/cat.mp4").absoluteString], "the file, with the app's opener")
        }
    }

    func testHideMediaVeilsTheMediaAgain() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try revealSensitiveVideo(on: server)
            let page = window.reader.currentPage
            let badge = page.media.badge.button
            page.reveal.button.click()
            XCTAssertEqual(page.reveal.button.label, "Show Media")
            XCTAssertFalse(badge.isVisible, "hidden again")
            XCTAssertFalse(window.feedList.revealed.contains("sensitive-video"))
        }
    }

    // MARK: Pictures, sounds and GIFs

    func testAPictureIsNamedByItsDescriptionAndDoesNotPlay() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let reader = try read("poll", on: server).reader
            let described = reader.currentPage.picture.picture
            XCTAssertTrue(described.accessibleLabelIs("A laptop on a kitchen table, showing a desktop with a blue wallpaper"),
                          "a picture is named by its description")
            XCTAssertEqual(described.tooltip, "A laptop on a kitchen table, showing a desktop with a blue wallpaper")
            XCTAssertFalse(reader.currentPage.media.badge.button.isVisible, "a picture does not play")
        }
    }

    func testASoundWithoutAPictureKeepsABoxForItsBadge() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let page = try page(to: "audio", moving: [.next, .next], on: server).reader.currentPage
            let box = page.picture.picture
            XCTAssertTrue(box.isVisible, "a box for the badge, though the sound has no picture")
            XCTAssertEqual(box.minimumHeight, Int(ReaderMedia.soundBoxHeight))
            XCTAssertNil(box.texture)
            XCTAssertTrue(box.accessibleLabelIs("Guitar and humming"), "the sound's description")
            XCTAssertFalse(page.reveal.button.isVisible, "nothing to reveal")
        }
    }

    func testASoundsBadgeSaysItsLengthAndPlaysTheFileWithTheAppsOpener() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try page(to: "audio", moving: [.next, .next], on: server)
            var opened: [String] = []
            window.openLink = { opened.append($0) }
            let badge = window.reader.currentPage.media.badge.button
            XCTAssertTrue(badge.isVisible)
            XCTAssertEqual(badge.label, "♪ Audio · 1:02:03")
            XCTAssertTrue(badge.accessibleLabelIs("Play audio, 1 hour 2 minutes"))
            badge.click()
            XCTAssertEqual(opened, [server.url("/media/take.mp3").absoluteString])
        }
    }

    func testAGIFShowsItsStillWithABadge() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let reader = try page(to: "gifv", moving: [.next, .next, .next], on: server).reader
            XCTAssertEqual(reader.currentPage.media.badge.button.label, "▶ GIF")
            waitUntil("the GIF's still arrives") { reader.currentPage.picture.picture.texture != nil }
        }
    }

    func testAVideoOrSoundFileIsNeverTakenForAPicture() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            // Past the sound and onto the GIF, whose still is an MP4's.
            let window = try page(to: "gifv", moving: [.next, .next, .next], on: server)
            let reader = window.reader
            waitUntil("the GIF's still arrives") { reader.currentPage.picture.picture.texture != nil }
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(server.requests.contains { $0.path.hasSuffix(".mp4") || $0.path.hasSuffix(".mp3") },
                           "a video or sound file is never taken for a picture")
        }
    }

    // MARK: Polls

    func testAnOpenPollShowsItsSharesVotesAndEnd() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let open = try read("poll", on: server).reader.currentPage.poll
            XCTAssertTrue(open.root.isMapped, "below the text")
            XCTAssertEqual(open.options.filter(\.root.isVisible).map(\.title.label.text),
                           ["GNOME", "KDE Plasma", "Something else \u{FFFC}"])
            XCTAssertTrue(try option(2, of: open).title.label.accessibleLabelIs("Something else blobcat"))
            XCTAssertEqual(open.options.prefix(3).map(\.share.text), ["50%", "33%", "17%"])
            XCTAssertEqual(try option(0, of: open).bar.fraction, 0.5, accuracy: 0.001)
            XCTAssertEqual(open.status.text, "240 votes · Ends in 3 h")
        }
    }

    func testAPollIsLaidOutBelowTheText() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try read("poll", on: server)
            let open = window.reader.currentPage.poll
            let textView = text(window).textView
            waitUntil("the poll is laid out below the text") {
                textView.allocatedHeight > 0 && open.root.top(in: textView) ?? 0 >= Double(textView.allocatedHeight)
            }
        }
    }

    func testAPollWithHiddenResultsShowsNoShares() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try page(to: "hidden-poll", moving: Array(repeating: .next, count: 4), on: server)
            let hidden = window.reader.currentPage.poll
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
            let window = try page(to: "closed-poll", moving: Array(repeating: .next, count: 5), on: server)
            let closed = window.reader.currentPage.poll
            XCTAssertEqual(closed.options.filter(\.root.isVisible).map(\.share.text), ["75%", "75%", "0%"], "of 20 voters")
            XCTAssertEqual(closed.status.text, "30 votes · Closed")
        }
    }

    // MARK: Custom emoji

    func testCustomEmojiInTheTitleAreDrawnAndReadByName() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let page = try read("poll", on: server).reader.currentPage
            XCTAssertEqual(page.title.text, "Ana \u{FFFC}", "the shortcode gives way to its picture")
            XCTAssertTrue(page.title.accessibleLabelIs("Ana verified cat"))
        }
    }

    func testTheItemIsAnnouncedWithItsEmojiByName() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try read("poll", on: server)
            waitUntil("the item is announced with the emoji by name") {
                window.announcements.last?.hasSuffix(": Ana verified cat") == true
            }
        }
    }

    func testCustomEmojiInTheTextStandWhereTheShortcodesWereAndAreReadByName() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let richText = text(try read("poll", on: server))
            let shown = richText.textView.text
            XCTAssertEqual(shown.trimmingCharacters(in: .whitespacesAndNewlines), "Which desktop do you run today?  Tell me below",
                           "the pictures stand where the shortcodes were")
            XCTAssertFalse(shown.contains(":"), "no shortcode shown")
            let emoji = richText.textEmoji.drawn
            XCTAssertEqual(emoji.map(\.name), ["blobcat", "party parrot"])
            XCTAssertEqual(emoji.map { $0.picture.accessibleLabelIs($0.name) }, [true, true], "read by name")
        }
    }

    func testEveryEmojiIsDrawnALineOfTextTall() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try read("poll", on: server)
            let page = window.reader.currentPage
            let richText = text(window)
            let emoji = richText.textEmoji.drawn
            waitUntil("every emoji is drawn") {
                page.titleText.drawnPictureCount == 1 && richText.textEmoji.drawnCount == 2
                    && page.poll.options.dropFirst(2).first?.title.drawnPictureCount == 1
            }
            waitUntil("each is laid out a line of text tall") {
                emoji.allSatisfy { $0.picture.allocatedHeight == Int(TextEmoji.side) }
            }
        }
    }

    func testEachEmojiIsDownloadedOnceAsAStillPicture() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try read("poll", on: server)
            let page = window.reader.currentPage
            let richText = text(window)
            waitUntil("every emoji is drawn") {
                page.titleText.drawnPictureCount == 1 && richText.textEmoji.drawnCount == 2
                    && page.poll.options.dropFirst(2).first?.title.drawnPictureCount == 1
            }
            let paths = server.requests.map(\.path).filter { $0.hasPrefix("/emoji/") }
            XCTAssertTrue(Set(paths).isSuperset(of: ["/emoji/verified_cat.png", "/emoji/blobcat.png", "/emoji/parrot.png"]))
            XCTAssertFalse(paths.contains { $0.hasSuffix(".gif") }, "the still pictures, not the animated ones")
            XCTAssertEqual(paths.count, Set(paths).count, "each once, however often it is used")
        }
    }

    func testHostileEmojiAreCappedAndOnesWithoutAUsableAddressStayText() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let window = try page(to: "hostile", moving: [.previous], on: server)
            let hostile = text(window)
            XCTAssertLessThanOrEqual(hostile.textEmoji.drawn.count, EmojiText.maxPictures)
            XCTAssertEqual(window.reader.currentPage.title.text, ":ok:", "an emoji without a usable address stays text")
            XCTAssertTrue(hostile.textView.text.contains(":nourl:"))
        }
    }

    // MARK: A page refilled

    /// A reader page of its own (in no window) and three posts of the
    /// timeline, parsed, for it to show: the poll with emoji, the sensitive
    /// video and the sound.
    @MainActor
    private func pageOnItsOwn(_ server: LoopbackServer, file: StaticString = #filePath, line: UInt = #line)
        throws -> (page: ReaderPage, poll: FeedItem, video: FeedItem, sound: FeedItem) {
        let items = try MastodonTimelineParser.parse(MastodonPosts.timeline(base: server.baseURL))
        func item(_ id: String) throws -> FeedItem {
            try XCTUnwrap(items.first { $0.id == id }, "no post \(id)", file: file, line: line)
        }
        let page = ReaderPage(images: ImageLoader(fetcher: ImageFetcher(http: HTTPClient(), cache: nil),
                                                  memoryBytes: 1 << 20))
        return (page, try item("poll"), try item("sensitive-video"), try item("audio"))
    }

    /// Option `index` of `poll`, or a failure of this test (not of the run).
    @MainActor
    private func option(_ index: Int, of poll: PollView, file: StaticString = #filePath,
                        line: UInt = #line) throws -> PollOptionRow {
        try XCTUnwrap(poll.options.indices.contains(index) ? poll.options[index] : nil,
                      "the poll shows no option \(index)", file: file, line: line)
    }

    func testAPageRefilledWithASoundKeepsNoPollOrTitleEmoji() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (page, poll, _, sound) = try pageOnItsOwn(server)
            page.show(poll, revealed: false, priority: 0)
            XCTAssertTrue(page.poll.root.isVisible)
            waitUntil("the emoji are drawn in the text") { page.richText.textEmoji.drawnCount == 2 }
            page.show(sound, revealed: false, priority: 0)
            XCTAssertFalse(page.poll.root.isVisible, "no poll left over")
            XCTAssertEqual(page.media.badge.button.label, "♪ Audio · 1:02:03")
            XCTAssertEqual(page.titleText.pictureCount, 0, "no emoji left in the title")
            XCTAssertEqual(page.titleText.spokenText, "Cy")
        }
    }

    func testAPageRefilledWithAPlainItemShowsShortcodesAsTextAndKeepsNoMediaOrPoll() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (page, poll, _, sound) = try pageOnItsOwn(server)
            page.show(poll, revealed: false, priority: 0)
            waitUntil("the emoji are drawn in the text") { page.richText.textEmoji.drawnCount == 2 }
            page.show(sound, revealed: false, priority: 0)
            let plain = FeedItem(id: "plain", title: "Plain :blobcat:", summary: "Words :blobcat:")
            page.show(plain, revealed: false, priority: 0)
            XCTAssertEqual(page.title.text, "Plain :blobcat:", "without the feed's emoji a shortcode is text")
            XCTAssertEqual(page.titleText.pictureCount, 0)
            XCTAssertEqual(page.body.text, "Words :blobcat:")
            XCTAssertEqual(page.richText.textEmoji.drawn.count, 0)
            XCTAssertFalse(page.media.badge.button.isVisible)
            XCTAssertFalse(page.picture.picture.isVisible)
            XCTAssertFalse(page.reveal.button.isVisible)
            XCTAssertFalse(page.poll.root.isVisible)
        }
    }

    func testTheLoadingPageKeepsNothingOfThePostBefore() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (page, _, video, _) = try pageOnItsOwn(server)
            page.show(video, revealed: false, priority: 0)
            page.showMore(.loading)
            XCTAssertFalse(page.media.badge.button.isVisible, "the loading page keeps nothing either")
            XCTAssertFalse(page.reveal.button.isVisible)
        }
    }

    func testAPostShownAgainTakesItsEmojiFromMemory() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (page, poll, video, sound) = try pageOnItsOwn(server)
            page.show(poll, revealed: false, priority: 0)
            waitUntil("the emoji are drawn in the text") { page.richText.textEmoji.drawnCount == 2 }
            page.show(sound, revealed: false, priority: 0)
            page.show(video, revealed: false, priority: 0)
            page.showMore(.loading)
            page.show(poll, revealed: false, priority: 0)
            waitUntil("shown again, its emoji come from memory") { page.richText.textEmoji.drawnCount == 2 }
            XCTAssertEqual(page.richText.textEmoji.drawn.map(\.name), ["blobcat", "party parrot"])
        }
    }

    // MARK: Content warnings

    /// A window on a feed of a plain post and one behind a content warning
    /// with emoji (in the warning, the text and the poll), a picture and a
    /// video, paged to the warned post (filled beside the first).
    @MainActor
    private func readWarnedPost(on server: LoopbackServer, file: StaticString = #filePath,
                                line: UInt = #line) throws -> (FeedWindow, ReaderPage) {
        let emoji = [try XCTUnwrap(CustomEmoji(shortcode: "blobcat", url: server.url("/emoji/warned-cat.png")),
                                   file: file, line: line),
                     try XCTUnwrap(CustomEmoji(shortcode: "hidden_cat", url: server.url("/emoji/hidden-cat.png")),
                                   file: file, line: line)]
        let poll = Poll(options: [.init(title: "Yes :hidden_cat:", votes: 2), .init(title: "No", votes: 1)])
        let warned = FeedItem(id: "warned", title: "Warned", summary: "Behind :hidden_cat:",
                              contentHTML: "<p>Behind the warning :hidden_cat:</p>",
                              imageURL: server.url("/media/warned.png"), contentWarning: "Spiders :blobcat:",
                              details: PostDetails(media: MediaAttachment(kind: .video, url: server.url("/media/warned.mp4")),
                                                   poll: poll, textEmoji: emoji))
        let plain = FeedItem(id: "plain", title: "Plain", summary: "Plain text")
        let source = GatedSource()
        source.answer(0, with: .success(FeedPage(items: [plain, warned], next: nil, feedTitle: "Warned Feed")))
        let window = openWindow(on: source, file: file, line: line)
        window.showReader(at: 0)
        XCTAssertTrue(window.reader.move(.next), "to the warned post, filled beside the first", file: file, line: line)
        return (window, window.reader.currentPage)
    }

    func testAContentWarningShowsItsEmojiAndReadsThemByName() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (_, page) = try readWarnedPost(on: server)
            XCTAssertEqual(page.warning.text, "Content warning: Spiders \u{FFFC}")
            XCTAssertTrue(page.warning.accessibleLabelIs("Content warning: Spiders blobcat"))
            waitUntil("the warning's emoji is drawn") { page.warningText.drawnPictureCount == 1 }
        }
    }

    func testAContentWarningHidesTextPollAndMediaBehindShowPost() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (_, page) = try readWarnedPost(on: server)
            XCTAssertEqual(page.reveal.button.label, "Show Post")
            XCTAssertFalse(page.richText.textView.isVisible)
            XCTAssertFalse(page.poll.root.isVisible)
            XCTAssertFalse(page.media.badge.button.isVisible)
        }
    }

    func testNothingBehindAContentWarningIsDownloaded() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (window, page) = try readWarnedPost(on: server)
            waitUntil("the warning's emoji is drawn") { page.warningText.drawnPictureCount == 1 }
            waitUntilDownloadsFinish(.shared, drawing: window)
            for path in ["/media/warned.png", "/emoji/hidden-cat.png"] {
                XCTAssertFalse(requested(server, path), "\(path) is not downloaded behind the warning")
            }
        }
    }

    func testShowPostRevealsTheTextPollMediaAndTheirEmoji() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let (_, page) = try readWarnedPost(on: server)
            page.reveal.button.click()
            XCTAssertEqual(page.reveal.button.label, "Hide Post")
            XCTAssertTrue(page.poll.root.isVisible)
            XCTAssertTrue(page.media.badge.button.isVisible)
            waitUntil("the text, its emoji and the picture come") {
                page.richText.textEmoji.drawnCount == 1 && page.picture.picture.texture != nil
            }
            XCTAssertEqual(page.richText.textEmoji.drawn.map(\.name), ["hidden cat"])
        }
    }
}
