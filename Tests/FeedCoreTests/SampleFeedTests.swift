import FeedCore
import FeedTestSupport
import XCTest

final class SampleFeedTests: XCTestCase {
    func testTheBundledSampleFeedIsAValidFeedOfAtLeast300Items() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/sample-feed.json")
        let document = try JSONFeedParser.parse(try Data(contentsOf: url))
        XCTAssertEqual(document.title, "GNOME Help")
        XCTAssertGreaterThanOrEqual(document.items.count, 300)
        XCTAssertEqual(Set(document.items.map(\.id)).count, document.items.count, "ids are unique")
        for item in document.items {
            XCTAssertFalse(item.title.isEmpty, item.id)
            XCTAssertFalse(item.summary.isEmpty, item.id)
            XCTAssertNotNil(item.author, item.id)
            XCTAssertNotNil(item.date, item.id)
            XCTAssertEqual(item.link?.scheme, "https", item.id)
        }
    }
}
