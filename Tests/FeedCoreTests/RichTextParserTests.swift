import FeedCore
import Foundation
import XCTest

/// HTML content to rich text: the subset kept (paragraphs, headings,
/// styles, web links, lists, quotes, code, tables, pictures), everything
/// else dropped, and hostile input (scripts, event attributes,
/// `javascript:` links, unclosed and deeply nested tags, huge documents)
/// handled without markup, recursion or quadratic time.
final class RichTextParserTests: XCTestCase {
    typealias Run = RichText.Run
    typealias Style = RichText.Style

    private func parse(_ html: String, base: String? = nil) -> RichText {
        RichTextParser.parse(html, base: base.flatMap(URL.init(string:)))
    }

    private let bold = Style(bold: true)
    private let italic = Style(italic: true)
    private let code = Style(code: true)

    private func link(_ address: String) -> Style {
        Style(link: URL(string: address)!)
    }

    // MARK: What is kept

    func testParagraphsLineBreaksAndHeadingsWithWhitespaceCollapsed() {
        let text = parse("<h2>A  title</h2>\n<p>First\n   paragraph,<br>second line.</p><p></p><div>Third</div>")
        XCTAssertEqual(text.blocks, [
            .heading(level: 2, [Run("A title")]),
            .paragraph([Run("First paragraph,\nsecond line.")]),
            .paragraph([Run("Third")]),
        ])
    }

    func testBoldItalicAndCodeRunsKeepTheSpacesBetweenThem() {
        let text = parse("<p>Plain <b>bold</b> <em>italic <strong>both</strong></em> and <code>x = 1</code>.</p>")
        XCTAssertEqual(text.blocks, [.paragraph([
            Run("Plain "), Run("bold", bold), Run(" "), Run("italic ", italic),
            Run("both", Style(bold: true, italic: true)), Run(" and "), Run("x = 1", code), Run("."),
        ])])
    }

    func testWebLinksAreKeptAndTheSpaceAroundThemIsNotPartOfThem() {
        let text = parse("<p>Read <a href=\"https://example.org/a?b=1&amp;c=2\"> the notes </a>now.</p>")
        XCTAssertEqual(text.blocks, [.paragraph([
            Run("Read "), Run("the notes", link("https://example.org/a?b=1&c=2")), Run(" now."),
        ])])
        XCTAssertEqual(text.links.map(\.text), ["the notes"])
    }

    func testRelativeLinksResolveAgainstTheBaseAndAreTextWithoutOne() {
        let html = "<p><a href=\"/about\">About</a> and <a href=\"//cdn.example.net/x\">CDN</a></p>"
        XCTAssertEqual(parse(html, base: "https://example.org/posts/1").links.map(\.url.absoluteString),
                       ["https://example.org/about", "https://cdn.example.net/x"])
        XCTAssertEqual(parse(html).blocks, [.paragraph([Run("About and CDN")])], "no base: plain text")
    }

    func testOnlyHttpAndHttpsLinksSurviveAndOthersBecomeTheirText() {
        let addresses = ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "java\nscript:alert(1)", "data:text/html,<b>x</b>",
                         "vbscript:x", "file:///etc/passwd", "mailto:someone@example.org", "https://", "#top", ""]
        for address in addresses {
            let text = parse("<p>Go <a href=\"\(address)\">there</a>.</p>", base: nil)
            XCTAssertEqual(text.blocks, [.paragraph([Run("Go there.")])], address)
        }
        XCTAssertEqual(parse("<a href='http://example.org/'>x</a>").links.map(\.url.absoluteString), ["http://example.org/"])
    }

    func testOrderedAndUnorderedListsNestWithTheirItems() {
        let text = parse("<ul><li>One</li><li>Two<ol><li>Two.a<li>Two.b</ol></li><li><p>Three</p><p>More</p></ul>")
        XCTAssertEqual(text.blocks, [.list(ordered: false, items: [
            [.paragraph([Run("One")])],
            [.paragraph([Run("Two")]), .list(ordered: true, items: [[.paragraph([Run("Two.a")])], [.paragraph([Run("Two.b")])]])],
            [.paragraph([Run("Three")]), .paragraph([Run("More")])],
        ])])
        XCTAssertEqual(text.plainText, "• One\n• Two\n\n   1. Two.a\n   2. Two.b\n• Three\n\n   More")
    }

    func testQuotesPreformattedTextAndInlineCode() {
        let text = parse("<blockquote><p>Quoted <i>words</i></p></blockquote><pre>\nlet  x = 1\n\n  <b>y</b>\n</pre><p>Use <kbd>Ctrl</kbd></p>")
        XCTAssertEqual(text.blocks, [
            .quote([.paragraph([Run("Quoted "), Run("words", italic)])]),
            .preformatted("let  x = 1\n\n  y"),
            .paragraph([Run("Use "), Run("Ctrl", code)]),
        ])
    }

    func testTablesBecomeRowsOfCells() {
        let text = parse("<table><tr><th>Name</th><th>Stars</th></tr><tr><td>Feedline</td><td><a href='https://example.org/'>42</a></td></tr></table>")
        XCTAssertEqual(text.blocks, [.table(rows: [
            [[Run("Name", bold)], [Run("Stars", bold)]],
            [[Run("Feedline")], [Run("42", link("https://example.org/"))]],
        ])])
        XCTAssertEqual(text.plainText, "Name | Stars\nFeedline | 42")
    }

    func testPicturesAreWebAddressesOnALineOfTheirOwnAndOthersTheirDescription() {
        let text = parse("<p>Before<img src=\"/a.png\" alt=\" A  cat \" width=\"320\" height=\"oops\" onerror=\"alert(1)\">after"
                         + "<img src=\"javascript:alert(1)\" alt=\"a dog\"><img src=\"data:image/png;base64,AAAA\"></p>",
                         base: "https://example.org/post")
        XCTAssertEqual(text.blocks, [
            .paragraph([Run("Before")]),
            .image(RichText.Image(url: URL(string: "https://example.org/a.png")!, alt: "A cat", width: 320, height: nil)),
            .paragraph([Run("after a dog")]),
        ])
    }

    func testEntitiesAreDecodedOnceAndNeverBecomeMarkup() {
        let text = parse("<p>&lt;b&gt;not bold&lt;/b&gt; &amp;amp; &#8217;&#x2014;&hellip; &eacute;&Dagger;&apos; &bogus; &#0; &#xD800;</p>")
        XCTAssertEqual(text.blocks, [.paragraph([Run("<b>not bold</b> &amp; ’—… é‡' &bogus; \u{FFFD} \u{FFFD}")])])
    }

    func testMastodonsHiddenLinkPartsShowAsMastodonShowsThem() {
        let html = "<p>See <a href=\"https://example.org/a/very/long/path\" rel=\"nofollow noopener\" target=\"_blank\">"
            + "<span class=\"invisible\">https://</span><span class=\"ellipsis\">example.org/a/very/lo</span>"
            + "<span class=\"invisible\">ng/path</span></a> and <a href=\"https://m.example/tags/swift\" class=\"mention hashtag\">#<span>swift</span></a></p>"
        let text = parse(html)
        XCTAssertEqual(text.links.map(\.text), ["example.org/a/very/lo…", "#swift"])
        XCTAssertEqual(text.plainText, "See example.org/a/very/lo… and #swift")
    }

    func testZeroWidthAndControlCharactersNeverReachTheTextButJoinedEmojiStay() {
        let text = parse("<p>a\u{200B}b&#x200B;c\u{FEFF}d\u{2060}e&zwj;f\u{0007}g \u{200D} h 👨‍👩‍👧</p><pre>x\u{200B}\ty</pre>")
        XCTAssertEqual(text.blocks, [.paragraph([Run("abcdefg h 👨‍👩‍👧")]), .preformatted("x\ty")])
    }

    func testANonBreakingSpaceIsKeptAndNotCollapsed() {
        XCTAssertEqual(parse("<p>10&nbsp;&nbsp;km</p>").blocks, [.paragraph([Run("10\u{00A0}\u{00A0}km")])])
    }

    // MARK: What is dropped

    func testScriptsStylesIframesFormsAndObjectsGoWithTheirContent() {
        let html = """
            <p>Kept</p><script>document.write('<p>injected</p>')</script><STYLE>p { color: red }</STYLE>
            <iframe src="https://evil.example/">frame text</iframe><form action="/x"><input value="v"><p>form text</p>
            <button>Press</button></form><object data="x.swf"><p>object text</p></object><svg><text>svg</text></svg>
            <script>unclosed </scrip> still script </script ><p>Also kept</p><noscript><p>No script</p></noscript>
            """
        XCTAssertEqual(parse(html).plainText, "Kept\n\nAlso kept\n\nNo script")
    }

    func testAnUnclosedScriptDropsTheRestAndNeverShowsItsText() {
        XCTAssertEqual(parse("<p>Before</p><script>var s = '<p>after</p>';").plainText, "Before")
    }

    func testEventAttributesAndStylesAreIgnored() {
        let text = parse("<p onclick=\"alert(1)\" style=\"display:none\"><b onmouseover='x()'>Bold</b>"
                         + "<a href=\"https://example.org/\" onclick=\"steal()\">link</a></p>")
        XCTAssertEqual(text.blocks, [.paragraph([Run("Bold", bold), Run("link", link("https://example.org/"))])])
    }

    func testCommentsDoctypesAndStrayAngleBracketsAreNotTags() {
        let text = parse("<!DOCTYPE html><!-- <p>hidden</p> --><p>1 < 2 and 3 > 2, a <-b</p><?php echo 1 ?><p>end</p>")
        XCTAssertEqual(text.plainText, "1 < 2 and 3 > 2, a <-b\n\nend")
    }

    func testUnclosedAndMisnestedTagsAreClosedSensibly() {
        let text = parse("<p><b>bold <i>both</b> italic?</i> plain<ul><li>item")
        XCTAssertEqual(text.blocks, [
            .paragraph([Run("bold ", bold), Run("both", Style(bold: true, italic: true)), Run(" italic? plain")]),
            .list(ordered: false, items: [[.paragraph([Run("item")])]]),
        ])
        XCTAssertEqual(parse("<p>text <a href=\"https://example.org/").plainText, "text", "a tag never closed ends the input")
        XCTAssertEqual(parse("<p>one <!-- never closed <p>two").plainText, "one")
        XCTAssertEqual(parse("<p>x</p></div></blockquote></ul></a></b>y").plainText, "x\n\ny")
    }

    // MARK: Hostile sizes

    func testTenThousandNestedTagsAreFlattenedWithoutRecursion() {
        for tag in ["blockquote", "ul", "b", "div", "a href=\"https://example.org/\"", "span class=\"invisible\""] {
            let name = String(tag.prefix { $0 != " " })
            let html = String(repeating: "<\(tag)>", count: 10_000) + "deep" + String(repeating: "</\(name)>", count: 10_000) + "<p>after</p>"
            let text = parse(html)
            XCTAssertLessThanOrEqual(depth(of: text.blocks), RichTextParser.maxNesting, tag)
            XCTAssertTrue(text.plainText.hasSuffix("after"), "\(tag): \(text.plainText.suffix(40))")
            XCTAssertEqual(text.plainText.contains("deep"), name != "span", tag)
        }
        // Dropped elements nested past the limit: everything after them goes.
        let forms = parse("<p>before</p>" + String(repeating: "<form>", count: 10_000) + "deep"
                          + String(repeating: "</form>", count: 10_000) + "<p>after</p>")
        XCTAssertEqual(forms.plainText, "before")
    }

    func testTenThousandUnclosedListItemsAndCellsStayFlat() {
        let items = parse("<ul>" + String(repeating: "<li>x", count: 10_000))
        guard case .list(_, let entries)? = items.blocks.first else { return XCTFail("no list") }
        XCTAssertEqual(entries.count, 10_000)
        let cells = parse("<table><tr>" + String(repeating: "<td>x", count: 10_000))
        guard case .table(let rows)? = cells.blocks.first else { return XCTFail("no table") }
        XCTAssertEqual(rows.first?.count, 10_000)
    }

    func testHugeInputsFinishAndAreCutAtTheTextLimit() {
        let long = String(repeating: "word ", count: 200_000)  // 1 MB
        let text = parse("<p>" + long + "</p>")
        XCTAssertTrue((RichTextParser.maxTextLength - 1...RichTextParser.maxTextLength + 1).contains(text.plainText.count),
                      "cut at the limit (its last space trimmed): \(text.plainText.count)")
        XCTAssertTrue(text.plainText.hasSuffix("word…"), String(text.plainText.suffix(10)))

        // Inputs that would make a naive parser search again and again.
        XCTAssertEqual(parse(String(repeating: "<a", count: 200_000)).blocks, [], "one tag never closed")
        XCTAssertEqual(parse(String(repeating: "<!--", count: 200_000)).blocks, [])
        XCTAssertEqual(parse("<script>" + String(repeating: "</scrip", count: 100_000)).blocks, [])
        XCTAssertEqual(parse(String(repeating: "&", count: 500_000)).plainText.count, RichTextParser.maxTextLength + 1)
        // scripts/fuzz found this one quadratic (every stray "<" a text
        // run of its own, each append copying the paragraph's text).
        XCTAssertEqual(parse(String(repeating: "< ", count: 200_000)).plainText.prefix(4), "< < ")
        XCTAssertEqual(parse(String(repeating: "<p a='", count: 100_000)).blocks, [], "one quote never closed")
    }

    func testPicturesAreCappedAndTheRestAreTheirDescription() {
        let html = (0..<100).map { "<img src=\"https://example.org/\($0).png\" alt=\"p\($0)\">" }.joined()
        let images = parse(html).blocks.filter { if case .image = $0 { true } else { false } }
        XCTAssertEqual(images.count, RichTextParser.maxImages)
        XCTAssertTrue(parse(html).plainText.hasSuffix("p98 p99"))
    }

    private func depth(of blocks: [RichText.Block]) -> Int {
        blocks.map { block -> Int in
            switch block {
            case .list(_, let items): 1 + (items.map { depth(of: $0) }.max() ?? 0)
            case .quote(let inner): 1 + depth(of: inner)
            default: 0
            }
        }.max() ?? 0
    }
}
