import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import Loopback
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `feedline --import`, `--export` and `--update` as scripts run them:
/// the real program built beside the tests, in a process of its own with
/// its XDG folders in a temporary folder and no display at all, judged by
/// its exit status, its summary line and the store it leaves.
final class HeadlessCommandTests: XCTestCase {
    private var home: FeedlineHome!
    private var server: FeedServer!

    override func setUpWithError() throws {
        home = try FeedlineHome()
        server = try FeedServer()
    }

    override func tearDown() {
        server.stop()
    }

    /// A subscription list of feeds 1...count on the test's server.
    private func writeList(_ count: Int, extra: String = "") throws -> URL {
        let outlines: String = (1...count).map { n -> String in
            "<outline type=\"rss\" text=\"Feed \(n)\" xmlUrl=\"\(server.url(n).absoluteString)\"/>"
        }.joined(separator: "\n")
        let list = home.url.appendingPathComponent("subscriptions.opml")
        try Data("""
            <?xml version="1.0"?><opml version="2.0"><head><title>Test</title></head><body>
            <outline text="Test feeds">\(outlines)</outline>\(extra)</body></opml>
            """.utf8).write(to: list)
        return list
    }

    // MARK: --import and --export

    func testImportSubscribesAndSaysSoInOneLine() throws {
        let list = try writeList(3, extra: """
            <outline type="rss" text="Again" xmlUrl="\(server.url(1).absoluteString)"/>
            <outline type="rss" text="No address"/>
            """)
        let run = try home.run(["--import", list.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "Imported 3 subscriptions (1 duplicate merged, 1 skipped: “No address” has no feed address)\n")
        XCTAssertEqual(run.stderr, "")
        let subscriptions = try home.subscriptions()
        XCTAssertEqual(subscriptions.map(\.title), ["GNOME Help", "Feed 1", "Feed 2", "Feed 3"], "the sample first, as for a new reader")
        XCTAssertEqual(subscriptions.last?.folder, ["Test feeds"])

        let again = try home.run(["--import=\(list.path)"])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stdout,
                       "Imported 0 subscriptions (3 already there, 1 duplicate merged, 1 skipped: “No address” has no feed address)\n")
    }

    func testExportWritesAListThatReadsBackAsTheSubscriptions() throws {
        _ = try home.run(["--import", try writeList(2).path])
        let file = home.url.appendingPathComponent("out/export.opml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let run = try home.run(["--export", file.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "Exported 3 subscriptions to \(file.path)\n")
        let list = try OPMLReader.read(Data(contentsOf: file))
        XCTAssertEqual(list.subscriptions.map(\.title), ["GNOME Help", "Feed 1", "Feed 2"])
        XCTAssertEqual(list.subscriptions.map(\.type), ["feedline-sample", "rss", "rss"])
        XCTAssertEqual(list.subscriptions.last?.folder, ["Test feeds"])
    }

    // MARK: --update

    func testUpdateFetchesEveryFeedAndTheSecondTimeTheyAnswer304() throws {
        for n in 1...5 { server.publish(n, items: [3, 2, 1]) }
        _ = try home.run(["--import", try writeList(5).path])
        let first = try home.run(["--update"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let lines = first.stdout.split(separator: "\n")
        XCTAssertEqual(lines.last, "Updated 6 feeds: 35 new items", "3 items × 5 feeds, and the sample's first page of 20")
        XCTAssertEqual(Set(lines.dropLast()), Set(["GNOME Help: 20 new items"] + (1...5).map { "Feed \($0): 3 new items" }))

        server.publish(2, items: [4, 3, 2, 1])
        let second = try home.run(["--update"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, "Feed 2: 1 new item\nUpdated 6 feeds: 1 new item\n")
        for n in 1...5 {
            XCTAssertEqual(server.requests(for: n).last?.header("If-None-Match"), FeedServer.etag(n, version: 1))
        }
        let counts = try home.itemCounts()
        XCTAssertEqual(counts.values.sorted(), [3, 3, 3, 3, 4, 20])
    }

    /// FoundationNetworking makes folders for its shared cookie and cache
    /// stores (`$XDG_DATA_HOME/` and the name of the program's folder,
    /// "bin" once installed); Feedline uses neither and leaves nothing of
    /// them behind, and what was there before is kept.
    func testAnUpdateLeavesNoFoldersButFeedlinesOwn() throws {
        server.publish(1, items: [1])
        _ = try home.run(["--import", try writeList(1).path])
        let data = home.url.appendingPathComponent("data")
        let cache = home.url.appendingPathComponent("cache")
        let kept = cache.appendingPathComponent("org.swift.foundation.URLCache")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        let run = try home.run(["--update"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: data.path), ["feedline"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0 != "feedline" },
                       ["org.swift.foundation.URLCache"], "a folder that was there stays")

        try FileManager.default.removeItem(at: kept)
        XCTAssertEqual(try home.run(["--update"]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: data.path), ["feedline"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0 != "feedline" }, [])
    }

    func testAFailingFeedIsReportedAndTheUpdateStillSucceeds() throws {
        for n in 1...3 { server.publish(n, items: [1]) }
        server.fault(2, .serverError)
        _ = try home.run(["--import", try writeList(3).path])
        let run = try home.run(["--update"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout.split(separator: "\n").last, "Updated 4 feeds: 22 new items, 1 failed")
        XCTAssertEqual(run.stderr, "feedline: Feed 2: Server error (500)\n")
    }

    func testAnUpdateThatReachesNoFeedOnTheWebExitsOneWithOneLineOfReason() throws {
        // Offline, as far as these feeds go: nothing listens at their address.
        let gone = try LoopbackServer { _ in .noAnswer }
        gone.stop()
        let list = home.url.appendingPathComponent("unreachable.opml")
        try Data("""
            <?xml version="1.0"?><opml version="2.0"><body>
            <outline type="rss" text="Gone 1" xmlUrl="\(gone.url("/1.xml").absoluteString)"/>
            <outline type="rss" text="Gone 2" xmlUrl="\(gone.url("/2.xml").absoluteString)"/>
            </body></opml>
            """.utf8).write(to: list)
        _ = try home.run(["--import", list.path])
        let offline = try home.run(["--update"])
        XCTAssertEqual(offline.status, 1, offline.stdout)
        XCTAssertEqual(offline.stdout, "GNOME Help: 20 new items\n", "the bundled sample needs no network, and says what it stored")
        let refused = "The server 127.0.0.1 refused the connection"
        var lines = offline.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.popLast(), "feedline: Couldn't update any feed on the web: \(refused)", "the reason, last")
        XCTAssertEqual(Set(lines), ["feedline: Gone 1: \(refused)", "feedline: Gone 2: \(refused)"])
        let failures = try home.subscriptions().map { $0.failure?.kind }
        XCTAssertEqual(failures, [nil, .refused, .refused], "each failure is recorded as in any update")

        // One feed that answers is enough: done, and the summary says how
        // many failed.
        server.publish(1, items: [1])
        _ = try home.run(["--import", try writeList(1).path])
        let partly = try home.run(["--update"])
        XCTAssertEqual(partly.status, 0, partly.stderr)
        XCTAssertEqual(partly.stdout, "Feed 1: 1 new item\nUpdated 4 feeds: 1 new item, 2 failed\n")
    }

    func testAFeedThatMovedForGoodIsUpdatedAndExportedAtItsNewAddress() throws {
        for n in 1...2 { server.publish(n, items: [2, 1]) }
        server.redirect("/old/1.xml", to: server.url(1), status: 301)
        server.redirect("/old/2.xml", to: server.url(2), status: 302)
        let list = home.url.appendingPathComponent("moving.opml")
        try Data("""
            <?xml version="1.0"?><opml version="2.0"><body>
            <outline type="rss" text="Moved" xmlUrl="\(server.url("/old/1.xml").absoluteString)"/>
            <outline type="rss" text="Elsewhere for now" xmlUrl="\(server.url("/old/2.xml").absoluteString)"/>
            </body></opml>
            """.utf8).write(to: list)
        _ = try home.run(["--import", list.path])
        let update = try home.run(["--update"])
        XCTAssertEqual(update.status, 0, update.stderr)
        let lines = update.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("Moved: moved to \(server.url(1).absoluteString)"), update.stdout)
        XCTAssertFalse(update.stdout.contains("Elsewhere for now: moved"), update.stdout)
        XCTAssertEqual(lines.last, "Updated 3 feeds: 24 new items")

        let file = home.url.appendingPathComponent("export.opml")
        let export = try home.run(["--export", file.path])
        XCTAssertEqual(export.status, 0, export.stderr)
        let exported = try OPMLReader.read(Data(contentsOf: file)).subscriptions
        XCTAssertEqual(exported.map(\.title), ["GNOME Help", "Moved", "Elsewhere for now"])
        XCTAssertEqual(exported.dropFirst().map(\.address), [server.url(1), server.url("/old/2.xml")])

        // From now on the feed is asked at its new address only.
        let before = server.requests.count
        XCTAssertEqual(try home.run(["--update"]).status, 0)
        XCTAssertEqual(server.requests.dropFirst(before).map(\.target).sorted(), ["/feeds/1.xml", "/feeds/2.xml", "/old/2.xml"])
    }

    // MARK: --help

    /// The README shows `feedline --help` as the program prints it.
    func testTheREADMEShowsTheHelpAsPrinted() throws {
        let help = try home.run(["--help"])
        XCTAssertEqual(help.status, 0)
        let readme = String(decoding: try Data(contentsOf: repository.appendingPathComponent("README.md")), as: UTF8.self)
        let opening = "`feedline --help`:\n\n```text\n"
        let start = try XCTUnwrap(readme.range(of: opening), "the README shows --help").upperBound
        let end = try XCTUnwrap(readme.range(of: "\n```\n", range: start..<readme.endIndex)).lowerBound
        XCTAssertEqual(String(readme[start..<end]) + "\n", help.stdout, "README.md's copy of --help differs from the program's")
    }

    // MARK: Failures

    func testWhatCantBeDoneExitsNonZeroWithTheReason() throws {
        let missing = try home.run(["--import", home.url.appendingPathComponent("missing.opml").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(missing.stderr,
                       "feedline: Couldn't read “\(home.url.path)/missing.opml”: No such file or directory\n")

        let feed = home.url.appendingPathComponent("feed.xml")
        try Data("<rss version=\"2.0\"><channel><title>A feed</title></channel></rss>".utf8).write(to: feed)
        let notAList = try home.run(["--import", feed.path])
        XCTAssertEqual(notAList.status, 1)
        XCTAssertEqual(notAList.stderr, "feedline: “\(feed.path)” isn't an OPML subscription list\n")

        let nowhere = try home.run(["--export", home.url.appendingPathComponent("no/such/folder/x.opml").path])
        XCTAssertEqual(nowhere.status, 1)
        XCTAssertTrue(nowhere.stderr.hasPrefix("feedline: Couldn't write “"), nowhere.stderr)

        // A data folder that is a file: no store can be made there.
        var environment = home.environment
        environment["XDG_DATA_HOME"] = feed.path
        let noStore = try home.run(["--update"], environment: environment)
        XCTAssertEqual(noStore.status, 1)
        XCTAssertTrue(noStore.stderr.hasPrefix("feedline: Couldn't open the store of your feeds at \(feed.path)/feedline/feedline.sqlite"),
                      noStore.stderr)
    }

    func testUsageErrorsExitTwo() throws {
        for arguments in [["--import"], ["--update", "--page-size", "3"], ["--update", "--export", "x.opml"],
                          ["--update=now"], ["--export", "--update"]] {
            let run = try home.run(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.hasSuffix("Try “feedline --help” for more information.\n"), run.stderr)
        }
        let help = try home.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for option in ["--import FILE", "--export FILE", "--update"] {
            XCTAssertTrue(help.stdout.contains(option), option)
        }
    }

    // MARK: Crash safety

    func testKillingAnUpdateMidwayLosesNothingCommittedAndLeavesASoundStore() throws {
        let feeds = 60
        for n in 1...feeds { server.publish(n, items: Array(1...20)) }
        _ = try home.run(["--import", try writeList(feeds).path])
        server.setAnswerTime(.milliseconds(300))

        let update = try home.start(["--update"])
        // Six at a time: when the 25th request arrives, at least 19 feeds
        // have had their answer, and most of them are stored.
        try waitUntil(seconds: 60) { self.server.requests.count >= 25 }
        kill(update.processIdentifier, SIGKILL)
        update.waitUntilExit()
        XCTAssertEqual(update.terminationReason, .uncaughtSignal)

        let opened = try home.storeFile.open()
        XCTAssertNil(opened.problem, "the store opens as it is, nothing moved aside")
        let store = opened.store
        let check = try blocking { try await store.integrityCheck() }
        XCTAssertEqual(check, "ok")
        let subscriptions = try blocking { try await store.subscriptions() }
        let counts = try blocking { try await store.itemCounts() }
        let updated = subscriptions.filter { $0.lastUpdated != nil }
        XCTAssertGreaterThan(updated.count, 1, "some feeds were updated and committed")
        XCTAssertLessThan(updated.count, subscriptions.count, "the update was killed midway")
        for subscription in subscriptions {
            let count = counts[subscription.id] ?? 0
            // A feed's items are one transaction, recorded as updated after.
            XCTAssertTrue(count == 0 || count == 20, "\(subscription.title): \(count) items")
            if subscription.lastUpdated != nil { XCTAssertEqual(count, 20, subscription.title) }
        }
        let committed = Set(updated.map(\.title))
        // Killed between storing a feed's items and recording its update,
        // a feed has its items but no validators: it is fetched again in
        // full, and its items come again unchanged.
        let withItems = subscriptions.filter { (counts[$0.id] ?? 0) > 0 }.count

        server.setAnswerTime(.zero)
        let requestsBefore = server.requests.count
        let again = try home.run(["--update"])
        XCTAssertEqual(again.status, 0, again.stderr)
        let newItems = (20 * (feeds + 1 - withItems)).formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
        XCTAssertTrue(again.stdout.hasSuffix("Updated \(feeds + 1) feeds: \(newItems) new items\n"), again.stdout)
        let second = server.requests.dropFirst(requestsBefore)
        let revalidated = second.filter { $0.header("If-None-Match") != nil }.count
        XCTAssertEqual(revalidated, committed.subtracting(["GNOME Help"]).count, "what was committed costs a 304")
        let finalCounts = try home.itemCounts()
        XCTAssertEqual(finalCounts.count, feeds + 1)
        XCTAssertTrue(finalCounts.values.allSatisfy { $0 == 20 })
        let reopened = try home.storeFile.open().store
        let finalCheck = try blocking { try await reopened.integrityCheck() }
        XCTAssertEqual(finalCheck, "ok")
    }
}

// MARK: The program and its home

/// A home of the test's own for `feedline`: XDG folders in a temporary
/// folder, removed afterwards, and the environment a script would give
/// it, without DISPLAY or WAYLAND_DISPLAY.
final class FeedlineHome {
    let url: URL

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    init() throws {
        url = TestFolders.make("feedline-home")
    }

    deinit { TestFolders.remove(url) }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !["DISPLAY", "WAYLAND_DISPLAY", "LANGUAGE", "LANG", "FEEDLINE_LOCALE_DIR"].contains(key) && !key.hasPrefix("LC_")
        }
        environment["LC_ALL"] = "C.UTF-8"
        environment["HOME"] = url.path
        environment["XDG_DATA_HOME"] = url.appendingPathComponent("data").path
        environment["XDG_CONFIG_HOME"] = url.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = url.appendingPathComponent("cache").path
        return environment
    }

    var storeFile: StoreFile { StoreFile(url: url.appendingPathComponent("data/feedline/feedline.sqlite")) }

    /// The real `feedline`, built beside the tests.
    static func program() throws -> URL {
        let bundle = Bundle(for: FeedlineHome.self).bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("feedline") }
        guard let program = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("no feedline built beside the tests (\(bundle.path))")
        }
        return program
    }

    /// Starts `feedline ARGUMENTS`; its output goes to files beside.
    func start(_ arguments: [String], environment: [String: String]? = nil) throws -> Process {
        let process = Process()
        process.executableURL = try Self.program()
        process.arguments = arguments
        process.environment = environment ?? self.environment
        process.currentDirectoryURL = url
        for name in ["stdout", "stderr"] {
            _ = FileManager.default.createFile(atPath: url.appendingPathComponent(name).path, contents: nil)
        }
        process.standardOutput = try FileHandle(forWritingTo: url.appendingPathComponent("stdout"))
        process.standardError = try FileHandle(forWritingTo: url.appendingPathComponent("stderr"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `feedline ARGUMENTS` to its end (a minute at most).
    func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Run {
        let process = try start(arguments, environment: environment)
        do {
            try waitUntil(seconds: 60) { !process.isRunning }
        } catch {
            process.terminate()
            throw error
        }
        process.waitUntilExit()
        func read(_ name: String) throws -> String {
            String(decoding: try Data(contentsOf: url.appendingPathComponent(name)), as: UTF8.self)
        }
        return Run(status: process.terminationStatus, stdout: try read("stdout"), stderr: try read("stderr"))
    }

    func subscriptions() throws -> [Subscription] {
        let store = try storeFile.open().store
        return try blocking { try await store.subscriptions() }
    }

    func itemCounts() throws -> [Subscription.ID: Int] {
        let store = try storeFile.open().store
        return try blocking { try await store.itemCounts() }
    }
}

struct TimedOut: Error, CustomStringConvertible {
    var description: String
}

/// Returns once `condition` holds, checking every 20 ms; throws after
/// `seconds` (a bound for a hang, not a timing assertion).
func waitUntil(seconds: Double, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { throw TimedOut(description: "condition not met within \(seconds) s") }
        Thread.sleep(forTimeInterval: 0.02)
    }
}

/// The result of `work`, waited for on this thread (for synchronous
/// test methods, which XCTest runs on the main thread).
func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let result = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do { result.set(.success(try await work())) } catch { result.set(.failure(error)) }
        done.signal()
    }
    done.wait()
    return try result.get()
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    // @unchecked: written once before the semaphore is signalled, read after.
    private var result: Result<T, any Error>?
    func set(_ result: Result<T, any Error>) { self.result = result }
    func get() throws -> T { try result!.get() }
}
