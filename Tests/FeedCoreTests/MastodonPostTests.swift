import FeedCore
import FeedTestSupport
import Foundation
import XCTest

/// What Mastodon posts carry beyond text, read from statuses shaped like
/// the API's (`MastodonPosts`): sensitive media, the kind of media and how
/// long it plays, polls, custom emoji; and bad input costing only itself.
final class MastodonPostTests: XCTestCase {
    let base = URL(string: "http://127.0.0.1:9")!
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func posts() throws -> [String: FeedItem] {
        let items = try MastodonTimelineParser.parse(MastodonPosts.timeline(base: base, now: now))
        XCTAssertEqual(items.map(\.id), MastodonPosts.ids)
        return Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
    }

    func testAPollGivesItsOptionsVotesAndEnd() throws {
        let poll = try XCTUnwrap(try posts()["poll"]?.poll)
        XCTAssertEqual(poll.options.map(\.title), ["GNOME", "KDE Plasma", "Something else :blobcat:"])
        XCTAssertEqual(poll.options.map(\.votes), [120, 80, 40])
        XCTAssertEqual(poll.totalVotes, 240)
        XCTAssertEqual(poll.share(of: poll.options[0]), 0.5)
        XCTAssertEqual(poll.expiresAt?.timeIntervalSince(now), 3 * 3600 + 30)
        XCTAssertFalse(poll.isClosed(at: now))
        XCTAssertTrue(poll.isClosed(at: now.addingTimeInterval(4 * 3600)), "closed once its end has passed")
    }

    func testHiddenResultsAreNotZeroVotes() throws {
        let poll = try XCTUnwrap(try posts()["hidden-poll"]?.poll)
        XCTAssertTrue(poll.resultsHidden)
        XCTAssertEqual(poll.options.map(\.votes), [nil, nil])
        XCTAssertNil(poll.share(of: poll.options[0]), "no share while hidden, not 0 %")
        XCTAssertEqual(poll.totalVotes, 31)
    }

    func testAMultipleChoicePollSharesAreOfTheVoters() throws {
        let poll = try XCTUnwrap(try posts()["closed-poll"]?.poll)
        XCTAssertTrue(poll.expired)
        XCTAssertTrue(poll.multiple)
        XCTAssertEqual(poll.share(of: poll.options[0]), 0.75, "15 of 20 voters, as Mastodon counts it")
        XCTAssertEqual(poll.share(of: poll.options[2]), 0)
    }

    func testSensitiveMediaIsMarkedWithoutAContentWarning() throws {
        let items = try posts()
        let video = try XCTUnwrap(items["sensitive-video"])
        XCTAssertTrue(video.sensitiveMedia)
        XCTAssertNil(video.contentWarning)
        XCTAssertEqual(video.summary, "Our cat meets the vacuum cleaner", "the text itself is not hidden")
        XCTAssertFalse(try XCTUnwrap(items["poll"]).sensitiveMedia)
        XCTAssertFalse(try XCTUnwrap(items["hostile"]).sensitiveMedia, "sensitive, but nothing a row can show")
    }

    func testAVideoGivesItsStillItsFileAndItsDuration() throws {
        let video = try XCTUnwrap(try posts()["sensitive-video"])
        XCTAssertEqual(video.imageURL, base.appendingPathComponent("media/cat-still.png"), "the still, never the video")
        XCTAssertEqual(video.imageSize, ImageSize(width: 400, height: 225))
        XCTAssertNotNil(video.imageBlurhash)
        XCTAssertEqual(video.media, MediaAttachment(kind: .video, url: base.appendingPathComponent("media/cat.mp4"),
                                                    duration: 42.5))
    }

    func testAudioWithoutAPreviewHasNoPictureButItsKindAndDuration() throws {
        let audio = try XCTUnwrap(try posts()["audio"])
        XCTAssertNil(audio.imageURL, "the sound file is not a picture")
        XCTAssertEqual(audio.media?.kind, .audio)
        XCTAssertEqual(audio.media?.duration, 3723.4)
        XCTAssertEqual(audio.media?.description, "Guitar and humming")
        XCTAssertEqual(audio.summary, "New track, recorded in one take")
    }

    func testAGIFVideoShowsItsStillNotItsFile() throws {
        let gif = try XCTUnwrap(try posts()["gifv"])
        XCTAssertEqual(gif.imageURL, base.appendingPathComponent("media/spin.png"))
        XCTAssertEqual(gif.media?.kind, .gifv)
        XCTAssertEqual(gif.media?.url, base.appendingPathComponent("media/spin.mp4"))
    }

    func testAPictureKeepsItsDescriptionAndAPlainOneCarriesNoDetails() throws {
        let post = try XCTUnwrap(try posts()["poll"])
        XCTAssertEqual(post.media?.kind, .image)
        XCTAssertEqual(post.media?.description, "A laptop on a kitchen table, showing a desktop with a blue wallpaper")
        let plain = try XCTUnwrap(try MastodonTimelineParser.parse(Data("""
            [{"id": "1", "content": "<p>hi</p>", "sensitive": false, "emojis": [],
              "media_attachments": [{"type": "image", "url": "https://files.example/a.png"}]}]
            """.utf8)).first)
        XCTAssertNil(plain.details, "a plain picture post stores nothing beyond its fields")
        XCTAssertEqual(plain.imageURL, URL(string: "https://files.example/a.png"))
    }

    func testCustomEmojiOfTheNameAndTheTextAreKeptWhenUsed() throws {
        let post = try XCTUnwrap(try posts()["poll"])
        XCTAssertEqual(post.title, "Ana :verified_cat:", "the text keeps its shortcodes; rows draw them")
        XCTAssertEqual(post.titleEmoji.map(\.shortcode), ["verified_cat"])
        XCTAssertEqual(post.titleEmoji.first?.url, base.appendingPathComponent("emoji/verified_cat.png"),
                       "the still picture, not the animated one")
        XCTAssertEqual(post.textEmoji.map(\.shortcode), ["blobcat", "party_parrot"], "the unused one is not kept")
    }

    func testBadEmojiAreLeftOutAndTheirCountIsBounded() throws {
        let post = try XCTUnwrap(try posts()["hostile"])
        XCTAssertEqual(post.textEmoji.map(\.shortcode), ["many"],
                       "no address, a bad shortcode, a javascript: address and a number are left out")
        XCTAssertEqual(post.titleEmoji, [], "account emoji that are not a list cost only themselves")
        XCTAssertNil(post.poll, "a poll without options is no poll")
        XCTAssertNil(post.media, "an unknown attachment is not shown")
        XCTAssertNil(post.imageURL)
        let text = EmojiText(post.summary, emoji: post.textEmoji)
        XCTAssertLessThanOrEqual(text.placements.count, EmojiText.maxPictures)
        XCTAssertGreaterThan(text.placements.count, 10)
    }

    func testOddPollCountsAreTakenAsNoneAndTheRestKept() throws {
        let poll = try XCTUnwrap(try MastodonTimelineParser.parse(MastodonPosts.oddPoll).first?.poll)
        XCTAssertEqual(poll.options.map(\.title), ["A", ""])
        XCTAssertEqual(poll.options.map(\.votes), [0, 4], "a negative count is none")
        XCTAssertNil(poll.votes, "a negative total is unknown: the options' sum stands for it")
        XCTAssertEqual(poll.totalVotes, 4)
        XCTAssertNil(poll.expiresAt)
        XCTAssertFalse(poll.expired)
        XCTAssertEqual(poll.share(of: poll.options[1]), 1, "shares are of the options' sum when the total is odd")
    }

    func testABoostersEmojiAreLeftOutOfTheByline() throws {
        let items = try MastodonTimelineParser.parse(Data("""
            [{"id": "b", "account": {"acct": "zed", "display_name": "Zed :star_eyes:",
                                      "emojis": [{"shortcode": "star_eyes", "static_url": "https://e.example/s.png"}]},
              "reblog": {"id": "o", "content": "<p>x</p>", "account": {"acct": "ana", "display_name": "Ana"}}}]
            """.utf8))
        XCTAssertEqual(items.first?.sharedBy, "Zed")
    }

    // MARK: Emoji text

    func testEmojiTextPutsPicturesWhereTheShortcodesWereAndSpeaksTheirNames() throws {
        let blobcat = try XCTUnwrap(CustomEmoji(shortcode: "blobcat", url: base))
        let parrot = try XCTUnwrap(CustomEmoji(shortcode: "party_parrot", url: base))
        let text = EmojiText("Hé :blobcat:, :nope: and:party_parrot:!", emoji: [blobcat, parrot])
        XCTAssertEqual(text.shown, "Hé \u{FFFC}, :nope: and\u{FFFC}!")
        XCTAssertEqual(text.placements.map(\.utf8Offset), [4, 19], "UTF-8 offsets (é is two bytes, each picture three)")
        XCTAssertEqual(text.placements.map(\.emoji.shortcode), ["blobcat", "party_parrot"])
        XCTAssertEqual(text.spoken, "Hé blobcat, :nope: and party parrot!")
        XCTAssertEqual(EmojiText(":blobcat::blobcat:cat", emoji: [blobcat]).spoken, "blobcat blobcat cat")
        XCTAssertFalse(text.spoken.contains(":blobcat:"))
    }

    func testEmojiTextDropsTheFeedsOwnReplacementCharacters() throws {
        let blobcat = try XCTUnwrap(CustomEmoji(shortcode: "blobcat", url: base))
        let text = EmojiText("\u{FFFC}a :blobcat:", emoji: [blobcat])
        XCTAssertEqual(text.shown, "a \u{FFFC}")
        XCTAssertEqual(text.placements.map(\.utf8Offset), [2])
        XCTAssertEqual(EmojiText("no emoji :here:", emoji: []).shown, "no emoji :here:")
    }

    // MARK: GitHub

    func testGitHubStarsAndLanguageAreFactsOfTheirOwnWhateverTheDescription() throws {
        let long = String(repeating: "A very long description. ", count: 40)
        let page = try GitHubSearchParser.parse(Data("""
            {"total_count": 1, "items": [{"id": 1, "full_name": "a/b", "description": "\(long)",
              "stargazers_count": 12345, "language": "Swift"}]}
            """.utf8))
        let repository = try XCTUnwrap(page.items.first)
        XCTAssertEqual(repository.facts, ItemFacts(stars: 12345, language: "Swift"))
        XCTAssertFalse(repository.summary.contains("★"), "the description alone")
        XCTAssertLessThanOrEqual(repository.summary.count, PlainText.summaryLimit)
    }
}
