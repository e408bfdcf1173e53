import FeedCore
import Foundation

/// One subscription's update: fetch, store, record. `FeedUpdater` runs
/// several at once; each ends in an outcome, never in another's failure.
///
/// - A web document (RSS, Atom, JSON Feed over http or https) is fetched
///   with a conditional GET carrying the stored validators. A 304 records
///   the time and nothing else: nothing is parsed or stored. A full answer
///   is parsed whole, all its items stored, its validators, title and icon
///   recorded, and, the first time, where its older pages start (RFC 5005
///   `rel="next"`, JSON Feed `next_url`).
/// - Everything else (a document in a file, the bundled sample, Mastodon,
///   GitHub search, Hacker News) goes through its `FeedSource`: the first
///   page is stored and, the first time, its `next` is where older pages
///   start.
/// - A web document that permanently redirects (301, 308) moves the
///   subscription to its new address once the answer was read (a 304
///   counts: the server said the stored copy is that address's), and only
///   when the new address is a web address Add Feed would take and no
///   other subscription follows it. Temporary redirects (302, 303, 307)
///   change nothing.
/// - A failure is recorded on the subscription (the next success clears
///   it) and reported. Items are stored before the update is recorded, so
///   a crash in between leaves the items and costs a full fetch next time,
///   never a 304 for items that were never stored.
struct FeedFetch: Sendable {
    let store: FeedStore
    let sources: FeedSourceFactory
    let subscription: Subscription
    /// Nothing is stored for it yet: record where older pages start.
    let isFirst: Bool
    let now: Date

    /// What a feed document request accepts (as `WebDocumentSource` asks).
    static let accept = "application/feed+json, application/atom+xml, application/rss+xml, application/xml;q=0.9, */*;q=0.8"

    /// Updates the subscription. Throws only `CancellationError`.
    func run() async throws -> UpdateReport.Entry {
        var entry = UpdateReport.Entry(subscription: subscription.id, title: subscription.title,
                                       feed: subscription.spec, outcome: .notModified)
        do {
            switch subscription.spec {
            case .document(let url) where !url.isFileURL:
                (entry.outcome, entry.movedTo) = try await updateDocument(at: url)
            default:
                entry.outcome = try await updateFromSource()
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let failure = FeedError(describing: error)
            try? await store.recordUpdate(of: subscription.id, at: now, failure: failure)
            entry.outcome = .failed(failure)
        }
        return entry
    }

    /// The outcome, and the feed's new address when it moved.
    private func updateDocument(at url: URL) async throws -> (UpdateReport.Outcome, FeedSpec?) {
        let answer = try await sources.http.get(url, headers: ["Accept": Self.accept],
                                                revalidating: subscription.validators)
        let outcome: UpdateReport.Outcome
        switch answer {
        case .notModified(let validators, _):
            try await store.recordUpdate(of: subscription.id, at: now,
                                         validators: validators == subscription.validators ? nil : validators)
            outcome = .notModified
        case .modified(let response):
            let document = try FeedDocumentParser.parse(response.body, baseURL: response.url, charset: response.charset)
            try Task.checkCancellation()
            let stored = try await store.store(document.items, in: subscription.id, now: now)
            let older = isFirst ? document.nextURL.flatMap { Self.documentCursor($0, after: response.url) } : nil
            try await store.recordUpdate(of: subscription.id, at: now, validators: response.validators,
                                         title: document.title, iconURL: document.iconURL, olderCursor: older)
            outcome = .updated(stored)
        }
        return (outcome, await move(to: answer.movedPermanently, from: url))
    }

    /// Moves the subscription to `target`, where its feed moved for good,
    /// when `target` is a web address Add Feed would take (http or https,
    /// with a host; the HTTP client followed it, so it passed the client's
    /// checks too) and no other subscription follows it already. Its new
    /// feed, or nil when it stays (a move the store couldn't write is
    /// made by the next update, which is redirected again).
    private func move(to target: URL?, from url: URL) async -> FeedSpec? {
        guard let target, let address = FeedAddress.web(target.absoluteString), address != url else { return nil }
        let moved = FeedSpec.document(address)
        return (try? await store.move(subscription.id, to: moved)) == true ? moved : nil
    }

    private func updateFromSource() async throws -> UpdateReport.Outcome {
        let page = try await sources.source(for: subscription.spec).nextPage(after: nil)
        try Task.checkCancellation()
        let stored = try await store.store(page.items, in: subscription.id, now: now)
        try await store.recordUpdate(of: subscription.id, at: now, title: page.feedTitle,
                                     olderCursor: isFirst ? page.next : nil)
        return .updated(stored)
    }

    /// Where `WebDocumentSource` starts the document at `next`: its cursor
    /// is "OFFSET ADDRESS". Every item of this document is stored, so older
    /// pages start at the next document's first item; nil when the link
    /// points back at the document itself.
    static func documentCursor(_ next: URL, after document: URL) -> PageCursor? {
        next == document ? nil : PageCursor("0 \(next.absoluteString)")
    }
}
