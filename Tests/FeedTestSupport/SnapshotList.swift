import FeedCore

/// A session's items as a window would hold them: each snapshot's change
/// applied to a list of ids (replaced, appended, or put above). Tests wait
/// on it for a condition, woken by the snapshots themselves.
@MainActor
public final class SnapshotList {
    public private(set) var ids: [String] = []
    private var waiters: [(condition: () -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    public init() {}

    public func apply(_ snapshot: FeedSnapshot) {
        switch snapshot.change {
        case .replaced(let items): ids = items.map(\.id)
        case .appended(let items): ids += items.map(\.id)
        case .prepended(let items): ids = items.map(\.id) + ids
        case nil: break
        }
        let ready = waiters.filter { $0.condition() }
        waiters.removeAll { $0.condition() }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once `condition` holds after a snapshot (at once if it holds).
    public func wait(until condition: @escaping () -> Bool) async {
        if condition() { return }
        await withCheckedContinuation { waiters.append((condition, $0)) }
    }
}
