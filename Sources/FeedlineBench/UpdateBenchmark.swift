import Foundation
import Loopback
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The update comparison (`--suite update`): the real `feedline` program,
/// headless, against `feeds` RSS feeds of `items` items each served on
/// 127.0.0.1 as a well-behaved site serves them (an `ETag`, and 304 to a
/// request that names it): `feedline --import` of an OPML list of them
/// into a new store, then `feedline --update` twice: the first stores
/// every item, the second is answered 304 by every feed. Each run's wall
/// time and peak resident memory (the kernel's, from `wait4`) and what
/// the server answered.
///
/// The issue's yardstick: Newsboat 2.21's `newsboat -x reload` over the
/// same 200 feeds, 2.3 s and 30 MB, which fetches every feed in full
/// again the second time.
enum UpdateBenchmark {
    static let usage = """

        The update (--suite update): the feedline program (--feedline PATH, by
        default the one beside this program), headless, against --feeds RSS feeds
        (default 200) of --items items (default 50) served by this program on
        127.0.0.1 with ETags: feedline --import of their OPML list into a new store,
        then feedline --update twice (the first stores every item, the second is
        answered 304 by every feed). Prints each run's wall time, peak resident
        memory and what the server answered.
          --feeds N, --items N, --feedline PATH, --json PATH

        """

    static func wants(_ arguments: [String]) -> Bool {
        zip(arguments, arguments.dropFirst()).contains { $0 == "--suite" && $1 == "update" }
    }

    static func main(arguments: [String]) -> Int32 {
        var feeds = 200, items = 50
        var feedline = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent().appendingPathComponent("feedline").path
        var json: String?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--suite": _ = rest.popFirst()
            case "--feeds", "--items":
                guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
                    return usageError("\(argument) takes a number above 0")
                }
                if argument == "--feeds" { feeds = value } else { items = value }
            case "--feedline", "--json":
                guard let value = rest.popFirst() else { return usageError("\(argument) takes a path") }
                if argument == "--feedline" { feedline = value } else { json = value }
            // scripts/bench passes the reference to every suite.
            case "--reference": _ = rest.popFirst()
            default: return usageError("unknown option \(argument) for --suite update")
            }
        }
        guard FileManager.default.isExecutableFile(atPath: feedline) else {
            return usageError("no feedline program at \(feedline) (build it, or pass --feedline)")
        }
        do {
            let report = try run(feedline: feedline, feeds: feeds, items: items)
            for name in ["import", "first_update", "second_update"] {
                guard let run = report[name] as? [String: Any] else { continue }
                print(String(format: "%@: %.2f s, peak %.1f MB, %d answered in full, %d with 304 — %@",
                             name.replacingOccurrences(of: "_", with: " "), run["seconds"] as? Double ?? 0,
                             run["peak_rss_mb"] as? Double ?? 0, run["answered_200"] as? Int ?? 0,
                             run["answered_304"] as? Int ?? 0, run["summary"] as? String ?? ""))
            }
            if let json {
                try Data((BenchmarkSuite.encode(report) + "\n").utf8).write(to: URL(fileURLWithPath: json))
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("feedline-bench: \(error)\n".utf8))
            return 1
        }
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("feedline-bench: \(message)\nTry “feedline-bench --help”.\n".utf8))
        return 2
    }

    static func run(feedline: String, feeds: Int, items: Int) throws -> [String: Any] {
        let bodies = (0..<feeds).map { Data(rss(feed: $0, items: items).utf8) }
        let answers = AnswerCounts()
        let server = try LoopbackServer { request in
            let name = request.path.split(separator: "/").last.map(String.init) ?? ""
            guard request.path.hasPrefix("/feeds/"), name.hasSuffix(".xml"),
                  let feed = Int(name.dropLast(4)), bodies.indices.contains(feed) else {
                return .text("no such feed", status: 404)
            }
            let etag = "\"feed-\(feed)-v1\""
            if request.header("if-none-match") == etag {
                answers.count(304)
                return LoopbackServer.Response(status: 304, headers: ["ETag": etag])
            }
            answers.count(200)
            return LoopbackServer.Response(headers: ["Content-Type": "application/rss+xml", "ETag": etag,
                                                     "Last-Modified": "Tue, 24 Nov 2026 08:00:00 GMT"],
                                           body: bodies[feed])
        }
        defer { server.stop() }

        let home = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedline-bench-update-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let list = home.appendingPathComponent("feeds.opml")
        try Data(opml((0..<feeds).map { server.url("/feeds/\($0).xml") }).utf8).write(to: list)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        for (name, folder) in [("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache")] {
            environment[name] = home.appendingPathComponent(folder).path
        }
        environment["LC_ALL"] = "C.UTF-8"

        var report: [String: Any] = ["feeds": feeds, "items_per_feed": items]
        for (name, arguments) in [("import", ["--import", list.path]), ("first_update", ["--update"]),
                                  ("second_update", ["--update"])] {
            let before = answers.snapshot
            let run = try ChildRun(feedline, arguments, environment: environment)
            let after = answers.snapshot
            guard run.status == 0 else {
                throw BenchmarkMain.Problem("feedline \(arguments.joined(separator: " ")) exited \(run.status): \(run.lastLine)")
            }
            report[name] = ["seconds": run.seconds, "peak_rss_mb": Double(run.peakKB) / 1024, "summary": run.lastLine,
                            "answered_200": after.full - before.full, "answered_304": after.notModified - before.notModified]
        }
        return report
    }

    /// Feed `feed`: `items` items, newest first, an hour apart.
    static func rss(feed: Int, items: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let entries = (0..<items).map { index in
            let hours = items - index
            let date = formatter.string(from: Date(timeIntervalSince1970: 1_795_000_000 + Double(feed * 60 + hours) * 3600))
            return """
                <item><title>Feed \(feed), item \(index)</title><link>https://feeds.example/\(feed)/\(index)</link>\
                <guid>https://feeds.example/\(feed)/\(index)</guid><pubDate>\(date)</pubDate>\
                <description>Item \(index) of feed \(feed): a summary of a sentence or two, as feeds give them, \
                long enough to wrap onto a second line in the list.</description></item>
                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Feed \(feed)</title><link>https://feeds.example/\(feed)/</link>
            <description>Benchmark feed \(feed)</description>
            \(entries.joined(separator: "\n"))
            </channel></rss>
            """
    }

    static func opml(_ urls: [URL]) -> String {
        let outlines = urls.enumerated().map { index, url in
            "    <outline type=\"rss\" text=\"Feed \(index)\" xmlUrl=\"\(url.absoluteString)\"/>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Benchmark feeds</title></head><body>
            \(outlines.joined(separator: "\n"))
            </body></opml>
            """
    }

    /// The server's answers so far, counted on its threads.
    final class AnswerCounts: Sendable {
        struct Counts { var full = 0, notModified = 0 }
        private let counts = Mutex(Counts())
        func count(_ status: Int) {
            counts.withLock { status == 304 ? ($0.notModified += 1) : ($0.full += 1) }
        }
        var snapshot: Counts { counts.withLock { $0 } }
    }

    /// A child process run to its end: its exit status, wall time, the
    /// most memory it had resident, and the last line it printed.
    struct ChildRun {
        let status: Int32
        let seconds: Double
        let peakKB: Int
        let lastLine: String

        init(_ program: String, _ arguments: [String], environment: [String: String]) throws {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("feedline-bench-\(UUID().uuidString).out")
            defer { try? FileManager.default.removeItem(at: output) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let argv = ([program] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var pid: pid_t = 0
            let started = ContinuousClock.now
            let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
            guard spawned == 0 else {
                throw BenchmarkMain.Problem("couldn't start \(program): \(String(cString: strerror(spawned)))")
            }
            var wstatus: Int32 = 0
            var usage = rusage()
            while wait4(pid, &wstatus, 0, &usage) == -1 && errno == EINTR {}
            seconds = (ContinuousClock.now - started) / .seconds(1)
            // Exited normally: the status; killed: 128 + the signal, as shells say.
            status = (wstatus & 0x7f) == 0 ? (wstatus >> 8) & 0xff : 128 + (wstatus & 0x7f)
            peakKB = usage.ru_maxrss
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            lastLine = text.split(separator: "\n").last.map(String.init) ?? ""
        }
    }
}
