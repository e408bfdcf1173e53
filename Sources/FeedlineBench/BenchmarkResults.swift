import FeedlineUI
import Foundation

/// What one scroll run measured.
struct ScrollResult {
    var timeToFirstRow = 0.0
    /// Seconds between frames while scrolling.
    var frameIntervals: [Double] = []
    /// Main-thread CPU seconds used in each of those frames, the
    /// benchmark's own counting left out (`frameCounting`).
    var frameBusy: [Double] = []
    /// Main-thread CPU seconds the benchmark spent counting in each frame
    /// (placeholders and pictures in view, memory samples): work of the
    /// measurement, which the C reference does not do.
    var frameCounting: [Double] = []
    /// Times the loading footer came into view while scrolling, and for how
    /// long in all.
    var stalls = 0
    var stallSeconds = 0.0
    /// Rows scrolled when each stall began.
    var stallRows: [Int] = []
    var rows = 0
    var itemsLoaded = 0
    var pagesRequested = 0
    /// The most pages asked for at once.
    var mostPagesInFlight = 0
    var duplicates = 0
    var skipped = 0
    var rowWidgets = 0
    var peakRSSKB = 0
    var idleSeconds = 0.0
    var idleCPUSeconds = 0.0
    var idleWakeups = 0
    var idleMainThreadWakeups = 0
    var images = ImageFigures()
    /// For each frame: rows scrolled by its end, and item images in view
    /// and still placeholders then (0 without pictures).
    var frameRows: [Int] = []
    var frameThumbnails: [(inView: Int, missing: Int)] = []
    /// Resident memory when the reader started, and once each of the rows
    /// asked for (`--memory-at`) was scrolled past.
    var memoryStartKB = 0
    var memoryAtRows: [(rows: Int, kb: Int)] = []
    /// After the run, back at the top: resident memory once the first
    /// rows showed their items again, and how long that took.
    var memoryAfterTopKB = 0
    var backAtTopMs = 0.0
    /// Before that, a jump to the middle of the list (the scroll bar
    /// dragged there): until its rows showed their items.
    var middleJumpMs = 0.0
    /// Items the list held at the end (a store's list lets far ones go).
    var heldItems = 0
    /// Rows that showed a placeholder in view (an item let go, being read
    /// back), and the longest one did.
    var placeholders = 0
    var placeholderLongestMs = 0.0

    /// Frame intervals longer than 25 ms: a frame or more missed at 60 Hz.
    var longFrames: Int { frameIntervals.count(where: { $0 > 0.025 }) }

    var json: [String: Any] {
        [
            "time_to_first_row_ms": timeToFirstRow * 1000,
            "frame_interval_ms": Percentiles(frameIntervals).json,
            "frame_busy_ms": Percentiles(frameBusy).json,
            "frame_counting_ms": Percentiles(frameCounting).json,
            // What frame busy was before the counting was left out.
            "frame_busy_with_counting_ms": Percentiles(zip(frameBusy, frameCounting).map(+)).json,
            "frames": frameIntervals.count,
            "long_frames": longFrames,
            "images": images.json,
            "by_rows": byRows(250),
            "stalls": stalls,
            "stall_ms": stallSeconds * 1000,
            "stall_at_rows": Array(stallRows.prefix(50)),
            "stalls_per_1000_rows": rows > 0 ? Double(stalls) * 1000 / Double(rows) : 0,
            "stall_ms_per_1000_rows": rows > 0 ? stallSeconds * 1000 * 1000 / Double(rows) : 0,
            "rows": rows,
            "items_loaded": itemsLoaded,
            "pages_requested": pagesRequested,
            "most_pages_in_flight": mostPagesInFlight,
            "duplicates": duplicates,
            "skipped": skipped,
            "row_widgets": rowWidgets,
            "peak_rss_kb": peakRSSKB,
            "idle_seconds": idleSeconds,
            "idle_cpu_ms": idleCPUSeconds * 1000,
            "idle_wakeups": idleWakeups,
            "idle_main_thread_wakeups": idleMainThreadWakeups,
            "memory": [
                "start_kb": memoryStartKB,
                "at_rows": memoryAtRows.map { ["rows": $0.rows, "rss_kb": $0.kb] },
                "after_back_at_top_kb": memoryAfterTopKB,
                "back_at_top_ms": backAtTopMs,
                "middle_jump_ms": middleJumpMs,
                "held_items": heldItems,
            ] as [String: Any],
            "placeholders": placeholders,
            "placeholders_per_1000_rows": rows > 0 ? Double(placeholders) * 1000 / Double(rows) : 0,
            "placeholder_longest_ms": placeholderLongestMs,
        ]
    }
}

extension ScrollResult {
    /// The frames again, in runs of `rows` rows scrolled: where in the run
    /// the time went.
    func byRows(_ rows: Int) -> [[String: Any]] {
        let count = min(frameIntervals.count, frameBusy.count, frameRows.count, frameThumbnails.count)
        guard count > 0 else { return [] }
        let segments = Dictionary(grouping: 0..<count) { frameRows[$0] / rows }
        return segments.keys.sorted().map { segment in
            let frames = segments[segment] ?? []
            let inView = frames.reduce(0) { $0 + frameThumbnails[$1].inView }
            let missing = frames.reduce(0) { $0 + frameThumbnails[$1].missing }
            return [
                "from_row": segment * rows,
                "to_row": segment * rows + rows - 1,
                "frames": frames.count,
                "long_frames": frames.count(where: { frameIntervals[$0] > 0.025 }),
                "frame_interval_ms": Percentiles(frames.map { frameIntervals[$0] }).json,
                "frame_busy_ms": Percentiles(frames.map { frameBusy[$0] }).json,
                "missing_in_view_percent": inView > 0 ? Double(missing) * 100 / Double(inView) : 0,
            ]
        }
    }
}

/// What a scroll run's pictures did (all 0 in a run without them).
struct ImageFigures {
    var shown = false
    /// Images fetched and decoded (`ImageLoader.decodes`: every load its
    /// memory cache could not answer), requests that went to the server,
    /// and loads that failed.
    var decoded = 0
    var requests = 0
    var failed = 0
    /// Item images in view, frame by frame (a row in view for ten frames
    /// counts ten), and how many of those were still placeholders.
    var thumbnailsInView = 0
    var thumbnailsMissingInView = 0
    var framesWithMissingThumbnail = 0
    /// Rows whose image box came into view, and those whose picture was
    /// shown there.
    var rowsSeen = 0
    var rowsShown = 0
    /// Decoded pictures in memory at the end, and the disk cache.
    var memoryCacheCount = 0
    var memoryCacheKB = 0
    var diskCacheKB = 0

    var json: [String: Any] {
        [
            "shown": shown,
            "decoded": decoded,
            "requests": requests,
            "failed": failed,
            "thumbnails_in_view": thumbnailsInView,
            "thumbnails_missing_in_view": thumbnailsMissingInView,
            "missing_in_view_percent": thumbnailsInView > 0
                ? Double(thumbnailsMissingInView) * 100 / Double(thumbnailsInView) : 0,
            "frames_with_missing_thumbnail": framesWithMissingThumbnail,
            "rows_seen": rowsSeen,
            "rows_shown": rowsShown,
            "memory_cache_count": memoryCacheCount,
            "memory_cache_kb": memoryCacheKB,
            "disk_cache_kb": diskCacheKB,
        ]
    }
}

/// p50/p95/p99/max of a set of durations in seconds, reported in ms.
struct Percentiles {
    let p50, p95, p99, max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        func at(_ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
        }
        (p50, p95, p99, max) = (at(0.5), at(0.95), at(0.99), sorted.last ?? 0)
    }

    var json: [String: Double] {
        ["p50": p50 * 1000, "p95": p95 * 1000, "p99": p99 * 1000, "max": max * 1000]
    }
}

/// What loading many items costs in memory.
struct MemoryResult {
    /// (items loaded, resident KiB) after each step.
    var samples: [(items: Int, rssKB: Int)] = []
    var peakRSSKB = 0
    var rowWidgets = 0
    /// The loaded items' own text, in bytes (`FeedItem.textBytes`).
    var textBytes = 0

    /// Resident memory added per 10,000 items, fitted over the samples.
    var kbPer10kItems: Double {
        guard let first = samples.first, let last = samples.last, last.items > first.items else { return 0 }
        return Double(last.rssKB - first.rssKB) / Double(last.items - first.items) * 10_000
    }

    var json: [String: Any] {
        [
            "samples": samples.map { ["items": $0.items, "rss_kb": $0.rssKB] },
            "rss_kb_at_end": samples.last?.rssKB ?? 0,
            "items": samples.last?.items ?? 0,
            "peak_rss_kb": peakRSSKB,
            "rss_kb_per_10k_items": kbPer10kItems,
            "row_widgets": rowWidgets,
            "text_kb": Double(textBytes) / 1024,
        ]
    }
}
