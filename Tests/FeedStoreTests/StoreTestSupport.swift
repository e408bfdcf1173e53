import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import XCTest

/// A folder of the test's own for store files, removed afterwards.
final class StoreFolder {
    let url: URL

    init() {
        url = TestFolders.make("feedline-store")
    }

    deinit { TestFolders.remove(url) }

    var storeFile: StoreFile { StoreFile(url: url.appendingPathComponent("feedline/feedline.sqlite")) }

    func open() throws -> FeedStore { try storeFile.open().store }
}

/// Items for tests: `item(3)` is "item-3", dated `3` hours after a fixed
/// moment unless `dated` is false.
func item(_ n: Int, dated: Bool = true, title: String? = nil) -> FeedItem {
    FeedItem(id: "item-\(n)", title: title ?? "Item \(n)", summary: "Summary \(n)",
             date: dated ? Date(timeIntervalSince1970: 1_700_000_000 + Double(n) * 3600) : nil,
             link: URL(string: "https://example.org/\(n)"))
}

extension FeedStore {
    /// Every item of `scope`, walked page by page.
    func walk(_ scope: TimelineScope, pageSize: Int) async throws -> [FeedItem] {
        var items: [FeedItem] = []
        var cursor: TimelineCursor?
        while true {
            let page = try await page(of: scope, after: cursor, limit: pageSize)
            items += page.items
            guard page.isFull, let last = page.last else { return items }
            cursor = last
        }
    }

    /// Subscribes to a document feed at a made-up address.
    func subscribe(_ name: String, folder: [String] = []) async throws -> Subscription.ID {
        let spec = FeedSpec.document(URL(string: "https://example.org/\(name).xml")!)
        return try await subscribe([NewSubscription(spec, title: name, folder: folder)]).subscriptions[0]
    }
}
