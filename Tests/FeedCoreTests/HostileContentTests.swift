import FeedCore
import Foundation
import XCTest

/// What a hostile or careless feed can put in its text, through the real
/// parsers: everything must come out as plain text fit for a GTK label
/// (which never parses markup), cut to size without breaking a character.
final class HostileContentTests: XCTestCase {
    // MARK: Helpers

    private func jsonFeed(_ items: [[String: Any]], title: String = "Feed") throws -> FeedDocument {
        let feed: [String: Any] = ["version": "https://jsonfeed.org/version/1.1", "title": title, "items": items]
        return try JSONFeedParser.parse(try JSONSerialization.data(withJSONObject: feed))
    }

    private func mastodon(_ statuses: [[String: Any]]) throws -> [FeedItem] {
        try MastodonTimelineParser.parse(try JSONSerialization.data(withJSONObject: statuses))
    }

    private func github(_ repositories: [[String: Any]]) throws -> [FeedItem] {
        let answer: [String: Any] = ["total_count": repositories.count, "incomplete_results": false, "items": repositories]
        return try GitHubSearchParser.parse(try JSONSerialization.data(withJSONObject: answer)).items
    }

    private func hackerNews(_ hits: [[String: Any]]) throws -> [FeedItem] {
        let answer: [String: Any] = ["hits": hits, "page": 0, "nbPages": 1]
        return try HackerNewsParser.parse(try JSONSerialization.data(withJSONObject: answer)).items
    }

    private func xml(_ text: String) throws -> FeedDocument {
        try XMLFeedParser.parse(Data(text.utf8))
    }

    /// `text` escaped for XML character data.
    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A plain-text title through every parser whose titles are plain text
    /// (XML ones left out for characters XML itself forbids).
    private func plainTextTitles(_ title: String, includingXML: Bool = true) throws -> [String: String] {
        var titles: [String: String] = [:]
        titles["JSON Feed"] = try jsonFeed([["id": "1", "title": title]]).items.first?.title
        if includingXML {
            titles["Atom text"] = try xml("""
                <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title>\(escaped(title))</title></entry></feed>
                """).items.first?.title
        }
        titles["Mastodon"] = try mastodon([["id": "1", "content": "", "account": ["acct": "a", "display_name": title]]]).first?.title
        titles["GitHub"] = try github([["id": 1, "full_name": title]]).first?.title
        titles["Hacker News"] = try hackerNews([["objectID": "1", "title": title]]).first?.title
        return titles
    }

    // MARK: Markup

    func testPangoMarkupInPlainTextTitlesStaysLiteral() throws {
        let markup = #"<b>bold</b> <span foreground="red">x</span> &amp; <i>"#
        for (parser, title) in try plainTextTitles(markup) {
            XCTAssertEqual(title, markup, parser)
        }
    }

    func testPangoMarkupInHTMLFieldsIsReducedToItsWords() throws {
        let markup = #"<b>bold</b> <span foreground="red">x</span> &amp; <i>"#
        let rss = try xml("""
            <rss version="2.0"><channel><title>\(escaped(markup))</title>
            <item><guid>1</guid><title>\(escaped(markup))</title><description>\(escaped(markup))</description></item>
            </channel></rss>
            """)
        XCTAssertEqual(rss.title, "bold x &")
        XCTAssertEqual(rss.items.first?.title, "bold x &")
        XCTAssertEqual(rss.items.first?.content, "bold x &")
        let atom = try xml("""
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title type="html">\(escaped(markup))</title>
            <content type="html">\(escaped(markup))</content></entry></feed>
            """)
        XCTAssertEqual(atom.items.first?.title, "bold x &")
        XCTAssertEqual(atom.items.first?.content, "bold x &")
        let toot = try mastodon([["id": "1", "content": markup]])
        XCTAssertEqual(toot.first?.summary, "bold x &")
        let json = try jsonFeed([["id": "1", "content_html": markup]])
        XCTAssertEqual(json.items.first?.summary, "bold x &")
    }

    func testEscapedMarkupInHTMLStaysAsVisibleText() throws {
        // HTML that *shows* a tag (&lt;b&gt;) must show it, not apply it.
        let toot = try mastodon([["id": "1", "content": "<p>Use &lt;b&gt;bold&lt;/b&gt; &amp;amp; not &lt;blink&gt;</p>"]])
        XCTAssertEqual(toot.first?.content, "Use <b>bold</b> &amp; not <blink>")
    }

    func testLessThanSignsInTextAreNotTakenForTags() throws {
        // A bare "<" that cannot start a tag is text, in HTML as in titles.
        let rss = try xml("""
            <rss version="2.0"><channel><title>t</title>
            <item><guid>1</guid><title>Why 1 &lt; 2 and 3 &gt; 2 &lt;= 4</title></item></channel></rss>
            """)
        XCTAssertEqual(rss.items.first?.title, "Why 1 < 2 and 3 > 2 <= 4")
        let html = try jsonFeed([["id": "1", "content_html": "<p>if a < b && c > d { }</p>"]])
        XCTAssertEqual(html.items.first?.content, "if a < b && c > d { }")
    }

    // MARK: Scripts and styles

    func testScriptAndStyleContentNeverAppears() throws {
        let hostile = """
            <p>Before</p><script>alert(1)</script><SCRIPT type="text/javascript">document.cookie</SCRIPT>\
            <style>body { display: none }</style><p>After</p><script src="x.js"></script >end
            """
        let json = try jsonFeed([["id": "1", "title": "t", "content_html": hostile]])
        let toot = try mastodon([["id": "1", "content": hostile]])
        let story = try hackerNews([["objectID": "1", "title": "Ask HN", "story_text": hostile]])
        let rss = try xml("""
            <rss version="2.0"><channel><title>t</title><item><guid>1</guid>
            <description><![CDATA[\(hostile)]]></description></item></channel></rss>
            """)
        let atom = try xml("""
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id>
            <content type="html">\(escaped(hostile))</content></entry></feed>
            """)
        let texts = [json.items.first?.content, toot.first?.content, story.first?.content,
                     rss.items.first?.content, atom.items.first?.content]
        for text in texts {
            XCTAssertEqual(text, "Before\nAfter\nend")
        }
        let summaries = [json.items.first?.summary, toot.first?.summary, rss.items.first?.summary, atom.items.first?.summary]
        for summary in summaries {
            XCTAssertEqual(summary, "Before After end")
        }
    }

    func testUnterminatedScriptDropsEverythingAfterIt() throws {
        let toot = try mastodon([["id": "1", "content": "<p>Visible</p><script>while(1){}; <p>hidden</p>"]])
        XCTAssertEqual(toot.first?.content, "Visible")
    }

    func testScriptInAPlainTextFieldIsJustText() throws {
        // Plain-text fields are never interpreted: the words stay, inert.
        let items = try jsonFeed([["id": "1", "title": "<script>alert(1)</script>", "content_text": "<script>x</script>"]]).items
        XCTAssertEqual(items.first?.title, "<script>alert(1)</script>")
        XCTAssertEqual(items.first?.content, "<script>x</script>")
    }

    // MARK: Length

    private let words = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do"]

    private func longTitle(characters: Int) -> String {
        var title = ""
        var index = 0
        while title.count < characters {
            title += (title.isEmpty ? "" : " ") + words[index % words.count]
            index += 1
        }
        return String(title.prefix(characters))
    }

    func testTenThousandCharacterTitleIsCutAtAWordWithAnEllipsis() throws {
        let long = longTitle(characters: 10_000)
        for (parser, title) in try plainTextTitles(long) {
            XCTAssertLessThanOrEqual(title.count, PlainText.titleLimit, parser)
            XCTAssertGreaterThan(title.count, PlainText.titleLimit - 24, parser)
            XCTAssertTrue(title.hasSuffix("…"), parser)
            let kept = String(title.dropLast())
            XCTAssertTrue(long.hasPrefix(kept), parser)
            XCTAssertEqual(long[long.index(long.startIndex, offsetBy: kept.count)], " ", "\(parser) cut inside a word")
        }
    }

    func testLongSummariesAreCutButContentIsKeptWhole() throws {
        let long = longTitle(characters: 10_000)
        let item = try XCTUnwrap(try mastodon([["id": "1", "content": "<p>\(long)</p>"]]).first)
        XCTAssertLessThanOrEqual(item.summary.count, PlainText.summaryLimit)
        XCTAssertTrue(item.summary.hasSuffix("…"))
        XCTAssertEqual(item.content, long.trimmingCharacters(in: .whitespaces))
    }

    func testOneMegabyteBodyParsesIntoItsText() throws {
        let paragraph = "<p>" + longTitle(characters: 1000) + " &amp; <b>more</b></p>\n"
        let body = String(repeating: paragraph, count: 1024)
        XCTAssertGreaterThan(body.utf8.count, 1_000_000)
        let expectedLine = PlainText.singleLine(longTitle(characters: 1000) + " & more")

        let rss = try xml("""
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Big</title>
            <item><guid>big</guid><title>Big one</title><content:encoded><![CDATA[\(body)]]></content:encoded></item>
            </channel></rss>
            """)
        let item = try XCTUnwrap(rss.items.first)
        let lines = item.content?.split(separator: "\n") ?? []
        XCTAssertEqual(lines.count, 1024)
        XCTAssertEqual(lines.first.map(String.init), expectedLine)
        XCTAssertEqual(lines.last.map(String.init), expectedLine)
        XCTAssertEqual(item.title, "Big one")
        XCTAssertLessThanOrEqual(item.summary.count, PlainText.summaryLimit)
        XCTAssertTrue(item.summary.hasPrefix(String(expectedLine.prefix(100))))
    }

    func testTagOpeningsThatNeverCloseAreReadInOnePass() throws {
        // Nothing but "<a" and no ">": searching the rest of the text again
        // for every "<" took minutes for this (and hours for a megabyte).
        let body = String(repeating: "<a", count: 100_000)
        let json = try jsonFeed([["id": "1", "content_html": body]])
        XCTAssertEqual(json.items.first?.content, body)
    }

    // MARK: Scripts of the world

    private let worldTitles = [
        "مرحبا بالعالم: أخبار اليوم",
        "שלום עולם — חדשות",
        "Family 👩‍👩‍👧‍👦 and flags 🇺🇦 🇯🇵 🏳️‍🌈 thumbs 👍🏽",
        "Cafe\u{301} na\u{EF}ve 日本語のニュース",
    ]

    func testRightToLeftTextAndEmojiSurviveIntact() throws {
        for original in worldTitles {
            for (parser, title) in try plainTextTitles(original) {
                XCTAssertEqual(title, original, parser)
                XCTAssertEqual(Array(title.unicodeScalars), Array(original.unicodeScalars), parser)
            }
            let rss = try xml("<rss version=\"2.0\"><channel><title>\(original)</title><item><guid>1</guid><description>&lt;p&gt;\(original)&lt;/p&gt;</description></item></channel></rss>")
            XCTAssertEqual(rss.title, original)
            XCTAssertEqual(rss.items.first?.content, original)
        }
    }

    func testTruncationNeverSplitsAGraphemeCluster() throws {
        let clusters = ["👩‍👩‍👧‍👦", "🇺🇦", "👍🏽", "e\u{301}", "🏳️‍🌈", "ש\u{5B8}"]
        for cluster in clusters {
            let long = String(repeating: cluster, count: 1000)
            for (parser, title) in try plainTextTitles(long) {
                XCTAssertEqual(title.count, PlainText.titleLimit, "\(parser) \(cluster)")
                XCTAssertTrue(title.hasSuffix("…"), parser)
                XCTAssertTrue(title.dropLast().allSatisfy { $0 == Character(cluster) }, "\(parser) split \(cluster)")
                XCTAssertEqual(title.unicodeScalars.count, (PlainText.titleLimit - 1) * cluster.unicodeScalars.count + 1, parser)
            }
        }
    }

    func testTruncationAtAWordKeepsRightToLeftWordsWhole() throws {
        let arabic = String(repeating: "مرحبا بالعالم ", count: 100)
        let title = try XCTUnwrap(try plainTextTitles(arabic)["JSON Feed"])
        XCTAssertTrue(title.hasSuffix("…"))
        let kept = title.dropLast()
        XCTAssertTrue(kept.hasSuffix("مرحبا") || kept.hasSuffix("بالعالم"), title)
    }

    // MARK: Control characters

    func testNULAndControlCharactersDoNotReachRows() throws {
        // A NUL would end the string where GTK reads it (a C string); the
        // other controls have no visible form.
        let hostile = "Start\u{0}after-nul \u{7}bell\u{1B}[31mred\u{7F} \u{85}next\u{9B}end"
        for (parser, title) in try plainTextTitles(hostile, includingXML: false) {
            XCTAssertFalse(title.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(parser): \(title.debugDescription)")
            XCTAssertEqual(title, "Startafter-nul bell[31mred nextend", parser)
        }
        let toot = try mastodon([["id": "1", "content": "<p>a\u{0}b &#1;c</p>", "spoiler_text": "cw\u{0}x",
                                  "account": ["acct": "x\u{0}y", "display_name": ""]]])
        XCTAssertEqual(toot.first?.summary, "ab c")
        XCTAssertEqual(toot.first?.contentWarning, "cwx")
        XCTAssertEqual(toot.first?.author, "@xy")
    }

    func testTabsAndNewlinesInTitlesBecomeSingleSpaces() throws {
        for (parser, title) in try plainTextTitles("  One\ttwo\r\nthree\u{2028}four\u{A0} five  ") {
            XCTAssertEqual(title, "One two three four five", parser)
        }
    }

    func testNumericEntityForNULIsNotDecoded() throws {
        let json = try jsonFeed([["id": "1", "content_html": "a&#0;b&#x0;c&#xD800;d&#1114112;e"]])
        XCTAssertEqual(json.items.first?.content, "a&#0;b&#x0;c&#xD800;d&#1114112;e")
    }

    func testNULInXMLNeverReachesTheText() throws {
        XCTAssertEqual(try xml("<rss version=\"2.0\"><channel><title>a\u{0}b</title><item><title>x\u{1}y</title></item></channel></rss>").items.map(\.title), ["xy"])
        XCTAssertEqual(try xml("<rss version=\"2.0\"><channel><title>a\u{0}b</title></channel></rss>").title, "ab")
        XCTAssertEqual(try xml("<rss version=\"2.0\"><channel><title>a&#0;b</title><item><title>c&#0;d</title></item></channel></rss>").items.map(\.title), ["cd"])
    }
}
