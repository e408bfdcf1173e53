import Foundation
import Loopback
import Synchronization

/// A Fever account for tests: Atom feeds served on 127.0.0.1 and a real
/// coldsweat server subscribed to them, in groups.
///
/// Feed `f`'s items are "Feed f item i", published `i` minutes after a
/// fixed moment (plus `f` seconds, so no two items share a time): the
/// higher `i`, the newer. More can be added (`add`), which the server
/// has after `server.fetch()`.
public final class FeverFixture: @unchecked Sendable {
    public let feeds: LoopbackServer
    public let server: ColdsweatServer
    /// Group name → the feeds in it (by number), as subscribed.
    public let groups: [(name: String, feeds: [Int])]
    private let itemCounts: ItemCounts

    /// How many items each feed has, shared with the feeds' server.
    private final class ItemCounts: Sendable {
        let byFeed: Mutex<[Int: Int]>
        init(_ counts: [Int: Int]) { byFeed = Mutex(counts) }
    }

    /// The moment the first items are published at.
    public static let start = Date(timeIntervalSince1970: 1_790_000_000)

    /// `groups`: the group names and how many feeds each has; every feed
    /// starts with `itemsPerFeed` items. Feeds are numbered from 0 across
    /// the groups.
    /// `oldestFirst`: each feed lists its items oldest first, so that the
    /// server (which numbers them as listed) numbers them by date.
    public init(groups sizes: [(String, Int)], itemsPerFeed: Int, oldestFirst: Bool = false) throws {
        var groups: [(name: String, feeds: [Int])] = []
        var next = 0
        for (name, size) in sizes {
            groups.append((name, Array(next..<next + size)))
            next += size
        }
        self.groups = groups
        let counts = ItemCounts(Dictionary(uniqueKeysWithValues: (0..<next).map { ($0, itemsPerFeed) }))
        itemCounts = counts
        let icon = TestImages.png(width: 16, height: 16)
        let feedServer = try LoopbackServer { request in
            if request.path == "/icon.png" { return .init(headers: ["Content-Type": "image/png"], body: icon) }
            guard request.path.hasPrefix("/feed-"), let number = Int(request.path.dropFirst(6).dropLast(4)),
                  let count = counts.byFeed.withLock({ $0[number] }) else {
                return .text("no such feed", status: 404)
            }
            return .init(headers: ["Content-Type": "application/atom+xml"],
                         body: Data(FeverFixture.atom(feed: number, items: count, oldestFirst: oldestFirst,
                                                     port: request.header("host") ?? "").utf8))
        }
        feeds = feedServer
        let outlines = groups.map { group in
            "<outline text=\"\(group.name)\" title=\"\(group.name)\">"
                + group.feeds.map { "<outline type=\"rss\" text=\"Feed \($0)\" xmlUrl=\"\(feedServer.url("/feed-\($0).xml"))\"/>" }
                    .joined()
                + "</outline>"
        }.joined(separator: "\n")
        let opml = """
            <?xml version="1.0" encoding="utf-8"?>
            <opml version="2.0"><head><title>Test</title></head><body>
            \(outlines)
            </body></opml>
            """
        server = try ColdsweatServer(opml: opml)
        // coldsweat's import sometimes leaves a feed unfetched on a busy
        // machine (its fetch gives up after 10 s): fetch until it has all.
        let expected = next * itemsPerFeed
        var fetched = try server.entryCount()
        for _ in 0..<3 where fetched < expected {
            FileHandle.standardError.write(Data("FeverFixture: coldsweat has \(fetched) of \(expected) items; fetching again\n".utf8))
            try server.fetch()
            fetched = try server.entryCount()
        }
        guard fetched == expected else {
            throw ColdsweatServer.Failure(description: "coldsweat fetched \(fetched) of \(expected) items")
        }
    }

    /// Every feed's number.
    public var feedNumbers: [Int] { groups.flatMap(\.feeds) }

    /// How many items feed `feed` has now.
    public func itemCount(_ feed: Int) -> Int { itemCounts.byFeed.withLock { $0[feed] ?? 0 } }

    /// Publishes `count` more items in `feed` (newer than the rest).
    public func add(_ count: Int, to feed: Int) {
        itemCounts.byFeed.withLock { $0[feed, default: 0] += count }
    }

    /// The title of feed `feed`'s item `index`.
    public static func title(feed: Int, item index: Int) -> String { "Feed \(feed) item \(index)" }

    /// When feed `feed`'s item `index` was published.
    public static func date(feed: Int, item index: Int) -> Date {
        start.addingTimeInterval(Double(index) * 60 + Double(feed))
    }

    private static func atom(feed: Int, items: Int, oldestFirst: Bool, port host: String) -> String {
        let formatter = ISO8601DateFormatter()
        let order = oldestFirst ? Array(0..<items) : Array((0..<items).reversed())
        let entries = order.map { index in
            """
            <entry><id>urn:feedline-test:\(feed):\(index)</id><title>\(title(feed: feed, item: index))</title>
            <link href="http://\(host)/feed-\(feed)/\(index)"/>
            <updated>\(formatter.string(from: date(feed: feed, item: index)))</updated>
            <author><name>Author \(feed)</name></author>
            <content type="html">&lt;p&gt;Text of feed \(feed) item \(index)&lt;/p&gt;</content></entry>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
            <title>Feed \(feed)</title><id>urn:feedline-test:\(feed)</id>
            <icon>http://\(host)/icon.png</icon>
            <link href="http://\(host)/feed-\(feed)/"/>
            <updated>\(formatter.string(from: date(feed: feed, item: max(0, items - 1))))</updated>
            \(entries)
            </feed>
            """
    }
}
