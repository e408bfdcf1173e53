/// The scroll position as paging sees it, in pixels.
public struct ScrollMetrics: Equatable, Sendable {
    /// Top of the visible area (the adjustment's value).
    public var offset: Double
    /// Height of all the content (the adjustment's upper).
    public var contentHeight: Double
    /// Height of the visible area (the adjustment's page size).
    public var viewportHeight: Double

    public init(offset: Double, contentHeight: Double, viewportHeight: Double) {
        self.offset = offset
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
    }

    /// Content below the visible area.
    public var remainingBelow: Double {
        max(0, contentHeight - (offset + viewportHeight))
    }
}

/// Decides when the next page should start: before the reader reaches the
/// end, while less than `viewportsAhead` screenfuls of content remain below
/// the visible area. An unfilled viewport has nothing below it, so it keeps
/// asking until it fills or the feed ends.
public struct PrefetchPolicy: Sendable {
    public var viewportsAhead: Double

    public init(viewportsAhead: Double = 1.5) {
        self.viewportsAhead = viewportsAhead
    }

    public func shouldLoadMore(_ metrics: ScrollMetrics) -> Bool {
        // Not laid out yet: nothing to decide from.
        guard metrics.viewportHeight > 0 else { return false }
        return metrics.remainingBelow < viewportsAhead * metrics.viewportHeight
    }
}
