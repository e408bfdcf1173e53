import FeedlineUI
import FeedCore
import FeedStore
import Foundation
import GtkKit

/// One benchmark run in this process: the real Feedline window on a
/// synthetic feed, scrolled by the frame clock at a constant speed for a
/// number of rows, as a reader holding Page Down would (never faster than
/// the content allows: at the end of what is loaded the reader waits). The
/// reader starts once the first rows are shown and nothing is loading.
/// Then ten seconds of idling. Prints its figures as one JSON object.
///
/// With `pictures`, the items have pictures there (`SyntheticFeedSource`),
/// loaded the app's way (`ImageLoader.shared`), and the run also counts
/// what they did: decoded, requested, failed, and item images still
/// placeholders while in view.
@MainActor
final class ScrollScenario {
    struct Settings {
        var strategy: PrefetchStrategy = .adaptive
        var latency: SyntheticFeedSource.Latency = .fixed(.milliseconds(300))
        var pageSize = 20
        /// px per second.
        var speed = 2000.0
        var rows = 1000
        var idleSeconds = 10.0
        /// Where the items' pictures are served; nil: no pictures.
        var pictures: URL?
        /// The synthetic feed names its pages ahead (page numbers).
        var numbered = false
        /// A store made by `StoreBenchmark.fill`: the app's own window on
        /// it (the sidebar, the store opened as the app opens it) shows
        /// All items (pages of `pageSize`, no latency) instead of the
        /// synthetic feed.
        var store: URL?
        /// Rows scrolled at which resident memory is sampled (a store's
        /// run, `--memory-at`); the run then goes back to the top and
        /// samples it once more.
        var memoryAt: [Int] = []
    }

    private let settings: Settings
    private let window: FeedWindow
    /// The store's subscriptions, when the window shows a store.
    private let subscriptions: Subscriptions?
    private var ticker: FrameTicker?
    private let done: (ScrollResult) -> Void

    private var result = ScrollResult()
    private var lastFrameTime: Int64?
    private var lastCPU = 0.0
    private var scrolled = 0.0
    /// The loading row is in view now.
    private var inStall = false
    /// Rows whose image box was seen in view, and those seen with their
    /// picture.
    private var thumbnailRowsSeen: Set<Int> = []
    private var thumbnailRowsShown: Set<Int> = []
    /// Rows showing a placeholder now, and since when (frame time, µs).
    private var placeholderSince: [Int: Int64] = [:]

    /// The subscriptions of `settings.store`, being opened and read off
    /// the main thread from now on, as the app's are from its start (call
    /// it before GTK starts); nil without a store. No updates: the feeds'
    /// addresses are made up.
    static func openStore(_ settings: Settings) -> Subscriptions? {
        guard let store = settings.store else { return nil }
        let subscriptions = Subscriptions(file: StoreFile(url: store), library: nil, sources: nil,
                                          pageSize: settings.pageSize,
                                          makeSource: { _ in SyntheticFeedSource(pageSize: 1, itemCount: 0) })
        subscriptions.startLoading()
        return subscriptions
    }

    /// `subscriptions`: `openStore(settings)`'s, for a run on a store.
    init(settings: Settings, subscriptions: Subscriptions?, application: Application,
         done: @escaping (ScrollResult) -> Void) {
        self.settings = settings
        self.done = done
        self.subscriptions = subscriptions
        if let subscriptions {
            // The app's window over the store: the subscriptions and their
            // counts, then All items; all of it counts in the time to the
            // first row.
            window = FeedWindow(application: application, subscriptions: subscriptions, opening: .scope(.all))
        } else {
            window = FeedWindow(application: application,
                                source: SyntheticFeedSource(pageSize: settings.pageSize, latency: settings.latency,
                                                            pictures: settings.pictures, namesPagesAhead: settings.numbered))
        }
        // Feedline's own is the window's already.
        if settings.strategy != .adaptive {
            window.session.prefetch = settings.strategy.decision()
        }
        if settings.pictures != nil {
            result.images.shown = true
            let images = ImageLoader.shared
            let log = images.onFailure
            images.onFailure = { [weak self] url, reason in
                self?.result.images.failed += 1
                log?(url, reason)
            }
        }
    }

    func start() {
        window.present()
        // From the first frame, as the C reference: a window on the store
        // shows once its first page is in, and draws its rows at once.
        window.window.whenRealized { [weak self] in
            guard let self else { return }
            ticker = FrameTicker(on: window.window) { [weak self] time in self?.frame(at: time) }
        }
    }

    private var list: FeedList { window.feedList }

    /// Main-thread CPU the benchmark's counting took since the last frame
    /// began (`measuring`): subtracted from that frame's busy time.
    private var counting = 0.0

    /// Runs the benchmark's own counting, its CPU time kept out of the
    /// app's frame busy time: the C reference counts nothing.
    private func measuring<T>(_ count: () -> T) -> T {
        let start = ProcessStats.threadCPUSeconds()
        defer { counting += ProcessStats.threadCPUSeconds() - start }
        return count()
    }

    private func frame(at frameTime: Int64) {
        let cpu = ProcessStats.threadCPUSeconds()
        let counted = counting
        counting = 0
        defer { lastCPU = cpu }
        guard list.itemCount > 0 else {
            // Nothing will ever scroll (a store with no items, a copy whose
            // WAL did not match and was moved aside): say so, not wait.
            if window.session.phase == .exhausted {
                FileHandle.standardError.write(Data("feedline-bench: nothing to scroll: \(window.session.source.displayName) has no items\n".utf8))
                exit(1)
            }
            return
        }
        if result.timeToFirstRow == 0 {
            // The first frame with rows: they are on screen from here on.
            result.timeToFirstRow = ProcessStats.secondsSinceStart()
        }
        guard let last = lastFrameTime else {
            // The reader starts once the window has settled (whatever the
            // strategy asked for at the start has come), not in the very
            // frame the first rows appear.
            if window.session.phase == .idle {
                lastFrameTime = frameTime
                result.memoryStartKB = ProcessStats.residentKB()
            }
            return
        }
        lastFrameTime = frameTime
        let interval = Double(frameTime - last) / 1e6
        result.frameIntervals.append(interval)
        result.frameBusy.append(cpu - lastCPU - counted)
        result.frameCounting.append(counted)
        let metrics = list.metrics
        countStall(metrics, interval: interval)
        result.frameThumbnails.append(settings.pictures != nil ? measuring { countThumbnails(metrics) } : (0, 0))

        let adjustment = list.adjustment
        let bottom = adjustment.upper - adjustment.pageSize
        let step = min(settings.speed * interval, max(0, bottom - adjustment.value))
        if step > 0 {
            adjustment.value += step
            scrolled += step
        }
        let rowHeight = metrics.averageRowHeight
        let rowsScrolled = rowHeight > 0 ? Int(scrolled / rowHeight) : 0
        result.frameRows.append(rowsScrolled)
        measuring { countPlaceholders(at: frameTime) }
        if let next = settings.memoryAt.dropFirst(result.memoryAtRows.count).first, rowsScrolled >= next {
            result.memoryAtRows.append((next, measuring { ProcessStats.residentKB() }))
        }
        if rowsScrolled >= settings.rows || (window.session.phase == .exhausted && step == 0) {
            finish(rowsScrolled: rowsScrolled)
        }
    }

    /// A stall: the loading footer is in view while the reader scrolls.
    private func countStall(_ metrics: ScrollMetrics, interval: Double) {
        let footerInView = list.footer == .loading && metrics.remainingBelow < metrics.footerHeight
        if footerInView {
            if !inStall {
                inStall = true
                result.stalls += 1
                let rowHeight = metrics.averageRowHeight
                result.stallRows.append(rowHeight > 0 ? Int(scrolled / rowHeight) : 0)
            }
            result.stallSeconds += interval
        } else {
            inStall = false
        }
    }

    /// Rows in view showing a placeholder: counted when one appears, timed
    /// until it shows its item.
    private func countPlaceholders(at frameTime: Int64) {
        let shown = Set(list.visibleRows.map(\.position).filter(list.showsPlaceholder(at:)))
        for position in shown where placeholderSince[position] == nil {
            placeholderSince[position] = frameTime
            result.placeholders += 1
        }
        for (position, since) in placeholderSince where !shown.contains(position) {
            result.placeholderLongestMs = max(result.placeholderLongestMs, Double(frameTime - since) / 1000)
            placeholderSince[position] = nil
        }
    }

    /// Item images in the window now (as drawn in the frame before this
    /// one), and how many of them are still placeholders: any part in view
    /// counts. The rows to look at are those the average row height puts
    /// in view, and four more at either end.
    private func countThumbnails(_ metrics: ScrollMetrics) -> (inView: Int, missing: Int) {
        let rowHeight = metrics.averageRowHeight
        guard rowHeight > 0 else { return (0, 0) }
        let first = max(0, Int(metrics.offset / rowHeight) - 4)
        let last = min(list.itemCount - 1, Int((metrics.offset + metrics.viewportHeight) / rowHeight) + 4)
        guard first <= last else { return (0, 0) }
        let viewport = Double(list.scroller.allocatedHeight)
        var inView = 0, missing = 0
        for position in first...last {
            guard let thumbnail = list.factory.cell(at: position)?.row?.thumbnail, thumbnail.url != nil,
                  let top = thumbnail.picture.top(in: list.scroller),
                  top < viewport, top + Double(thumbnail.picture.allocatedHeight) > 0 else { continue }
            inView += 1
            thumbnailRowsSeen.insert(position)
            if thumbnail.picture.texture == nil {
                missing += 1
            } else {
                thumbnailRowsShown.insert(position)
            }
        }
        result.images.thumbnailsInView += inView
        result.images.thumbnailsMissingInView += missing
        if missing > 0 { result.images.framesWithMissingThumbnail += 1 }
        return (inView, missing)
    }

    private func finish(rowsScrolled: Int) {
        ticker?.stop()
        ticker = nil
        result.rows = rowsScrolled
        result.pagesRequested = (window.session.source as? SyntheticFeedSource)?.requestCount ?? 0
        result.mostPagesInFlight = (window.session.source as? SyntheticFeedSource)?.mostInFlight ?? 0
        result.rowWidgets = list.factory.cells.count
        result.peakRSSKB = ProcessStats.peakResidentKB()
        result.heldItems = list.heldItemCount
        if !settings.memoryAt.isEmpty, result.memoryAtRows.last?.rows != rowsScrolled {
            // Where the run ended (the list's end is a screen short of its rows).
            result.memoryAtRows.append((rowsScrolled, ProcessStats.residentKB()))
        }
        if let store = subscriptions?.store {
            checkOrder(against: store)
            return
        }
        let ids = list.items.map(\.id)
        result.itemsLoaded = ids.count
        result.duplicates = ids.count - Set(ids).count
        let expected = Set((0..<ids.count).map { SyntheticFeedSource.item($0).id })
        result.skipped = expected.subtracting(ids).count
        guard settings.pictures != nil else {
            idle()
            return
        }
        result.images.rowsSeen = thumbnailRowsSeen.count
        result.images.rowsShown = thumbnailRowsShown.count
        let images = ImageLoader.shared
        let fetcher = images.fetcher
        Task { @MainActor [weak self] in
            // The downloads still under way end first (within 10 s), so
            // that the counts cover all this run asked for (as the
            // server's, read once this process has ended, do) and nothing
            // writes to the disk cache once the run is over.
            var waits = 0
            while await fetcher.downloadsInProgress > 0, waits < 200 {
                try? await Task.sleep(for: .milliseconds(50))
                waits += 1
            }
            let requests = await fetcher.networkRequests
            let diskBytes = await Self.diskBytes(await fetcher.cache)
            guard let self else { return }
            result.images.requests = requests
            result.images.decoded = images.decodes
            result.images.memoryCacheCount = images.textures.count
            result.images.memoryCacheKB = images.textures.bytes / 1024
            result.images.diskCacheKB = diskBytes / 1024
            idle()
        }
    }

    /// A store's list: its items' keys (held or let go) against All items
    /// as stored, in order; then back to the top (with `memoryAt`).
    private func checkOrder(against store: FeedStore) {
        let keys = (0..<list.itemCount).compactMap(list.itemKey(at:))
        result.itemsLoaded = list.itemCount
        result.duplicates = keys.count - Set(keys).count
        Task { @MainActor [weak self] in
            let stored = (try? await store.timelineRowIDs(of: .all, limit: keys.count)) ?? []
            guard let self else { return }
            result.skipped = zip(keys, stored).count(where: { $0 != $1 }) + abs(keys.count - stored.count)
                + (result.itemsLoaded - keys.count)
            if settings.memoryAt.isEmpty { idle() } else { backToTop() }
        }
    }

    /// Jumps to the middle of the list, as dragging the scroll bar there
    /// does, then back to the top, as Home does; once the rows in view
    /// show their items (read back from the store) after each, times it,
    /// and samples memory at the top.
    private func backToTop() {
        jump(to: 0.5) { [weak self] milliseconds in
            guard let self else { return }
            result.middleJumpMs = milliseconds
            jump(to: 0) { [weak self] milliseconds in
                guard let self else { return }
                result.backAtTopMs = milliseconds
                result.memoryAfterTopKB = ProcessStats.residentKB()
                result.heldItems = list.heldItemCount
                idle()
            }
        }
    }

    /// Moves the list `fraction` of the way down, then calls `done` with
    /// the milliseconds until the rows in view showed their items.
    private func jump(to fraction: Double, done: @escaping (Double) -> Void) {
        let started = ContinuousClock.now
        list.adjustment.value = (list.adjustment.upper - list.adjustment.pageSize) * fraction
        let target = Int(Double(list.itemCount) * fraction)
        ticker = FrameTicker(on: window.window) { [weak self] frameTime in
            guard let self else { return }
            countPlaceholders(at: frameTime)
            let rows = list.visibleRows.map(\.position)
            guard let first = rows.min(), let last = rows.max(), abs(first - target) < 2 * max(1, last - first + 1) + 10,
                  rows.allSatisfy({ list.item(at: $0) != nil && !list.showsPlaceholder(at: $0) }) else { return }
            ticker?.stop()
            ticker = nil
            done((ContinuousClock.now - started) / .milliseconds(1))
        }
    }

    /// The disk cache's size, read off the main thread.
    @concurrent
    private nonisolated static func diskBytes(_ cache: ImageDiskCache?) async -> Int {
        cache?.totalBytes ?? 0
    }

    /// Ten seconds of nothing: what the app costs a reader who stops.
    /// Measured after five seconds of settling: the last page has come,
    /// GTK's overlay scroll bar has faded out (it animates for a second or
    /// two after the last scroll) and libdispatch has let its idle worker
    /// threads go.
    private func idle() {
        let seconds = settings.idleSeconds
        guard seconds > 0 else {
            done(result)
            return
        }
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: .seconds(5))
            let before = ProcessStats.usage()
            let mainBefore = ProcessStats.mainThreadSwitches()
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            guard let self else { return }
            let after = ProcessStats.usage()
            result.idleSeconds = seconds
            result.idleCPUSeconds = after.cpuSeconds - before.cpuSeconds
            result.idleWakeups = after.voluntarySwitches - before.voluntarySwitches
            // Less the one wake-up that ends the wait.
            result.idleMainThreadWakeups = max(0, ProcessStats.mainThreadSwitches() - mainBefore - 1)
            done(result)
        }
    }
}
