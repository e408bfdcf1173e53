import FeedCore
import Foundation
import XCTest

final class PlainTextTests: XCTestCase {
    func testHTMLBecomesTextWithLineBreaksKept() {
        XCTAssertEqual(PlainText.fromHTML("<p>One &lt;b&gt; two</p><p>Three<br>four</p>"),
                       "One <b> two\nThree\nfour")
        XCTAssertEqual(PlainText.fromHTML("a<style>p{}</style>b<script>x<y</script>c"), "abc")
        XCTAssertEqual(PlainText.fromHTML("&#x1F600; &#233; &nbsp;&unknown; 5 < 6"), "😀 é &unknown; 5 < 6")
    }

    func testSingleLineCollapsesWhitespace() {
        XCTAssertEqual(PlainText.singleLine("  a \n\t b  "), "a b")
    }

    func testTruncationCutsAtAWordAndMarksIt() {
        XCTAssertEqual(PlainText.truncated("short", to: 10), "short")
        XCTAssertEqual(PlainText.truncated("hello wonderful world", to: 12), "hello…")
    }

    func testMastodonsShortenedLinksReadAsMastodonShowsThem() {
        let link = #"<p>See <a href="https://example.org/a/very/long/path"><span class="invisible">https://</span>"#
            + #"<span class="ellipsis">example.org/a/very/</span><span class="invisible">long/path</span></a> now</p>"#
        XCTAssertEqual(PlainText.fromHTML(link), "See example.org/a/very/… now")
        XCTAssertEqual(PlainText.fromHTML(#"<span class="h-card"><span>@ana</span></span> hi"#), "@ana hi")
    }

    func testZeroWidthCharactersNeverReachTheText() {
        XCTAssertEqual(PlainText.singleLine("fr\u{200B}ee mo\u{2060}ney\u{FEFF}!"), "free money!")
        // Joiners stay: they make one emoji of a family, and shape scripts.
        XCTAssertEqual(PlainText.singleLine("👨\u{200D}👩\u{200D}👧 می\u{200C}خواهم"), "👨\u{200D}👩\u{200D}👧 می\u{200C}خواهم")
        XCTAssertEqual(PlainText.fromHTML("<p>a\u{200B}b</p>"), "ab")
    }

    func testEveryHTMLNamedEntityIsDecoded() {
        XCTAssertEqual(PlainText.fromHTML("Caf&eacute; &Omega; &frac12; &euro;"), "Café Ω ½ €")
    }
}
