import FeedCore
import FeedStore
import Foundation
import Secrets

/// Fever accounts as the app uses them: added once their address, user
/// name and password are checked against the server (the password then
/// kept in the desktop's Secret Service, never in the store), and synced
/// with the password found there. For the window and the command line.
enum FeverAccounts {
    /// Why an account can't be added or synced, in the reader's words.
    struct Failure: Error {
        var message: String
        /// The server refused the user name or password: ask again.
        var refusedPassword = false

        init(message: String, refusedPassword: Bool = false) {
            self.message = message
            self.refusedPassword = refusedPassword
        }

        /// Any error of an add or a sync, in the reader's words (one that
        /// already is a Failure stays as it is).
        init(_ error: any Error) {
            if let failure = error as? Failure {
                self = failure
            } else {
                let feedError = FeedError(describing: error)
                self.init(message: ErrorText.reason(feedError), refusedPassword: feedError.kind == .credentialsRefused)
            }
        }
    }

    /// The label of the password in the desktop's password manager.
    static func passwordLabel(_ endpoint: URL, _ user: String) -> String {
        // Translators: how a sync account's password is listed in the desktop's password manager: "Feedline: rss.example.org (anna)".
        Localization.format(L("Feedline: %1$s (%2$s)"), endpoint.serverName, user)
    }

    /// Checks the account against its server, keeps the password, adds
    /// the account to the store and syncs it once; what the sync did.
    /// Nothing is added when the check or the keeping fails. Throws
    /// `Failure` only.
    static func add(endpoint: URL, user: String, password: String, store: FeedStore,
                    http: HTTPClient) async throws(Failure) -> FeverSync.Report {
        do {
            try await FeverClient(endpoint: endpoint, user: user, password: password, http: http).verify()
        } catch {
            throw Failure(error)
        }
        do {
            try await Passwords.save(password, server: endpoint, user: user, label: passwordLabel(endpoint, user))
        } catch {
            // Translators: %s is the Secret Service's own reason.
            throw Failure(message: Localization.format(L("Couldn't keep the password in the desktop's keyring: %s"),
                                                       error.description))
        }
        do {
            let account = try await store.addFeverAccount(endpoint: endpoint, user: user)
            return try await sync(account, password: password, store: store, http: http).sync()
        } catch {
            throw Failure(error)
        }
    }

    /// A sync of `account` with the password kept for it.
    static func sync(for account: FeverAccount, store: FeedStore, http: HTTPClient) async throws -> FeverSync {
        let password: String?
        do {
            password = try await Passwords.password(server: account.endpoint, user: account.user)
        } catch {
            throw Failure(message: Localization.format(L("Couldn't read the password from the desktop's keyring: %s"),
                                                       error.description))
        }
        guard let password else {
            // Translators: a Fever account whose password the keyring doesn't have; %1$s the user, %2$s the server.
            throw Failure(message: Localization.format(L("No password is kept for %1$s at %2$s"), account.user,
                                                       account.endpoint.serverName),
                          refusedPassword: true)
        }
        return sync(account, password: password, store: store, http: http)
    }

    /// Where the accounts' feed icons are kept: beside the pictures, in
    /// `$XDG_CACHE_HOME/feedline/account-icons` (written again by the next
    /// sync when the cache is cleared).
    static var iconFolder: URL {
        ImageDiskCache.standardDirectory().deletingLastPathComponent().appendingPathComponent("account-icons", isDirectory: true)
    }

    private static func sync(_ account: FeverAccount, password: String, store: FeedStore, http: HTTPClient) -> FeverSync {
        var sync = FeverSync(store: store, account: account,
                             client: FeverClient(endpoint: account.endpoint, user: account.user, password: password, http: http))
        sync.iconFolder = iconFolder
        return sync
    }

    /// Syncs every account once, each on its own (one failing never stops
    /// the others); what each did, in the store's order.
    static func syncAll(store: FeedStore, http: HTTPClient) async throws
        -> [(account: FeverAccount, outcome: Result<FeverSync.Report, Failure>)] {
        var outcomes: [(account: FeverAccount, outcome: Result<FeverSync.Report, Failure>)] = []
        for account in try await store.feverAccounts() {
            do {
                outcomes.append((account, .success(try await sync(for: account, store: store, http: http).sync())))
            } catch {
                outcomes.append((account, .failure(Failure(error))))
            }
        }
        return outcomes
    }
}
