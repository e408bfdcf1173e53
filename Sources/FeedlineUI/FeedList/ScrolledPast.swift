/// Which items the reader has scrolled past: each one seen whole in the
/// window, then gone out of it through the top (the reader scrolled on
/// down). One that leaves through the bottom (scrolling back up) has not
/// been passed, and stays seen. Pure: the list gives it the rows' places
/// once laid out (`FeedList.reportPositionAfterLayout`), it answers which
/// were passed, each once.
///
/// Items are their positions in the list, which change only when items
/// go above them (`shift`: newer items prepended); pages are appended and
/// marks change rows in place; a list emptied or replaced starts again
/// (`reset`).
struct ScrolledPast {
    /// One row as laid out: its item's position and where its top and
    /// bottom are, in pixels from the top of the window's view of the list.
    struct Row: Equatable {
        var position: Int
        var top: Double
        var bottom: Double
    }

    /// Positions seen whole and not yet passed.
    private(set) var seenWhole: Set<Int> = []

    /// Takes in the rows laid out now (`rows`, in any order) in a view
    /// `viewportHeight` high; returns the positions passed since the last
    /// call, in order. A row seen whole and no longer laid out (recycled
    /// far above after a jump to the end, or kept by GTK for its focus but
    /// not laid out) counts as passed once a later row is the first in view.
    mutating func update(rows: [Row], viewportHeight: Double) -> [Int] {
        guard viewportHeight > 0 else { return [] }
        var bottoms: [Int: Double] = [:]
        var firstInView: Int?
        for row in rows {
            bottoms[row.position] = row.bottom
            if row.top >= -Self.tolerance && row.bottom <= viewportHeight + Self.tolerance && row.bottom > row.top {
                seenWhole.insert(row.position)
            }
            if row.bottom > 0 && row.top < viewportHeight {
                firstInView = min(firstInView ?? row.position, row.position)
            }
        }
        guard let firstInView else { return [] }
        let passed = seenWhole.filter { position in
            if let bottom = bottoms[position] { return bottom <= 0 }
            return position < firstInView
        }.sorted()
        seenWhole.subtract(passed)
        return passed
    }

    /// `count` items went above every one: each seen moved down as many.
    mutating func shift(by count: Int) {
        seenWhole = Set(seenWhole.map { $0 + count })
    }

    /// The list was emptied or replaced: nothing has been seen.
    mutating func reset() {
        seenWhole.removeAll()
    }

    /// Pixels a row may stick out and still count as whole (rounding).
    static let tolerance = 1.0
}
