import FeedCore
import FeedStore
import Foundation
import GtkKit

/// What remains of the feed catalog (feeds.json), which `Subscriptions`
/// and the sidebar replaced: only so that FeedlineBench's soak, which
/// builds its window with `FeedCatalog(file:makeSource:)` and
/// `FeedWindow(application:feed:catalog:)`, builds and runs unchanged
/// until it moves to `Subscriptions(store:makeSource:)` and
/// `FeedWindow(application:subscriptions:feed:)`. The app never uses it.
/// Delete this file once the soak has moved.
///
/// Its subscriptions live in a store of their own, `feedline.sqlite`
/// beside `file` (opened here, on the calling thread: the benchmark's
/// set-up, never the app's).
@MainActor
package final class FeedCatalog {
    let subscriptions: Subscriptions

    package init(file: FeedLibraryFile, makeSource: @escaping (FeedSpec) -> any FeedSource) {
        let storeFile = StoreFile(url: file.url.deletingLastPathComponent().appendingPathComponent("feedline.sqlite"))
        do {
            subscriptions = Subscriptions(store: try storeFile.open().store, makeSource: makeSource)
        } catch {
            fatalError("feedline: the benchmark's store at \(storeFile.url.path): \(error)")
        }
    }
}

extension FeedWindow {
    /// A window on `catalog`'s subscriptions opening `feed` (subscribed
    /// first): see `FeedCatalog`.
    package convenience init(application: Application, feed: FeedSpec, catalog: FeedCatalog) {
        self.init(application: application, subscriptions: catalog.subscriptions, opening: .feed(feed))
    }
}
