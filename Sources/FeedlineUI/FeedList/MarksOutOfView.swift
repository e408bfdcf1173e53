import FeedCore
import Foundation
import GtkKit

/// Marks made on rows out of view: items scrolled past are read at once,
/// in the model and the store, but their rows (above the view, where
/// nobody sees them) show it only when they come back into view, or once
/// the reader stops scrolling (`quietDelay`). Restyling such a row (its
/// title unbolded, its name changed) made GTK measure it again in a frame
/// of the scroll, for every item passed.
///
/// Only rows that exist need to wait: a row made or bound later shows the
/// item as marked. So positions without a row are dropped whenever more
/// than `marksOutOfViewLimit` wait; a reader who never pauses (scrolling a
/// million items in one go) would otherwise have every one of them kept.
extension FeedList {
    /// Positions kept waiting before those without a row are dropped:
    /// twice the 200 rows GTK 4.8 keeps.
    static let marksOutOfViewLimit = 400

    /// How long scrolling has to pause before every row marked out of
    /// view shows its marks.
    static let marksQuietDelay: Duration = .milliseconds(300)

    /// The item at `position` was marked while its row was out of view.
    func markedOutOfView(_ position: Int) {
        marksOutOfView.insert(position)
        if marksOutOfView.count > Self.marksOutOfViewLimit {
            marksOutOfView.formIntersection(factory.boundPositions)
        }
        guard marksFlush == nil else { return }
        marksFlush = MainLoop.schedule(after: Self.marksQuietDelay) { [weak self] in self?.showMarksWhenQuiet() }
    }

    /// The rows marked out of view that are in view now show their marks
    /// (after each layout: `rows` as `reportScrolledPast` placed them, in
    /// a view `viewportHeight` high).
    func showMarksComingIntoView(_ rows: [ScrolledPast.Row], viewportHeight: Double) {
        guard !marksOutOfView.isEmpty else { return }
        for row in rows where marksOutOfView.contains(row.position) && row.bottom > 0 && row.top < viewportHeight {
            showMarksOutOfView(at: row.position)
        }
    }

    /// Every row marked out of view shows its marks now.
    func showMarksOutOfView() {
        marksFlush?.cancel()
        marksFlush = nil
        for position in marksOutOfView { showMarksOutOfView(at: position) }
    }

    /// The rows' positions moved down by `count` (items put above them).
    func shiftMarksOutOfView(by count: Int) {
        marksOutOfView = Set(marksOutOfView.map { $0 + count })
    }

    /// The list was replaced or emptied: its rows are bound again anyway.
    func forgetMarksOutOfView() {
        marksOutOfView.removeAll()
    }

    private func showMarksOutOfView(at position: Int) {
        marksOutOfView.remove(position)
        if let item = item(at: position) {
            factory.cell(at: position)?.showMarks(of: item, showsReadState: showsReadState)
        }
    }

    private func showMarksWhenQuiet() {
        marksFlush = nil
        let quiet = lastPositionReport.duration(to: .now)
        guard quiet >= Self.marksQuietDelay else {
            marksFlush = MainLoop.schedule(after: Self.marksQuietDelay - quiet) { [weak self] in self?.showMarksWhenQuiet() }
            return
        }
        showMarksOutOfView()
    }
}
