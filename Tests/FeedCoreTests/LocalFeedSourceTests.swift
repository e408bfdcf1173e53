import FeedCore
import FeedTestSupport
import Foundation
import XCTest

final class LocalFeedSourceTests: XCTestCase {
    let fixture = FeedFixture()

    func testPagesCoverTheFileInOrderAndEnd() async throws {
        let source = LocalFeedSource(file: fixture.writeFeed(count: 45), pageSize: 20)
        var ids: [String] = []
        var cursor: PageCursor?
        var pages = 0
        repeat {
            let page = try await source.nextPage(after: cursor)
            XCTAssertEqual(page.feedTitle, "Test Feed")
            ids += page.items.map(\.id)
            cursor = page.next
            pages += 1
        } while cursor != nil
        XCTAssertEqual(pages, 3)
        XCTAssertEqual(ids, (0..<45).map(FeedFixture.id))
    }

    func testItsNextPagesAreNamedInAdvanceAsTheyCome() async throws {
        let source = LocalFeedSource(file: fixture.writeFeed(count: 65), pageSize: 20)
        var cursor = try await source.nextPage(after: nil).next
        while let asked = cursor {
            let page = try await source.nextPage(after: asked)
            if let next = page.next { XCTAssertEqual(source.cursor(after: asked), next, "after \(asked)") }
            cursor = page.next
        }
        XCTAssertEqual(source.cursor(after: PageCursor("40")), PageCursor("60"))
        XCTAssertNil(source.cursor(after: PageCursor("x")))
    }

    func testTheSameCursorGivesTheSamePage() async throws {
        let source = LocalFeedSource(file: fixture.writeFeed(count: 30), pageSize: 10)
        let first = try await source.nextPage(after: PageCursor("10"))
        let again = try await source.nextPage(after: PageCursor("10"))
        XCTAssertEqual(first.items, again.items)
        XCTAssertEqual(first.items.first?.id, "item-10")
    }

    func testTheFirstPageRereadsTheFile() async throws {
        let url = fixture.writeFeed(count: 5, label: "Old")
        let source = LocalFeedSource(file: url, pageSize: 10)
        let before = try await source.nextPage(after: nil)
        XCTAssertEqual(before.items.first?.title, "Old 0")
        fixture.writeFeed(count: 5, label: "New")
        let after = try await source.nextPage(after: nil)
        XCTAssertEqual(after.items.first?.title, "New 0")
    }

    func testAMissingFileSaysSo() async {
        let source = LocalFeedSource(file: fixture.url("nowhere.json"))
        await XCTAssertThrowsFeedError(try await source.nextPage(after: nil)) { error in
            XCTAssertEqual(error.reason, "The file “nowhere.json” doesn't exist")
            XCTAssertEqual(error.kind, .notFound)
            XCTAssertEqual(error.subject, .file("nowhere.json"), "the name, for the words the reader sees")
        }
    }

    func testMalformedJSONSaysItIsNotAFeed() async {
        let url = fixture.write(Data("{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": [".utf8), named: "broken.json")
        await XCTAssertThrowsFeedError(try await LocalFeedSource(file: url).nextPage(after: nil)) { error in
            XCTAssertEqual(error.reason, "This isn't a valid JSON Feed")
            XCTAssertNotNil(error.detail)
        }
    }

    func testJSONThatIsNotAFeedIsRefused() async {
        let url = fixture.write(Data("{\"items\": []}".utf8), named: "other.json")
        await XCTAssertThrowsFeedError(try await LocalFeedSource(file: url).nextPage(after: nil)) { error in
            XCTAssertEqual(error.reason, "This isn't a JSON Feed")
        }
    }

    func testABadCursorIsAnError() async {
        let source = LocalFeedSource(file: fixture.writeFeed(count: 3))
        await XCTAssertThrowsFeedError(try await source.nextPage(after: PageCursor("abc"))) { error in
            XCTAssertEqual(error.reason, "This page can't be found")
        }
    }
}

/// Asserts that `expression` throws a FeedError and hands it to `check`.
func XCTAssertThrowsFeedError<T>(
    _ expression: @autoclosure () async throws -> T,
    file: StaticString = #filePath, line: UInt = #line,
    _ check: (FeedError) -> Void
) async {
    do {
        _ = try await expression()
        XCTFail("expected a FeedError", file: file, line: line)
    } catch let error as FeedError {
        check(error)
    } catch {
        XCTFail("expected a FeedError, got \(error)", file: file, line: line)
    }
}
