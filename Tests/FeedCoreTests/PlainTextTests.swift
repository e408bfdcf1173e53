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
}
