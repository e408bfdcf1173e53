import Foundation

/// What one scroll run measured.
struct ScrollResult {
    var timeToFirstRow = 0.0
    /// Seconds between frames while scrolling.
    var frameIntervals: [Double] = []
    /// Main-thread CPU seconds used in each of those frames.
    var frameBusy: [Double] = []
    /// Times the loading footer came into view while scrolling, and for how
    /// long in all.
    var stalls = 0
    var stallSeconds = 0.0
    /// Rows scrolled when each stall began.
    var stallRows: [Int] = []
    var rows = 0
    var itemsLoaded = 0
    var pagesRequested = 0
    var duplicates = 0
    var skipped = 0
    var rowWidgets = 0
    var peakRSSKB = 0
    var idleSeconds = 0.0
    var idleCPUSeconds = 0.0
    var idleWakeups = 0
    var idleMainThreadWakeups = 0

    var json: [String: Any] {
        [
            "time_to_first_row_ms": timeToFirstRow * 1000,
            "frame_interval_ms": Percentiles(frameIntervals).json,
            "frame_busy_ms": Percentiles(frameBusy).json,
            "frames": frameIntervals.count,
            "stalls": stalls,
            "stall_ms": stallSeconds * 1000,
            "stall_at_rows": Array(stallRows.prefix(50)),
            "stalls_per_1000_rows": rows > 0 ? Double(stalls) * 1000 / Double(rows) : 0,
            "stall_ms_per_1000_rows": rows > 0 ? stallSeconds * 1000 * 1000 / Double(rows) : 0,
            "rows": rows,
            "items_loaded": itemsLoaded,
            "pages_requested": pagesRequested,
            "duplicates": duplicates,
            "skipped": skipped,
            "row_widgets": rowWidgets,
            "peak_rss_kb": peakRSSKB,
            "idle_seconds": idleSeconds,
            "idle_cpu_ms": idleCPUSeconds * 1000,
            "idle_wakeups": idleWakeups,
            "idle_main_thread_wakeups": idleMainThreadWakeups,
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
