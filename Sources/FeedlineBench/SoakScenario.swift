import FeedlineUI
import FeedCore
import FeedStore
import Foundation
import GtkKit
import Synchronization

/// Long use of the real window, for memory: the actions a reader repeats
/// for an hour, in blocks of `blockSeconds`, round and round, while
/// resident memory is sampled every second. What a block does:
///
/// - `scroll`: scrolls a 3,000-item feed with pictures at 2,000 px/s to its
///   end, every ninth page failing once (Retry after half a second, as a
///   reader would press it), then Refresh and again from the top.
/// - `reader`: the reader view, 8 moves a second, Back to the list and in
///   again every 40 moves; at the end of the feed, Refresh.
/// - `switch`: another feed every 2 s (three feeds, pictures of their
///   own), opened from its row in the sidebar as a click would, scrolling
///   1,000 px/s in between.
/// - `grid`: list and grid in turn every 1.5 s, scrolling 1,000 px/s.
/// - `idle`: nothing at all (no frame clock).
///
/// The window is the app's: `FeedWindow(application:subscriptions:feed:)`
/// over `Subscriptions` and the store (`StoreFile.standard()`, in the
/// fresh `XDG_DATA_HOME` `SoakSuite` gives this process), where the three
/// feeds are subscribed before it opens, with the sidebar shown. A view's
/// pages come from the store, then from the feed past what is stored.
/// Pages come after 150 ms; the pictures (a photo per item, an avatar per
/// author) are served over HTTP on 127.0.0.1 by the process that started
/// this one (`SoakSuite`), so the server's own memory is not counted.
/// Prints one JSON object: the samples and each block's span.
@MainActor
final class SoakScenario {
    enum Action: String, CaseIterable {
        case scroll, reader, `switch`, grid, idle
    }

    struct Settings {
        var seconds = 600.0
        var blockSeconds = 60.0
        var actions = Action.allCases
        var pictures: URL?
        /// Seconds between samples.
        var sampleEvery = 1.0
        /// Take a `SoakCensus` at the end of every block.
        var census = false
    }

    nonisolated static let itemCount = 3000
    static let feeds = 3

    private let settings: Settings
    private let window: FeedWindow
    private let store: FeedStore
    private let specs: [FeedSpec]
    /// The feeds' subscriptions, in sidebar order (after All items).
    private var subscribed: [Subscription.ID] = []
    private let done: ([String: Any]) -> Void
    private var ticker: FrameTicker?
    private var lastFrameTime: Int64?
    private var started = 0.0
    private var block = -1
    private var action = Action.idle
    private var blockStart = 0.0
    /// The samples, in storage made whole at the start (`Filled`), so that
    /// what the benchmark records does not itself grow resident memory.
    private var samples: Filled<(time: Double, rssKB: Int, action: Action)>
    /// Each block's span, kept the same way (not as a dictionary each).
    private var blocks: Filled<(action: Action, start: Double, end: Double)>
    private var counts: [String: Int] = [:]
    private var nextEvent = 0.0
    private var moves = 0
    private var feedIndex = 0
    private var failedSince: Double?
    private var firstFDs = 0, firstThreads = 0
    /// The main thread's CPU time per frame while scrolling (s), and at
    /// the frame before.
    private var scrollFrameBusy: Filled<Double>
    private var lastFrameCPU = 0.0
    private var census: SoakCensus
    /// Picture requests sent so far (`ImageFetcher.networkRequests`) less
    /// the parsed addresses the app cleaned up itself
    /// (`CurlHandleRepair.handlesCleaned`), at the start of every block
    /// and at the end: what the toolchain's
    /// per-request leak costs in the slopes' span (`SoakSuite`).
    private var requestMarks: [(time: Double, requests: Int)] = []

    init(settings: Settings, application: Application, done: @escaping ([String: Any]) -> Void) {
        self.settings = settings
        self.done = done
        samples = Filled(capacity: Int(settings.seconds / settings.sampleEvery) + 16, placeholder: (0, 0, .idle))
        // Frames while scrolling, at up to 70 a second.
        scrollFrameBusy = Filled(capacity: Int(settings.seconds * 70 / Double(max(1, settings.actions.count))) + 1024,
                                 placeholder: 0)
        let blockCount = Int(settings.seconds / settings.blockSeconds) + 16
        blocks = Filled(capacity: blockCount, placeholder: (.idle, 0, 0))
        census = SoakCensus(entries: blockCount)
        specs = (0..<Self.feeds).map { .document(URL(fileURLWithPath: "/feedline-soak/feed\($0)")) }
        // The store where the app keeps it: in the data home the suite
        // made for this run (never a reader's own store).
        let storeFile = StoreFile.standard()
        guard !FileManager.default.fileExists(atPath: storeFile.url.path) else {
            fatalError("feedline-bench: the soak wants a data home of its own (XDG_DATA_HOME), and \(storeFile.url.path) exists")
        }
        do {
            store = try storeFile.open().store
        } catch {
            fatalError("feedline-bench: the soak's store at \(storeFile.url.path): \(error)")
        }
        let pictures = settings.pictures
        let subscriptions = Subscriptions(store: store) { spec in
            let index: Int
            if case .document(let url) = spec, let number = Int(url.lastPathComponent.dropFirst(4)) {
                index = number
            } else {
                index = 0
            }
            return SoakFeedSource(feed: index, pictures: pictures)
        }
        window = FeedWindow(application: application, subscriptions: subscriptions, feed: specs[0])
    }

    private var now: Double { ProcessInfo.processInfo.systemUptime }

    /// Subscribes to the three feeds (as a reader did before), then
    /// shows the window, which opens the first.
    func start() {
        let feeds = specs.enumerated().map { NewSubscription($1, title: SoakFeedSource.name(of: $0)) }
        Task { [self] in
            do {
                subscribed = try await store.subscribe(feeds).subscriptions
            } catch {
                fatalError("feedline-bench: the soak couldn't subscribe to its feeds: \(error)")
            }
            window.present()
            started = now
            firstFDs = Self.openFileCount()
            firstThreads = Self.threadCount()
            sampleAndSchedule()
        }
    }

    /// Opens feed `index` from its row in the sidebar, as a click or
    /// Enter does: the sidebar's list activates the row.
    private func openFromSidebar(_ index: Int) {
        let wanted = TimelineScope.subscription(subscribed[index])
        guard let row = window.sidebarRow(of: wanted), let sidebar = window.window.firstDescendant(ofType: "GtkListView"),
              sidebar.activateAction("list.activate-item", uint: UInt32(row)), window.scope == wanted else {
            fatalError("feedline-bench: the sidebar's row of \(SoakFeedSource.name(of: index)) didn't open it "
                + "(the window shows \(String(describing: window.scope)))")
        }
    }

    /// Once a second: a sample, and the next block when it is time.
    private func sampleAndSchedule() {
        let elapsed = now - started
        let wanted = Int(elapsed / settings.blockSeconds)
        if wanted != block { begin(block: wanted) }
        samples.append((elapsed, ProcessStats.residentKB(), action))
        // Menus come and go with feed switches: follow the shown ones.
        if settings.census { _ = MemoryCensus.menuModels() }
        if elapsed >= settings.seconds {
            finish()
            return
        }
        MainLoop.schedule(after: .milliseconds(Int(settings.sampleEvery * 1000))) { [weak self] in
            self?.sampleAndSchedule()
        }
    }

    private func begin(block: Int) {
        let time = now - started
        if self.block >= 0 { endBlock(at: time) }
        if settings.census { census.take(at: time, after: self.block >= 0 ? action.rawValue : nil) }
        markRequests(at: time)
        self.block = block
        action = settings.actions[block % settings.actions.count]
        blockStart = time
        nextEvent = 0
        moves = 0
        failedSince = nil
        if action != .reader { window.closeReader() }
        if action != .grid, window.feedList.layout != .list { window.show(layout: .list) }
        if action == .idle {
            ticker?.stop()
            ticker = nil
        } else if ticker == nil {
            lastFrameTime = nil
            ticker = FrameTicker(on: window.window) { [weak self] time in self?.frame(at: time) }
        }
    }

    private func endBlock(at time: Double) {
        blocks.append((action, blockStart, time))
    }

    private func count(_ name: String) { counts[name, default: 0] += 1 }

    private func frame(at frameTime: Int64) {
        let seconds = Double(frameTime) / 1e6
        let interval = lastFrameTime.map { Double(frameTime - $0) / 1e6 } ?? 0
        lastFrameTime = frameTime
        let cpu = ProcessStats.threadCPUSeconds()
        if action == .scroll, interval > 0 { scrollFrameBusy.append(cpu - lastFrameCPU) }
        lastFrameCPU = cpu
        let session = window.session
        // A failed page: Retry after half a second, as a reader would.
        if case .failed = session.phase {
            if let since = failedSince {
                if seconds - since > 0.5 {
                    failedSince = nil
                    session.retry()
                    count("retries")
                }
            } else {
                failedSince = seconds
            }
            return
        }
        failedSince = nil
        switch action {
        case .scroll:
            if !scroll(by: 2000 * interval), session.phase == .exhausted, session.state.inFlight == nil {
                session.refresh()
                count("refreshes")
            }
        case .reader:
            guard seconds >= nextEvent, window.itemCount > 0, session.state.inFlight == nil || window.isReading else { return }
            nextEvent = seconds + 1.0 / 8
            if !window.isReading {
                window.showReader(at: Self.firstVisible(window.feedList))
                count("reader_opens")
                return
            }
            if window.reader.move(.next) {
                moves += 1
                count("reader_moves")
                if moves % 40 == 0 { window.closeReader() }
            } else if session.phase == .exhausted {
                window.closeReader()
                session.refresh()
                count("refreshes")
            }
        case .switch:
            _ = scroll(by: 1000 * interval)
            guard seconds >= nextEvent else { return }
            if nextEvent > 0 {
                feedIndex = (feedIndex + 1) % specs.count
                openFromSidebar(feedIndex)
                count("feed_switches")
            }
            nextEvent = seconds + 2
        case .grid:
            _ = scroll(by: 1000 * interval)
            guard seconds >= nextEvent else { return }
            if nextEvent > 0 {
                window.show(layout: window.feedList.layout == .list ? .grid : .list)
                count("layout_toggles")
            }
            nextEvent = seconds + 1.5
        case .idle:
            break
        }
    }

    /// Scrolls down by up to `distance` px; false when already at the end
    /// of what is loaded.
    private func scroll(by distance: Double) -> Bool {
        let adjustment = window.feedList.adjustment
        let bottom = adjustment.upper - adjustment.pageSize
        let step = min(distance, max(0, bottom - adjustment.value))
        guard step > 0 else { return distance == 0 }
        adjustment.value += step
        return true
    }

    private static func firstVisible(_ list: FeedList) -> Int {
        let metrics = list.metrics
        let row = metrics.averageRowHeight > 0 ? Int(metrics.offset / metrics.averageRowHeight) : 0
        return max(0, min(list.itemCount - 1, row))
    }

    /// Notes the picture requests sent by `time` (read from the fetcher's
    /// actor, so it lands a moment later).
    private func markRequests(at time: Double) {
        let fetcher = ImageLoader.shared.fetcher
        Task { [weak self] in
            let requests = await fetcher.networkRequests - CurlHandleRepair.handlesCleaned
            self?.requestMarks.append((time, max(0, requests)))
        }
    }

    private func finish() {
        ticker?.stop()
        ticker = nil
        let end = now - started
        endBlock(at: end)
        if settings.census { census.take(at: end, after: action.rawValue) }
        let fetcher = ImageLoader.shared.fetcher
        Task { [self] in
            let requests = await fetcher.networkRequests - CurlHandleRepair.handlesCleaned
            requestMarks.append((end, max(0, requests)))
            report()
        }
    }

    private func report() {
        let images = ImageLoader.shared
        var report: [String: Any] = [
            "seconds": settings.seconds,
            "block_seconds": settings.blockSeconds,
            "actions": settings.actions.map(\.rawValue),
            "samples": samples.elements.map { [$0.time, Double($0.rssKB)] },
            "sample_actions": samples.elements.map(\.action.rawValue),
            "blocks": blocks.elements.map { ["action": $0.action.rawValue, "start_s": $0.start, "end_s": $0.end] },
            "counts": counts,
            "open_files": [firstFDs, Self.openFileCount()],
            "threads": [firstThreads, Self.threadCount()],
            "decoded": images.decodes,
            "memory_cache_kb": images.textures.bytes / 1024,
            "peak_rss_kb": ProcessStats.peakResidentKB(),
            "cpu_s": ProcessStats.usage().cpuSeconds,
            "scroll_frame_busy_ms": Percentiles(Array(scrollFrameBusy.elements)).json,
            "main_thread_cpu_s": ProcessStats.threadCPUSeconds(),
            "trims": PictureMemory.trims,
            "glib_slices": PictureMemory.slicesFromMalloc
                ? "malloc" : "G_SLICE=" + (ProcessInfo.processInfo.environment["G_SLICE"] ?? ""),
            "curl_handles_cleaned": CurlHandleRepair.handlesCleaned,
            "trim_seconds": PictureMemory.trimSeconds,
            "request_marks": requestMarks.sorted { $0.time < $1.time }.map { [$0.time, Double($0.requests)] },
        ]
        if settings.census { report["census"] = census.entries }
        done(report)
    }

    static func openFileCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }
}

/// The soak's feeds: 3,000 synthetic items with pictures, feed N's under
/// `pictures/feedN/` (so feeds do not share pictures), every ninth page
/// failing the first time it is asked for in each pass from the top.
final class SoakFeedSource: FeedSource {
    private let feed: Int
    private let inner: SyntheticFeedSource
    private let failed = Mutex(Set<String>())

    init(feed: Int, pictures: URL?) {
        self.feed = feed
        inner = SyntheticFeedSource(pageSize: 20, itemCount: SoakScenario.itemCount, latency: .fixed(.milliseconds(150)),
                                    pictures: pictures?.appendingPathComponent("feed\(feed)"))
    }

    var displayName: String { Self.name(of: feed) }

    static func name(of feed: Int) -> String { "Soak Feed \(feed + 1)" }

    func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        // Each pass from the top fails again.
        if cursor == nil { failed.withLock { $0.removeAll() } }
        if let cursor, let offset = Int(cursor.rawValue), (offset / 20) % 9 == 8 {
            let first = failed.withLock { $0.insert(cursor.rawValue).inserted }
            if first {
                try await Task.sleep(for: .milliseconds(150))
                throw FeedError("Server error (503)", detail: "the soak's planned failure")
            }
        }
        var page = try await inner.nextPage(after: cursor)
        page.feedTitle = displayName
        return page
    }
}
