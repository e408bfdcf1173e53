import FeedlineUI
import FeedCore
import Foundation

/// The whole comparison: each scenario in a child process, then the C
/// reference, a table on stdout and (with --json) the figures in a file.
struct BenchmarkSuite {
    let options: BenchmarkMain.Options
    let executable: String

    /// One scroll run: a strategy under one set of conditions.
    struct Run {
        var strategy: PrefetchStrategy
        var latency: Int
        var jitter = 0
        var speed: Double
        var pageSize: Int
        var idle = 0.0
        /// What sets this run apart from the grid, for the second table.
        var condition: String?
        /// The feed names its pages ahead (page numbers).
        var numbered = false
    }

    /// Every strategy at every latency and speed, pages of the chosen
    /// size. Idle cost is measured once, in Feedline's own run at 300 ms
    /// (or the first latency) and the fastest speed.
    var grid: [Run] {
        let idleLatency = options.latencies.contains(300) ? 300 : options.latencies[0]
        return options.speeds.flatMap { speed in
            options.latencies.flatMap { latency in
                options.strategies.map { strategy in
                    let measuresIdle = strategy == .adaptive && latency == idleLatency && speed == options.speeds.last
                    return Run(strategy: strategy, latency: latency, speed: speed, pageSize: options.scroll.pageSize,
                               idle: measuresIdle ? options.scroll.idleSeconds : 0)
                }
            }
        }
    }

    /// The conditions the grid leaves out, at the fastest speed: latency
    /// that varies from page to page; the 1,000 ms latency with pages of
    /// 40 (the largest page Mastodon gives; GitHub and Hacker News give
    /// 30); and Feedline with pages of 500, whose splices are the largest
    /// work the main thread does.
    var moreConditions: [Run] {
        guard options.moreConditions, let speed = options.speeds.last else { return [] }
        let jittered = options.strategies.map {
            Run(strategy: $0, latency: 300, jitter: 200, speed: speed, pageSize: options.scroll.pageSize,
                condition: "300 ± 200 ms")
        }
        let larger = options.strategies.map {
            Run(strategy: $0, latency: 1000, speed: speed, pageSize: 40, condition: "1000 ms, pages of 40")
        }
        let large = Run(strategy: .adaptive, latency: 300, speed: speed, pageSize: 500,
                        condition: "300 ms, pages of 500")
        // Page numbers at 1,000 ms: one page in flight cannot keep up with
        // pages of 20; Feedline asks for several at once.
        let slowPages = Run(strategy: .adaptive, latency: 1000, speed: speed, pageSize: 20,
                            condition: "1000 ms, pages of 20, one in flight")
        let numbered = Run(strategy: .adaptive, latency: 1000, speed: speed, pageSize: 20,
                           condition: "1000 ms, pages of 20, numbered pages", numbered: true)
        return jittered + larger + [large, slowPages, numbered]
    }

    func run() -> Int32 {
        var runs: [[String: Any]] = []
        var moreRuns: [[String: Any]] = []
        for run in grid + moreConditions {
            var label = "\(run.strategy.rawValue) \(run.latency) ms \(Int(run.speed)) px/s"
            if let condition = run.condition { label += " (\(condition))" }
            log("running \(label)…")
            guard var result = child([
                "--scenario", "--strategy", run.strategy.rawValue, "--latency", "\(run.latency)",
                "--jitter", "\(run.jitter)", "--speed", "\(Int(run.speed))", "--rows", "\(options.scroll.rows)",
                "--page-size", "\(run.pageSize)", "--idle", "\(Int(run.idle))",
            ] + (run.numbered ? ["--numbered"] : [])) else { return 1 }
            result["strategy"] = run.strategy.rawValue
            result["latency_ms"] = run.latency
            result["jitter_ms"] = run.jitter
            result["speed_px_s"] = run.speed
            result["page_size"] = run.pageSize
            if let condition = run.condition {
                result["condition"] = condition
                moreRuns.append(result)
            } else {
                runs.append(result)
            }
        }
        log("running first row (no latency)…")
        guard let firstRow = child(["--scenario", "--latency", "0", "--rows", "50", "--idle", "0"]) else { return 1 }
        var memory: [String: Any]?
        if options.memoryItems > 0 {
            log("running memory with \(options.memoryItems) items…")
            memory = child(["--memory", "\(options.memoryItems)"])
        }
        let reference = runReference()
        var report: [String: Any] = [
            "rows_per_run": options.scroll.rows, "page_size": options.scroll.pageSize,
            "runs": runs, "more_runs": moreRuns, "first_row": firstRow,
        ]
        report["memory"] = memory
        report["reference"] = reference
        report["ratios"] = ratios(runs: runs, firstRow: firstRow, memory: memory, reference: reference)
        print(table(runs: runs + moreRuns), terminator: "")
        print(summary(report), terminator: "")
        return write(report)
    }

    // MARK: Store

    /// The store comparison: fill a store, time its pages at the top and
    /// deep down, scroll All items from it in the real window, and take the
    /// C reference's first row and frame times for the ratios. Each step in
    /// a process of its own.
    func runStore() -> Int32 {
        let size = ["--store-items", "\(options.storeItems)", "--store-feeds", "\(options.storeFeeds)"]
        guard let (kept, fill) = cachedStore(size) else { return 1 }
        // A copy for each run: the window keeps its reading place (and
        // marks items read) in the store, which the next run must not see.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("feedline-bench-store-\(UUID().uuidString).sqlite")
        func removeCopy() { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        defer { removeCopy() }
        func freshCopy() -> Bool {
            removeCopy()
            do {
                try FileManager.default.copyItem(at: kept, to: url)
                return true
            } catch {
                log("couldn't copy the store: \(error)")
                return false
            }
        }
        guard freshCopy() else { return 1 }
        log("timing pages at the top and deep down…")
        guard let pages = child(["--store-pages", url.path] + size) else { return 1 }
        let scroll = options.scroll
        var rounds: [(run: [String: Any], reference: [String: Any]?)] = []
        for round in 1...options.rounds {
            guard round == 1 || freshCopy() else { return 1 }
            log("round \(round) of \(options.rounds): scrolling All items at \(Int(scroll.speed)) px/s…")
            guard let run = child(["--scenario", "--store", url.path, "--latency", "0", "--speed", "\(Int(scroll.speed))",
                                   "--rows", "\(scroll.rows)", "--page-size", "50", "--idle", "0"]) else { return 1 }
            rounds.append((run, runReference()))
        }
        let run = rounds[0].run
        let deepRows = min(options.storeItems, 1_000_000)
        // The run samples its end too.
        let marks = [10_000, 100_000].filter { $0 < deepRows }
        log("scrolling \(deepRows) rows of All items as fast as they come, for memory…")
        guard let deep = child(["--scenario", "--store", url.path, "--latency", "0", "--speed", "100000",
                                "--rows", "\(deepRows)", "--page-size", "50", "--idle", "0",
                                "--memory-at", (marks + [deepRows]).map(String.init).joined(separator: ",")]) else { return 1 }
        let reference = rounds[0].reference
        var report: [String: Any] = ["suite": "store", "fill": fill, "pages": pages, "scroll": run, "deep_scroll": deep]
        report["reference"] = reference
        let figures = rounds.map(Self.roundFigures)
        report["rounds"] = figures
        var ratios: [String: Double] = [:]
        if let top = (pages["top_ms"] as? [String: Double])?["p50"], let deep = (pages["deep_ms"] as? [String: Double])?["p50"],
           top > 0 {
            ratios["deep_over_top_p50"] = deep / top
        }
        for key in ["time_to_first_row", "frame_busy_p95"] {
            if let median = Self.median(figures.compactMap { $0[key + "_ratio"] }) { ratios[key] = median }
        }
        let memory = deep["memory"] as? [String: Any] ?? [:]
        let atRows = memory["at_rows"] as? [[String: Int]] ?? []
        let samples = atRows.reduce(into: [Int: Int]()) { $0[$1["rows"] ?? 0] = $1["rss_kb"] }
        if let first = samples[10_000], let last = atRows.last?["rss_kb"], first > 0 {
            ratios["rss_end_over_10000_rows"] = Double(last) / Double(first)
        }
        if let at100k = samples[100_000],
           let other = Self.median(rounds.compactMap { ($0.reference?["rss_kb_at_end"] as? Int).map(Double.init) }), other > 0 {
            ratios["rss_100000_rows_over_reference"] = Double(at100k) / other
        }
        report["ratios"] = ratios
        print(storeSummary(report), terminator: "")
        return write(report)
    }

    /// One round of the store suite: the scroll's time to first row and
    /// frame busy p95, the reference's, and their ratios (missing without
    /// the reference).
    private static func roundFigures(_ round: (run: [String: Any], reference: [String: Any]?)) -> [String: Double] {
        var figures: [String: Double] = [:]
        func p95(_ object: [String: Any]?) -> Double? { (object?["frame_busy_ms"] as? [String: Double])?["p95"] }
        figures["time_to_first_row_ms"] = round.run["time_to_first_row_ms"] as? Double
        figures["frame_busy_p95_ms"] = p95(round.run)
        figures["reference_time_to_first_row_ms"] = round.reference?["time_to_first_row_ms"] as? Double
        figures["reference_frame_busy_p95_ms"] = p95(round.reference)
        for (key, ours, theirs) in [("time_to_first_row", "time_to_first_row_ms", "reference_time_to_first_row_ms"),
                                    ("frame_busy_p95", "frame_busy_p95_ms", "reference_frame_busy_p95_ms")] {
            if let ours = figures[ours], let theirs = figures[theirs], theirs > 0 { figures[key + "_ratio"] = ours / theirs }
        }
        return figures
    }

    /// The middle value (the mean of the middle two of an even count;
    /// `Percentiles` takes the nearer one).
    private static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The store of `size` (`--store-items`, `--store-feeds`) beside this
    /// program, filled by a child the first time (101 s for 1,000,000
    /// items) and kept for the next runs; its path and the fill's figures.
    private func cachedStore(_ size: [String]) -> (URL, [String: Any])? {
        let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let url = folder.appendingPathComponent("feedline-bench-store-\(options.storeItems)x\(options.storeFeeds).sqlite")
        if FileManager.default.fileExists(atPath: url.path) {
            log("using the store made earlier: \(url.path)")
            return (url, ["items": options.storeItems, "feeds": options.storeFeeds, "cached": true])
        }
        let filling = folder.appendingPathComponent("feedline-bench-store-filling.sqlite")
        log("filling a store of \(options.storeItems) items over \(options.storeFeeds) feeds…")
        guard let fill = child(["--store-fill", filling.path] + size) else { return nil }
        do {
            try FileManager.default.moveItem(at: filling, to: url)
        } catch {
            log("couldn't keep the store: \(error)")
            return nil
        }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: filling.path + suffix) }
        return (url, fill)
    }

    private func storeSummary(_ report: [String: Any]) -> String {
        let fill = report["fill"] as? [String: Any] ?? [:]
        let pages = report["pages"] as? [String: Any] ?? [:]
        let run = report["scroll"] as? [String: Any] ?? [:]
        let ratios = report["ratios"] as? [String: Double] ?? [:]
        let rounds = report["rounds"] as? [[String: Double]] ?? []
        func p(_ object: [String: Any], _ key: String, _ percentile: String) -> Double {
            (object[key] as? [String: Double])?[percentile] ?? 0
        }
        return [
            String(format: "store: %d items over %d feeds, filled in %.1f s, %.0f MB",
                   fill["items"] as? Int ?? 0, fill["feeds"] as? Int ?? 0, fill["fill_seconds"] as? Double ?? 0,
                   fill["file_mb"] as? Double ?? 0),
            String(format: "page of 50: top p50 %.3f ms p95 %.3f ms; %d down p50 %.3f ms p95 %.3f ms (%.2fx)",
                   p(pages, "top_ms", "p50"), p(pages, "top_ms", "p95"), pages["deep_at"] as? Int ?? 0,
                   p(pages, "deep_ms", "p50"), p(pages, "deep_ms", "p95"), ratios["deep_over_top_p50"] ?? 0),
            roundsSummary(rounds, key: "time_to_first_row", name: "first row", format: "%.0f",
                          median: ratios["time_to_first_row"]),
            roundsSummary(rounds, key: "frame_busy_p95", name: "frame busy p95", format: "%.2f",
                          median: ratios["frame_busy_p95"]),
            String(format: "first round: stalls %d in %d rows, duplicates %d, skipped %d",
                   run["stalls"] as? Int ?? 0, run["rows"] as? Int ?? 0, run["duplicates"] as? Int ?? 0,
                   run["skipped"] as? Int ?? 0),
            memorySummary(report["deep_scroll"] as? [String: Any] ?? [:], ratios: ratios),
        ].joined(separator: "\n") + "\n"
    }

    /// One figure over the rounds, for the store's summary: each round's
    /// ours / the reference's (ratio), then the median ratio.
    private func roundsSummary(_ rounds: [[String: Double]], key: String, name: String, format: String,
                               median: Double?) -> String {
        let each = rounds.map { round in
            String(format: "\(format) / \(format) (%.2fx)", round[key + "_ms"] ?? 0, round["reference_" + key + "_ms"] ?? 0,
                   round[key + "_ratio"] ?? 0)
        }
        return "\(name), ours / the reference's (ms), by round: " + each.joined(separator: ", ")
            + String(format: "; median %.2fx", median ?? 0)
    }

    /// The deep scroll's memory, for the store's summary.
    private func memorySummary(_ run: [String: Any], ratios: [String: Double]) -> String {
        let memory = run["memory"] as? [String: Any] ?? [:]
        let samples = (memory["at_rows"] as? [[String: Int]] ?? []).map { sample in
            String(format: "%d rows %.1f MiB", sample["rows"] ?? 0, Double(sample["rss_kb"] ?? 0) / 1024)
        }
        return [
            String(format: "memory: start %.1f MiB; ", Double(memory["start_kb"] as? Int ?? 0) / 1024)
                + samples.joined(separator: "; ")
                + String(format: "; to the middle in %.0f ms; back at the top %.1f MiB (in %.0f ms); %d items held of %d",
                         memory["middle_jump_ms"] as? Double ?? 0,
                         Double(memory["after_back_at_top_kb"] as? Int ?? 0) / 1024, memory["back_at_top_ms"] as? Double ?? 0,
                         memory["held_items"] as? Int ?? 0, run["items_loaded"] as? Int ?? 0),
            String(format: "the end over 10,000 rows %.3fx; 100,000 rows over the reference's 100,000 items %.2fx",
                   ratios["rss_end_over_10000_rows"] ?? 0, ratios["rss_100000_rows_over_reference"] ?? 0),
            String(format: "deep scroll: %d rows, stalls %d, duplicates %d, skipped %d; placeholders %d (%.2f per 1,000 rows), longest %.0f ms",
                   run["rows"] as? Int ?? 0, run["stalls"] as? Int ?? 0, run["duplicates"] as? Int ?? 0,
                   run["skipped"] as? Int ?? 0, run["placeholders"] as? Int ?? 0,
                   run["placeholders_per_1000_rows"] as? Double ?? 0, run["placeholder_longest_ms"] as? Double ?? 0),
        ].joined(separator: "\n")
    }

    // MARK: Images

    /// The image comparison: the same scroll without pictures and with
    /// them, each in a process of its own with an empty disk cache, the
    /// pictures served from this process over HTTP on 127.0.0.1.
    func runImages(imageServer: BenchmarkMain.ImageServer?) -> Int32 {
        guard let imageServer else {
            log("this program can't serve pictures")
            return 1
        }
        log("making the pictures…")
        let pictures: BenchmarkPictures
        let server: BenchmarkMain.ImageServer.Running
        do {
            (pictures, server) = try imageServer.serve()
        } catch {
            log("couldn't serve the pictures: \(error)")
            return 1
        }
        let scroll = options.scroll
        let arguments = [
            "--scenario", "--strategy", scroll.strategy.rawValue, "--latency", "\(options.latency)",
            "--jitter", "\(options.jitter)", "--speed", "\(Int(scroll.speed))", "--rows", "\(scroll.rows)",
            "--page-size", "\(scroll.pageSize)", "--idle", "0",
        ]
        var report: [String: Any] = [
            "suite": "images", "rows_per_run": scroll.rows, "page_size": scroll.pageSize,
            "strategy": scroll.strategy.rawValue, "latency_ms": options.latency, "jitter_ms": options.jitter,
            "speed_px_s": scroll.speed, "pictures": pictures.json,
        ]
        for images in [false, true] {
            log("running \(scroll.rows) rows at \(Int(scroll.speed)) px/s \(images ? "with" : "without") pictures…")
            let before = server.requestCount()
            guard var result = child(arguments + (images ? ["--images", "--image-server", server.url.absoluteString] : []))
            else { return 1 }
            result["server_requests"] = server.requestCount() - before
            report[images ? "with_images" : "without_images"] = result
        }
        report["ratios"] = imageRatios(report)
        print(imageTable(report), terminator: "")
        return write(report)
    }

    /// With pictures over without.
    private func imageRatios(_ report: [String: Any]) -> [String: Double] {
        guard let with = report["with_images"] as? [String: Any],
              let without = report["without_images"] as? [String: Any] else { return [:] }
        var ratios: [String: Double] = [:]
        func ratio(_ name: String, _ value: ([String: Any]) -> Double?) {
            if let a = value(with), let b = value(without), b > 0 { ratios[name] = a / b }
        }
        ratio("peak_rss") { ($0["peak_rss_kb"] as? Int).map(Double.init) }
        for percentile in ["p50", "p95", "p99", "max"] {
            ratio("frame_interval_\(percentile)") { ($0["frame_interval_ms"] as? [String: Double])?[percentile] }
        }
        ratio("frame_busy_p95") { ($0["frame_busy_ms"] as? [String: Double])?["p95"] }
        return ratios
    }

    private func imageTable(_ report: [String: Any]) -> String {
        let runs = [("without", report["without_images"] as? [String: Any] ?? [:]),
                    ("with", report["with_images"] as? [String: Any] ?? [:])]
        var lines = ["pictures" + ["frame50", "frame95", "frame99", "framemax", "busy95", "long", "stalls", "peak MiB",
                                   "decoded", "requests", "failed", "late %", "dup", "skip"]
            .map { String(repeating: " ", count: max(1, 10 - $0.count)) + $0 }.joined()]
        for (name, run) in runs {
            let interval = run["frame_interval_ms"] as? [String: Double] ?? [:]
            let busy = run["frame_busy_ms"] as? [String: Double] ?? [:]
            let images = run["images"] as? [String: Any] ?? [:]
            lines.append(name.padding(toLength: 8, withPad: " ", startingAt: 0) + String(
                format: "%10.1f%10.1f%10.1f%10.1f%10.2f%10d%10d%10.0f%10d%10d%10d%10.1f%10d%10d",
                interval["p50"] ?? 0, interval["p95"] ?? 0, interval["p99"] ?? 0, interval["max"] ?? 0,
                busy["p95"] ?? 0, run["long_frames"] as? Int ?? 0, run["stalls"] as? Int ?? 0,
                Double(run["peak_rss_kb"] as? Int ?? 0) / 1024, images["decoded"] as? Int ?? 0,
                images["requests"] as? Int ?? 0, images["failed"] as? Int ?? 0,
                images["missing_in_view_percent"] as? Double ?? 0, run["duplicates"] as? Int ?? 0,
                run["skipped"] as? Int ?? 0))
        }
        if let ratios = report["ratios"] as? [String: Double] {
            lines.append("with over without: " + ratios.sorted { $0.key < $1.key }
                .map { "\($0.key) " + String(format: "%.2fx", $0.value) }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the report where --json says, if it says.
    private func write(_ report: [String: Any]) -> Int32 {
        guard let path = options.json else { return 0 }
        do {
            try Data((Self.encode(report) + "\n").utf8).write(to: URL(fileURLWithPath: path))
            return 0
        } catch {
            log("couldn't write \(path): \(error.localizedDescription)")
            return 1
        }
    }

    // MARK: Processes

    /// Runs this program with `arguments` and reads the JSON it prints.
    private func child(_ arguments: [String]) -> [String: Any]? {
        run(URL(fileURLWithPath: executable), arguments)
    }

    private func runReference() -> [String: Any]? {
        let path = options.reference
            ?? URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("feedline-reference").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            log("no C reference at \(path) (build it with meson, or pass --reference): ratios left out")
            return nil
        }
        log("running the C reference…")
        return run(URL(fileURLWithPath: path), [
            "--items", "\(options.memoryItems > 0 ? options.memoryItems : 100_000)",
            "--speed", "\(Int(options.speeds.last ?? 2000))", "--rows", "\(options.scroll.rows)",
        ])
    }

    private func run(_ program: URL, _ arguments: [String]) -> [String: Any]? {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            log("couldn't start \(program.path): \(error.localizedDescription)")
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last,
              let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            log("\(program.lastPathComponent) \(arguments.joined(separator: " ")) failed (status \(process.terminationStatus))")
            return nil
        }
        return json
    }

    private func log(_ message: String) {
        FileHandle.standardError.write(Data("feedline-bench: \(message)\n".utf8))
    }

    // MARK: Reporting

    private func ratios(runs: [[String: Any]], firstRow: [String: Any], memory: [String: Any]?,
                        reference: [String: Any]?) -> [String: Double]? {
        guard let reference,
              // Feedline's own run at the speed the reference scrolled.
              let own = runs.first(where: {
                  $0["strategy"] as? String == "feedline" && $0["latency_ms"] as? Int == 300
                      && $0["speed_px_s"] as? Double == options.speeds.last
              }) ?? runs.first,
              let busy = (own["frame_busy_ms"] as? [String: Double])?["p95"],
              let referenceBusy = (reference["frame_busy_ms"] as? [String: Double])?["p95"], referenceBusy > 0 else {
            return nil
        }
        var ratios = ["frame_busy_p95": busy / referenceBusy]
        if let ttfr = firstRow["time_to_first_row_ms"] as? Double,
           let referenceTTFR = reference["time_to_first_row_ms"] as? Double, referenceTTFR > 0 {
            ratios["time_to_first_row"] = ttfr / referenceTTFR
        }
        if let rss = memory?["rss_kb_at_end"] as? Int, let referenceRSS = reference["rss_kb_at_end"] as? Int,
           referenceRSS > 0 {
            ratios["rss_at_items"] = Double(rss) / Double(referenceRSS)
            // The target: 1.3 times the reference, plus the items' own text.
            let text = memory?["text_kb"] as? Double ?? 0
            ratios["rss_of_target"] = Double(rss) / (1.3 * Double(referenceRSS) + text)
        }
        return ratios
    }

    private func table(runs: [[String: Any]]) -> String {
        let header = ["latency", "px/s", "stalls/1k", "stall ms/1k", "frame50", "frame95", "frame99", "busy95",
                      "pages", "in flight", "dup", "skip", "widgets"]
        var lines = ["strategy".padding(toLength: 12, withPad: " ", startingAt: 0)
            + header.map { String(repeating: " ", count: max(1, 12 - $0.count)) + $0 }.joined()]
        for run in runs {
            let interval = run["frame_interval_ms"] as? [String: Double] ?? [:]
            let busy = run["frame_busy_ms"] as? [String: Double] ?? [:]
            let name = (run["strategy"] as? String ?? "?").padding(toLength: 12, withPad: " ", startingAt: 0)
            lines.append(name + String(
                format: "%12d%12d%12.1f%12.0f%12.1f%12.1f%12.1f%12.2f%12d%12d%12d%12d%12d",
                run["latency_ms"] as? Int ?? 0,
                Int(run["speed_px_s"] as? Double ?? 0), run["stalls_per_1000_rows"] as? Double ?? 0,
                run["stall_ms_per_1000_rows"] as? Double ?? 0, interval["p50"] ?? 0, interval["p95"] ?? 0,
                interval["p99"] ?? 0, busy["p95"] ?? 0, run["pages_requested"] as? Int ?? 0,
                run["most_pages_in_flight"] as? Int ?? 0, run["duplicates"] as? Int ?? 0, run["skipped"] as? Int ?? 0, run["row_widgets"] as? Int ?? 0)
                + ((run["condition"] as? String).map { "  " + $0 } ?? ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func summary(_ report: [String: Any]) -> String {
        var lines: [String] = []
        if let firstRow = report["first_row"] as? [String: Any] {
            lines.append(String(format: "time to first row: %.0f ms", firstRow["time_to_first_row_ms"] as? Double ?? 0))
        }
        if let idle = (report["runs"] as? [[String: Any]])?.first(where: { ($0["idle_seconds"] as? Double ?? 0) > 0 }) {
            lines.append(String(format: "idle %.0f s: %.1f ms CPU, %d voluntary context switches",
                                idle["idle_seconds"] as? Double ?? 0, idle["idle_cpu_ms"] as? Double ?? 0,
                                idle["idle_wakeups"] as? Int ?? 0))
        }
        if let memory = report["memory"] as? [String: Any] {
            lines.append(String(format: "memory: %d KiB resident at %d items (their text: %.0f KiB), %.0f KiB per 10,000 items, peak %d KiB",
                                memory["rss_kb_at_end"] as? Int ?? 0, memory["items"] as? Int ?? 0,
                                memory["text_kb"] as? Double ?? 0,
                                memory["rss_kb_per_10k_items"] as? Double ?? 0, memory["peak_rss_kb"] as? Int ?? 0))
        }
        if let ratios = report["ratios"] as? [String: Double] {
            lines.append("against the C reference: " + ratios.sorted { $0.key < $1.key }
                .map { "\($0.key) " + String(format: "%.2fx", $0.value) }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func encode(_ json: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
