import FeedCore
import Foundation
import XCTest

/// Feeds as real sites break them, read as a lenient, careful reader does:
/// nothing is called damaged that can be read, no markup is shown, no text
/// is lost. (`FeedparserOracleTests` checks the same fixtures' fields
/// against Python's feedparser.)
final class LenientFeedTests: XCTestCase {
    private func parse(_ xml: String, baseURL: URL? = nil) throws -> FeedDocument {
        try FeedDocumentParser.parse(Data(xml.utf8), baseURL: baseURL)
    }

    private func rss(_ items: String, channel: String = "<title>Feed</title>") -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>"# + channel + items + "</channel></rss>"
    }

    // MARK: Not quite well-formed

    func testBlankLinesBeforeTheXMLDeclarationAreIgnored() throws {
        let document = try parse("\n\n   \n" + rss("<item><guid>1</guid><title>One</title></item>"))
        XCTAssertEqual(document.items.map(\.title), ["One"])
    }

    func testAPrefixUsedWithoutItsNamespaceLosesNoItem() throws {
        // media: without xmlns:media, as some feeds write it: libxml2 calls
        // it a namespace error, not one of form; every item is read.
        let document = try parse(rss("""
            <item><guid>1</guid><title>One</title><media:content url="https://example.org/a.jpg"/></item>
            <item><guid>2</guid><title>Two</title></item>
            """))
        XCTAssertEqual(document.items.map(\.title), ["One", "Two"])
    }

    func testABareAmpersandIsText() throws {
        let document = try parse(rss(#"<item><guid>1</guid><title>Fish & Chips</title><link>https://example.org/?a=1&b=2</link></item>"#))
        XCTAssertEqual(document.items.first?.title, "Fish & Chips")
        XCTAssertEqual(document.items.first?.link?.absoluteString, "https://example.org/?a=1&b=2")
    }

    func testHTMLNamedEntitiesAreDecoded() throws {
        let document = try parse(rss("<item><guid>1</guid><title>Caf&eacute;&nbsp;cr&egrave;me &mdash; &hellip;</title></item>"))
        XCTAssertEqual(document.items.first?.title, "Café crème — …")  // a no-break space, as rows show it
    }

    func testAnUnknownEntityStaysAsWritten() throws {
        let document = try parse(rss("<item><guid>1</guid><title>A &madeup; B</title></item>"))
        XCTAssertEqual(document.items.first?.title, "A &madeup; B")
    }

    func testControlCharactersInTextAreDropped() throws {
        let document = try parse(rss("<item><guid>1</guid><title>Bell\u{7}Tab\u{B}s</title><description>x\u{1B}y</description></item>"))
        XCTAssertEqual(document.items.first?.title, "BellTab s")
        XCTAssertEqual(document.items.first?.summary, "xy")
    }

    func testALessThanSignThatStartsNoTagIsText() throws {
        let document = try parse(rss("<item><guid>1</guid><title>1 < 2 and 3 <= 4</title></item>"))
        XCTAssertEqual(document.items.first?.title, "1 < 2 and 3 <= 4")
    }

    func testItemsNestedInsideItemsAreAllRead() throws {
        let document = try parse(rss("""
            <item><guid>1</guid><title>Outer</title>
              <item><guid>2</guid><title>Inner</title></item>
            </item>
            <item><guid>3</guid><title>Next</title></item>
            """))
        XCTAssertEqual(document.items.map(\.title), ["Outer", "Inner", "Next"])
    }

    func testAnUnclosedItemBeforeTheNextOneLosesNeither() throws {
        let document = try parse(rss("<item><guid>1</guid><title>First</title><item><guid>2</guid><title>Second</title></item>"))
        XCTAssertEqual(Set(document.items.map(\.title)), ["First", "Second"])
    }

    func testMismatchedTagsWithNothingReadableAreStillDamaged() {
        XCTAssertThrowsError(try parse("<rss><channel><title>Oops</titel></channel></rss>")) { error in
            XCTAssertEqual((error as? FeedError)?.reason, "This feed is damaged and can't be read")
        }
    }

    // MARK: Encodings

    func testLatin1WithoutADeclarationIsReadAsWindows1252() throws {
        var data = Data("<rss version=\"2.0\"><channel><title>T</title><item><guid>1</guid><title>Caf".utf8)
        data.append(contentsOf: [0xE9, 0x20, 0x93, 0x71, 0x94])  // é “q”
        data.append(Data("</title></item></channel></rss>".utf8))
        XCTAssertEqual(try FeedDocumentParser.parse(data).items.first?.title, "Café “q”")
    }

    func testADeclaredLatin1FeedIsRead() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss version=\"2.0\"><channel><title>Gr".utf8)
        data.append(contentsOf: [0xFC, 0xDF, 0x65])  // üße
        data.append(Data("</title><item><guid>1</guid><title>x</title></item></channel></rss>".utf8))
        XCTAssertEqual(try FeedDocumentParser.parse(data).title, "Grüße")
    }

    func testUTF16WithAByteOrderMarkIsRead() throws {
        let xml = #"<?xml version="1.0" encoding="UTF-16"?><rss version="2.0"><channel><title>Ωmega</title><item><guid>1</guid><title>日本</title></item></channel></rss>"#
        let little = Data([0xFF, 0xFE]) + xml.data(using: .utf16LittleEndian)!
        let big = Data([0xFE, 0xFF]) + xml.data(using: .utf16BigEndian)!
        for data in [little, big] {
            let document = try FeedDocumentParser.parse(data)
            XCTAssertEqual(document.title, "Ωmega")
            XCTAssertEqual(document.items.map(\.title), ["日本"])
        }
    }

    func testAnEncodingNamedOnlyInTheHTTPCharsetIsUsed() throws {
        // "Новости" and "Привет" in KOI8-R.
        let news: [UInt8] = [0xEE, 0xCF, 0xD7, 0xCF, 0xD3, 0xD4, 0xC9]
        let hello: [UInt8] = [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]
        let koi8 = Data("<rss version=\"2.0\"><channel><title>".utf8) + news + Data("</title><item><guid>1</guid><title>".utf8)
            + hello + Data("</title></item></channel></rss>".utf8)
        let document = try FeedDocumentParser.parse(koi8, charset: "koi8-r")
        XCTAssertEqual(document.title, "Новости")
        XCTAssertEqual(document.items.map(\.title), ["Привет"])
    }

    func testTheHTTPCharsetWinsOverTheDeclaration() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>Caf".utf8)
        data.append(0xE9)
        data.append(Data("</title><item><guid>1</guid><title>x</title></item></channel></rss>".utf8))
        XCTAssertEqual(try FeedDocumentParser.parse(data, charset: "\"iso-8859-1\"").title, "Café")
    }

    func testAnUnknownCharsetIsReadAsUTF8() throws {
        let document = try FeedDocumentParser.parse(Data(rss("<item><guid>1</guid><title>Ünïcode</title></item>").utf8),
                                                    charset: "x-no-such-encoding")
        XCTAssertEqual(document.items.first?.title, "Ünïcode")
    }

    // MARK: Old roots

    func testAtom03IsRead() throws {
        let document = try parse("""
            <?xml version="1.0"?>
            <feed version="0.3" xmlns="http://purl.org/atom/ns#">
              <title>Old Atom</title>
              <author><name>Ana</name></author>
              <entry>
                <title>First</title>
                <link rel="alternate" type="text/html" href="http://example.org/1"/>
                <id>tag:example.org,2004:1</id>
                <issued>2004-05-06T07:08:09Z</issued>
                <modified>2004-05-07T00:00:00Z</modified>
                <content type="text/html" mode="escaped">&lt;p&gt;Hello &lt;b&gt;there&lt;/b&gt;&lt;/p&gt;</content>
              </entry>
            </feed>
            """)
        XCTAssertEqual(document.title, "Old Atom")
        let entry = try XCTUnwrap(document.items.first)
        XCTAssertEqual(entry.id, "tag:example.org,2004:1")
        XCTAssertEqual(entry.link?.absoluteString, "http://example.org/1")
        XCTAssertEqual(entry.author, "Ana")
        XCTAssertEqual(entry.content, "Hello there")
        XCTAssertEqual(entry.contentHTML, "<p>Hello <b>there</b></p>")
        XCTAssertEqual(entry.date, Date(timeIntervalSince1970: 1_083_827_289))
    }

    func testRSS090IsRead() throws {
        let document = try parse("""
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
              <channel><title>Ninety</title><link>http://example.org/</link></channel>
              <item><title>One</title><link>http://example.org/1</link></item>
              <item><title>Two</title><link>http://example.org/2</link></item>
            </rdf:RDF>
            """)
        XCTAssertEqual(document.title, "Ninety")
        XCTAssertEqual(document.items.map(\.id), ["http://example.org/1", "http://example.org/2"])
    }

    func testRSS091IsRead() throws {
        let document = try parse("""
            <rss version="0.91"><channel><title>Old</title><link>http://example.org/</link>
            <item><title>Item</title><link>http://example.org/a</link><description>Text &amp; more</description></item>
            </channel></rss>
            """)
        XCTAssertEqual(document.items.map(\.title), ["Item"])
        XCTAssertEqual(document.items.first?.summary, "Text & more")
    }

    // MARK: Links and ids

    func testAtomPrefersTheAlternateLinkAmongSeveral() throws {
        let document = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>F</title>
            <entry><id>1</id><title>E</title>
              <link rel="replies" href="http://example.org/1#comments"/>
              <link rel="enclosure" type="audio/mpeg" href="http://example.org/1.mp3"/>
              <link rel="alternate" type="application/json" href="http://example.org/1.json"/>
              <link rel="alternate" type="text/html" href="http://example.org/1"/>
            </entry></feed>
            """)
        XCTAssertEqual(document.items.first?.link?.absoluteString, "http://example.org/1")
    }

    func testXMLBaseWithAnEmptyHrefIsTheBase() throws {
        let document = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.org/blog/"><title>F</title>
            <entry xml:base="posts/first/"><id>1</id><title>E</title><link href=""/></entry>
            <entry><id>2</id><title>E2</title><link href="second.html"/></entry>
            </feed>
            """, baseURL: URL(string: "http://feeds.example.net/atom.xml"))
        XCTAssertEqual(document.items.map { $0.link?.absoluteString }, ["http://example.org/blog/posts/first/", "http://example.org/blog/second.html"])
    }

    func testRSS1ItemsAreIdentifiedByRdfAbout() throws {
        let document = try parse("""
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
              <channel rdf:about="http://example.org/"><title>One</title></channel>
              <item rdf:about="http://example.org/item/1"><title>A</title><link>http://example.org/a</link></item>
            </rdf:RDF>
            """)
        XCTAssertEqual(document.items.first?.id, "http://example.org/item/1")
        XCTAssertEqual(document.items.first?.link?.absoluteString, "http://example.org/a")
    }

    func testAnItemWithoutALinkFallsBackToAPermalinkGuid() throws {
        let document = try parse(rss("""
            <item><guid>https://example.org/posts/1</guid><title>Permalink</title></item>
            <item><guid isPermaLink="false">https://example.org/posts/2</guid><title>Not one</title></item>
            <item><guid>tag-3</guid><title>No address</title></item>
            """))
        XCTAssertEqual(document.items.map { $0.link?.absoluteString }, ["https://example.org/posts/1", nil, nil])
    }

    func testAnRSSLinkIsFoundAfterAnAtomSelfLink() throws {
        let document = try parse(rss(#"""
            <item xmlns:atom="http://www.w3.org/2005/Atom"><atom:link rel="self" href="https://example.org/self"/>
            <link>https://example.org/page</link><guid>1</guid><title>T</title></item>
            """#))
        XCTAssertEqual(document.items.first?.link?.absoluteString, "https://example.org/page")
    }

    func testAnAuthorNameInsideAnRSSAuthorIsRead() throws {
        let document = try parse(rss("<item><guid>1</guid><title>T</title><author><name>Bea Writer</name><email>b@example.org</email></author></item>"))
        XCTAssertEqual(document.items.first?.author, "Bea Writer")
    }

    // MARK: Never drop a post

    func testTwoPostsUnderOneGuidAreBothShown() throws {
        let document = try parse(rss("""
            <item><guid>same</guid><title>Monday's post</title><link>https://example.org/mon</link></item>
            <item><guid>same</guid><title>Tuesday's post</title><link>https://example.org/tue</link></item>
            """))
        XCTAssertEqual(document.items.map(\.title), ["Monday's post", "Tuesday's post"])
        XCTAssertEqual(Set(document.items.map(\.id)).count, 2)
        XCTAssertEqual(document.items.first?.id, "same")
    }

    func testTheSamePostTwiceIsOneItem() throws {
        let post = "<item><guid>same</guid><title>Once</title><link>https://example.org/once</link><description>Text</description></item>"
        XCTAssertEqual(try parse(rss(post + post)).items.map(\.title), ["Once"])
    }

    func testADisambiguatedIdIsTheSameOnEveryRead() throws {
        let xml = rss("""
            <item><guid>g</guid><title>A</title></item><item><guid>g</guid><title>B</title></item>
            """)
        XCTAssertEqual(try parse(xml).items.map(\.id), try parse(xml).items.map(\.id))
    }

    func testJSONFeedPostsSharingAnIdAreBothShown() throws {
        let json = #"{"version":"https://jsonfeed.org/version/1.1","title":"J","items":[{"id":"1","title":"A","content_text":"a"},{"id":"1","title":"B","content_text":"b"}]}"#
        XCTAssertEqual(try FeedDocumentParser.parse(Data(json.utf8)).items.map(\.title), ["A", "B"])
    }

    // MARK: Titles and dates

    func testAnUntitledItemIsNamedByTheStartOfItsText() throws {
        let document = try parse(rss("""
            <item><guid>1</guid><description>&lt;p&gt;Just shipped version 2.0 of the thing, with a long list of changes that goes on and on well past any title.&lt;/p&gt;&lt;p&gt;Second.&lt;/p&gt;</description></item>
            <item><guid>2</guid><description>Short note</description></item>
            <item><guid>3</guid></item>
            """))
        let titles = document.items.map(\.title)
        XCTAssertTrue(titles[0].hasPrefix("Just shipped version 2.0 of the thing"), titles[0])
        XCTAssertTrue(titles[0].hasSuffix("…"), titles[0])
        XCTAssertLessThanOrEqual(titles[0].count, PlainText.textTitleLimit)
        XCTAssertEqual(Array(titles[1...]), ["Short note", ""])
    }

    func testJSONFeedUsesDateModifiedWithoutDatePublished() throws {
        let json = #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","title":"A","date_modified":"2020-01-02T03:04:05Z"}]}"#
        XCTAssertEqual(try FeedDocumentParser.parse(Data(json.utf8)).items.first?.date, Date(timeIntervalSince1970: 1_577_934_245))
    }

    func testLowerCasePubdateIsRead() throws {
        let document = try parse(rss("<item><guid>1</guid><title>T</title><pubdate>Mon, 06 Sep 2021 16:45:00 +0000</pubdate></item>"))
        XCTAssertEqual(document.items.first?.date, Date(timeIntervalSince1970: 1_630_946_700))
    }

    func testAFeedWithNoUsableDatesKeepsItsDocumentOrder() throws {
        let document = try parse(rss("""
            <item><guid>c</guid><title>C</title><pubDate>0001-01-01T00:00:00Z</pubDate></item>
            <item><guid>a</guid><title>A</title><pubDate>sometime</pubDate></item>
            <item><guid>b</guid><title>B</title></item>
            """))
        XCTAssertEqual(document.items.map(\.title), ["C", "A", "B"])
        XCTAssertEqual(document.items.map(\.date), [nil, nil, nil])
    }
}
