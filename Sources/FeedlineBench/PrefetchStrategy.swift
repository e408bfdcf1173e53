import FeedCore

/// When the next page starts, as the benchmark compares: the tutorials'
/// three triggers and Feedline's own (`PrefetchPolicy`, the app's only one).
package enum PrefetchStrategy: String, CaseIterable, Sendable {
    /// The tutorials' trigger: when the last item row comes into view.
    case lastRow = "last-row"
    /// The tutorials' other one: when the fifth row from the end comes
    /// into view.
    case fiveRowsBefore = "five-before"
    /// GtkScrolledWindow's `edge-reached` alone: when the reader hits the
    /// bottom.
    case edgeReached = "edge"
    /// Feedline's own: early enough for the reader's speed and the
    /// feed's recent page times, never later than 1.5 screens ahead.
    case adaptive = "feedline"

    /// The list's decision under this strategy.
    package func decision() -> any PrefetchDecision {
        switch self {
        case .lastRow: RowsBeforeTrigger(rows: 1)
        case .fiveRowsBefore: RowsBeforeTrigger(rows: 5)
        case .edgeReached: EdgeReachedTrigger()
        case .adaptive: PrefetchPolicy()
        }
    }
}

/// The tutorials' triggers: the next page starts when the `rows`-th item
/// row from the end comes into view (1: the last row), whatever the
/// reader's speed or the feed's page times.
package struct RowsBeforeTrigger: PrefetchDecision {
    package var rows: Double
    package var expectedLatency: Double = 0

    package init(rows: Double) {
        self.rows = rows
    }

    package mutating func observe(offset: Double, at time: Double) {}

    /// How far ahead of the end of the visible area the next page starts,
    /// in px.
    package func distanceAhead(_ metrics: ScrollMetrics) -> Double {
        metrics.footerHeight + rows * metrics.averageRowHeight
    }

    package func shouldLoadMore(_ metrics: ScrollMetrics, at time: Double) -> Bool {
        // Not laid out yet: nothing to decide from.
        guard metrics.viewportHeight > 0 else { return false }
        if metrics.contentHeight <= metrics.viewportHeight { return true }
        return metrics.remainingBelow < distanceAhead(metrics)
    }
}

/// GtkScrolledWindow's `edge-reached` alone: the next page starts when the
/// reader hits the bottom, never before (unless the content does not fill
/// the window: no edge would ever be reached).
package struct EdgeReachedTrigger: PrefetchDecision {
    package var expectedLatency: Double = 0

    package init() {}

    package var loadsAtBottomEdge: Bool { true }

    package mutating func observe(offset: Double, at time: Double) {}

    package func shouldLoadMore(_ metrics: ScrollMetrics, at time: Double) -> Bool {
        guard metrics.viewportHeight > 0 else { return false }
        return metrics.contentHeight <= metrics.viewportHeight
    }
}
