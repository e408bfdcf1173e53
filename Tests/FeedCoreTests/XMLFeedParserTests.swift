import FeedCore
import Foundation
import XCTest

/// RSS 2.0, RSS 1.0 and Atom as real feeds write them, and the documents
/// the XML reader must refuse with a reason a reader can act on.
final class XMLFeedParserTests: XCTestCase {
    private func parse(_ xml: String, baseURL: URL? = nil) throws -> FeedDocument {
        try XMLFeedParser.parse(Data(xml.utf8), baseURL: baseURL)
    }

    /// The error `data` is refused with, or nil (and a failure) when it parses.
    private func refusal(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> FeedError? {
        do {
            let document = try XMLFeedParser.parse(data)
            XCTFail("parsed as \(document.items.count) items titled \(document.title.debugDescription)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func refusal(_ xml: String, file: StaticString = #filePath, line: UInt = #line) -> FeedError? {
        refusal(Data(xml.utf8), file: file, line: line)
    }

    /// A UTC date from its parts, independent of the parser's formatters.
    private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day,
                                                  hour: hour, minute: minute, second: second))!
    }

    // MARK: RSS 2.0

    /// A WordPress-style RSS 2.0 feed.
    private let wordPressFeed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"
            xmlns:content="http://purl.org/rss/1.0/modules/content/"
            xmlns:wfw="http://wellformedweb.org/CommentAPI/"
            xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:atom="http://www.w3.org/2005/Atom"
            xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
        <channel>
            <title>Planet GNOME &amp; Friends</title>
            <atom:link href="https://blog.example.org/feed/" rel="self" type="application/rss+xml" />
            <link>https://blog.example.org</link>
            <description>Notes from the desktop</description>
            <lastBuildDate>Tue, 10 Sep 2024 07:00:00 +0000</lastBuildDate>
            <language>en-US</language>
            <sy:updatePeriod>hourly</sy:updatePeriod>
            <item>
                <title>GTK 4.16 is out</title>
                <link>https://blog.example.org/2024/09/10/gtk-4-16/</link>
                <comments>https://blog.example.org/2024/09/10/gtk-4-16/#respond</comments>
                <dc:creator><![CDATA[Matthias Clasen]]></dc:creator>
                <pubDate>Tue, 10 Sep 2024 08:30:00 +0200</pubDate>
                <category><![CDATA[GTK]]></category>
                <guid isPermaLink="false">https://blog.example.org/?p=1234</guid>
                <description><![CDATA[<p>The short teaser [&#8230;]</p>]]></description>
                <content:encoded><![CDATA[<p>First paragraph with <a href="https://gtk.org">a link</a> &amp; <strong>bold</strong> words.</p>
        <p>Second&nbsp;paragraph&hellip;</p>]]></content:encoded>
                <wfw:commentRss>https://blog.example.org/2024/09/10/gtk-4-16/feed/</wfw:commentRss>
            </item>
            <item>
                <title>Escaped &amp;amp; double-escaped</title>
                <link>https://blog.example.org/2003/06/10/escaped/</link>
                <pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate>
                <author>editor@example.org (The Editor)</author>
                <description>&lt;p&gt;Hello &amp;amp; goodbye&lt;/p&gt;&lt;p&gt;Line one&lt;br/&gt;line two&lt;/p&gt;</description>
            </item>
            <item>
                <title>Eastern time</title>
                <pubDate>Tue, 10 Jun 2003 09:41:01 EST</pubDate>
                <description>Plain words, no markup.</description>
            </item>
        </channel>
        </rss>
        """

    func testRSSChannelTitleIsReadWithEntitiesDecoded() throws {
        XCTAssertEqual(try parse(wordPressFeed).title, "Planet GNOME & Friends")
    }

    func testRSSItemReadsTitleLinkGuidAndCreator() throws {
        let item = try XCTUnwrap(try parse(wordPressFeed).items.first)
        XCTAssertEqual(item.id, "https://blog.example.org/?p=1234")
        XCTAssertEqual(item.title, "GTK 4.16 is out")
        XCTAssertEqual(item.link, URL(string: "https://blog.example.org/2024/09/10/gtk-4-16/"))
        XCTAssertEqual(item.author, "Matthias Clasen")
        XCTAssertNil(item.imageURL)
        XCTAssertNil(item.contentWarning)
        XCTAssertNil(item.sharedBy)
    }

    func testRSSContentEncodedIsPreferredOverDescriptionAndKeepsParagraphs() throws {
        let item = try XCTUnwrap(try parse(wordPressFeed).items.first)
        XCTAssertEqual(item.content, "First paragraph with a link & bold words.\nSecond paragraph…")
        XCTAssertEqual(item.summary, "First paragraph with a link & bold words. Second paragraph…")
        XCTAssertFalse(item.content?.contains("teaser") ?? true)
    }

    func testRSSEscapedHTMLDescriptionBecomesPlainText() throws {
        let item = try parse(wordPressFeed).items[1]
        XCTAssertEqual(item.content, "Hello & goodbye\nLine one\nline two")
        XCTAssertEqual(item.summary, "Hello & goodbye Line one line two")
        XCTAssertEqual(item.title, "Escaped & double-escaped")
        XCTAssertEqual(item.author, "editor@example.org (The Editor)")
    }

    func testRSSItemWithoutGuidIsIdentifiedByItsLinkThenByTitleAndPosition() throws {
        let items = try parse(wordPressFeed).items
        XCTAssertEqual(items.map(\.id), ["https://blog.example.org/?p=1234",
                                         "https://blog.example.org/2003/06/10/escaped/",
                                         "Eastern time-2"])
        XCTAssertNil(items[2].link)
        XCTAssertEqual(items[2].content, "Plain words, no markup.")
    }

    func testRSSPubDatesWithNumericAndNamedZonesAreRead() throws {
        let items = try parse(wordPressFeed).items
        XCTAssertEqual(items[0].date, utc(2024, 9, 10, 6, 30), "+0200")
        XCTAssertEqual(items[1].date, utc(2003, 6, 10, 4, 0), "GMT")
        XCTAssertEqual(items[2].date, utc(2003, 6, 10, 14, 41, 1), "EST is five hours behind UTC")
    }

    func testRSSPubDateVariantsFeedsReallySend() throws {
        let cases: [(String, Date?)] = [
            ("Fri, 05 Jan 2024 17:00:00 +0000", utc(2024, 1, 5, 17, 0)),
            ("Thu, 04 Jul 2024 09:15:00 -0700", utc(2024, 7, 4, 16, 15)),
            ("Thu, 04 Jul 2024 12:15:00 EDT", utc(2024, 7, 4, 16, 15)),
            ("Thu, 04 Jul 2024 09:15:00 PDT", utc(2024, 7, 4, 16, 15)),
            ("Fri, 1 Mar 2024 12:00 GMT", utc(2024, 3, 1, 12, 0)),
            ("1 Mar 2024 12:00:00 +0000", utc(2024, 3, 1, 12, 0)),
            ("  Fri, 01 Mar 2024\n 12:00:00 GMT  ", utc(2024, 3, 1, 12, 0)),
            ("2024-03-01T12:00:00Z", utc(2024, 3, 1, 12, 0)),
            ("Mon, 10 Jun 2003 04:00:00 GMT", utc(2003, 6, 10, 4, 0)),
            ("Tue, 10 Jun 2003 4:00:00 GMT", utc(2003, 6, 10, 4, 0)),
            ("Tue, 10 Jun 2003 04:00:00 UT", utc(2003, 6, 10, 4, 0)),
            ("Tue, 10 Jun 2003 04:00:00 Z", utc(2003, 6, 10, 4, 0)),
            ("Tue, 10 Jun 2003 06:00:00 +02:00", utc(2003, 6, 10, 4, 0)),
            ("Tue, 10 jun 2003 04:00:00 GMT", utc(2003, 6, 10, 4, 0)),
            ("Tue, 10 June 2003 04:00:00 GMT", utc(2003, 6, 10, 4, 0)),
            ("Tue, 10 Jun 03 04:00:00 GMT", utc(2003, 6, 10, 4, 0)),
            ("Tue, 10 Jun 03 04:00:00 +0000", utc(2003, 6, 10, 4, 0)),
            ("Thu, 10 Jun 99 04:00 EST", utc(1999, 6, 10, 9, 0)),
            ("10 Jun 99 04:00 -0500", utc(1999, 6, 10, 9, 0)),
            ("Tue, 10 Jun 2003 00:00:00 CDT", utc(2003, 6, 10, 5, 0)),
            ("Tue, 10 Jun 2003 00:00:00 MST", utc(2003, 6, 10, 7, 0)),
            ("yesterday", nil),
        ]
        for (text, expected) in cases {
            let xml = """
                <rss version="2.0"><channel><title>Dates</title>
                <item><guid>1</guid><title>x</title><pubDate>\(text)</pubDate></item></channel></rss>
                """
            XCTAssertEqual(try parse(xml).items.first?.date, expected, text)
        }
    }

    func testRSSDublinCoreDateIsUsedWithoutPubDate() throws {
        let document = try parse("""
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>t</title>
            <item><guid>1</guid><dc:date>2024-03-01T11:45:30.250Z</dc:date></item></channel></rss>
            """)
        let date = try XCTUnwrap(document.items.first?.date)
        XCTAssertEqual(date.timeIntervalSince1970, 1_709_293_530.25, accuracy: 0.001)
    }

    func testRSSCDATATitleIsReadAsItsText() throws {
        let document = try parse("""
            <rss version="2.0"><channel><title><![CDATA[Tom & Jerry's <Blog>]]></title>
            <item><guid>a</guid><title><![CDATA[Caf\u{E9} & cr\u{E8}me]]></title></item></channel></rss>
            """)
        // RSS titles are read as HTML (feeds escape markup in them), so an
        // unknown "<Blog>" tag goes; the bare ampersands stay.
        XCTAssertEqual(document.title, "Tom & Jerry's")
        XCTAssertEqual(document.items.first?.title, "Café & crème")
    }

    func testRSSImageComesFromAnImageEnclosureOrMediaRSS() throws {
        let document = try parse("""
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Pictures</title>
            <item><guid>audio</guid><enclosure url="https://cdn.example.org/ep1.mp3" length="1" type="audio/mpeg"/></item>
            <item><guid>enclosure</guid><enclosure url="/images/1.jpg" length="12345" type="image/jpeg"/></item>
            <item><guid>media-content</guid>
              <media:content url="https://cdn.example.org/video.mp4" medium="video"/>
              <media:content url="https://cdn.example.org/2.png" medium="image" width="640"/></item>
            <item><guid>media-thumbnail</guid><media:thumbnail url="https://cdn.example.org/3-thumb.jpg"/></item>
            <item><guid>media-group</guid><media:group>
              <media:thumbnail url="https://i.example.org/vi/4/hqdefault.jpg" width="480" height="360"/></media:group></item>
            </channel></rss>
            """, baseURL: URL(string: "https://example.org/feeds/main.rss"))
        XCTAssertEqual(document.items.map(\.imageURL), [
            nil,
            URL(string: "https://example.org/images/1.jpg"),
            URL(string: "https://cdn.example.org/2.png"),
            URL(string: "https://cdn.example.org/3-thumb.jpg"),
            URL(string: "https://i.example.org/vi/4/hqdefault.jpg"),
        ])
        XCTAssertEqual(document.items.map(\.imageSize), [nil, nil, nil, nil, ImageSize(width: 480, height: 360)],
                       "a size only when Media RSS gives both width and height")
    }

    func testPodcastItemWithOnlyAnITunesTitleUsesIt() throws {
        // As Apple's podcast sample writes episodes: elements are matched by
        // local name, whatever their namespace.
        let document = try parse("""
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
            <title>Hiking Treks</title><itunes:author>The Sunset Explorers</itunes:author>
            <item>
              <itunes:episodeType>trailer</itunes:episodeType>
              <itunes:title>Hiking Treks Trailer</itunes:title>
              <itunes:author>Ana Explorer</itunes:author>
              <description><![CDATA[The Sydney-based <a href="https://example.com/hiking">Hiking Treks</a> podcast.]]></description>
              <enclosure length="498537" type="audio/mpeg" url="https://example.com/podcasts/trailer.mp3"/>
              <guid>D03EEC9B-B1B4-475B-92C8-54F853FA2A22</guid>
              <pubDate>Tue, 8 Jan 2019 01:15:00 GMT</pubDate>
              <itunes:duration>1079</itunes:duration>
            </item></channel></rss>
            """)
        let episode = try XCTUnwrap(document.items.first)
        XCTAssertEqual(episode.title, "Hiking Treks Trailer")
        XCTAssertEqual(episode.author, "Ana Explorer")
        XCTAssertEqual(episode.summary, "The Sydney-based Hiking Treks podcast.")
        XCTAssertEqual(episode.id, "D03EEC9B-B1B4-475B-92C8-54F853FA2A22")
        XCTAssertEqual(episode.date, utc(2019, 1, 8, 1, 15))
        XCTAssertNil(episode.imageURL, "an audio enclosure is not an image")
    }

    func testRSSRelativeItemLinkIsResolvedAgainstTheFeedAddress() throws {
        let document = try parse("""
            <rss version="2.0"><channel><title>t</title>
            <item><title>Relative</title><link> /posts/7 </link></item></channel></rss>
            """, baseURL: URL(string: "https://example.org/blog/feed.xml"))
        XCTAssertEqual(document.items.first?.link, URL(string: "https://example.org/posts/7"))
        XCTAssertEqual(document.items.first?.id, "https://example.org/posts/7")
    }

    func testRSSNextLinkIsResolvedAgainstTheFeedAddress() throws {
        let document = try parse("""
            <?xml version="1.0"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
              <title>Archive</title>
              <link>https://example.org/</link>
              <atom:link rel="self" href="https://example.org/feed.xml?page=1"/>
              <atom:link rel="previous" href="/feed.xml?page=0"/>
              <atom:link rel="next" href="feed.xml?page=2"/>
              <item><guid>1</guid><title>One</title></item>
            </channel></rss>
            """, baseURL: URL(string: "https://example.org/feeds/feed.xml?page=1"))
        XCTAssertEqual(document.nextURL, URL(string: "https://example.org/feeds/feed.xml?page=2"))
    }

    func testRSSWithoutNextLinkHasNoNextURL() throws {
        XCTAssertNil(try parse(wordPressFeed).nextURL)
    }

    func testRSSLinkWithRelNextButNotInTheAtomNamespaceIsNotANextPage() throws {
        let document = try parse("""
            <rss version="2.0"><channel><title>t</title><link rel="next">https://example.org/2</link>
            <item><guid>1</guid></item></channel></rss>
            """)
        XCTAssertNil(document.nextURL)
    }

    func testRSSWithoutChannelIsRefused() {
        let error = refusal(#"<?xml version="1.0"?><rss version="2.0"><item><title>x</title></item></rss>"#)
        XCTAssertEqual(error?.reason, "This RSS feed has no channel")
    }

    func testRSSChannelWithoutItemsIsAnEmptyFeed() throws {
        let document = try parse(#"<rss version="2.0"><channel><title>Quiet</title></channel></rss>"#)
        XCTAssertEqual(document.title, "Quiet")
        XCTAssertEqual(document.items, [])
    }

    // MARK: RSS 1.0

    func testRSS1RDFItemsAreSiblingsOfTheChannel() throws {
        let document = try parse("""
            <?xml version="1.0" encoding="utf-8"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
                     xmlns="http://purl.org/rss/1.0/"
                     xmlns:dc="http://purl.org/dc/elements/1.1/"
                     xmlns:content="http://purl.org/rss/1.0/modules/content/">
              <channel rdf:about="https://news.example.org/">
                <title>Slashdot-ish</title>
                <link>https://news.example.org/</link>
                <description>News for nerds</description>
                <items><rdf:Seq>
                  <rdf:li rdf:resource="https://news.example.org/story/1"/>
                  <rdf:li rdf:resource="https://news.example.org/story/2"/>
                </rdf:Seq></items>
              </channel>
              <item rdf:about="https://news.example.org/story/1">
                <title>First story</title>
                <link>https://news.example.org/story/1</link>
                <description>Something &lt;i&gt;happened&lt;/i&gt;.</description>
                <dc:creator>msmash</dc:creator>
                <dc:date>2024-02-29T23:59:00+00:00</dc:date>
              </item>
              <item rdf:about="https://news.example.org/story/2">
                <title>Second story</title>
                <link>https://news.example.org/story/2</link>
                <content:encoded>&lt;p&gt;Full text&lt;/p&gt;</content:encoded>
                <dc:date>2024-03-01T14:00:00+02:00</dc:date>
              </item>
            </rdf:RDF>
            """)
        XCTAssertEqual(document.title, "Slashdot-ish")
        XCTAssertEqual(document.items.map(\.id), ["https://news.example.org/story/1", "https://news.example.org/story/2"])
        XCTAssertEqual(document.items.map(\.title), ["First story", "Second story"])
        XCTAssertEqual(document.items[0].summary, "Something happened.")
        XCTAssertEqual(document.items[0].author, "msmash")
        XCTAssertEqual(document.items[0].date, utc(2024, 2, 29, 23, 59))
        XCTAssertEqual(document.items[1].content, "Full text")
        XCTAssertEqual(document.items[1].date, utc(2024, 3, 1, 12, 0))
    }

    func testRSS1WithoutChannelIsRefused() {
        let error = refusal(#"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><item/></rdf:RDF>"#)
        XCTAssertEqual(error?.reason, "This RSS feed has no channel")
    }

    // MARK: Atom

    private let atomFeed = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
          <title type="html">Ana&amp;#8217;s &lt;em&gt;notebook&lt;/em&gt;</title>
          <subtitle>Things I learned</subtitle>
          <link href="https://ana.example.net/" rel="alternate" type="text/html"/>
          <link href="https://ana.example.net/atom.xml" rel="self" type="application/atom+xml"/>
          <link href="/atom.xml?page=2" rel="next"/>
          <updated>2024-03-01T12:00:00Z</updated>
          <author><name>Ana Lima</name><uri>https://ana.example.net/</uri></author>
          <id>urn:uuid:60a76c80-d399-11d9-b93c-0003939e0af6</id>
          <entry>
            <title type="html">Pango &amp;amp; &lt;b&gt;markup&lt;/b&gt;</title>
            <link rel="replies" type="text/html" href="https://ana.example.net/2024/pango#comments"/>
            <link rel="alternate" type="text/html" href="/2024/pango"/>
            <link rel="enclosure" type="image/png" href="/images/pango.png" length="2048"/>
            <id>tag:ana.example.net,2024:/2024/pango</id>
            <published>2024-03-01T13:45:30+01:00</published>
            <updated>2024-03-02T09:00:00Z</updated>
            <author><name>Ana Lima</name></author>
            <summary>Short &lt;not a tag&gt; summary</summary>
            <content type="html">&lt;p&gt;Full &lt;b&gt;text&lt;/b&gt; here.&lt;/p&gt;&lt;p&gt;And more.&lt;/p&gt;</content>
          </entry>
          <entry>
            <title>Plain title with &lt;angle&gt; brackets</title>
            <link href="https://ana.example.net/2024/plain"/>
            <id>tag:ana.example.net,2024:/2024/plain</id>
            <updated>2024-02-29T23:59:00.500Z</updated>
            <summary type="html">&lt;p&gt;Only a summary&lt;/p&gt;</summary>
            <author><name>Guest Writer</name></author>
          </entry>
          <entry>
            <title type="text">No link, no id</title>
            <link rel="related" href="https://elsewhere.example/"/>
            <content type="text">  Text content stays as written: &lt;b&gt;  </content>
          </entry>
        </feed>
        """

    func testAtomFeedTitleOfTypeHTMLIsReducedToItsWords() throws {
        XCTAssertEqual(try parse(atomFeed).title, "Ana’s notebook")
    }

    func testAtomEntryReadsIdTitleLinkAuthorAndDate() throws {
        let entry = try XCTUnwrap(try parse(atomFeed, baseURL: URL(string: "https://ana.example.net/atom.xml")).items.first)
        XCTAssertEqual(entry.id, "tag:ana.example.net,2024:/2024/pango")
        XCTAssertEqual(entry.title, "Pango & markup")
        XCTAssertEqual(entry.link, URL(string: "https://ana.example.net/2024/pango"), "rel=alternate, not replies")
        XCTAssertEqual(entry.author, "Ana Lima")
        XCTAssertEqual(entry.date, utc(2024, 3, 1, 12, 45, 30), "published wins over updated")
        XCTAssertEqual(entry.imageURL, URL(string: "https://ana.example.net/images/pango.png"))
    }

    func testAtomContentIsTheBodyAndSummaryTheRowText() throws {
        let entries = try parse(atomFeed).items
        XCTAssertEqual(entries[0].content, "Full text here.\nAnd more.")
        XCTAssertEqual(entries[0].summary, "Short <not a tag> summary", "type=text is literal")
        XCTAssertEqual(entries[1].content, "Only a summary", "summary stands in for missing content")
        XCTAssertEqual(entries[1].summary, "Only a summary")
        XCTAssertEqual(entries[2].content, "Text content stays as written: <b>")
        XCTAssertEqual(entries[2].summary, "Text content stays as written: <b>", "content stands in for missing summary")
    }

    func testAtomTextTitleKeepsItsAngleBracketsLiterally() throws {
        XCTAssertEqual(try parse(atomFeed).items[1].title, "Plain title with <angle> brackets")
    }

    func testAtomLinkWithoutRelIsTheAlternateOne() throws {
        let entries = try parse(atomFeed).items
        XCTAssertEqual(entries[1].link, URL(string: "https://ana.example.net/2024/plain"))
        XCTAssertNil(entries[2].link, "a related link is not the entry's page")
    }

    func testAtomUpdatedIsUsedWithoutPublishedFractionsIncluded() throws {
        let date = try XCTUnwrap(try parse(atomFeed).items[1].date)
        XCTAssertEqual(date.timeIntervalSince1970, utc(2024, 2, 29, 23, 59).timeIntervalSince1970 + 0.5, accuracy: 0.001)
    }

    func testAtomEntryAuthorFallsBackToTheFeedAuthor() throws {
        let entries = try parse(atomFeed).items
        XCTAssertEqual(entries.map(\.author), ["Ana Lima", "Guest Writer", "Ana Lima"])
    }

    func testAtomEntryWithoutIdOrLinkGetsATitleAndPositionId() throws {
        XCTAssertEqual(try parse(atomFeed).items[2].id, "No link, no id-2")
    }

    func testAtomNextLinkIsResolvedAgainstTheFeedAddress() throws {
        let document = try parse(atomFeed, baseURL: URL(string: "https://ana.example.net/feeds/atom.xml"))
        XCTAssertEqual(document.nextURL, URL(string: "https://ana.example.net/atom.xml?page=2"))
    }

    func testAtomNextLinkWithoutBaseURLStaysAsAbsoluteAsItIs() throws {
        let document = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>
            <link rel="next" href="https://example.org/feed?after=abc%3D"/></feed>
            """)
        XCTAssertEqual(document.nextURL, URL(string: "https://example.org/feed?after=abc%3D"))
        XCTAssertEqual(document.items, [])
    }

    func testAtomXHTMLContentKeepsItsWordsInOrder() throws {
        let document = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">An <em>xhtml</em> title</div></title>
            <entry><id>x</id><title>t</title>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hello <b>world</b>, again.</p><p>Second <a href="/x">link</a> paragraph.</p></div></content>
            </entry></feed>
            """)
        XCTAssertEqual(document.title, "An xhtml title")
        XCTAssertEqual(document.items.first?.content, "Hello world, again. Second link paragraph.")
    }

    func testAtomImageFallsBackToMediaThumbnail() throws {
        // As YouTube's channel feeds write it.
        let document = try parse("""
            <feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
             <title>GNOME</title>
             <entry>
              <id>yt:video:abc123</id>
              <yt:videoId>abc123</yt:videoId>
              <title>GUADEC 2024 keynote</title>
              <link rel="alternate" href="https://www.youtube.com/watch?v=abc123"/>
              <author><name>GNOME</name><uri>https://www.youtube.com/channel/UC1</uri></author>
              <published>2024-07-19T10:00:00+00:00</published>
              <updated>2024-07-20T10:00:00+00:00</updated>
              <media:group>
               <media:title>GUADEC 2024 keynote</media:title>
               <media:content url="https://www.youtube.com/v/abc123?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
               <media:thumbnail url="https://i1.ytimg.com/vi/abc123/hqdefault.jpg" width="480" height="360"/>
               <media:description>Opening talk.</media:description>
              </media:group>
             </entry>
            </feed>
            """)
        let entry = try XCTUnwrap(document.items.first)
        XCTAssertEqual(entry.id, "yt:video:abc123")
        XCTAssertEqual(entry.title, "GUADEC 2024 keynote")
        XCTAssertEqual(entry.imageURL, URL(string: "https://i1.ytimg.com/vi/abc123/hqdefault.jpg"))
        XCTAssertEqual(entry.date, utc(2024, 7, 19, 10, 0))
        XCTAssertEqual(entry.summary, "")
        XCTAssertNil(entry.content)
    }

    func testAtomWithoutNamespaceIsStillRead() throws {
        let document = try parse("<feed><title>Bare</title><entry><id>1</id><title>One</title></entry></feed>")
        XCTAssertEqual(document.title, "Bare")
        XCTAssertEqual(document.items.map(\.title), ["One"])
    }

    // MARK: Refusals

    func testBillionLaughsIsRefusedBeforeAnyExpansion() {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
              <!ENTITY lol "lol">
              <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
              <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
              <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
              <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
              <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
              <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
              <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
            ]>
            <rss version="2.0"><channel><title>&lol9;</title></channel></rss>
            """
        let error = refusal(xml)
        XCTAssertEqual(error?.reason, "This feed can't be read safely")
        XCTAssertEqual(error?.detail, "the document declares its own entities (DOCTYPE internal subset)")
    }

    func testBillionLaughsHiddenBehindALongCommentIsStillRefused() {
        // The entity check looks at the first 64 KB; a comment pushes the
        // DOCTYPE past it, and the XML parser itself must then stop.
        let lol = (1...9).map { level in
            "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }.joined()
        let xml = "<?xml version=\"1.0\"?><!--" + String(repeating: "pad ", count: 20_000) + "-->"
            + "<!DOCTYPE lolz [<!ENTITY lol0 \"lol\">\(lol)]>"
            + "<rss version=\"2.0\"><channel><title>&lol9;</title></channel></rss>"
        let error = refusal(xml)
        XCTAssertNotNil(error)
        XCTAssertFalse(error?.description.contains("lollol") ?? true)
    }

    func testExternalEntityIsRefusedAndTheFileNeverAppears() throws {
        let secret = try secretFile()
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE rss [<!ENTITY xxe SYSTEM "\(secret.absoluteString)">]>
            <rss version="2.0"><channel><title>&xxe;</title>
            <item><title>Leak: &xxe;</title><description>&xxe;</description></item></channel></rss>
            """
        let error = refusal(xml)
        XCTAssertEqual(error?.reason, "This feed can't be read safely")
        XCTAssertFalse(error?.description.contains(Self.secretText) ?? true)
    }

    func testExternalDTDIsNotFetched() throws {
        // No internal subset to refuse: the reference must simply not load.
        let secret = try secretFile()
        let dtd = secret.deletingLastPathComponent().appendingPathComponent("evil.dtd")
        try Data("<!ENTITY xxe SYSTEM \"\(secret.absoluteString)\">".utf8).write(to: dtd)
        defer { try? FileManager.default.removeItem(at: dtd) }
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE rss SYSTEM "\(dtd.absoluteString)">
            <rss version="2.0"><channel><title>Feed &xxe;</title><item><guid>1</guid><title>&xxe;</title></item></channel></rss>
            """
        do {
            let document = try parse(xml)
            XCTAssertFalse(document.title.contains(Self.secretText))
            XCTAssertFalse(document.items.contains { $0.title.contains(Self.secretText) })
        } catch let error as FeedError {
            XCTAssertFalse(error.description.contains(Self.secretText))
        }
    }

    func testExternalEntityInUTF16IsNotExpanded() throws {
        // The byte-level DOCTYPE check can't see UTF-16; the parser must
        // still not read the file.
        let secret = try secretFile()
        let xml = """
            <?xml version="1.0" encoding="UTF-16"?>
            <!DOCTYPE rss [<!ENTITY xxe SYSTEM "\(secret.absoluteString)">]>
            <rss version="2.0"><channel><title>T&xxe;</title><item><guid>1</guid><title>I&xxe;</title></item></channel></rss>
            """
        var data = Data([0xFF, 0xFE])
        data.append(xml.data(using: .utf16LittleEndian)!)
        do {
            let document = try XMLFeedParser.parse(data)
            XCTAssertFalse(document.title.contains(Self.secretText))
            XCTAssertFalse(document.items.contains { $0.title.contains(Self.secretText) })
        } catch {
            XCTAssertFalse(error.description.contains(Self.secretText))
        }
    }

    private static let secretText = "root:x:0:0:SECRET-FEEDLINE-TEST"

    /// A file standing in for /etc/passwd, with a marker no feed has.
    private func secretFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedline-secret-\(UUID().uuidString).txt")
        try Data(Self.secretText.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testMalformedXMLIsDamaged() {
        let error = refusal("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Oops</titel></channel></rss>
            """)
        XCTAssertEqual(error?.reason, "This feed is damaged and can't be read")
        XCTAssertTrue(error?.detail?.hasPrefix("XML error at line 1") ?? false, error?.detail ?? "")
    }

    func testTruncatedDocumentShowsWhatArrivedAsFeedparserDoes() throws {
        let full = """
            <?xml version="1.0"?>
            <rss version="2.0"><channel><title>Cut</title>
            <item><guid>1</guid><title>One</title></item>
            <item><guid>2</guid><title>Two</title></item>
            </channel></rss>
            """
        let cut = String(full[..<full.range(of: "Two</title>")!.lowerBound]) + "Tw"
        let document = try parse(cut)
        XCTAssertEqual(document.title, "Cut")
        XCTAssertEqual(document.items.map(\.title), ["One", "Tw"])
    }

    func testDocumentCutAfterAWholeItemShowsThatItem() throws {
        let document = try parse("""
            <rss version="2.0"><channel><title>Cut</title>
            <item><guid>1</guid><title>One</title></item>
            """)
        XCTAssertEqual(document.items.map(\.id), ["1"])
    }

    func testDocumentCutInsideCDATAIsDamaged() {
        let error = refusal(#"<rss version="2.0"><channel><title>t</title><item><description><![CDATA[<p>Half"#)
        XCTAssertEqual(error?.reason, "This feed is damaged and can't be read")
    }

    func testNetscapeRSS091DoctypeStillParses() throws {
        // An external DTD that is never loaded: its entities go missing
        // (a parser warning), the feed is still read.
        let document = try parse("""
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN"
              "http://my.netscape.com/publish/formats/rss-0.91.dtd">
            <rss version="0.91"><channel><title>Caf&eacute; news</title>
            <link>http://www.example.com/</link><description>Old</description><language>en-us</language>
            <item><title>First</title><link>http://www.example.com/1</link></item>
            </channel></rss>
            """)
        XCTAssertTrue(document.title.hasPrefix("Caf"), document.title)
        XCTAssertTrue(document.title.hasSuffix("news"), document.title)
        XCTAssertEqual(document.items.map(\.id), ["http://www.example.com/1"])
    }

    func testXML11DeclarationStillParses() throws {
        let document = try parse(#"<?xml version="1.1"?><rss version="2.0"><channel><title>Eleven</title><item><guid>1</guid></item></channel></rss>"#)
        XCTAssertEqual(document.title, "Eleven")
        XCTAssertEqual(document.items.count, 1)
    }

    func testBytesThatAreNotUTF8AreReadAsWindows1252() throws {
        var data = Data(#"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Caf"#.utf8)
        data.append(contentsOf: [0xC3, 0x28, 0xFF, 0xFE])
        data.append(Data("</title></channel></rss>".utf8))
        XCTAssertEqual(try XMLFeedParser.parse(data).title, "Caf\u{C3}(\u{FF}\u{FE}")
    }

    func testEmptyDataIsDamaged() {
        let error = refusal(Data())
        XCTAssertEqual(error?.reason, "This feed is damaged and can't be read")
    }

    func testXHTMLPageIsAWebPageNotAFeed() {
        let error = refusal("""
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Blog</title></head>
            <body><p>Welcome</p></body></html>
            """)
        XCTAssertEqual(error?.reason, "This is a web page, not a feed")
    }

    func testXMLThatIsNotAFeedSaysWhatItIs() {
        let error = refusal("""
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Subscriptions</title></head>
            <body><outline text="Blog" xmlUrl="https://example.org/feed"/></body></opml>
            """)
        XCTAssertEqual(error?.reason, "This isn't a feed")
        XCTAssertEqual(error?.detail, "an XML document whose root is <opml>")
    }

    func testFeedElementInAnotherNamespaceIsNotAtom() {
        let error = refusal(#"<feed xmlns="http://example.org/not-atom"><entry/></feed>"#)
        XCTAssertEqual(error?.reason, "This isn't a feed")
    }
}
