import FeedlineUI
import FeedCore
import Foundation
import GtkKit

/// The reader view held down: the real window on a synthetic feed that
/// pages behind it (`latency` a page), the reader opened on the first item
/// and moved to the next one `rate` times a second, faster than a slide
/// lasts, until `moves` moves are made. A move refused because the next
/// page is still loading is counted as a wait and tried again. Measures
/// frames, the main thread's time per move, memory from the first move to
/// the last, the page widgets, and whether the reader ended exactly
/// `moves` items on.
@MainActor
final class ReaderScenario {
    struct Settings {
        var moves = 1000
        /// Moves per second.
        var rate = 20.0
        var latencyMilliseconds = 300
        var pageSize = 20
    }

    private let settings: Settings
    private let window: FeedWindow
    private var ticker: FrameTicker?
    private let done: ([String: Any]) -> Void

    private var lastFrameTime: Int64?
    private var nextMove = 0.0
    private var moved = 0
    private var waits = 0
    private var frameIntervals: [Double] = []
    private var moveTimes: [Double] = []
    private var rssAtStartKB = 0

    init(settings: Settings, application: Application, done: @escaping ([String: Any]) -> Void) {
        self.settings = settings
        self.done = done
        window = FeedWindow(application: application,
                            source: SyntheticFeedSource(pageSize: settings.pageSize,
                                                        latency: .fixed(.milliseconds(settings.latencyMilliseconds))))
    }

    func start() {
        window.present()
        window.window.afterNextFrame { [weak self] in
            guard let self else { return }
            ticker = FrameTicker(on: window.window) { [weak self] time in self?.frame(at: time) }
        }
    }

    private func frame(at time: Int64) {
        let seconds = Double(time) / 1_000_000
        if !window.isReading {
            guard window.itemCount > 0, window.session.state.inFlight == nil else { return }
            window.showReader(at: 0)
            rssAtStartKB = ProcessStats.residentKB()
            nextMove = seconds + 0.5
            return
        }
        if let last = lastFrameTime { frameIntervals.append(Double(time - last) / 1_000_000) }
        lastFrameTime = time
        guard seconds >= nextMove else { return }
        nextMove += 1 / settings.rate
        let started = ProcessInfo.processInfo.systemUptime
        let didMove = window.reader.move(.next)
        let took = ProcessInfo.processInfo.systemUptime - started
        if didMove {
            moved += 1
            moveTimes.append(took)
        } else {
            waits += 1
        }
        if moved == settings.moves { finish() }
    }

    private func finish() {
        ticker?.stop()
        ticker = nil
        var index = -1
        switch window.reader.slot {
        case .item(let at): index = at
        case .more(let after): index = after + 1
        }
        done([
            "moves": moved,
            "rate_per_s": settings.rate,
            "latency_ms": settings.latencyMilliseconds,
            "page_size": settings.pageSize,
            "ended_at_item": index,
            "waits_for_a_page": waits,
            "items_loaded": window.feedList.itemCount,
            "page_widgets": window.reader.carousel.childCount,
            "frames": frameIntervals.count,
            "frame_interval_ms": Percentiles(frameIntervals).json,
            "move_ms": Percentiles(moveTimes).json,
            "rss_kb_at_first_move": rssAtStartKB,
            "rss_kb_at_end": ProcessStats.residentKB(),
            "peak_rss_kb": ProcessStats.peakResidentKB(),
        ])
    }
}
