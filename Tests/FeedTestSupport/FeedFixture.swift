import FeedCore
import Foundation

/// JSON Feed files written to a temporary folder, for tests that read real
/// files through the real sources.
public final class FeedFixture {
    public let directory: URL

    public init() {
        directory = TestFolders.make("feedline-tests")
    }

    deinit {
        TestFolders.remove(directory)
    }

    /// The id the fixture gives item `index`.
    public static func id(_ index: Int) -> String { "item-\(index)" }

    /// A JSON Feed with `count` items whose ids are `item-0`, `item-1`, ...
    /// Titles carry `label` so tests can tell versions of a feed apart.
    @discardableResult
    public func writeFeed(named name: String = "feed.json", title: String = "Test Feed",
                          count: Int, label: String = "Item",
                          customize: (Int, inout [String: Any]) -> Void = { _, _ in }) -> URL {
        let items: [[String: Any]] = (0..<count).map { index in
            var item: [String: Any] = [
                "id": Self.id(index),
                "title": "\(label) \(index)",
                "summary": "Summary of \(label.lowercased()) \(index), long enough to wrap onto a second line in a narrow window so rows have realistic heights.",
                "url": "https://example.org/items/\(index)",
                "date_published": "2026-11-20T10:00:00Z",
                "authors": [["name": "Author \(index % 7)"]],
            ]
            customize(index, &item)
            return item
        }
        let feed: [String: Any] = [
            "version": "https://jsonfeed.org/version/1.1",
            "title": title,
            "items": items,
        ]
        let data = try! JSONSerialization.data(withJSONObject: feed, options: [.prettyPrinted, .sortedKeys])
        return write(data, named: name)
    }

    /// Writes raw bytes (for malformed feeds).
    @discardableResult
    public func write(_ data: Data, named name: String) -> URL {
        let url = directory.appendingPathComponent(name)
        try! data.write(to: url)
        return url
    }

    public func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }
}
