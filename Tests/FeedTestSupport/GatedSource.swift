import FeedCore
import Foundation
import Synchronization

/// A source whose every request waits until the test answers it, so tests
/// can decide the order in which answers arrive (a late page after a
/// refresh, a failure in the middle of a burst).
///
/// Requests are numbered from 0 in the order they arrive.
public final class GatedSource: FeedSource {
    public struct Request: Sendable {
        public let cursor: PageCursor?
    }

    private struct State {
        var requests: [Request] = []
        var waiting: [Int: CheckedContinuation<FeedPage, any Error>] = [:]
        var early: [Int: Result<FeedPage, any Error>] = [:]
    }

    private let state = Mutex(State())
    public let displayName: String

    public init(displayName: String = "Gated Feed") {
        self.displayName = displayName
    }

    /// Every request made so far, in order.
    public var requests: [Request] { state.withLock { $0.requests } }
    public var requestCount: Int { state.withLock { $0.requests.count } }
    /// Requests made and not answered yet.
    public var waitingCount: Int { state.withLock { $0.waiting.count } }

    public func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        let index = state.withLock { state in
            state.requests.append(Request(cursor: cursor))
            return state.requests.count - 1
        }
        return try await withCheckedThrowingContinuation { continuation in
            let early = state.withLock { state -> Result<FeedPage, any Error>? in
                if let result = state.early.removeValue(forKey: index) { return result }
                state.waiting[index] = continuation
                return nil
            }
            if let early { continuation.resume(with: early) }
        }
    }

    /// Answers request `index` (now, or as soon as it is made).
    public func answer(_ index: Int, with result: Result<FeedPage, any Error>) {
        let continuation = state.withLock { state in
            if let waiting = state.waiting.removeValue(forKey: index) { return Optional(waiting) }
            state.early[index] = result
            return nil
        }
        continuation?.resume(with: result)
    }

    /// A page of fixture-style items `range` (ids `item-N`), titled with `label`.
    public static func page(_ range: Range<Int>, next: Int?, label: String = "Item") -> FeedPage {
        FeedPage(items: range.map { FeedItem(id: "item-\($0)", title: "\(label) \($0)", summary: "Summary \($0)") },
                 next: next.map { PageCursor(String($0)) }, feedTitle: "Gated Feed")
    }
}
