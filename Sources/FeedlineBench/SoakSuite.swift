import FeedlineUI
import FeedCore
import Foundation
import GtkKit

/// `feedline-bench --soak MINUTES`: memory in long use. Serves the
/// pictures from this process over HTTP on 127.0.0.1, runs the real window
/// through `SoakScenario`'s actions in a child process (`--soak-run`, an
/// empty disk cache under a fresh `XDG_CACHE_HOME`, the store of
/// subscriptions under a fresh `XDG_DATA_HOME`), and reports the slope
/// of the child's resident memory after a warm-up: least squares over the
/// samples, overall and for each action (pooled over that action's blocks:
/// each block's samples about their own means, so a step from one action
/// to the next counts in neither), the slope of the whole rounds' means,
/// and that of their lowest samples, in MiB per hour.
enum SoakSuite {
    static let usage = """

        Memory in long use (--soak MINUTES): the real window driven for MINUTES
        through blocks of actions in turn (scroll a 3,000-item feed with pictures
        to its end, every ninth page failing once and retried, then Refresh; the
        reader view; feed switches; list and grid; idle), pictures served over
        HTTP on 127.0.0.1 by this process. Prints the slope of resident memory
        after the warm-up in MiB per hour: overall, of each whole round's mean
        (rounds), of each round's lowest sample (floor), and per action; and
        the overall line fitted again from the 10th, 15th, 20th and 30th minute.
          --soak MINUTES      Minutes in all, warm-up included
          --warmup S          Seconds left out of the slopes (default 300)
          --block S           Seconds each action runs before the next (default 60)
          --actions LIST      scroll,reader,switch,grid,idle (default: all, in turn)
          --remedies WHICH    What the app does to give memory back: all (the
                              default, as shipped), none, or some of arenas (one
                              malloc arena), pixels (pictures' pixels
                              mapped on their own), map (fixed mmap and trim
                              thresholds) and trim (malloc_trim when pictures
                              or scrolling stop), e.g. arenas,trim. GLib's
                              slices come from malloc in every Feedline
                              program, set before GLib starts; --wrap
                              "env G_SLICE=" gives GLib its slabs back
          --json PATH         The samples and slopes
          --map-threshold B   Blocks of B bytes and more mapped on their own,
                              4096 to 33554432 (default: PictureMemory's, 32 MiB)
          --census            At the end of every block, count what the process
                              holds: resident memory by kind, malloc's heaps (in
                              use, free, mapped) and live GObjects by type
                              (GOBJECT_DEBUG=instance-count); prints what changed
                              from round to round
          --wrap "COMMAND"    Run the window's process under COMMAND (split at
                              spaces), e.g. --wrap "heaptrack -o /tmp/soak"

        """

    struct Options {
        var minutes = 0.0
        var warmup = 300.0
        var block = 60.0
        var actions = SoakScenario.Action.allCases
        var json: String?
        var run = false
        var imageServer: URL?
        var remedies = "all"
        var census = false
        var wrap: [String] = []
        var mapThreshold: Int32?
    }

    /// Whether `arguments` ask for the soak (or its child run).
    static func wants(_ arguments: [String]) -> Bool {
        arguments.contains("--soak") || arguments.contains("--soak-run")
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
        if options.run {
            let remedies = Set(options.remedies.split(separator: ",").map(String.init))
            let all = remedies.contains("all")
            PictureMemory.limitsArenas = all || remedies.contains("arenas")
            PictureMemory.mapsPictures = all || remedies.contains("pixels")
            PictureMemory.mapsLargeBlocks = all || remedies.contains("map")
            if let threshold = options.mapThreshold { PictureMemory.mapThresholdInUse = threshold }
            // First thing, before GTK's and the pool's threads make arenas
            // of their own: where the app's main.swift should call it too.
            PictureMemory.prepare()
            MainActor.assumeIsolated {
                PictureMemory.trimsWhenQuiet = all || remedies.contains("trim")
            }
            var settings = SoakScenario.Settings(seconds: options.minutes * 60, blockSeconds: options.block,
                                                 actions: options.actions, pictures: options.imageServer)
            settings.census = options.census
            return runInProcess { application, finish in
                let scenario = SoakScenario(settings: settings, application: application, done: finish)
                scenario.start()
                return scenario
            }
        }
        guard let imageServer else {
            log("this program can't serve pictures")
            return 1
        }
        return suite(options, executable: arguments[0], imageServer: imageServer)
    }

    private static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        func number(_ name: String) throws -> Double {
            guard let text = rest.popFirst(), let value = Double(text), value >= 0, value < 100_000 else {
                throw BenchmarkMain.Problem("\(name) needs a number")
            }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--soak": options.minutes = try number(argument)
            case "--soak-run":
                options.run = true
                options.minutes = try number(argument)
            case "--warmup": options.warmup = try number(argument)
            case "--block": options.block = max(1, try number(argument))
            case "--actions":
                let names = (rest.popFirst() ?? "").split(separator: ",").map(String.init)
                let actions = names.compactMap(SoakScenario.Action.init(rawValue:))
                guard !actions.isEmpty, actions.count == names.count else {
                    throw BenchmarkMain.Problem("--actions takes scroll, reader, switch, grid, idle")
                }
                options.actions = actions
            case "--image-server":
                guard let text = rest.popFirst(), let url = URL(string: text) else {
                    throw BenchmarkMain.Problem("--image-server needs an address")
                }
                options.imageServer = url
            case "--json": options.json = rest.popFirst()
            case "--census": options.census = true
            case "--map-threshold":
                guard let text = rest.popFirst(), let bytes = Int32(text), (4096...33_554_432).contains(bytes) else {
                    throw BenchmarkMain.Problem("--map-threshold takes bytes, 4096 to 33554432")
                }
                options.mapThreshold = bytes
            case "--wrap":
                options.wrap = (rest.popFirst() ?? "").split(separator: " ").map(String.init)
                guard !options.wrap.isEmpty else { throw BenchmarkMain.Problem("--wrap needs a command") }
            case "--remedies":
                let which = rest.popFirst() ?? ""
                let names = which.split(separator: ",")
                guard ["all", "none"].contains(which) || (!names.isEmpty && names.allSatisfy { ["arenas", "pixels", "map", "trim"].contains($0) })
                else {
                    throw BenchmarkMain.Problem("--remedies takes all, none, or some of arenas, pixels, map, trim (arenas,trim)")
                }
                options.remedies = which
            default: throw BenchmarkMain.Problem("unknown option \(argument) for --soak")
            }
        }
        guard options.minutes > 0 else { throw BenchmarkMain.Problem("--soak needs minutes") }
        return options
    }

    private static func suite(_ options: Options, executable: String, imageServer: BenchmarkMain.ImageServer) -> Int32 {
        let pictures = BenchmarkPictures(png: imageServer.png)
        let server: BenchmarkMain.ImageServer.Running
        do {
            // Feed N's pictures are under /feedN/: the same files.
            server = try imageServer.start { path in
                let parts = path.split(separator: "/", maxSplits: 1)
                guard parts.count == 2, parts[0].hasPrefix("feed") else { return nil }
                return pictures.file(at: "/" + parts[1])
            }
        } catch {
            log("couldn't serve the pictures: \(error)")
            return 1
        }
        let cacheHome = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedline-soak-cache-\(UUID().uuidString)", isDirectory: true)
        let dataHome = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedline-soak-data-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: cacheHome)
            try? FileManager.default.removeItem(at: dataHome)
        }

        log(String(format: "soaking for %.0f minutes (warm-up %.0f s, blocks of %.0f s: ", options.minutes,
                   options.warmup, options.block)
            + options.actions.map(\.rawValue).joined(separator: ", ") + "; remedies: \(options.remedies))…")
        let process = Process()
        var arguments = ["--soak-run", "\(options.minutes)", "--block", "\(options.block)",
                         "--actions", options.actions.map(\.rawValue).joined(separator: ","),
                         "--image-server", server.url.absoluteString, "--remedies", options.remedies]
        if options.census { arguments.append("--census") }
        if let threshold = options.mapThreshold { arguments += ["--map-threshold", "\(threshold)"] }
        if let command = options.wrap.first {
            // The wrapper (heaptrack, valgrind...) from PATH, the program and its arguments after it.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [command] + options.wrap.dropFirst() + [executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome.path
        environment["XDG_DATA_HOME"] = dataHome.path
        if options.census { environment["GOBJECT_DEBUG"] = "instance-count" }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            log("couldn't start \(executable): \(error.localizedDescription)")
            return 1
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              // The last JSON line (a wrapper may print after it).
              let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last(where: { $0.hasPrefix("{") }),
              var report = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            log("the soak run failed (status \(process.terminationStatus))")
            return 1
        }
        report["server_requests"] = server.requestCount()
        report["warmup_s"] = options.warmup
        report["malloc_arena_max"] = environment["MALLOC_ARENA_MAX"]
        report["remedies"] = options.remedies
        report["map_threshold"] = Int(options.mapThreshold ?? PictureMemory.mapThreshold)
        let slopes = Self.slopes(report, warmup: options.warmup)
        report["slopes_mib_per_hour"] = slopes
        print(table(report, slopes: slopes), terminator: "")
        if let census = report["census"] as? [[String: Any]] {
            print(SoakCensus.summary(census, warmup: options.warmup, actions: options.actions.map(\.rawValue)), terminator: "")
        }
        if let path = options.json {
            do {
                try Data((BenchmarkSuite.encode(report) + "\n").utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                log("couldn't write \(path): \(error.localizedDescription)")
                return 1
            }
        }
        return 0
    }

    /// MiB per hour: "overall" over every sample after the warm-up, one
    /// per action (pooled over its blocks after the warm-up), "floor" and
    /// "rounds" over the whole rounds after it, "from_M_min" over every
    /// sample from the M-th minute on (for each of `laterStarts` after the
    /// warm-up and before the last round), and each of the first three
    /// less the toolchain's leak when there is one.
    static func slopes(_ report: [String: Any], warmup: Double) -> [String: Double] {
        let samples = (report["samples"] as? [[Double]] ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
        let blocks = report["blocks"] as? [[String: Any]] ?? []
        var result: [String: Double] = [:]
        result["overall"] = mibPerHour(pooledSlope([samples.filter { $0.0 >= warmup }]))
        var byAction: [String: [[(Double, Double)]]] = [:]
        for block in blocks {
            guard let action = block["action"] as? String, let start = block["start_s"] as? Double,
                  let end = block["end_s"] as? Double else { continue }
            let inBlock = samples.filter { $0.0 >= max(start, warmup) && $0.0 < end }
            if inBlock.count >= 3 { byAction[action, default: []].append(inBlock) }
        }
        for (action, groups) in byAction { result[action] = mibPerHour(pooledSlope(groups)) }
        // The lowest sample of each whole round of actions after the
        // warm-up: what stays between rounds, without the saw-tooth of
        // the caches filling and the heaps being trimmed.
        let actions = (report["actions"] as? [String] ?? []).count
        let round = Double(actions) * (report["block_seconds"] as? Double ?? 0)
        let end = samples.last?.0 ?? 0
        let rounds = wholeRounds(samples, from: warmup, round: round, end: end)
        let floors = rounds.compactMap { $0.samples.min { $0.1 < $1.1 } }
        if floors.count >= 2 { result["floor"] = mibPerHour(pooledSlope([floors])) }
        result["rounds"] = mibPerHour(roundsSlope(rounds, from: warmup, round: round))
        // The same line from later starts: whether what is left after the
        // warm-up is a trend or the first rounds still filling in.
        for minutes in laterStarts where Double(minutes) * 60 > warmup && Double(minutes) * 60 + round < end {
            result["from_\(minutes)_min"] = mibPerHour(pooledSlope([samples.filter { $0.0 >= Double(minutes) * 60 }]))
        }
        if let leak = toolchainLeak(report, warmup: warmup) {
            result["toolchain_leak"] = leak.mibPerHour
            if let overall = result["overall"] { result["overall_less_toolchain"] = overall - leak.mibPerHour }
            for name in ["floor", "rounds"] {
                if let slope = result[name] { result[name + "_less_toolchain"] = slope - leak.mibPerHour }
            }
        }
        return result
    }

    /// The minutes from which `slopes` fits a line again.
    static let laterStarts = [10, 15, 20, 30]

    /// A slope in KiB a second (`pooledSlope`) in MiB an hour.
    private static func mibPerHour(_ kibPerSecond: Double?) -> Double? {
        kibPerSecond.map { $0 * 3600 / 1024 }
    }

    /// A whole round's number from the warm-up's end, and its samples
    /// (seconds, KiB).
    typealias Round = (index: Int, samples: [(Double, Double)])

    /// The samples of each whole round of `round` seconds from `start`,
    /// in order; the round the run ended in is left out (a second's
    /// grace for the last sample). None when a round has no length.
    static func wholeRounds(_ samples: [(Double, Double)], from start: Double, round: Double, end: Double) -> [Round] {
        guard round > 0 else { return [] }
        let byRound = Dictionary(grouping: samples.filter { $0.0 >= start }) { Int(($0.0 - start) / round) }
        let whole = byRound.filter { index, _ in Double(index + 1) * round + start <= end + 1 }
        return whole.sorted { $0.key < $1.key }.map { Round(index: $0.key, samples: $0.value) }
    }

    /// The slope of each whole round's mean (at the round's middle): the
    /// trend with the round's own rise and fall taken out. A line fitted
    /// through every sample also leans with the shape of each round: a
    /// round of 5 minutes rising steadily by 15 MiB and dropping back
    /// tilts it by 1.2 MiB an hour over an hour's twelve rounds. Nil with
    /// fewer than two whole rounds.
    static func roundsSlope(_ rounds: [Round], from start: Double, round: Double) -> Double? {
        let means = rounds.map { index, samples in
            (start + (Double(index) + 0.5) * round, samples.map(\.1).reduce(0, +) / Double(samples.count))
        }
        return means.count >= 2 ? pooledSlope([means]) : nil
    }

    /// Heap kept for good by every picture request, not by Feedline: the
    /// toolchain's FoundationNetworking (`CFURLSessionCurlHostIsEqual`
    /// frees the `CURLU` it parses each task's address into with
    /// `curl_free`, not `curl_url_cleanup`, so its scheme, host, port and
    /// path stay allocated: 4 blocks, 66 bytes asked for, 144 bytes of
    /// heap for addresses like the soak's, measured with mallinfo2 and
    /// heaptrack: docs/BENCHMARKS.md, "Long use").
    static let toolchainBytesPerRequest = 144.0

    /// What that leak adds to the slopes: the picture requests sent after
    /// the warm-up (from the run's own counts at the blocks' starts and
    /// its end, interpolated at the warm-up) × `toolchainBytesPerRequest`,
    /// in MiB an hour over the same span as the slopes.
    static func toolchainLeak(_ report: [String: Any], warmup: Double) -> (requests: Int, mibPerHour: Double)? {
        let marks = (report["request_marks"] as? [[Double]] ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
        guard let end = (report["samples"] as? [[Double]])?.last?.first, end > warmup,
              let last = marks.last, let first = marks.first, first.0 <= warmup else { return nil }
        func requests(at time: Double) -> Double {
            guard let after = marks.firstIndex(where: { $0.0 >= time }) else { return last.1 }
            guard after > 0 else { return marks[after].1 }
            let (t0, r0) = marks[after - 1], (t1, r1) = marks[after]
            return t1 > t0 ? r0 + (r1 - r0) * (time - t0) / (t1 - t0) : r1
        }
        let count = requests(at: end) - requests(at: warmup)
        return (Int(count.rounded()), count * toolchainBytesPerRequest / 1_048_576 / (end - warmup) * 3600)
    }

    /// Least squares of y on x with an intercept of each group's own: KiB
    /// per second.
    static func pooledSlope(_ groups: [[(Double, Double)]]) -> Double? {
        var sxy = 0.0, sxx = 0.0
        for group in groups where group.count >= 2 {
            let mx = group.map(\.0).reduce(0, +) / Double(group.count)
            let my = group.map(\.1).reduce(0, +) / Double(group.count)
            for (x, y) in group {
                sxy += (x - mx) * (y - my)
                sxx += (x - mx) * (x - mx)
            }
        }
        return sxx > 0 ? sxy / sxx : nil
    }

    private static func table(_ report: [String: Any], slopes: [String: Double]) -> String {
        let samples = report["samples"] as? [[Double]] ?? []
        let warmup = report["warmup_s"] as? Double ?? 0
        let atWarmup = samples.first { $0[0] >= warmup }?[1] ?? 0
        let last = samples.last?[1] ?? 0
        var lines = [String(format: "soak: %.0f s, warm-up %.0f s; resident %.1f MiB after the warm-up, %.1f MiB at the end, peak %.1f MiB",
                            report["seconds"] as? Double ?? 0, warmup, atWarmup / 1024, last / 1024,
                            Double(report["peak_rss_kb"] as? Int ?? 0) / 1024)]
        lines.append("resident memory slope after the warm-up (MiB/h):")
        let order = ["overall", "rounds", "floor"] + SoakScenario.Action.allCases.map(\.rawValue)
        for name in order {
            guard let slope = slopes[name] else { continue }
            lines.append("  " + name.padding(toLength: 10, withPad: " ", startingAt: 0) + String(format: "%+9.1f", slope))
        }
        let later = laterStarts.compactMap { minutes in
            slopes["from_\(minutes)_min"].map { String(format: "%+.1f from the %dth minute", $0, minutes) }
        }
        if !later.isEmpty { lines.append("  overall, fitted " + later.joined(separator: ", ")) }
        if let leak = toolchainLeak(report, warmup: warmup) {
            lines.append(String(format: "of which the toolchain's (FoundationNetworking keeps %.0f B a picture request "
                                    + "the app did not clean up after: docs/BENCHMARKS.md): %d such requests after the "
                                    + "warm-up, %+.1f MiB/h",
                                toolchainBytesPerRequest, leak.requests, leak.mibPerHour))
            for name in ["overall", "rounds", "floor"] {
                guard let slope = slopes[name + "_less_toolchain"] else { continue }
                lines.append("  " + (name + " less it").padding(toLength: 18, withPad: " ", startingAt: 0)
                    + String(format: "%+9.1f", slope))
            }
        }
        if let counts = report["counts"] as? [String: Int] {
            lines.append("done: " + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                + ", pictures decoded \(report["decoded"] as? Int ?? 0)")
        }
        let busy = report["scroll_frame_busy_ms"] as? [String: Double] ?? [:]
        lines.append(String(format: "CPU %.0f s (main thread %.0f s); main thread per frame while scrolling p50 %.2f, p95 %.2f ms",
                            report["cpu_s"] as? Double ?? 0, report["main_thread_cpu_s"] as? Double ?? 0,
                            busy["p50"] ?? 0, busy["p95"] ?? 0))
        lines.append("remedies: \(report["remedies"] as? String ?? "?"); "
            + "GLib's slices: \(report["glib_slices"] as? String ?? "?"); "
            + String(format: "trims %d, %.1f ms in all", report["trims"] as? Int ?? 0,
                     (report["trim_seconds"] as? Double ?? 0) * 1000))
        let files = report["open_files"] as? [Int] ?? []
        let threads = report["threads"] as? [Int] ?? []
        if files.count == 2, threads.count == 2 {
            lines.append("open files \(files[0]) → \(files[1]), threads \(threads[0]) → \(threads[1])")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func log(_ message: String) {
        FileHandle.standardError.write(Data("feedline-bench: \(message)\n".utf8))
    }
}
