/// The scroll position as paging sees it, in pixels.
public struct ScrollMetrics: Equatable, Sendable {
    /// Top of the visible area (the adjustment's value).
    public var offset: Double
    /// Height of all the content (the adjustment's upper).
    public var contentHeight: Double
    /// Height of the visible area (the adjustment's page size).
    public var viewportHeight: Double
    /// Feed items in the content (the footer row excluded).
    public var itemCount: Int
    /// Height of the footer row at the end of the content (0 without one).
    public var footerHeight: Double

    public init(offset: Double, contentHeight: Double, viewportHeight: Double,
                itemCount: Int = 0, footerHeight: Double = 0) {
        self.offset = offset
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
        self.itemCount = itemCount
        self.footerHeight = footerHeight
    }

    /// Content below the visible area.
    public var remainingBelow: Double {
        max(0, contentHeight - (offset + viewportHeight))
    }

    /// The average height of an item row (0 before there are items).
    public var averageRowHeight: Double {
        itemCount > 0 ? max(0, contentHeight - footerHeight) / Double(itemCount) : 0
    }
}

/// When the next page starts: what the list asks as the reader scrolls.
/// Feedline's own is `PrefetchPolicy`; the benchmark brings the tutorials'
/// triggers to compare with it.
///
/// Every decision should keep asking while the content does not fill the
/// window (there is nothing to scroll, so no scroll would ever ask).
public protocol PrefetchDecision: Sendable {
    /// How long pages have recently taken to arrive, in seconds.
    var expectedLatency: Double { get set }
    /// Takes a scroll position (the top of the visible area) seen at
    /// `time` (seconds, any monotonic clock).
    mutating func observe(offset: Double, at time: Double)
    /// Whether the next page should start now.
    func shouldLoadMore(_ metrics: ScrollMetrics, at time: Double) -> Bool
    /// Whether reaching the bottom edge asks for the next page by itself,
    /// whatever `shouldLoadMore` says.
    var loadsAtBottomEdge: Bool { get }
    /// How many pages should be in flight at once for a source that names
    /// its pages ahead (`pageItems`: items a page brings).
    func pagesInFlight(_ metrics: ScrollMetrics, pageItems: Int, at time: Double) -> Int
}

extension PrefetchDecision {
    public var loadsAtBottomEdge: Bool { false }

    /// One: a decision that knows nothing better asks for one page at a time.
    public func pagesInFlight(_ metrics: ScrollMetrics, pageItems: Int, at time: Double) -> Int { 1 }

    /// Whether the next page should start for a reader seen standing still.
    public func shouldLoadMore(_ metrics: ScrollMetrics) -> Bool {
        shouldLoadMore(metrics, at: 0)
    }
}

/// Feedline's own decision of when the next page starts.
///
/// It starts it while the content left below the visible area is less than
/// the larger of `viewportsAhead` screens and the distance the reader will
/// scroll, at their current speed, while a page takes to arrive
/// (`expectedLatency`, times `safety`): early enough for the reader's speed
/// and the feed's recent page times, never later than 1.5 screens ahead. A
/// reader who stops costs nothing: their speed falls to zero as soon as
/// no scroll has been seen for `stillAfter` seconds, leaving the floor.
///
/// It keeps asking while the content does not fill the window.
public struct PrefetchPolicy: PrefetchDecision {
    /// The least distance ahead, in screens.
    public var viewportsAhead: Double
    /// How long pages have recently taken to arrive, in seconds.
    public var expectedLatency: Double = 0
    /// How many page times ahead it starts.
    public var safety: Double = 1.5
    /// A reader unseen for this long (seconds) is standing still.
    public var stillAfter: Double = 0.25

    /// Speed toward the end, px/s, smoothed (as last seen: `speed(at:)`
    /// knows when the reader stopped).
    private var speed: Double = 0
    private var lastSample: (offset: Double, time: Double)?

    public init(viewportsAhead: Double = 1.5) {
        self.viewportsAhead = viewportsAhead
    }

    /// Takes a scroll position (the top of the visible area) seen at `time`
    /// (seconds, any monotonic clock), for the reader's speed.
    public mutating func observe(offset: Double, at time: Double) {
        defer { lastSample = (offset, time) }
        guard let last = lastSample else { return }
        let elapsed = time - last.time
        guard elapsed > 0 else { return }
        if elapsed > stillAfter {
            speed = 0
            return
        }
        let current = max(0, (offset - last.offset) / elapsed)
        // Smooth over a few frames: one long frame is not a fling.
        speed += (current - speed) * min(1, elapsed / 0.1)
    }

    /// The reader's speed as of `time`: zero once they have been still.
    public func speed(at time: Double) -> Double {
        guard let last = lastSample, time - last.time <= stillAfter else { return 0 }
        return speed
    }

    /// How far ahead of the end of the visible area the next page starts,
    /// in px.
    public func distanceAhead(_ metrics: ScrollMetrics, at time: Double) -> Double {
        let floor = viewportsAhead * metrics.viewportHeight
        return max(floor, speed(at: time) * expectedLatency * safety)
    }

    /// Pages in flight at most, for a source that names its pages ahead.
    public static let maxPagesInFlight = 4

    /// How many pages should be in flight at once for a source that names
    /// its pages ahead: as many as the reader, at their speed, goes
    /// through while one page takes to come (`expectedLatency`, times
    /// `safety`), one at least, `maxPagesInFlight` at most. `pageItems`:
    /// items a page brings.
    public func pagesInFlight(_ metrics: ScrollMetrics, pageItems: Int, at time: Double) -> Int {
        let pageHeight = metrics.averageRowHeight * Double(pageItems)
        guard pageHeight > 0 else { return 1 }
        let pages = speed(at: time) * expectedLatency * safety / pageHeight
        return min(Self.maxPagesInFlight, max(1, Int(pages.rounded(.up))))
    }

    public func shouldLoadMore(_ metrics: ScrollMetrics, at time: Double) -> Bool {
        // Not laid out yet: nothing to decide from.
        guard metrics.viewportHeight > 0 else { return false }
        if metrics.contentHeight <= metrics.viewportHeight { return true }
        return metrics.remainingBelow < distanceAhead(metrics, at: time)
    }
}

/// When the reader view, showing one item at a time, asks for the next
/// page: `itemsAhead` items before the last one loaded. Ten lets someone
/// holding Right (20 moves a second) never wait for pages that take
/// 300 ms; three made them wait at 96 of 1,000 moves (docs/BENCHMARKS.md,
/// "Reader view").
public enum ReaderLookAhead {
    public static let itemsAhead = 10

    /// Whether to ask for the next page with item `index` (0-based) shown
    /// of `loaded` items.
    public static func shouldLoadMore(showing index: Int, of loaded: Int) -> Bool {
        loaded - 1 - index <= itemsAhead
    }

    /// Whether to ask for the items above the first one with item `index`
    /// shown, when there may be some.
    public static func shouldLoadNewer(showing index: Int) -> Bool {
        index <= itemsAhead
    }
}

/// When a list that may have items above its first one (a view restored
/// below its top, or one whose source gained newer items) asks for them:
/// while the reader is within `viewportsAhead` screens of its top, a page
/// of `pageSize` at a time. Prepended items do not move what is shown
/// (GTK's list anchors on an item), so they can come before the reader
/// gets there.
public enum NewerLookAhead {
    public static let viewportsAhead = 2.0
    public static let pageSize = 50

    public static func shouldLoadNewer(_ metrics: ScrollMetrics) -> Bool {
        guard metrics.viewportHeight > 0 else { return false }
        return metrics.offset < viewportsAhead * metrics.viewportHeight
    }
}
