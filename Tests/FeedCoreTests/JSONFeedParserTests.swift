import FeedCore
import Foundation
import XCTest

final class JSONFeedParserTests: XCTestCase {
    private func parse(_ json: String) throws -> FeedDocument {
        try JSONFeedParser.parse(Data(json.utf8))
    }

    func testPicturesAreResolvedAgainstWhereTheFeedCameFrom() throws {
        let document = try JSONFeedParser.parse(Data("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "Local",
             "items": [{"id": "1", "title": "One", "image": "pictures/1.png",
                        "_feedline": {"image_width": 320, "image_height": 240},
                        "authors": [{"name": "Ada", "avatar": "avatars/ada.png"}]},
                       {"id": "2", "title": "Two", "image": "https://cdn.example/2.png",
                        "author": {"name": "Bob", "avatar": "/bob.png"}}]}
            """.utf8), baseURL: URL(fileURLWithPath: "/srv/feeds/feed.json"))
        XCTAssertEqual(document.items[0].imageURL, URL(fileURLWithPath: "/srv/feeds/pictures/1.png"))
        XCTAssertEqual(document.items[0].avatarURL, URL(fileURLWithPath: "/srv/feeds/avatars/ada.png"))
        XCTAssertEqual(document.items[0].imageSize, ImageSize(width: 320, height: 240), "Feedline's _feedline extension")
        XCTAssertEqual(document.items[1].imageURL, URL(string: "https://cdn.example/2.png"))
        XCTAssertNil(document.items[1].imageSize)
        XCTAssertEqual(document.items[1].avatarURL, URL(fileURLWithPath: "/bob.png"), "JSON Feed 1.0's author too")
    }

    func testTheFeedlineExtensionGivesTheImagesBlurhash() throws {
        let document = try parse("""
            {"version": "https://jsonfeed.org/version/1.1", "items": [
              {"id": "1", "image": "https://cdn.example/1.png",
               "_feedline": {"image_width": 320, "image_height": 240, "blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj"}},
              {"id": "2", "image": "https://cdn.example/2.png", "_feedline": {"blurhash": "not a blurhash"}},
              {"id": "3", "image": "https://cdn.example/3.png", "_feedline": {"blurhash": ["LEHV6nWB2yk8pyo0adR*.7kCMdnj"]}},
              {"id": "4", "image": "https://cdn.example/4.png", "_feedline": {"blurhash": null}},
              {"id": "5", "image": "https://cdn.example/5.png"}]}
            """)
        XCTAssertEqual(document.items[0].imageBlurhash?.text, "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        XCTAssertEqual(document.items[0].imageSize, ImageSize(width: 320, height: 240))
        XCTAssertEqual(document.items.map(\.id), ["1", "2", "3", "4", "5"], "a bad blurhash never costs the item")
        XCTAssertEqual(document.items.dropFirst().map(\.imageBlurhash), [nil, nil, nil, nil])
    }

    func testReadsTheFieldsOfAnItem() throws {
        let document = try parse("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "News",
             "next_url": "https://example.org/feed?page=2",
             "items": [{"id": "1", "url": "https://example.org/1", "title": "First",
                        "summary": "Short", "content_text": "Long text",
                        "image": "https://example.org/1.png",
                        "date_published": "2026-11-20T10:00:00.123Z",
                        "authors": [{"name": "Ada", "avatar": "https://example.org/ada.png"}, {"name": "Bob"}]}]}
            """)
        XCTAssertEqual(document.title, "News")
        XCTAssertEqual(document.nextURL, URL(string: "https://example.org/feed?page=2"))
        let item = try XCTUnwrap(document.items.first)
        XCTAssertEqual(item.id, "1")
        XCTAssertEqual(item.title, "First")
        XCTAssertEqual(item.summary, "Short")
        XCTAssertEqual(item.content, "Long text")
        XCTAssertEqual(item.author, "Ada")
        XCTAssertEqual(item.link, URL(string: "https://example.org/1"))
        XCTAssertEqual(item.imageURL, URL(string: "https://example.org/1.png"))
        XCTAssertEqual(item.avatarURL, URL(string: "https://example.org/ada.png"), "the first author's avatar")
        XCTAssertEqual(item.date?.timeIntervalSince1970 ?? 0, 1_795_168_800.123, accuracy: 0.001)
    }

    func testFallsBackWhereFeedsLeaveThingsOut() throws {
        let document = try parse("""
            {"version": "https://jsonfeed.org/version/1", "items": [
              {"id": 42, "content_html": "<p>Hello <b>there</b> &amp; welcome</p><script>alert(1)</script>",
               "author": {"name": "Old Style"}},
              {"url": "https://example.org/no-id", "title": "No id"}]}
            """)
        XCTAssertEqual(document.items.map(\.id), ["42", "https://example.org/no-id"])
        XCTAssertEqual(document.items[0].summary, "Hello there & welcome")
        XCTAssertEqual(document.items[0].author, "Old Style")
        XCTAssertNil(document.items[0].date)
    }

    func testLongTextIsCutForRowsButKeptWhole() throws {
        let long = String(repeating: "word ", count: 3000)
        let document = try parse("""
            {"version": "https://jsonfeed.org/version/1.1", "items": [
              {"id": "x", "title": "\(long)", "content_text": "\(long)"}]}
            """)
        let item = try XCTUnwrap(document.items.first)
        XCTAssertLessThanOrEqual(item.title.count, PlainText.titleLimit)
        XCTAssertTrue(item.title.hasSuffix("…"))
        XCTAssertLessThanOrEqual(item.summary.count, PlainText.summaryLimit)
        XCTAssertEqual(item.content, long)
    }

    func testWrongTypesAreReportedWithWhere() {
        XCTAssertThrowsError(try parse("""
            {"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "1", "title": 7}]}
            """)) { error in
            let feedError = error as? FeedError
            XCTAssertEqual(feedError?.reason, "This isn't a valid JSON Feed")
            XCTAssertTrue(feedError?.detail?.contains("items[0]") ?? false, feedError?.detail ?? "")
        }
    }
}
