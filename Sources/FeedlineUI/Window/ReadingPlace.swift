import FeedCore
import FeedStore
import GtkKit

/// Where the reader is in each view, kept: the item at the top of the
/// list, how far it is scrolled past, and the item with keyboard focus
/// (the reader view's item while it is open). Kept a second after the
/// list stops moving, when another view opens, when the window closes
/// and when Feedline quits; `Subscriptions.setPosition` holds it for the
/// session and writes it to the store for the next start. Opening a view
/// starts its session at the kept item (the items above it come as the
/// reader scrolls up) and puts the list back at the same offset with
/// focus on the same item (`FeedList.restoreOnNextPage`).
extension FeedWindow {
    /// Where the reader is in the open view now; nil with nothing shown.
    var readingPosition: ReadingPosition? {
        guard scope != nil, feedList.itemCount > 0 else { return nil }
        if isReading, case .item(let index) = reader.slot, let item = feedList.item(at: index) {
            return ReadingPosition(topItem: item.id, focusedItem: item.id)
        }
        guard content.visibleChildName == "list", let top = feedList.topOfView else { return nil }
        return ReadingPosition(topItem: top.item.id, offset: top.offset, focusedItem: feedList.focusedItem?.id)
    }

    /// Keeps where the reader is in the open view, now.
    func keepPosition() {
        positionKeeping?.cancel()
        positionKeeping = nil
        guard let subscriptions, let scope, let position = readingPosition else { return }
        subscriptions.setPosition(position, of: scope)
    }

    /// The list moved (or focus in it): kept once it has been still a
    /// second. Called every frame while scrolling: it notes the time, and
    /// one timer at a time looks again when it is due.
    func positionMoved() {
        guard subscriptions != nil, scope != nil else { return }
        positionMovedAt = .now
        if positionKeeping?.isPending != true { keepPositionWhenStill(after: Self.keepPositionAfter) }
    }

    private func keepPositionWhenStill(after delay: Duration) {
        positionKeeping = MainLoop.schedule(after: delay) { [weak self] in
            guard let self, let moved = positionMovedAt else { return }
            let still = moved.duration(to: .now)
            if still < Self.keepPositionAfter {
                keepPositionWhenStill(after: Self.keepPositionAfter - still)
            } else {
                keepPosition()
            }
        }
    }

    static let keepPositionAfter: Duration = .seconds(1)

    /// The session for `scope`, starting where the reader was, and the
    /// list told where to put them once its first page is in.
    func restoringSession(for scope: TimelineScope, source: any FeedSource) -> FeedSession {
        guard let position = subscriptions?.position(of: scope) else { return FeedSession(source: source) }
        feedList.restoreOnNextPage(offset: position.offset, focusedItem: position.focusedItem)
        return FeedSession(source: source, startingAt: StoredTimelineSource.cursor(startingAt: position.topItem))
    }
}
