import FeedCore
import Foundation
import Synchronization

/// A feed made up on the spot, for the benchmark: `itemCount` items (nil:
/// endless) in pages of `pageSize`, each page after `latency`, fixed or
/// jittered. Item N is always the same text, which the C reference program
/// (`Benchmarks/reference/`) makes the same way, so both show the same rows.
///
/// With `pictures` (a base address), every item also has pictures under
/// it, its text unchanged: its author's avatar (`avatars/K.png`, one for
/// each of the feed's `authorCount` authors) and an image of its own
/// (`photos/N.jpg` for item N), whose size it declares, one of
/// `photoSizes` in turn (4:3, 3:4, 16:9, 1:1...). Whoever serves them must
/// serve item N's image at `photoSizes[N % photoSizes.count]`.
public final class SyntheticFeedSource: FeedSource {
    /// How long a page takes.
    public enum Latency: Sendable, Equatable {
        case fixed(Duration)
        /// Uniform in `base ± spread`, the same sequence for the same seed.
        case jittered(base: Duration, spread: Duration, seed: UInt64)
    }

    public let pageSize: Int
    public let itemCount: Int?
    public let latency: Latency
    /// Where the items' pictures are; nil: items without pictures.
    public let pictures: URL?
    /// Whether it tells the session where its next pages start (as page
    /// numbers do: several may then be asked for at once), or lets it
    /// learn each from the page before (one at a time, as a Link header).
    public let namesPagesAhead: Bool
    private let state: Mutex<(requests: Int, random: UInt64)>

    public init(pageSize: Int, itemCount: Int? = nil, latency: Latency = .fixed(.zero), pictures: URL? = nil,
                namesPagesAhead: Bool = false) {
        precondition(pageSize > 0, "pages hold at least one item")
        self.namesPagesAhead = namesPagesAhead
        self.pageSize = pageSize
        self.itemCount = itemCount
        self.latency = latency
        self.pictures = pictures
        let seed: UInt64 = if case .jittered(_, _, let seed) = latency { seed } else { 1 }
        state = Mutex((0, seed | 1))
    }

    public var displayName: String { "Synthetic Feed" }

    /// Pages asked for so far.
    public var requestCount: Int { state.withLock { $0.requests } }

    /// Pages being asked for now, and the most at once so far.
    private let inFlight = Mutex((now: 0, most: 0))
    public var mostInFlight: Int { inFlight.withLock { $0.most } }

    public func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        let start: Int
        if let cursor {
            guard let offset = Int(cursor.rawValue), offset >= 0 else {
                throw FeedError.badCursor(cursor)
            }
            start = offset
        } else {
            start = 0
        }
        let delay = state.withLock { state -> Duration in
            state.requests += 1
            switch latency {
            case .fixed(let delay):
                return delay
            case .jittered(let base, let spread, _):
                // xorshift64: cheap, and the same run after run.
                state.random ^= state.random << 13
                state.random ^= state.random >> 7
                state.random ^= state.random << 17
                let unit = Double(state.random % 10_000) / 10_000 * 2 - 1
                return max(.zero, base + spread * unit)
            }
        }
        inFlight.withLock { count in
            count.now += 1
            count.most = max(count.most, count.now)
        }
        defer { inFlight.withLock { $0.now -= 1 } }
        if delay > .zero { try await Task.sleep(for: delay) }
        let end = itemCount.map { min($0, start + pageSize) } ?? start + pageSize
        let items = (start..<max(start, end)).map { Self.item($0, pictures: pictures) }
        let hasMore = itemCount.map { end < $0 } ?? true
        let next = hasMore ? PageCursor(String(end)) : nil
        return FeedPage(items: items, next: next, feedTitle: displayName)
    }

    /// Item `index` (0-based): the same every time, and the same as the C
    /// reference's row `index`; with pictures under `pictures` when given
    /// (the same text).
    public static func item(_ index: Int, pictures: URL? = nil) -> FeedItem {
        var item = FeedItem(
            id: "item-\(index)",
            title: "Item \(index + 1): \(words[index % words.count]) \(words[(index * 7 + 3) % words.count])",
            summary: summaries[index % summaries.count],
            author: "Author \(index % authorCount + 1)",
            date: Date(timeIntervalSince1970: 1_700_000_000 - Double(index) * 600))
        if let pictures {
            item.avatarURL = pictures.appendingPathComponent("avatars/\(index % authorCount).png")
            item.imageURL = pictures.appendingPathComponent("photos/\(index).jpg")
            item.imageSize = photoSizes[index % photoSizes.count]
        }
        return item
    }

    /// The feed's authors ("Author 1" to "Author 17", in turn).
    public static let authorCount = 17

    /// The sizes of the items' images, item N's being `photoSizes[N %
    /// count]`: camera and phone photos as a timeline shows them, landscape
    /// and portrait, about 800 × 600.
    public static let photoSizes: [ImageSize] = [
        (800, 600), (600, 800), (1024, 576), (800, 800), (900, 600), (800, 600), (600, 900), (960, 540),
    ].map { ImageSize(width: $0.0, height: $0.1)! }

    static let words = ["lists", "scrolling", "pages", "widgets", "feeds", "models", "frames", "latency",
                        "memory", "layout", "toolkit", "rows"]
    static let summaries = [
        "A short summary that fits on one line.",
        "A longer summary that goes on for a while, long enough to wrap onto a second line in a window of the usual width.",
        "Medium length: a sentence or so about what the item says.",
        "One more summary, with a few words more than the first one.",
    ]
}

extension SyntheticFeedSource: PageAheadSource {
    /// The next page's offset, when it names its pages ahead.
    public func cursor(after cursor: PageCursor) -> PageCursor? {
        guard namesPagesAhead, let offset = Int(cursor.rawValue) else { return nil }
        return PageCursor(String(offset + pageSize))
    }
}
