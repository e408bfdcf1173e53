import FeedCore
import FeedStore
import Foundation

/// The store's side of the benchmark (`--suite store`): a store of many
/// items over many feeds, made once; how long a timeline page takes to
/// read at the top and deep down; and (through `ScrollScenario` with
/// `--store`) the real window scrolling All items from it.
///
/// Item N of the store is `SyntheticFeedSource.item(N)` (the rows the C
/// reference shows), in feed N % feeds, dated so that All items lists
/// them in order: 0, 1, 2, …
enum StoreBenchmark {
    /// Makes a store of `items` items over `feeds` feeds at `url` (any
    /// store there goes first). Returns its figures as JSON.
    static func fill(at url: URL, items: Int, feeds: Int) async throws -> [String: Any] {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        let started = ContinuousClock.now
        let store = try StoreFile(url: url).open().store
        let specs = (0..<feeds).map { NewSubscription(.document(URL(fileURLWithPath: "/feedline-bench/feeds/\($0).xml")), title: "Feed \($0)") }
        let ids = try await store.subscribe(specs).subscriptions
        // Newest first within each batch, as feeds list them; batches of
        // 1,000 a feed go in one transaction each.
        let batch = 1000
        var start = 0
        while start < items {
            let end = min(items, start + batch * feeds)
            var perFeed: [[FeedItem]] = Array(repeating: [], count: feeds)
            for index in start..<end { perFeed[index % feeds].append(SyntheticFeedSource.item(index)) }
            for (feed, list) in perFeed.enumerated() where !list.isEmpty {
                _ = try await store.store(list, in: ids[feed])
            }
            start = end
        }
        try await store.checkpoint()
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return ["items": items, "feeds": feeds, "fill_seconds": seconds, "file_mb": Double(bytes) / 1_048_576]
    }

    /// Page read times of the All items timeline, in ms: `pages` pages of
    /// `size` from the top, and as many from `deep` items down.
    static func pageTimes(at url: URL, size: Int = 50, pages: Int = 200, deep: Int) async throws -> [String: Any] {
        let store = try StoreFile(url: url).open().store
        // Where `deep` items down starts: walked to once (not timed).
        var cursor: TimelineCursor?
        var walked = 0
        while walked < deep {
            let page = try await store.page(of: .all, after: cursor, limit: min(5000, deep - walked))
            guard let last = page.last else { break }
            cursor = last
            walked += page.items.count
        }
        let deepCursor = cursor
        func run(from start: TimelineCursor?) async throws -> [Double] {
            var times: [Double] = []
            var cursor = start
            for _ in 0..<pages {
                let began = ContinuousClock.now
                let page = try await store.page(of: .all, after: cursor, limit: size)
                times.append((ContinuousClock.now - began) / .seconds(1))
                guard let last = page.last else { break }
                cursor = last
            }
            return times
        }
        let top = try await run(from: nil)
        let down = try await run(from: deepCursor)
        return ["page_size": size, "pages": pages, "deep_at": walked,
                "top_ms": Percentiles(top).json, "deep_ms": Percentiles(down).json]
    }
}
