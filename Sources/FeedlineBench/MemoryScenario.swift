import FeedlineUI
import FeedCore
import GtkKit

/// Loads `items` synthetic items into the real window, a page of 1,000 per
/// frame with no latency and no scrolling, and samples resident memory
/// every 10,000 items.
@MainActor
final class MemoryScenario {
    private let items: Int
    private let window: FeedWindow
    private var ticker: FrameTicker?
    private var result = MemoryResult()
    private let done: (MemoryResult) -> Void

    init(items: Int, application: Application, done: @escaping (MemoryResult) -> Void) {
        self.items = items
        self.done = done
        window = FeedWindow(application: application, source: SyntheticFeedSource(pageSize: 1000))
    }

    func start() {
        window.present()
        window.window.afterNextFrame { [weak self] in
            guard let self else { return }
            ticker = FrameTicker(on: window.window) { [weak self] _ in self?.frame() }
        }
    }

    private func frame() {
        let loaded = window.feedList.itemCount
        if loaded / 10_000 >= result.samples.count {
            result.samples.append((loaded, ProcessStats.residentKB()))
        }
        if loaded >= items {
            if result.samples.last?.items != loaded {
                result.samples.append((loaded, ProcessStats.residentKB()))
            }
            ticker?.stop()
            ticker = nil
            result.peakRSSKB = ProcessStats.peakResidentKB()
            result.rowWidgets = window.feedList.factory.cells.count
            result.textBytes = window.feedList.items.reduce(0) { $0 + $1.textBytes }
            done(result)
        } else if window.session.phase == .idle {
            window.session.loadMore()
        }
    }
}

extension FeedItem {
    /// The item's own text in UTF-8 bytes: what any program showing it
    /// holds, whatever its language (the allowance in the memory target).
    var textBytes: Int {
        let texts = [id, title, summary, content, author, contentWarning, sharedBy,
                     link?.absoluteString, imageURL?.absoluteString, avatarURL?.absoluteString]
        return texts.reduce(0) { $0 + ($1?.utf8.count ?? 0) }
    }
}
