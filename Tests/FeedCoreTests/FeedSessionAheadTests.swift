import FeedCore
import FeedTestSupport
import Foundation
import XCTest

/// A session over a source that numbers its pages: as the reader scrolls
/// fast past pages that take long, several pages are asked for at once
/// (at most four), and the list still gets them in order, each once.
final class FeedSessionAheadTests: XCTestCase {
    /// GatedSource's pages at offsets "20", "40"...: named in advance.
    final class NumberedPages: PageAheadSource {
        let gated = GatedSource()
        var displayName: String { gated.displayName }
        func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
            try await gated.nextPage(after: cursor)
        }
        func cursor(after cursor: PageCursor) -> PageCursor? {
            Int(cursor.rawValue).map { PageCursor(String($0 + 20)) }
        }
    }

    func testAFastReaderGetsSeveralPagesAskedAtOnceAndTheirItemsInOrder() async {
        let source = NumberedPages()
        let (asked, ids, most) = await Self.scrollFast(over: source)
        XCTAssertEqual(asked, ["20", "40", "60", "80"], "four in flight: the next page and three after it")
        XCTAssertEqual(ids, (0..<100).map { "item-\($0)" }, "every item once, in order, though the last page answered first")
        XCTAssertEqual(most, 4)
    }

    @MainActor
    private static func scrollFast(over source: NumberedPages) async -> ([String?], [String], Int) {
        let session = FeedSession(source: source)
        let list = SnapshotList()
        session.onSnapshot = list.apply
        session.loadMore()
        // The first page takes half a second: pages are slow.
        try? await Task.sleep(for: .milliseconds(500))
        source.gated.answer(0, with: .success(GatedSource.page(0..<20, next: 20)))
        await until { list.ids.count == 20 }
        // Rows of 20 px; the reader flings at 4,000 px/s (a tenth of a
        // second of frames) and nears the end.
        for frame in 0...10 {
            session.listScrolled(to: Double(frame) * 40, at: 10 + Double(frame) * 0.01)
        }
        session.listShows(ScrollMetrics(offset: 90, contentHeight: 400, viewportHeight: 300, itemCount: 20), at: 10.1)
        await until { source.gated.requestCount == 5 }
        // The fetches run at once: they reach the source in any order.
        let asked = source.gated.requests.dropFirst().map { $0.cursor?.rawValue }.sorted { Int($0 ?? "") ?? 0 < Int($1 ?? "") ?? 0 }
        let most = session.pagesInFlight
        // Answers come last page first.
        for start in [80, 60, 40, 20] {
            guard let index = source.gated.requests.firstIndex(where: { $0.cursor?.rawValue == String(start) }) else { continue }
            source.gated.answer(index, with: .success(GatedSource.page(start..<(start + 20), next: start == 80 ? nil : start + 20)))
        }
        await until { session.phase == .exhausted }
        session.close()
        return (asked, list.ids, most)
    }

    func testAReaderStandingStillKeepsOnePageInFlight() async {
        let source = NumberedPages()
        let asked = await Self.standStill(over: source)
        XCTAssertEqual(asked, ["20"])
    }

    @MainActor
    private static func standStill(over source: NumberedPages) async -> [String?] {
        let session = FeedSession(source: source)
        session.onSnapshot = { _ in }
        session.loadMore()
        source.gated.answer(0, with: .success(GatedSource.page(0..<20, next: 20)))
        await until { session.state.hasFirstPage }
        session.listShows(ScrollMetrics(offset: 100, contentHeight: 400, viewportHeight: 300, itemCount: 20), at: 10)
        await until { source.gated.requestCount == 2 }
        try? await Task.sleep(for: .milliseconds(50))
        session.close()
        return source.gated.requests.dropFirst().map { $0.cursor?.rawValue }
    }

    /// Waits (10 s at most) until `condition` holds, letting the session's
    /// tasks run.
    @MainActor
    private static func until(_ condition: () -> Bool) async {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !condition(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }
}
