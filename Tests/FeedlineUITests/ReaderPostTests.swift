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
final class ReaderPostTests: GtkTestCase, @unchecked Sendable {
    /// A window on the Mastodon-shaped timeline, reading the post `id`.
    @MainActor
    private func read(_ id: String, on server: LoopbackServer, file: StaticString = #filePath,
                      line: UInt = #line) -> FeedWindow {
        let window = openWindow(on: MastodonSource(instance: server.baseURL, timeline: .federated, http: HTTPClient()))
        settle(window)
        window.showReader(at: MastodonPosts.ids.firstIndex(of: id)!)
        waitUntil("the reader shows \(id)", file: file, line: line) { window.reader.item?.id == id }
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

    func testSensitiveMediaWaitsBehindShowMediaAndIsNotDownloadedEvenWhenPagedTo() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let window = read("poll", on: server)
            let reader = window.reader
            XCTAssertTrue(reader.pages.contains { $0.item?.id == "sensitive-video" }, "filled beside the first")
            // Whatever filling the pages was going to download is done.
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(requested(server, "/media/cat-still.png"), "the page beside does not download it")

            XCTAssertTrue(reader.move(.next))
            let page = reader.currentPage
            XCTAssertEqual(text(window).textView.text.trimmingCharacters(in: .whitespacesAndNewlines),
                           "Our cat meets the vacuum cleaner", "the text is not hidden")
            XCTAssertTrue(page.reveal.button.isVisible)
            XCTAssertEqual(page.reveal.button.label, "Show Media")
            XCTAssertFalse(page.warning.isVisible, "no content warning")
            let picture = page.picture.picture
            XCTAssertTrue(picture.isVisible, "the picture's place is held")
            waitUntil("the blurred preview stands in") { picture.texture?.width == 32 }
            XCTAssertFalse(page.media.badge.button.isVisible, "nothing plays before Show Media")
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(requested(server, "/media/cat-still.png"), "paged to, it is still not downloaded")

            var opened: [String] = []
            window.openLink = { opened.append($0) }
            page.reveal.button.click()
            XCTAssertTrue(window.feedList.revealed.contains("sensitive-video"), "one choice with the list")
            XCTAssertEqual(page.reveal.button.label, "Hide Media")
            waitUntil("Show Media downloads the still") { self.requested(server, "/media/cat-still.png") }
            waitUntil("and shows it") { picture.texture?.width ?? 0 > 32 }
            let badge = page.media.badge.button
            XCTAssertTrue(badge.isVisible)
            XCTAssertEqual(badge.label, "▶ Video · 0:43")
            XCTAssertTrue(badge.accessibleLabelIs("Play video, 43 seconds"))
            badge.click()
            XCTAssertEqual(opened, [server.url("/media/cat.mp4").absoluteString], "the file, with the app's opener")

            page.reveal.button.click()
            XCTAssertEqual(page.reveal.button.label, "Show Media")
            XCTAssertFalse(badge.isVisible, "hidden again")
            XCTAssertFalse(window.feedList.revealed.contains("sensitive-video"))
        }
    }

    func testBadgesPlayVideoAndSoundASoundWithoutAPictureKeepsABoxAndPicturesAreDescribed() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let window = read("poll", on: server)
            let reader = window.reader
            var opened: [String] = []
            window.openLink = { opened.append($0) }
            let described = reader.currentPage.picture.picture
            XCTAssertTrue(described.accessibleLabelIs("A laptop on a kitchen table, showing a desktop with a blue wallpaper"),
                          "a picture is named by its description")
            XCTAssertEqual(described.tooltip, "A laptop on a kitchen table, showing a desktop with a blue wallpaper")
            XCTAssertFalse(reader.currentPage.media.badge.button.isVisible, "a picture does not play")

            reader.move(.next)
            reader.move(.next)
            XCTAssertEqual(reader.item?.id, "audio")
            let page = reader.currentPage
            let box = page.picture.picture
            XCTAssertTrue(box.isVisible, "a box for the badge, though the sound has no picture")
            XCTAssertEqual(box.minimumHeight, Int(ReaderMedia.soundBoxHeight))
            XCTAssertNil(box.texture)
            XCTAssertTrue(box.accessibleLabelIs("Guitar and humming"), "the sound's description")
            let badge = page.media.badge.button
            XCTAssertTrue(badge.isVisible)
            XCTAssertEqual(badge.label, "♪ Audio · 1:02:03")
            XCTAssertTrue(badge.accessibleLabelIs("Play audio, 1 hour 2 minutes"))
            XCTAssertFalse(page.reveal.button.isVisible, "nothing to reveal")
            badge.click()
            XCTAssertEqual(opened, [server.url("/media/take.mp3").absoluteString])

            reader.move(.next)
            XCTAssertEqual(reader.currentPage.media.badge.button.label, "▶ GIF")
            waitUntil("the GIF's still arrives") { reader.currentPage.picture.picture.texture != nil }
            XCTAssertFalse(server.requests.contains { $0.path.hasSuffix(".mp4") || $0.path.hasSuffix(".mp3") },
                           "a video or sound file is never taken for a picture")
        }
    }

    func testPollsShowSharesVotesAndWhenTheyEnd() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let window = read("poll", on: server)
            let reader = window.reader
            let open = reader.currentPage.poll
            XCTAssertTrue(open.root.isMapped, "below the text")
            XCTAssertEqual(open.options.filter(\.root.isVisible).map(\.title.label.text),
                           ["GNOME", "KDE Plasma", "Something else \u{FFFC}"])
            XCTAssertTrue(open.options[2].title.label.accessibleLabelIs("Something else blobcat"))
            XCTAssertEqual(open.options.prefix(3).map(\.share.text), ["50%", "33%", "17%"])
            XCTAssertEqual(open.options[0].bar.fraction, 0.5, accuracy: 0.001)
            XCTAssertEqual(open.status.text, "240 votes · Ends in 3 h")
            let textView = text(window).textView
            waitUntil("the poll is laid out below the text") {
                textView.allocatedHeight > 0 && open.root.top(in: textView) ?? 0 >= Double(textView.allocatedHeight)
            }

            for _ in 0..<4 { reader.move(.next) }
            XCTAssertEqual(reader.item?.id, "hidden-poll")
            let hidden = reader.currentPage.poll
            XCTAssertEqual(hidden.options.filter(\.root.isVisible).map(\.title.label.text), ["Tea", "Coffee"])
            XCTAssertFalse(hidden.options[0].share.isVisible, "no share while the results are hidden, not 0 %")
            XCTAssertFalse(hidden.options[0].bar.isVisible)
            XCTAssertEqual(hidden.status.text, "Results hidden until the end · 31 votes · Ends in 3 h")

            reader.move(.next)
            let closed = reader.currentPage.poll
            XCTAssertEqual(closed.options.filter(\.root.isVisible).map(\.share.text), ["75%", "75%", "0%"], "of 20 voters")
            XCTAssertEqual(closed.status.text, "30 votes · Closed")
        }
    }

    func testCustomEmojiAreDrawnInTheTitleAndTheTextAndReadByName() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let window = read("poll", on: server)
            let page = window.reader.currentPage
            XCTAssertEqual(page.title.text, "Ana \u{FFFC}", "the shortcode gives way to its picture")
            XCTAssertTrue(page.title.accessibleLabelIs("Ana verified cat"))
            waitUntil("the item is announced with the emoji by name") {
                window.announcements.last?.hasSuffix(": Ana verified cat") == true
            }
            let richText = text(window)
            let shown = richText.textView.text
            XCTAssertEqual(shown.trimmingCharacters(in: .whitespacesAndNewlines), "Which desktop do you run today?  Tell me below",
                           "the pictures stand where the shortcodes were")
            XCTAssertFalse(shown.contains(":"), "no shortcode shown")
            let emoji = richText.textEmoji.drawn
            XCTAssertEqual(emoji.map(\.name), ["blobcat", "party parrot"])
            XCTAssertTrue(emoji[0].picture.accessibleLabelIs("blobcat"), "read by name")
            XCTAssertTrue(emoji[1].picture.accessibleLabelIs("party parrot"))
            waitUntil("every emoji is drawn") {
                page.titleText.drawnPictureCount == 1 && richText.textEmoji.drawnCount == 2
                    && page.poll.options[2].title.drawnPictureCount == 1
            }
            waitUntil("each is laid out a line of text tall") {
                emoji.allSatisfy { $0.picture.allocatedHeight == Int(TextEmoji.side) }
            }
            let paths = server.requests.map(\.path).filter { $0.hasPrefix("/emoji/") }
            XCTAssertTrue(Set(paths).isSuperset(of: ["/emoji/verified_cat.png", "/emoji/blobcat.png", "/emoji/parrot.png"]))
            XCTAssertFalse(paths.contains { $0.hasSuffix(".gif") }, "the still pictures, not the animated ones")
            XCTAssertEqual(paths.count, Set(paths).count, "each once, however often it is used")

            window.reader.move(.previous)
            XCTAssertEqual(window.reader.item?.id, "hostile")
            let hostile = text(window)
            XCTAssertLessThanOrEqual(hostile.textEmoji.drawn.count, EmojiText.maxPictures)
            XCTAssertEqual(window.reader.currentPage.title.text, ":ok:", "an emoji without a usable address stays text")
            XCTAssertTrue(hostile.textView.text.contains(":nourl:"))
        }
    }

    func testAPageRefilledForAnotherItemKeepsNothingOfThePostBefore() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let items = try MastodonTimelineParser.parse(MastodonPosts.timeline(base: server.baseURL))
            let page = ReaderPage(images: ImageLoader(fetcher: ImageFetcher(http: HTTPClient(), cache: nil),
                                                      memoryBytes: 1 << 20))
            page.show(items[0], revealed: false, priority: 0)
            XCTAssertTrue(page.poll.root.isVisible)
            waitUntil("the emoji are drawn in the text") { page.richText.textEmoji.drawnCount == 2 }
            page.show(items[2], revealed: false, priority: 0)
            XCTAssertFalse(page.poll.root.isVisible, "no poll left over")
            XCTAssertEqual(page.media.badge.button.label, "♪ Audio · 1:02:03")
            XCTAssertEqual(page.titleText.pictureCount, 0, "no emoji left in the title")
            XCTAssertEqual(page.titleText.spokenText, "Cy")

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

            page.show(items[1], revealed: false, priority: 0)
            page.showMore(.loading)
            XCTAssertFalse(page.media.badge.button.isVisible, "the loading page keeps nothing either")
            XCTAssertFalse(page.reveal.button.isVisible)

            page.show(items[0], revealed: false, priority: 0)
            waitUntil("shown again, its emoji come from memory") { page.richText.textEmoji.drawnCount == 2 }
            XCTAssertEqual(page.richText.textEmoji.drawn.map(\.name), ["blobcat", "party parrot"])
        }
    }

    func testAWarningWithEmojiHidesTextPollAndMediaAndNothingBehindItIsDownloaded() throws {
        let server = try MastodonPosts.server()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let emoji = [CustomEmoji(shortcode: "blobcat", url: server.url("/emoji/warned-cat.png"))!,
                         CustomEmoji(shortcode: "hidden_cat", url: server.url("/emoji/hidden-cat.png"))!]
            let poll = Poll(options: [.init(title: "Yes :hidden_cat:", votes: 2), .init(title: "No", votes: 1)])
            let warned = FeedItem(id: "warned", title: "Warned", summary: "Behind :hidden_cat:",
                                  contentHTML: "<p>Behind the warning :hidden_cat:</p>",
                                  imageURL: server.url("/media/warned.png"), contentWarning: "Spiders :blobcat:",
                                  details: PostDetails(media: MediaAttachment(kind: .video, url: server.url("/media/warned.mp4")),
                                                       poll: poll, textEmoji: emoji))
            let plain = FeedItem(id: "plain", title: "Plain", summary: "Plain text")
            let source = GatedSource()
            source.answer(0, with: .success(FeedPage(items: [plain, warned], next: nil, feedTitle: "Warned Feed")))
            let window = openWindow(on: source)
            window.showReader(at: 0)
            let reader = window.reader
            XCTAssertTrue(reader.move(.next), "to the warned post, filled beside the first")
            let page = reader.currentPage
            XCTAssertEqual(page.warning.text, "Content warning: Spiders \u{FFFC}")
            XCTAssertTrue(page.warning.accessibleLabelIs("Content warning: Spiders blobcat"))
            XCTAssertEqual(page.reveal.button.label, "Show Post")
            XCTAssertFalse(page.richText.textView.isVisible)
            XCTAssertFalse(page.poll.root.isVisible)
            XCTAssertFalse(page.media.badge.button.isVisible)
            waitUntil("the warning's emoji is drawn") { page.warningText.drawnPictureCount == 1 }
            waitUntilDownloadsFinish(.shared, drawing: window)
            for path in ["/media/warned.png", "/emoji/hidden-cat.png"] {
                XCTAssertFalse(requested(server, path), "\(path) is not downloaded behind the warning")
            }

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
