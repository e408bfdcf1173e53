import FeedCore
import Foundation
import XCTest

/// `OPMLWriter`: the OPML 2.0 it writes, and that reading an export gives
/// back the same subscriptions and folders, whatever their names hold.
final class OPMLWriterTests: XCTestCase {
    /// Wednesday 25 November 2026, 09:30 GMT.
    private static let created = Date(timeIntervalSince1970: 1_795_599_000)

    private func text(_ subscriptions: [OPMLSubscription], title: String = "Feedline subscriptions") -> String {
        String(decoding: OPMLWriter.write(subscriptions, title: title, created: Self.created), as: UTF8.self)
    }

    private func roundTrip(_ subscriptions: [OPMLSubscription]) throws -> OPMLImport {
        try OPMLReader.read(OPMLWriter.write(subscriptions, title: "Round trip", created: Self.created))
    }

    private func feed(_ address: String, _ title: String?, site: String? = nil, folder: [String] = [],
                      type: String? = "rss") -> OPMLSubscription {
        OPMLSubscription(address: URL(string: address)!, title: title, siteAddress: site.flatMap { URL(string: $0) },
                         folder: folder, type: type)
    }

    func testWritesOPML2WithEachFolderOnceWhereItsFirstFeedComes() {
        let written = text([
            feed("https://a.example.org/feed", "A", type: nil),
            feed("https://b.example.org/atom.xml", "B", site: "https://b.example.org/", folder: ["Tech"], type: "atom"),
            feed("https://c.example.org/rss", nil),
            feed("https://d.example.org/rss", "D", folder: ["Tech", "Swift"]),
            feed("https://e.example.org/rss", "E", folder: ["Tech"]),
        ])
        XCTAssertEqual(written, """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>Feedline subscriptions</title>
                <dateCreated>Wed, 25 Nov 2026 09:30:00 GMT</dateCreated>
              </head>
              <body>
                <outline type="rss" text="A" title="A" xmlUrl="https://a.example.org/feed"/>
                <outline text="Tech" title="Tech">
                  <outline type="atom" text="B" title="B" xmlUrl="https://b.example.org/atom.xml" htmlUrl="https://b.example.org/"/>
                  <outline text="Swift" title="Swift">
                    <outline type="rss" text="D" title="D" xmlUrl="https://d.example.org/rss"/>
                  </outline>
                  <outline type="rss" text="E" title="E" xmlUrl="https://e.example.org/rss"/>
                </outline>
                <outline type="rss" text="" xmlUrl="https://c.example.org/rss"/>
              </body>
            </opml>

            """)
    }

    func testEmptyListIsAnEmptyBody() throws {
        XCTAssertTrue(text([]).contains("<body>\n  </body>"))
        let list = try roundTrip([])
        XCTAssertEqual(list.subscriptions, [])
        XCTAssertEqual(list.title, "Round trip")
    }

    func testHostileNamesAreEscapedAndNeverMarkup() {
        let written = text([feed("https://x.example.org/?a=1&b=<2>", #"<b>"Bold"</b> & 'more'"#, folder: [#"Q&A "<i>""#])],
                           title: "Mine & <yours>")
        XCTAssertTrue(written.contains("<title>Mine &amp; &lt;yours&gt;</title>"))
        XCTAssertTrue(written.contains(#"<outline text="Q&amp;A &quot;&lt;i&gt;&quot;" title="Q&amp;A &quot;&lt;i&gt;&quot;">"#))
        XCTAssertTrue(written.contains(#"title="&lt;b&gt;&quot;Bold&quot;&lt;/b&gt; &amp; 'more'""#))
        XCTAssertTrue(written.contains(#"xmlUrl="https://x.example.org/?a=1&amp;b=%3C2%3E""#), written)
        XCTAssertFalse(written.contains("<b>"))
    }

    func testLineBreaksAndTabsAreCharacterReferencesAndOtherControlCharactersDropped() {
        let written = text([feed("https://x.example.org/", "One\nTwo\r\nThree\tFour\u{0}\u{7}\u{1B}\u{7F}\u{85}\u{FFFE}!")])
        XCTAssertTrue(written.contains(#"title="One&#10;Two&#13;&#10;Three&#9;Four!""#), written)
    }

    func testRoundTripKeepsHostileNamesFoldersAndOrder() throws {
        let subscriptions = [
            feed("https://one.example.org/feed.xml", #"Quotes "double" and 'single'"#, site: "https://one.example.org/"),
            feed("https://two.example.org/rss?x=1&y=2", "Ampersands & <b>tags</b> &amp; entities", folder: ["News & <i>Views</i>"]),
            feed("https://three.example.org/atom", "Emoji 🦊📰 and ünïcödé", folder: ["News & <i>Views</i>", "Deep \"quoted\""],
                 type: "atom"),
            feed("https://four.example.org/feed", "Line one\nLine two\ttabbed", folder: ["News & <i>Views</i>"]),
            feed("https://five.example.org/feed", nil, folder: ["Ελληνικά", "日本語"], type: "HTML+XPath"),
            feed("file:///home/sam/feeds/local%20copy.xml", "A local file"),
            feed("https://six.example.org/feed", "]]> <!-- not a comment --> <?pi?>"),
        ]
        let list = try roundTrip(subscriptions)
        XCTAssertEqual(list.subscriptions, subscriptions)
        XCTAssertEqual(list.problems, [])
        XCTAssertEqual(list.duplicatesMerged, 0)
    }

    func testFolderOrderIsFirstComeWhenFeedsOfAFolderAreApart() throws {
        let subscriptions = [
            feed("https://a.example.org/", "A", folder: ["X"]),
            feed("https://b.example.org/", "B"),
            feed("https://c.example.org/", "C", folder: ["X"]),
        ]
        let list = try roundTrip(subscriptions)
        XCTAssertEqual(list.subscriptions.map(\.title), ["A", "C", "B"])
        XCTAssertEqual(Set(list.subscriptions), Set(subscriptions))
    }

    func testWithoutATypeIsWrittenAsRSSAndBlankFolderNamesAddNoLevel() throws {
        let list = try roundTrip([feed("https://a.example.org/", "A", folder: ["  ", "Real", ""], type: nil)])
        XCTAssertEqual(list.subscriptions, [feed("https://a.example.org/", "A", folder: ["Real"], type: "rss")])
    }

    func testEveryExporterFixtureSurvivesAnExportAndImport() throws {
        let names = ["liferea.opml", "newsflash.opml", "feedly.opml", "inoreader.xml", "thunderbird.opml", "freshrss.opml",
                     "miniflux.opml", "opml1-no-type.opml", "deep-nesting.opml", "category.opml", "duplicates.opml",
                     "problems.opml", "iso-8859-1.opml", "bom-utf16.opml", "hand-made.opml"]
        for name in names {
            let imported = try OPMLReader.read(OPMLReaderTests.fixture(name))
            XCTAssertFalse(imported.subscriptions.isEmpty, name)
            let expected = imported.subscriptions.map { subscription in
                var written = subscription
                written.type = subscription.type ?? "rss"
                return written
            }
            XCTAssertEqual(try roundTrip(imported.subscriptions).subscriptions, expected, name)
        }
    }
}
