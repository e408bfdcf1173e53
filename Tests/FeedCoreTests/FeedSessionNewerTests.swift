import FeedCore
import FeedTestSupport
import Foundation
import Synchronization
import XCTest

/// A session whose list grows upward as well as down: a view restored at
/// an item, and newer items arriving above a view from the top. The items
/// a list ends up with are the timeline's, in order, each once.
final class FeedSessionNewerTests: XCTestCase {
    /// A timeline in memory, newest first ("item-0" on top), paged like a
    /// stored one: "at N" starts with item N, "N" after item N - 1; items
    /// can be added on top while it is read.
    final class Timeline: FeedSource {
        private let items: Mutex<[FeedItem]>
        let pageSize: Int
        let newerAsked = Mutex(0)

        init(count: Int, pageSize: Int = 20) {
            items = Mutex((0..<count).map { FeedItem(id: "item-\($0)", title: "Item \($0)") })
            self.pageSize = pageSize
        }

        var displayName: String { "Timeline" }

        /// `count` newer items on top ("new-0" newest).
        func addOnTop(_ count: Int) {
            items.withLock { $0.insert(contentsOf: (0..<count).map { FeedItem(id: "new-\($0)", title: "New \($0)") }, at: 0) }
        }

        var ids: [String] { items.withLock { $0.map(\.id) } }

        func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
            items.withLock { items in
                var start = 0
                if let raw = cursor?.rawValue {
                    if raw.hasPrefix("at ") {
                        start = items.firstIndex { $0.id == String(raw.dropFirst(3)) } ?? 0
                    } else {
                        start = items.firstIndex { $0.id == raw } ?? items.count
                    }
                }
                let end = min(items.count, start + pageSize)
                return FeedPage(items: Array(items[start..<end]), next: end < items.count ? PageCursor(items[end].id) : nil)
            }
        }

        func newerPage(above item: String, limit: Int) async throws -> NewerPage? {
            newerAsked.withLock { $0 += 1 }
            return items.withLock { items in
                guard let index = items.firstIndex(where: { $0.id == item }) else { return NewerPage(items: [], hasMore: false) }
                let start = max(0, index - limit)
                return NewerPage(items: Array(items[start..<index]), hasMore: start > 0)
            }
        }
    }

    /// A window of 500 px showing rows of 100 px at `offset`.
    private static func metrics(offset: Double, items: Int) -> ScrollMetrics {
        ScrollMetrics(offset: offset, contentHeight: Double(items) * 100, viewportHeight: 500, itemCount: items)
    }

    func testARestoredViewGrowsUpwardToTheTopAsTheReaderNearsIt() async {
        let timeline = Timeline(count: 200)
        let ids = await Self.restoreAndScrollUp(timeline, at: "item-120")
        XCTAssertEqual(ids.first, Array(timeline.ids[120..<140]), "the first page starts with the restored item")
        XCTAssertEqual(ids.last, Array(timeline.ids[0..<140]), "then everything above it, in order, each once")
    }

    @MainActor
    private static func restoreAndScrollUp(_ timeline: Timeline, at item: String) async -> [[String]] {
        let session = FeedSession(source: timeline, startingAt: PageCursor("at \(item)"))
        let list = SnapshotList()
        session.onSnapshot = list.apply
        session.loadMore()
        await list.wait { !list.ids.isEmpty }
        var seen = [list.ids]
        // The reader stays at the top of what is shown: each page above
        // lands above them (the view keeps its place), then they are 100 px
        // from the new top.
        while session.state.hasNewer {
            let before = list.ids.count
            session.listShows(metrics(offset: 100, items: before), at: 1)
            await list.wait { list.ids.count > before || !session.state.hasNewer }
        }
        seen.append(list.ids)
        session.close()
        return seen
    }

    func testFarFromTheTopNothingIsAskedAbove() async {
        let timeline = Timeline(count: 200)
        let asked = await Self.newerAskedFarFromTheTop(timeline)
        XCTAssertEqual(asked, 0)
    }

    @MainActor
    private static func newerAskedFarFromTheTop(_ timeline: Timeline) async -> Int {
        let session = FeedSession(source: timeline, startingAt: PageCursor("at item-120"))
        let list = SnapshotList()
        session.onSnapshot = list.apply
        session.loadMore()
        await list.wait { !list.ids.isEmpty }
        // Two screens and more from the top: 1,000 px of 2,000.
        session.listShows(metrics(offset: 1000, items: 20), at: 1)
        session.close()
        return timeline.newerAsked.withLock { $0 }
    }

    func testItemsArrivingAboveAViewFromTheTopArePrependedOnceTold() async {
        let timeline = Timeline(count: 50)
        let ids = await Self.itemsAfterArrivals(timeline)
        XCTAssertEqual(ids, (0..<3).map { "new-\($0)" } + (0..<20).map { "item-\($0)" })
    }

    @MainActor
    private static func itemsAfterArrivals(_ timeline: Timeline) async -> [String] {
        let session = FeedSession(source: timeline)
        let list = SnapshotList()
        session.onSnapshot = list.apply
        session.loadMore()
        await list.wait { !list.ids.isEmpty }
        XCTAssertFalse(session.snapshot.hasNewer)
        timeline.addOnTop(3)
        session.newerMayHaveArrived()
        await list.wait { list.ids.count == 23 }
        XCTAssertFalse(session.snapshot.hasNewer, "all three came at once")
        session.close()
        return list.ids
    }

    func testASourceThatCannotPageUpwardIsNeverAsked() async {
        let snapshots = await Self.snapshotsOfAWebFeedToldOfArrivals()
        XCTAssertFalse(snapshots.contains { if case .prepended? = $0.change { true } else { false } })
    }

    @MainActor
    private static func snapshotsOfAWebFeedToldOfArrivals() async -> [FeedSnapshot] {
        struct Plain: FeedSource {
            var displayName: String { "Plain" }
            func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
                FeedPage(items: [FeedItem(id: "a", title: "A")], next: nil)
            }
        }
        let session = FeedSession(source: Plain())
        var snapshots: [FeedSnapshot] = []
        session.onSnapshot = { snapshots.append($0) }
        session.loadMore()
        while snapshots.last?.phase != .exhausted { try? await Task.sleep(for: .milliseconds(1)) }
        session.newerMayHaveArrived()
        session.listShows(metrics(offset: 0, items: 1), at: 1)
        // The source answers nil at once: give the answer its turn.
        for _ in 0..<20 { await Task.yield() }
        try? await Task.sleep(for: .milliseconds(20))
        session.close()
        return snapshots
    }
}
