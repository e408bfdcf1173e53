import FeedCore
import Foundation
import XCTest

/// The feed's own picture for a list of feeds, as each format declares it.
final class FeedIconTests: XCTestCase {
    let base = URL(string: "https://blog.example.org/feeds/atom.xml")!

    private func icon(_ text: String) throws -> URL? {
        try FeedDocumentParser.parse(Data(text.utf8), baseURL: base).iconURL
    }

    func testAtomIconIsResolvedAgainstTheFeedsAddress() throws {
        let feed = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title>
              <logo>https://cdn.example.org/wide-logo.png</logo><icon>/favicon.png</icon>
              <entry><id>1</id><title>One</title><icon>https://elsewhere.example/entry.png</icon></entry>
            </feed>
            """
        XCTAssertEqual(try icon(feed)?.absoluteString, "https://blog.example.org/favicon.png",
                       "the square icon before the wide logo")
    }

    func testAtomLogoWhenThereIsNoIcon() throws {
        let feed = """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://static.example.net/"><title>Blog</title>
              <logo>images/logo.svg</logo></feed>
            """
        XCTAssertEqual(try icon(feed)?.absoluteString, "https://static.example.net/images/logo.svg", "xml:base counts")
    }

    func testRSSChannelImage() throws {
        let feed = """
            <rss version="2.0"><channel><title>News</title>
              <image><url> https://news.example.org/icon.png </url><title>News</title><link>https://news.example.org/</link>
                <width>64</width><height>64</height></image>
              <item><title>One</title><image><url>https://news.example.org/item.png</url></image></item>
            </channel></rss>
            """
        XCTAssertEqual(try icon(feed)?.absoluteString, "https://news.example.org/icon.png")
    }

    func testRSS1ImageBesideTheChannel() throws {
        let feed = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
              <channel rdf:about="https://old.example.org/"><title>Old</title>
                <image rdf:resource="https://old.example.org/logo.gif"/></channel>
              <image rdf:about="https://old.example.org/logo.gif"><title>Old</title>
                <url>https://old.example.org/logo.gif</url><link>https://old.example.org/</link></image>
              <item rdf:about="https://old.example.org/1"><title>One</title><link>https://old.example.org/1</link></item>
            </rdf:RDF>
            """
        XCTAssertEqual(try icon(feed)?.absoluteString, "https://old.example.org/logo.gif")
    }

    func testJSONFeedFaviconBeforeItsLargerIcon() throws {
        let both = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "icon": "https://j.example/512.png",
             "favicon": "favicon-64.png", "items": []}
            """
        XCTAssertEqual(try icon(both)?.absoluteString, "https://blog.example.org/feeds/favicon-64.png")
        let iconOnly = """
            {"version": "https://jsonfeed.org/version/1", "title": "J", "icon": "https://j.example/512.png", "items": []}
            """
        XCTAssertEqual(try icon(iconOnly)?.absoluteString, "https://j.example/512.png")
    }

    func testNoIconAndUnusableOnesAreNil() throws {
        XCTAssertNil(try icon("<rss><channel><title>T</title></channel></rss>"))
        XCTAssertNil(try icon("<rss><channel><title>T</title><image><url>javascript:alert(1)</url></image></channel></rss>"))
        XCTAssertNil(try icon("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><icon>data:image/png;base64,AAAA</icon></feed>
            """))
        XCTAssertNil(try icon(#"{"version": "https://jsonfeed.org/version/1.1", "favicon": "  ", "items": []}"#))
    }
}
