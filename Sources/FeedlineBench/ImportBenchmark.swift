import Foundation
import GtkKit

/// `feedline-bench --suite import`: importing an OPML file of many
/// subscriptions (1,000 by default, in nested folders) through the real
/// window, and whether the window stays responsive meanwhile.
///
/// The suite serves the feeds over HTTP on 127.0.0.1 from this process
/// (every `/feeds/N.xml` an RSS 2.0 feed of `--items-per-feed` items), and
/// runs each import in a process of its own (`--import-run`, a fresh store
/// and XDG folders in a temporary folder): first without updates (the
/// window has no updater, so the import is measured alone and nothing is
/// fetched), then with them (the import, then the update of every new
/// subscription that follows it, measured apart). `ImportScenario` is one
/// such run. Prints a table, writes the runs as JSON with `--json`.
enum ImportBenchmark {
    static let usage = """

        The import (--suite import): an OPML file of --subscriptions feeds (default
        1000) in folders nested two deep (10 folders, each with a fifth of its feeds
        directly inside and the rest in 4 folders of its own), imported through the
        real window's Import Subscriptions… (the file chooser, the path typed and
        Return, by xdotool), the feeds served by this program on 127.0.0.1. Runs
        without updates (the import alone: nothing is fetched), then with them (the
        import, then the update of every new subscription, measured apart). Prints
        the time to the store written and the sidebar showing the rows, the time
        of the update, and for each phase the frame times and how late a 10 ms
        timeout ran on the main thread (its longest stall).
          --subscriptions N   Feeds in the file (default 1000)
          --items-per-feed N  Items each feed serves (default 10)
          --runs N            Runs of each kind (default 1)
          --json PATH         The runs' figures

        """

    struct Options {
        var help = false
        var run = false
        var subscriptions = 1000
        var itemsPerFeed = 10
        var runs = 1
        var updates = false
        var list: String?
        var store: URL?
        var json: String?
    }

    /// Whether `arguments` ask for the import suite (or one of its runs).
    static func wants(_ arguments: [String]) -> Bool {
        arguments.contains("--import-run")
            || zip(arguments, arguments.dropFirst()).contains { $0 == "--suite" && $1 == "import" }
    }

    static func main(arguments: [String], imageServer: BenchmarkMain.ImageServer?,
                     runInProcess: (@escaping @MainActor (Application, @escaping @MainActor ([String: Any]) -> Void) -> AnyObject) -> Int32)
        -> Int32 {
        let options: Options
        do {
            options = try parse(Array(arguments.dropFirst()))
        } catch {
            log("\(error)")
            return 2
        }
        if options.help {
            print(usage.dropFirst(), terminator: "")
            return 0
        }
        if options.run {
            guard let list = options.list, let store = options.store else {
                log("--import-run needs --list and --store")
                return 2
            }
            let settings = ImportScenario.Settings(list: list, subscriptions: options.subscriptions, store: store,
                                                   updates: options.updates)
            return runInProcess { application, finish in
                let scenario = ImportScenario(settings: settings, application: application, done: finish)
                scenario.start()
                return scenario
            }
        }
        guard let imageServer else {
            log("this program can't serve feeds")
            return 1
        }
        return suite(options, executable: arguments[0], imageServer: imageServer)
    }

    private static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ name: String) throws -> String {
            guard let value = rest.popFirst() else { throw BenchmarkMain.Problem("\(name) needs a value") }
            return value
        }
        func number(_ name: String, in range: ClosedRange<Int>) throws -> Int {
            let text = try value(name)
            guard let number = Int(text), range.contains(number) else {
                throw BenchmarkMain.Problem("\(name) takes a number from \(range.lowerBound) to \(range.upperBound), not “\(text)”")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": options.help = true
            case "--suite": _ = try value(argument)
            case "--import-run": options.run = true
            case "--updates": options.updates = true
            case "--list": options.list = try value(argument)
            case "--store": options.store = URL(fileURLWithPath: try value(argument))
            case "--subscriptions": options.subscriptions = try number(argument, in: 1...100_000)
            case "--items-per-feed": options.itemsPerFeed = try number(argument, in: 1...1000)
            case "--runs": options.runs = try number(argument, in: 1...100)
            case "--json": options.json = try value(argument)
            // The other suites' options, which scripts/bench passes to all.
            case "--reference": _ = try value(argument)
            default: throw BenchmarkMain.Problem("unknown option \(argument) for --suite import")
            }
        }
        return options
    }

    // MARK: The suite

    private static func suite(_ options: Options, executable: String, imageServer: BenchmarkMain.ImageServer) -> Int32 {
        let items = options.itemsPerFeed
        // One favicon for the one server: every row shows it.
        let favicon = BenchmarkPictures.File(data: imageServer.png(16, 230, 120, 30),
                                             headers: ["Content-Type": "image/png", "Cache-Control": "max-age=604800"])
        let server: BenchmarkMain.ImageServer.Running
        do {
            server = try imageServer.start { path in path == "/favicon.ico" ? favicon : feed(at: path, items: items) }
        } catch {
            log("couldn't serve the feeds: \(error)")
            return 1
        }
        var runs: [[String: Any]] = []
        var failed = false
        let loadBefore = loadAverage()
        for updates in [false, true] {
            for index in 1...options.runs {
                log("import run \(index) of \(options.runs), \(updates ? "with" : "without") updates…")
                let before = server.requestCount()
                guard var run = child(executable, options, updates: updates, server: server.url) else {
                    failed = true
                    continue
                }
                run["server_requests"] = server.requestCount() - before
                if let problems = run["problems"] as? [String], !problems.isEmpty {
                    log("problems: " + problems.joined(separator: "; "))
                    failed = true
                }
                runs.append(run)
            }
        }
        let machine = machine().merging(["load_average_at_start": loadBefore]) { $1 }
        print(table(runs), terminator: "")
        print("machine: \(machine["processors"] ?? "?") processors (\(machine["cpu"] ?? "?")), load average "
              + "\(loadBefore) at the start, \(machine["load_average_at_end"] ?? "?") at the end")
        let report: [String: Any] = [
            "subscriptions": options.subscriptions, "items_per_feed": items, "runs": runs, "machine": machine,
        ]
        if let path = options.json {
            do {
                try Data(BenchmarkSuite.encode(report).utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                log("couldn't write \(path): \(error.localizedDescription)")
                return 1
            }
        }
        return failed ? 1 : 0
    }

    /// One run in a process of its own, over a fresh store and XDG
    /// folders in a temporary folder (removed afterwards), which is its
    /// HOME and current folder too: the list is typed as
    /// "~/subscriptions.opml", so the file chooser lists only that small
    /// folder on the way, not /tmp with whatever it holds.
    private static func child(_ executable: String, _ options: Options, updates: Bool, server: URL) -> [String: Any]? {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedline-bench-import-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        do {
            for name in ["data", "config", "cache", "state"] {
                let path = folder.appendingPathComponent(name, isDirectory: true)
                try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
                environment["XDG_\(name.uppercased())_HOME"] = path.path
            }
            try Data(writeList(subscriptions: options.subscriptions, server: server).utf8)
                .write(to: folder.appendingPathComponent("subscriptions.opml"))
        } catch {
            log("couldn't make \(folder.path): \(error.localizedDescription)")
            return nil
        }
        // The file chooser's settings in memory, not the desktop's.
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["HOME"] = folder.path
        var arguments = ["--import-run", "--subscriptions", "\(options.subscriptions)", "--list", "~/subscriptions.opml",
                         "--store", folder.appendingPathComponent("data/feedline.sqlite").path]
        if updates { arguments.append("--updates") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            log("couldn't start \(executable): \(error.localizedDescription)")
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last,
              let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            log("feedline-bench \(arguments.joined(separator: " ")) failed (status \(process.terminationStatus))")
            return nil
        }
        return json
    }

    // MARK: The list and the feeds

    /// An OPML 2.0 file of `subscriptions` feeds on `server`: 10 folders
    /// ("Topic 1"…), each holding a fifth of its feeds directly and the
    /// rest spread over 4 folders inside it ("Topic 1 part 1"…).
    static func writeList(subscriptions: Int, server: URL) -> String {
        let topics = min(10, subscriptions)
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<opml version=\"2.0\">",
                     "  <head><title>\(subscriptions) subscriptions</title></head>", "  <body>"]
        func outline(_ n: Int, indent: String) -> String {
            "\(indent)<outline type=\"rss\" text=\"Feed \(n)\" title=\"Feed \(n)\" "
                + "xmlUrl=\"\(server.absoluteString)/feeds/\(n).xml\" htmlUrl=\"\(server.absoluteString)/sites/\(n)/\"/>"
        }
        var next = 1
        for topic in 1...topics {
            // This topic's share of the feeds.
            let count = subscriptions / topics + (topic <= subscriptions % topics ? 1 : 0)
            let direct = count / 5
            lines.append("    <outline text=\"Topic \(topic)\" title=\"Topic \(topic)\">")
            for _ in 0..<direct {
                lines.append(outline(next, indent: "      "))
                next += 1
            }
            let inner = count - direct
            for part in 1...4 {
                let share = inner / 4 + (part <= inner % 4 ? 1 : 0)
                guard share > 0 else { continue }
                lines.append("      <outline text=\"Topic \(topic) part \(part)\">")
                for _ in 0..<share {
                    lines.append(outline(next, indent: "        "))
                    next += 1
                }
                lines.append("      </outline>")
            }
            lines.append("    </outline>")
        }
        lines += ["  </body>", "</opml>", ""]
        return lines.joined(separator: "\n")
    }

    /// `/feeds/N.xml`: an RSS 2.0 feed of `items` items, the newest an
    /// hour old; nil (404) for anything else, such as favicons.
    static func feed(at path: String, items: Int) -> BenchmarkPictures.File? {
        guard path.hasPrefix("/feeds/"), path.hasSuffix(".xml"),
              let n = Int(path.dropFirst("/feeds/".count).dropLast(".xml".count)) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let now = Date()
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel>"
            + "<title>Feed \(n)</title><link>http://127.0.0.1/sites/\(n)/</link><description>Feed \(n) of the import benchmark</description>"
        for item in (1...items).reversed() {
            let date = formatter.string(from: now.addingTimeInterval(-Double(items - item + 1) * 3600))
            xml += "<item><title>Feed \(n), item \(item)</title><link>http://127.0.0.1/sites/\(n)/\(item)</link>"
                + "<guid isPermaLink=\"false\">feed-\(n)-item-\(item)</guid><pubDate>\(date)</pubDate>"
                + "<description>Item \(item) of feed \(n): one line of text.</description></item>"
        }
        xml += "</channel></rss>\n"
        return BenchmarkPictures.File(data: Data(xml.utf8), headers: ["Content-Type": "application/rss+xml; charset=utf-8"])
    }

    // MARK: Reporting

    private static func table(_ runs: [[String: Any]]) -> String {
        var lines = ["run            import s  update s  phase    frames  frame50  frame95  frame max  busy95  busy max  late95  late max  >100ms"]
        for run in runs {
            let name = (run["updates"] as? Bool == true ? "with updates" : "without").padding(toLength: 13, withPad: " ", startingAt: 0)
            let times = String(format: "%9.2f %9.2f", run["import_s"] as? Double ?? -1, run["update_s"] as? Double ?? -1)
            for (index, phase) in ["idle", "chooser", "import", "update"].enumerated() {
                guard let figures = run[phase] as? [String: Any], let frames = figures["frames"] as? Int, frames > 0 else { continue }
                let frame = figures["frame_ms"] as? [String: Double] ?? [:]
                let busy = figures["frame_busy_ms"] as? [String: Double] ?? [:]
                let late = figures["timeout_late_ms"] as? [String: Double] ?? [:]
                lines.append((index == 0 ? name + " " + times : String(repeating: " ", count: 34))
                    + String(format: "  %-7@ %6d %8.1f %8.1f %10.1f %7.2f %9.1f %7.1f %9.1f %7d", phase as NSString, frames,
                             frame["p50"] ?? 0, frame["p95"] ?? 0, frame["max"] ?? 0, busy["p95"] ?? 0, busy["max"] ?? 0,
                             late["p95"] ?? 0, late["max"] ?? 0, figures["frames_over_100ms"] as? Int ?? 0))
            }
            lines.append(String(repeating: " ", count: 15) + String(
                format: "file chooser gone %.2f s after Return; the frame the rows came in: %.1f ms, %.1f ms of it main-thread CPU",
                run["chooser_closed_s"] as? Double ?? -1, run["rows_frame_ms"] as? Double ?? -1,
                run["rows_frame_cpu_ms"] as? Double ?? -1))
            let checks = ["stored_subscriptions", "stored_folders", "stored_items", "updated_subscriptions",
                          "failed_subscriptions", "server_requests", "peak_rss_kb"]
            lines.append(String(repeating: " ", count: 15) + checks.map { "\($0) \(run[$0] ?? "?")" }.joined(separator: ", ")
                + ", sidebar row of the last subscription: "
                + (run["sidebar_row_of_last_subscription"] as? Bool == true ? "found" : "NOT FOUND"))
            if let stalls = run["stalls"] as? [[String: Any]], !stalls.isEmpty {
                lines.append(String(repeating: " ", count: 15) + "stalls over 50 ms (main-thread CPU in them): "
                    + stalls.prefix(12).map {
                        String(format: "%.0f ms (%.0f) at %+.2f s (%@, %@)", $0["ms"] as? Double ?? 0,
                               $0["cpu_ms"] as? Double ?? 0, $0["at_s"] as? Double ?? 0,
                               ($0["phase"] as? String ?? "?") as NSString, ($0["seen_by"] as? String ?? "?") as NSString)
                    }.joined(separator: "; "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The machine and how busy it was: processors, memory, load.
    private static func machine() -> [String: Any] {
        let info = ProcessInfo.processInfo
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?"
        return ["processors": info.activeProcessorCount, "memory_gib": Double(info.physicalMemory) / 1_073_741_824,
                "cpu": cpu, "load_average_at_end": loadAverage()]
    }

    /// The load average over 1, 5 and 15 minutes.
    private static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
            .joined(separator: " ") ?? "?"
    }

    private static func log(_ message: String) {
        FileHandle.standardError.write(Data("feedline-bench: \(message)\n".utf8))
    }
}
