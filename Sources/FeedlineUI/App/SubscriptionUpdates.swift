import FeedCore
import FeedStore
import Foundation
import GtkKit

/// Updating every subscription (and syncing every Fever account after:
/// SubscriptionAccounts): at the start, every `updateMinutes` while
/// Feedline runs, and on Refresh (FeedUpdater, off the main thread). The
/// updates that come by themselves wait while the computer is offline
/// (GIO's network monitor, `watch`) and run once as soon as the network
/// is back; Refresh always tries.
extension Subscriptions {
    /// Follows the network's state from `monitor` (the system's in the
    /// app): the windows show "Offline" while there is none.
    func watch(_ monitor: NetworkMonitor) {
        network = monitor
        monitor.onChange { [weak self] _ in self?.networkChanged() }
    }

    /// Whether the computer is on a network, as far as is known.
    var isOnline: Bool { network?.isAvailable ?? true }

    private func networkChanged() {
        notify(.network)
        guard isOnline, updateWhenOnline else { return }
        updateWhenOnline = false
        Task { await updateAll() }
    }

    /// An update that comes by itself (at the start, the timer): now when
    /// online, else once the network is back.
    func updateByItself() {
        guard isOnline else {
            updateWhenOnline = true
            return
        }
        Task { await updateAll() }
    }

    /// Whether Refresh updates the feeds (else it reloads the view).
    var canUpdate: Bool { sources != nil && store != nil }

    /// Whether an update of the feeds is under way.
    var isUpdating: Bool { updating != nil }

    /// Updates every subscription (FeedUpdater: six at a time,
    /// conditional requests, one failing stops none of the others) off the
    /// main thread, then reads the list again (counts, failures) and tells
    /// the windows (`.stored`). A call while one runs waits for that one.
    /// The next update by itself comes `updateMinutes` later. Returns the
    /// report, nil when there was no update.
    @discardableResult
    func updateAll() async -> UpdateReport? {
        if let updating { return await updating.value }
        guard let store, let sources else { return nil }
        nextUpdate?.cancel()
        let task = Task<UpdateReport?, Never> { @MainActor in
            var result: UpdateReport?
            do {
                result = try await Self.update(FeedUpdater(store: store, sources: sources))
            } catch {
                self.report(error)
            }
            await self.syncAccounts(store: store, http: sources.http)
            do {
                try await self.readList(from: store)
            } catch {
                self.report(error)
            }
            return result
        }
        updating = task
        notify(.updating)
        let report = await task.value
        updating = nil
        notify(.updating)
        notify(.list)
        notify(.stored)
        let arrivals = report.map(arrivals) ?? []
        if !arrivals.isEmpty { notify(.arrived(arrivals)) }
        await scheduleNextUpdate(in: store)
        return report
    }

    /// The subscriptions `report` brought new items to, of those whose
    /// new items the reader wants to hear of.
    private func arrivals(in report: UpdateReport) -> [Arrival] {
        report.entries.compactMap { entry in
            guard case .updated(let stored) = entry.outcome, stored.added > 0,
                  let subscription = subscription(entry.subscription), subscription.notifiesNewItems else { return nil }
            return Arrival(subscription: subscription.id, title: Self.title(of: subscription), count: stored.added)
        }
    }

    /// Runs `updater` on the concurrent executor, never on the main thread.
    @concurrent
    private nonisolated static func update(_ updater: FeedUpdater) async throws -> UpdateReport {
        try await updater.updateAll()
    }

    /// Waits for an update under way (tests).
    func waitForUpdate() async {
        _ = await updating?.value
    }

    /// The next update by itself, after the store's `updateMinutes` (none
    /// when 0).
    func scheduleNextUpdate(in store: FeedStore) async {
        let minutes = (try? await store.settings().updateMinutes) ?? StoreSettings().updateMinutes
        nextUpdate?.cancel()
        guard minutes > 0 else { return }
        nextUpdate = MainLoop.schedule(after: .seconds(minutes * 60)) { [weak self] in
            self?.updateByItself()
        }
    }
}
