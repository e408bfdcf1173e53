import FeedCore
import FeedStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// `feedline --import FILE`, `--export FILE` and `--update`: the
/// subscriptions from the command line, for scripts and first use.
///
/// The rule it keeps: nothing here touches GTK or needs a display. The
/// store is opened at `StoreFile.standard()` ($XDG_DATA_HOME), made ready
/// once (`prepareFirstRun`: feeds.json of an earlier version, the sample
/// feed), and the command runs to its end. Standard output gets what
/// changed and, last, one line of summary; standard error gets each
/// problem and, when the command fails, why, in one line. Exit status:
/// 0 done (an update in which some feeds failed is done), 1 failed (a
/// file that can't be read or written, no OPML, a store that can't be
/// opened, an update that reached none of its feeds:
/// `UpdateReport.reachedNothing`), 2 a usage error. Every word goes
/// through gettext.
public enum HeadlessCommands {
    /// Runs the headless command `arguments` (the program name first)
    /// ask for, blocking the calling thread until it ends, and returns
    /// its exit status; nil when they ask for none: the window's turn.
    /// (main.swift stays synchronous; the work runs on the concurrent
    /// executor.)
    public static func run(arguments: [String],
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32? {
        Localization.start(environment: environment)
        let command: HeadlessCommand
        do {
            guard let parsed = try HeadlessCommand.parse(Array(arguments.dropFirst())) else { return nil }
            command = parsed
        } catch {
            complain(error.message + "\n" + L("Try “feedline --help” for more information."))
            return 2
        }
        let status = Mutex<Int32>(1)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result = await run(command, environment: environment)
            status.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return status.withLock { $0 }
    }

    /// Runs `command`; its exit status.
    static func run(_ command: HeadlessCommand, environment: [String: String]) async -> Int32 {
        do {
            let store = try await openStore(environment)
            let summary = switch command {
            case .importOPML(let file): try await importList(file, into: store)
            case .exportOPML(let file): try await export(store, to: file)
            case .update: try await update(store, environment: environment)
            case .fever(let endpoint, let user): try await addFever(endpoint, user: user, to: store, environment: environment)
            }
            print(summary)
            return 0
        } catch let failure as Failure {
            complain(failure.message)
            return 1
        } catch {
            complain(ErrorText.reason(FeedError(describing: error)))
            return 1
        }
    }

    /// Why a command failed, in the reader's words.
    struct Failure: Error {
        var message: String
    }

    // MARK: The store

    private static func openStore(_ environment: [String: String]) async throws -> FeedStore {
        let file = StoreFile.standard(environment: environment)
        let opened: StoreFile.Opened
        do {
            opened = try file.open()
        } catch {
            // Translators: `feedline --update` and the like; %1$s is where the store is, %2$s the technical reason.
            throw Failure(message: Localization.format(L("Couldn't open the store of your feeds at %1$s (%2$s)"),
                                                       file.url.path, error.detail ?? error.reason))
        }
        if opened.problem != nil {
            // Translators: %s is where the unreadable store was kept, a file's path.
            complain(Localization.format(L("Your stored feeds couldn't be read; they were kept as %s and a new store was made"),
                                         file.quarantineURL.path))
        }
        let library = FeedLibraryFile.standard(environment: environment)
        let firstRun = try await opened.store.prepareFirstRun(library: library)
        if firstRun.problem != nil {
            // Translators: %s is where the unreadable feed list (feeds.json) was kept, a file's path.
            complain(Localization.format(L("Your saved feed list couldn't be read; it was kept as %s"),
                                         library.quarantineURL.path))
        }
        return opened.store
    }

    // MARK: --import

    private static func importList(_ file: URL, into store: FeedStore) async throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            // Translators: %1$s is a file's path, %2$s the system's reason ("No such file or directory").
            throw Failure(message: Localization.format(L("Couldn't read “%1$s”: %2$s"), file.path, systemReason(error)))
        }
        let list: OPMLImport
        do {
            list = try OPMLReader.read(data)
        } catch {
            throw Failure(message: notAList(file, error))
        }
        let imported = try await store.importSubscriptions(list)
        // One entry left out is told in the summary; more, one a line.
        for problem in imported.problems where imported.problems.count > 1 {
            // Translators: `feedline --import`, an entry of the list left out: "skipped: “Old blog” has no feed address".
            complain(Localization.format(L("skipped: %s"), describe(problem)))
        }
        var details: [String] = []
        if imported.alreadyThere > 0 {
            details.append(Localization.format(L("%d already there", "%d already there", imported.alreadyThere),
                                               imported.alreadyThere))
        }
        if imported.duplicatesMerged > 0 {
            details.append(Localization.format(L("%d duplicate merged", "%d duplicates merged", imported.duplicatesMerged),
                                               imported.duplicatesMerged))
        }
        if imported.problems.count == 1 {
            // Translators: `feedline --import`'s summary, the one entry left out: "1 skipped: “Old blog” has no feed address".
            details.append(Localization.format(L("1 skipped: %s"), describe(imported.problems[0])))
        } else if imported.problems.count > 1 {
            details.append(Localization.format(L("%d skipped", "%d skipped", imported.problems.count), imported.problems.count))
        }
        // Translators: `feedline --import`'s summary: "Imported 37 subscriptions (2 already there, 1 skipped)".
        let head = Localization.format(L("Imported %d subscription", "Imported %d subscriptions", imported.added), imported.added)
        return details.isEmpty ? head : Localization.format(L("%1$s (%2$s)"), head, details.joined(separator: separator))
    }

    /// Why `file` is no subscription list, by what OPMLReader found.
    private static func notAList(_ file: URL, _ error: FeedError) -> String {
        switch error.kind {
        case .empty:
            // Translators: %s is a file's path.
            Localization.format(L("“%s” is empty"), file.path)
        case .damaged:
            // Translators: %s is a file's path.
            Localization.format(L("“%s” is a damaged subscription list and can't be read"), file.path)
        case .unsafe:
            // Translators: %s is a file's path; the file declares XML entities, which are refused.
            Localization.format(L("“%s” can't be read safely"), file.path)
        default:
            // Translators: %s is a file's path.
            Localization.format(L("“%s” isn't an OPML subscription list"), file.path)
        }
    }

    /// An entry left out of an import: “Old blog” has no feed address.
    private static func describe(_ problem: OPMLProblem) -> String {
        let name = problem.title ?? problem.address ?? L("An entry")
        switch problem.reason {
        case .noAddress:
            // Translators: %s is an entry's name in a subscription list.
            return Localization.format(L("“%s” has no feed address"), name)
        case .unusableAddress:
            // Translators: %1$s is an entry's name in a subscription list, %2$s its address.
            return Localization.format(L("“%1$s” has an address Feedline can't follow (%2$s)"), name, problem.address ?? "")
        }
    }

    // MARK: --export

    private static func export(_ store: FeedStore, to file: URL) async throws -> String {
        let subscriptions = try await store.exportSubscriptions(sampleFile: SampleFeed.locate())
        let data = OPMLWriter.write(subscriptions, title: L("Feedline subscriptions"), created: Date())
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            // Translators: %1$s is a file's path, %2$s the system's reason ("Permission denied").
            throw Failure(message: Localization.format(L("Couldn't write “%1$s”: %2$s"), file.path, systemReason(error)))
        }
        // Translators: `feedline --export`'s summary; %2$s is a file's path.
        return Localization.format(L("Exported %1$d subscription to %2$s", "Exported %1$d subscriptions to %2$s", subscriptions.count),
                                   subscriptions.count, file.path)
    }

    // MARK: --update

    private static func update(_ store: FeedStore, environment: [String: String]) async throws -> String {
        let sources = FeedSourceFactory(
            sampleFile: SampleFeed.locate(), pageSize: LaunchOptions().pageSize,
            http: HTTPClient(policy: HTTPPolicy(version: FeedlineApp.version)),
            gitHubToken: environment["GITHUB_TOKEN"])
        let report = try await FeedUpdater(store: store, sources: sources).updateAll()
        let synced = try await syncAccounts(store, http: sources.http)
        for entry in report.entries {
            switch entry.outcome {
            case .updated(let stored) where stored.added > 0 || stored.updated > 0:
                print(Localization.format(L("%1$s: %2$s"), entry.title, changes(new: stored.added, changed: stored.updated)))
            case .failed(let error):
                complain(Localization.format(L("%1$s: %2$s"), entry.title, ErrorText.reason(error)))
            default:
                break
            }
            if case .document(let address) = entry.movedTo {
                // Translators: `feedline --update`, a feed that moved for good (a permanent redirect): "Rust Blog: moved to https://blog.rust-lang.org/feed.xml".
                print(Localization.format(L("%1$s: moved to %2$s"), entry.title, address.absoluteString))
            }
        }
        if report.reachedNothing && !synced.contains(where: { (try? $0.outcome.get()) != nil }) {
            throw Failure(message: reachedNothing(report))
        }
        var parts = [changes(new: report.newItems, changed: report.changedItems)]
        if !report.failures.isEmpty {
            parts.append(Localization.format(L("%d failed", "%d failed", report.failures.count), report.failures.count))
        }
        // Translators: `feedline --update`'s summary: "Updated 40 feeds: 312 new items, 3 failed".
        let summary = Localization.format(L("Updated %1$d feed: %2$s", "Updated %1$d feeds: %2$s", report.entries.count),
                                          report.entries.count, parts.joined(separator: separator))
        guard !synced.isEmpty else { return summary }
        let failed = synced.filter { (try? $0.outcome.get()) == nil }.count
        let added = synced.compactMap { try? $0.outcome.get().stored.added }.reduce(0, +)
        var accountParts = [Localization.format(L("%d new item", "%d new items", added), added)]
        if failed > 0 { accountParts.append(Localization.format(L("%d failed", "%d failed", failed), failed)) }
        // Translators: `feedline --update`'s summary with sync accounts: "Updated 40 feeds: 312 new items; synced 1 account: 20 new items".
        return summary + Localization.format(L("; synced %1$d account: %2$s", "; synced %1$d accounts: %2$s", synced.count),
                                             synced.count, accountParts.joined(separator: separator))
    }

    /// Syncs every Fever account, saying on standard error which failed.
    private static func syncAccounts(_ store: FeedStore, http: HTTPClient) async throws
        -> [(account: FeverAccount, outcome: Result<FeverSync.Report, FeverAccounts.Failure>)] {
        let synced = try await FeverAccounts.syncAll(store: store, http: http)
        for (account, outcome) in synced {
            if case .failure(let failure) = outcome {
                complain(Localization.format(L("%1$s: %2$s"), account.endpoint.serverName,
                                             failure.message))
            }
        }
        return synced
    }

    // MARK: --fever

    /// The environment variable `--fever` reads the password from.
    static let passwordVariable = "FEEDLINE_FEVER_PASSWORD"

    private static func addFever(_ endpoint: URL, user: String, to store: FeedStore,
                                 environment: [String: String]) async throws -> String {
        let host = endpoint.serverName
        guard let password = environment[passwordVariable].flatMap({ $0.isEmpty ? nil : $0 })
                ?? TerminalPassword.ask(Localization.format(L("Password for %1$s at %2$s: "), user, host)) else {
            // Translators: `feedline --fever` with no password to read; %s is the environment variable's name.
            throw Failure(message: Localization.format(L("No password: set %s, or run this in a terminal"), passwordVariable))
        }
        let http = HTTPClient(policy: HTTPPolicy(version: FeedlineApp.version))
        let report: FeverSync.Report
        do {
            report = try await FeverAccounts.add(endpoint: endpoint, user: user, password: password, store: store, http: http)
        } catch {
            throw Failure(message: error.message)
        }
        // Translators: `feedline --fever`'s summary: "Synced rss.example.org: 20 feeds, 500 new items".
        return Localization.format(L("Synced %1$s: %2$s"), host,
                                   Localization.format(L("%d feed", "%d feeds", report.feeds), report.feeds) + separator
                                   + Localization.format(L("%d new item", "%d new items", report.stored.added), report.stored.added))
    }

    /// Why an update that reached none of its feeds failed, in one line:
    /// their reason when they share one ("No network connection"), else
    /// how many failed.
    private static func reachedNothing(_ report: UpdateReport) -> String {
        let onTheWeb = report.entries.contains { !$0.isLocal }
        let failed = report.failures.filter { !onTheWeb || !$0.entry.isLocal }
        let reasons = Set(failed.map { ErrorText.reason($0.error) })
        let why = reasons.count == 1 ? reasons.first ?? ""
            : Localization.format(L("%d failed", "%d failed", failed.count), failed.count)
        // Translators: `feedline --update` when every feed on the web failed: "Couldn't update any feed on the web: No network connection".
        return onTheWeb ? Localization.format(L("Couldn't update any feed on the web: %s"), why)
            // Translators: `feedline --update` when every feed (all in files) failed: "Couldn't update any feed: 3 failed".
            : Localization.format(L("Couldn't update any feed: %s"), why)
    }

    /// "12 new items", "12 new items, 2 changed".
    private static func changes(new: Int, changed: Int) -> String {
        let added = Localization.format(L("%d new item", "%d new items", new), new)
        guard changed > 0 else { return added }
        // Translators: items already stored that the feed changed, updated in place.
        return added + separator + Localization.format(L("%d changed", "%d changed", changed), changed)
    }

    // MARK: Output

    // Translators: what separates the parts of a summary: "312 new items, 3 failed".
    private static var separator: String { L(", ") }

    /// Writes "feedline: MESSAGE" on standard error.
    private static func complain(_ message: String) {
        FileHandle.standardError.write(Data("feedline: \(message)\n".utf8))
    }

    /// The C library's words for a file error (in the reader's language).
    private static func systemReason(_ error: any Error) -> String {
        let nsError = error as NSError
        let code = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? $0.code : nil }
            ?? (nsError.domain == NSPOSIXErrorDomain ? nsError.code : nil)
            ?? posixCode(cocoa: nsError.code)
        guard let code else { return nsError.localizedDescription }
        return String(cString: strerror(Int32(code)))
    }

    private static func posixCode(cocoa code: Int) -> Int? {
        switch code {
        case NSFileReadNoSuchFileError, NSFileNoSuchFileError: Int(ENOENT)
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: Int(EACCES)
        case NSFileWriteOutOfSpaceError: Int(ENOSPC)
        case NSFileWriteVolumeReadOnlyError: Int(EROFS)
        default: nil
        }
    }
}
