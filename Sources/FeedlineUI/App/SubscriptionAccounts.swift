import FeedCore
import FeedStore
import Foundation
import GtkKit
import Secrets

/// Fever accounts as `Subscriptions` keeps them in step: synced with every
/// update (after the feeds), and the read and starred changes made here
/// sent soon after they are written (they wait in the store meanwhile, so
/// none is lost offline or when the server fails: the next send or sync
/// takes them), and before quitting.
extension Subscriptions {
    /// How long marks settle before they are sent (scrolling marks many).
    static let sendMarksDelay: Duration = .seconds(1)
    /// How long quitting waits for the changes to reach the servers.
    static let flushMarksLimit: Duration = .seconds(5)

    /// Sends the changes waiting once marks stop coming for a moment.
    func sendMarksToAccountsSoon() {
        sendMarksSoon?.cancel()
        sendMarksSoon = MainLoop.schedule(after: Self.sendMarksDelay) { [weak self] in
            self?.sendMarksSoon = nil
            self?.sendMarksToAccounts()
        }
    }

    /// Sends every account's waiting changes, off the main thread; a call
    /// while a send runs is served by one more send after it.
    func sendMarksToAccounts() {
        guard let store, let http = sources?.http else { return }
        if sendingMarks != nil {
            sendMarksAgain = true
            return
        }
        sendingMarks = Task {
            repeat {
                sendMarksAgain = false
                await Self.sendPending(store: store, http: http)
            } while sendMarksAgain
            sendingMarks = nil
        }
    }

    /// Before quitting: sends what waits, within `flushMarksLimit` (what
    /// is not sent by then stays in the store for the next start).
    func flushMarksToAccounts() async {
        if sendMarksSoon != nil {
            sendMarksSoon?.cancel()
            sendMarksSoon = nil
            sendMarksToAccounts()
        }
        let deadline = ContinuousClock.now + Self.flushMarksLimit
        while sendingMarks != nil, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Adds a Fever account (`FeverAccounts.add`: checked with its server,
    /// the password kept in the desktop's keyring, synced once) off the
    /// main thread, then shows its feeds and items in every window.
    func addFeverAccount(endpoint: URL, user: String, password: String) async
        -> Result<FeverSync.Report, FeverAccounts.Failure> {
        guard let store, let http = sources?.http else {
            return .failure(FeverAccounts.Failure(message: L("Accounts can't be added here")))
        }
        let outcome = await Self.add(endpoint: endpoint, user: user, password: password, store: store, http: http)
        if case .success = outcome { await accountsChanged(in: store) }
        return outcome
    }

    /// An account came or went with its feeds: the list read again, and
    /// every view loaded again (not `.stored`: a view whose page was in
    /// flight meanwhile would keep the answer it had begun with).
    private func accountsChanged(in store: FeedStore) async {
        do {
            try await readList(from: store)
        } catch {
            report(error)
        }
        notify(.list)
        notify(.reload)
        countUnread()
    }

    @concurrent
    private nonisolated static func add(endpoint: URL, user: String, password: String, store: FeedStore,
                                        http: HTTPClient) async -> Result<FeverSync.Report, FeverAccounts.Failure> {
        do {
            return .success(try await FeverAccounts.add(endpoint: endpoint, user: user, password: password,
                                                        store: store, http: http))
        } catch {
            return .failure(error)
        }
    }

    /// Removes the Fever account whose feed `id` is: its feeds, their
    /// items, the changes waiting for it and its password in the keyring.
    /// Returns the account's server, nil when `id` is no account's feed.
    func removeAccount(of id: Subscription.ID) async -> String? {
        guard let store, case .fever(let endpoint, let user, _)? = subscription(id)?.spec else { return nil }
        do {
            guard let account = try await store.feverAccounts().first(where: { $0.endpoint == endpoint && $0.user == user })
            else { return nil }
            try await writing { try await store.removeFeverAccount(account.id) }
            try? await Passwords.remove(server: endpoint, user: user)
        } catch {
            report(error)
        }
        await accountsChanged(in: store)
        return endpoint.serverName
    }

    /// For a timeline whose stored items ran out: a page of older items
    /// from each Fever account that may have more (`FeverSync.fetchOlder`),
    /// stored; how many were new. Nil without updates (no network).
    func olderFromAccounts(_ store: FeedStore) -> (@Sendable () async throws -> Int)? {
        guard let http = sources?.http else { return nil }
        return {
            var added = 0
            for account in try await store.feverAccounts() where !account.reachedOldest {
                added += try await FeverAccounts.sync(for: account, store: store, http: http).fetchOlder()
            }
            return added
        }
    }

    /// Syncs every account (after the feeds' update), telling the windows
    /// of each that failed.
    func syncAccounts(store: FeedStore, http: HTTPClient) async {
        let synced: [(account: FeverAccount, outcome: Result<FeverSync.Report, FeverAccounts.Failure>)]
        do {
            synced = try await Self.syncAll(store: store, http: http)
        } catch {
            return report(error)
        }
        for (account, outcome) in synced {
            guard case .failure(let failure) = outcome else { continue }
            let host = account.endpoint.serverName
            FileHandle.standardError.write(Data("feedline: \(host): \(failure.message)\n".utf8))
            notify(.problem(Localization.format(L("%1$s: %2$s"), host, failure.message)))
            if failure.refusedPassword {
                notify(.passwordNeeded(endpoint: account.endpoint, user: account.user, message: failure.message))
            }
        }
    }

    @concurrent
    private nonisolated static func syncAll(store: FeedStore, http: HTTPClient) async throws
        -> [(account: FeverAccount, outcome: Result<FeverSync.Report, FeverAccounts.Failure>)] {
        try await FeverAccounts.syncAll(store: store, http: http)
    }

    @concurrent
    private nonisolated static func sendPending(store: FeedStore, http: HTTPClient) async {
        for account in (try? await store.feverAccounts()) ?? [] {
            guard let waiting = try? await store.pendingMarks(of: account.id), !waiting.isEmpty else { continue }
            // Offline, a server failing, a password refused: the changes
            // wait for the next send or sync.
            _ = try? await FeverAccounts.sync(for: account, store: store, http: http).sendPending()
        }
    }
}
