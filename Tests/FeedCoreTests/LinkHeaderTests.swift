import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import XCTest

/// `Link` headers (RFC 8288) as Mastodon and GitHub send them.
final class LinkHeaderTests: XCTestCase {
    let base = URL(string: "https://social.example/api/v1/timelines/public?limit=40")!

    private func parse(_ value: String) -> [String: String] {
        LinkHeader.parse(value, base: base).mapValues(\.absoluteString)
    }

    func testMastodonsNextAndPrev() {
        let value = #"<https://social.example/api/v1/timelines/public?limit=40&max_id=111>; rel="next", "#
            + #"<https://social.example/api/v1/timelines/public?limit=40&min_id=222>; rel="prev""#
        XCTAssertEqual(parse(value), [
            "next": "https://social.example/api/v1/timelines/public?limit=40&max_id=111",
            "prev": "https://social.example/api/v1/timelines/public?limit=40&min_id=222",
        ])
    }

    func testGitHubsFourRelations() {
        let value = #"<https://api.github.com/search/repositories?q=swift&page=2>; rel="next", "#
            + #"<https://api.github.com/search/repositories?q=swift&page=34>; rel="last", "#
            + #"<https://api.github.com/search/repositories?q=swift&page=1>; rel="first", "#
            + #"<https://api.github.com/search/repositories?q=swift&page=1>; rel="prev""#
        let links = parse(value)
        XCTAssertEqual(links["next"], "https://api.github.com/search/repositories?q=swift&page=2")
        XCTAssertEqual(links["last"], "https://api.github.com/search/repositories?q=swift&page=34")
        XCTAssertEqual(links.count, 4)
    }

    func testOneLinkCanHaveSeveralRelations() {
        XCTAssertEqual(parse(#"<https://a.example/9>; rel="next last""#),
                       ["next": "https://a.example/9", "last": "https://a.example/9"])
    }

    func testUnquotedParametersAndNoSpaces() {
        XCTAssertEqual(parse("<https://a.example/2>;rel=next,<https://a.example/0>;\trel=prev"),
                       ["next": "https://a.example/2", "prev": "https://a.example/0"])
    }

    func testCommasAndSemicolonsInsideTheURLDoNotSplit() {
        XCTAssertEqual(parse(#"<https://a.example/items?ids=1,2,3;v=2>; rel="next", <https://a.example/x>; rel=prev"#),
                       ["next": "https://a.example/items?ids=1,2,3;v=2", "prev": "https://a.example/x"])
    }

    func testQuotedParametersMayHoldCommasSemicolonsAndEscapes() {
        let value = #"<https://a.example/2>; title="Page 2, \"the sequel\"; really"; rel="next", "#
            + #"<https://a.example/0>; rel="prev"; type="text/html""#
        XCTAssertEqual(parse(value), ["next": "https://a.example/2", "prev": "https://a.example/0"])
    }

    func testRelativeTargetsAreResolvedAgainstTheResponseURL() {
        XCTAssertEqual(parse(#"</api/v1/timelines/public?max_id=5>; rel="next", <tag/swift>; rel="related""#), [
            "next": "https://social.example/api/v1/timelines/public?max_id=5",
            "related": "https://social.example/api/v1/timelines/tag/swift",
        ])
    }

    func testRelationTypesAreCaseInsensitive() {
        XCTAssertEqual(parse(#"<https://a.example/2>; REL="Next""#), ["next": "https://a.example/2"])
    }

    func testTheFirstLinkForARelationWinsAndTheFirstRelParameterCounts() {
        XCTAssertEqual(parse(#"<https://a.example/1>; rel=next; rel=prev, <https://a.example/2>; rel=next"#),
                       ["next": "https://a.example/1"])
    }

    func testMalformedLinksAreSkipped() {
        XCTAssertEqual(parse(#"garbage, <https://a.example/2>; rel="next", <https://a.example/3> junk; rel=last, <https://a.example/4>"#),
                       ["next": "https://a.example/2"], "no rel, junk, or not a link: skipped")
        XCTAssertEqual(parse(#"<https://a.example/2; rel="next""#), [:], "an unclosed bracket")
        XCTAssertEqual(parse(""), [:])
        XCTAssertEqual(parse(" , ,"), [:])
    }

    func testTheNextPageFromARealResponse() async throws {
        let server = try LoopbackServer { _ in
            .init(status: 200, headers: ["Link": #"</api/v1/timelines/public?max_id=42>; rel="next""#], body: Data("[]".utf8))
        }
        let response = try await bounded { [url = server.url("/api/v1/timelines/public?limit=2")] in
            try await HTTPClient().get(url)
        }
        let links = LinkHeader.parse(try XCTUnwrap(response.header("link")), base: response.url)
        XCTAssertEqual(links["next"], server.url("/api/v1/timelines/public?max_id=42"))
    }
}
