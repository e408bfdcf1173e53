import FeedCore
import FeedStore
import GtkKit

/// The count of new items above the reader's place, as the banner shows
/// it and a screen reader hears it. New items are those stored after the
/// view's mark (`arrivalMark`: the newest stored row when the reader last
/// went to the view's top) that have not been in view yet, with those
/// not loaded yet (above the first loaded item, as the store counted).
/// The count is said once nothing else has been said for a second (an
/// import's result, a page loaded), so it cuts nothing off.
@MainActor
final class NewItemsCounter {
    let banner = NewItemsBanner()
    /// The newest stored row when the reader last went to the view's top
    /// (nil: a window on one source, where nothing is new).
    private(set) var arrivalMark: Int64?
    /// New items loaded above the reader and not yet in view.
    private var unseen: Set<String> = []
    /// New items above the first loaded one, as the store last counted.
    private var notLoaded = 0
    /// The count a screen reader last heard, and the telling waiting for quiet.
    private var told = 0
    private var telling: ScheduledCall?
    private let announcer: Announcer

    static let quiet: Duration = .seconds(1)

    init(announcer: Announcer) {
        self.announcer = announcer
    }

    var count: Int { unseen.count + notLoaded }

    /// The view starts again from its newest item (opened, refreshed, or
    /// gone to the newest), with `mark` the newest stored row now:
    /// nothing is new from here.
    func restart(mark: Int64?) {
        arrivalMark = mark
        unseen.removeAll()
        notLoaded = 0
        told = 0
        telling?.cancel()
        telling = nil
        banner.show(count: 0)
    }

    /// `items` went above the first: those stored after the mark wait to
    /// be seen.
    func arrived(_ items: [FeedItem]) {
        guard let arrivalMark else { return }
        for item in items where (FeedStore.row(ofItem: item.id) ?? 0) > arrivalMark {
            unseen.insert(item.id)
        }
        show()
    }

    /// The items `ids` are in view: seen.
    func seen(_ ids: [String]) {
        guard !unseen.isEmpty else { return }
        let before = unseen.count
        unseen.subtract(ids)
        if unseen.count != before { show() }
    }

    /// How many new items are above the first loaded one.
    func setNotLoaded(_ count: Int) {
        guard count != notLoaded else { return }
        notLoaded = count
        show()
    }

    /// Shows the count; a screen reader hears it when it grew.
    private func show() {
        banner.show(count: count)
        if count > told { tellWhenQuiet() }
        told = count
    }

    private func tellWhenQuiet() {
        telling?.cancel()
        telling = MainLoop.schedule(after: Self.quiet) { [weak self] in
            guard let self else { return }
            if announcer.hasSpoken(within: Self.quiet) { return tellWhenQuiet() }
            telling = nil
            if count > 0 { announcer.announce(ReadStateText.newItems(count)) }
        }
    }
}
