import FeedlineUI
import FeedCore
import Foundation
import GtkKit

/// `feedline-bench`: drives the real Feedline window on the current display
/// and reports what a reader would feel (stalls, frame times) and what it
/// costs (main-thread time per frame, memory, idle wake-ups).
///
/// Each scenario runs in a process of its own (the same executable, with
/// `--scenario` or `--memory`), so one run's memory and caches never
/// colour the next; the suite gathers their JSON, runs the C reference
/// program for the ratios, prints a table and writes everything as JSON.
public enum BenchmarkMain {
    public static let usage = """
        Usage: feedline-bench [OPTION…]

        Runs the real Feedline window on a synthetic feed, scrolled by the frame
        clock, and compares paging strategies. Needs a display (scripts/bench
        starts Xvfb with GSK_RENDERER=cairo).

        The suite (default): every strategy × latency × speed; then, at the
        fastest speed, latency of 300 ± 200 ms, 1000 ms with pages of 40, and
        Feedline with pages of 500; a memory run and the C reference. Prints a
        table and writes JSON.
          --rows N            Rows to scroll in each run (default 500)
          --latencies LIST    Page latencies in ms (default 100,300,1000)
          --speeds LIST       Scroll speeds in px/s (default 1000,2000)
          --strategies LIST   last-row,five-before,edge,feedline (default: all)
          --page-size N       Items a page in the grid (default 20)
          --grid-only         Leave out the conditions after the grid
          --idle S            Idle time measured in one Feedline run (default 10)
          --memory-items N    Items for the memory run (default 100000; 0: none)
          --reference PATH    The C reference program (default: feedline-reference
                              beside this program, if there)
          --json PATH         Where to write the results (default: none)

        The image comparison (--suite images): the same scroll twice, without
        pictures and with them: 2,000 rows at 2,000 px/s, 300 ms pages of 20,
        the feedline strategy. With pictures, every row has its author's
        avatar (a 96 × 96 PNG, 17 authors) and a photo of its own address
        (JPEG, about 800 × 600 and 100 KB, 8 different ones), served by this
        program over HTTP on 127.0.0.1 with Cache-Control, and each run starts
        with an empty disk cache. Prints frame times, main-thread time per
        frame, stalls, peak memory and what the pictures did, with the ratios.
          --suite NAME        paging (the default, above), images, store, import or update
                              (below)
          --rows N            Rows to scroll in each run (default 2000)
          --latency, --jitter, --speed, --page-size, --strategy, --json
                              as for one run (below)

        The store comparison (--suite store): a store of --store-items items
        (default 1000000) over --store-feeds feeds (default 500); page read times of All items at the top and 90 % of the way down
        (200 pages of 50 each); the real window scrolling All items from it at
        --speed px/s (default 2000) for --rows rows (default 2000), and the C
        reference, in turn for --rounds rounds (default 5), each scroll on a
        fresh copy: the ratios of time to first row and frame busy p95 are
        the median of the rounds' (one round's ratios vary by a third). Then
        All items scrolled to its end (at most 1,000,000 rows) as fast as pages
        come, its memory sampled at 10,000 and 100,000 rows and at the end, and
        after jumps to the middle and back to the top. The store is made once
        and kept beside this program (each run works on a copy).
          --store PATH        With --scenario: scroll a store's All items
          --memory-at N,N     With --store: resident memory after scrolling
                              each number of rows and at the end, then after
                              jumps to the middle and back to the top

        One run, printed as JSON (what the suites start):
          --scenario          Scroll once, with:
            --strategy NAME   (default feedline)
            --latency MS      (default 300)   --jitter MS   (default 0)
            --page-size N     (default 20)    --speed PX/S  (default 2000)
            --rows N          (default 500)   --idle S      (default 10)
            --numbered        The feed names its pages ahead (page numbers):
                              several may be asked for at once
            --images          Items with pictures (an empty disk cache under
                              a fresh XDG_CACHE_HOME), served by this run
                              itself unless:
            --image-server URL  where they are (the images suite's server)
          --memory N          Load N items and sample memory
          --reader N          Open the reader view and move to the next item
                              N times, holding Right, with:
            --rate N          moves a second (default 20)
            --latency MS      (default 300)   --page-size N (default 20)

        """

    /// How `feedline-bench` serves pictures over real HTTP: its main.swift
    /// hands over the tests' loopback server (`FeedTestSupport`, which
    /// this library does not import) and their PNG maker.
    public struct ImageServer: Sendable {
        /// A server that runs until the process ends.
        public struct Running: Sendable {
            /// `http://127.0.0.1:PORT`
            public let url: URL
            /// Requests it has answered so far.
            public let requestCount: @Sendable () -> Int

            public init(url: URL, requestCount: @escaping @Sendable () -> Int) {
                self.url = url
                self.requestCount = requestCount
            }
        }

        /// Starts a server on 127.0.0.1 answering a GET of a path with the
        /// file `file` gives for it (404 for nil).
        public let start: @Sendable (_ file: @escaping @Sendable (String) -> BenchmarkPictures.File?) throws -> Running
        /// A `size` × `size` PNG of one colour.
        public let png: @Sendable (_ size: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Data

        public init(start: @escaping @Sendable (_ file: @escaping @Sendable (String) -> BenchmarkPictures.File?) throws -> Running,
                    png: @escaping @Sendable (_ size: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Data) {
            self.start = start
            self.png = png
        }

        /// Makes the pictures and serves them.
        func serve() throws -> (pictures: BenchmarkPictures, server: Running) {
            let pictures = BenchmarkPictures(png: png)
            return (pictures, try start { pictures.file(at: $0) })
        }
    }

    /// `imageServer` serves the pictures of `--images` runs (without it,
    /// they can't run).
    public static func run(arguments: [String], imageServer: ImageServer? = nil) -> Int32 {
        if SoakSuite.wants(arguments) {
            return SoakSuite.main(arguments: arguments, imageServer: imageServer, runInProcess: runInProcess)
        }
        if UpdateBenchmark.wants(arguments) {
            return UpdateBenchmark.main(arguments: arguments)
        }
        if ImportBenchmark.wants(arguments) {
            return ImportBenchmark.main(arguments: arguments, imageServer: imageServer, runInProcess: runInProcess)
        }
        var options = Options()
        do {
            options = try Options.parse(Array(arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("feedline-bench: \(error)\nTry “feedline-bench --help”.\n".utf8))
            return 2
        }
        switch options.mode {
        case .help:
            print(usage + SoakSuite.usage + ImportBenchmark.usage + UpdateBenchmark.usage, terminator: "")
            return 0
        case .scenario:
            return runScenario(options, imageServer: imageServer)
        case .memory(let items):
            return runInProcess { application, finish in
                let scenario = MemoryScenario(items: items, application: application) { finish($0.json) }
                scenario.start()
                return scenario
            }
        case .reader(let moves):
            let settings = ReaderScenario.Settings(moves: moves, rate: options.moveRate,
                                                   latencyMilliseconds: options.latency,
                                                   pageSize: options.scroll.pageSize)
            return runInProcess { application, finish in
                let scenario = ReaderScenario(settings: settings, application: application, done: finish)
                scenario.start()
                return scenario
            }
        case .suite:
            return BenchmarkSuite(options: options, executable: arguments[0]).run()
        case .imageSuite:
            return BenchmarkSuite(options: options, executable: arguments[0]).runImages(imageServer: imageServer)
        case .storeSuite:
            return BenchmarkSuite(options: options, executable: arguments[0]).runStore()
        case .storeFill(let url):
            let (items, feeds) = (options.storeItems, options.storeFeeds)
            return runAsync { try await StoreBenchmark.fill(at: url, items: items, feeds: feeds) }
        case .storePages(let url):
            let deep = options.storeItems * 9 / 10
            return runAsync { try await StoreBenchmark.pageTimes(at: url, deep: deep) }
        }
    }

    /// One scroll run. Its image cache (`ImageLoader.shared`, which reads
    /// XDG_CACHE_HOME when first used) is a fresh, empty folder, removed
    /// at the end: every run starts cold.
    private static func runScenario(_ options: Options, imageServer: ImageServer?) -> Int32 {
        let cacheHome = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedline-bench-cache-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
        } catch {
            return fail("couldn't make \(cacheHome.path): \(error.localizedDescription)", status: 1)
        }
        setenv("XDG_CACHE_HOME", cacheHome.path, 1)
        defer { try? FileManager.default.removeItem(at: cacheHome) }

        var settings = options.scroll
        let served: ImageServer.Running?
        if options.images, let url = options.imageServerURL {
            settings.pictures = url
            served = nil
        } else if options.images {
            guard let imageServer else { return fail("this program can't serve pictures", status: 1) }
            do {
                served = try imageServer.serve().server
            } catch {
                return fail("couldn't serve the pictures: \(error)", status: 1)
            }
            settings.pictures = served?.url
        } else {
            served = nil
        }
        let scenarioSettings = settings
        // A store opens as the app's does: before GTK starts.
        return runInProcess(prepare: { ScrollScenario.openStore(scenarioSettings) }) { application, subscriptions, finish in
            let scenario = ScrollScenario(settings: scenarioSettings, subscriptions: subscriptions,
                                          application: application) { result in
                var json = result.json
                if let served { json["server_requests"] = served.requestCount() }
                finish(json)
            }
            scenario.start()
            return scenario
        }
    }

    /// Runs `work` without a window, prints its JSON, exits.
    private static func runAsync(_ work: @escaping @Sendable () async throws -> [String: Any]) -> Int32 {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status: Int32 = 0
        Task.detached {
            do {
                print(BenchmarkSuite.encode(try await work()))
            } catch {
                FileHandle.standardError.write(Data("feedline-bench: \(error)\n".utf8))
                status = 1
            }
            done.signal()
        }
        done.wait()
        return status
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        FileHandle.standardError.write(Data("feedline-bench: \(message)\n".utf8))
        return status
    }

    /// Runs GTK's main loop around one scenario, prints its JSON, exits.
    private static func runInProcess(
        _ start: @escaping @MainActor (Application, @escaping @MainActor ([String: Any]) -> Void) -> AnyObject
    ) -> Int32 {
        runInProcess(prepare: {}) { application, _, finish in start(application, finish) }
    }

    /// The same, with what `prepare` makes before GTK starts handed to
    /// `start` once the application is active.
    private static func runInProcess<Prepared>(
        prepare: @MainActor () -> Prepared,
        _ start: @escaping @MainActor (Application, Prepared, @escaping @MainActor ([String: Any]) -> Void) -> AnyObject
    ) -> Int32 {
        // The app's malloc settings, as its main.swift makes them before
        // anything else (the soak has made them already, with its remedies).
        PictureMemory.prepare()
        return MainActor.assumeIsolated {
            let prepared = prepare()
            let application = Application(id: "io.github.feedline.Benchmark", unique: false)
            var scenario: AnyObject?
            application.onActivate {
                FeedlineStyle.install()
                scenario = start(application, prepared) { json in
                    print(BenchmarkSuite.encode(json))
                    application.quit()
                }
            }
            let status = application.run()
            _ = scenario
            return status
        }
    }

    struct Options {
        enum Mode { case suite, imageSuite, storeSuite, scenario, memory(Int), reader(Int), storeFill(URL),
                    storePages(URL), help }
        var mode = Mode.suite
        var scroll = ScrollScenario.Settings()
        /// Page latency and its jitter as given, in ms (`scroll.latency`
        /// holds them as the source takes them).
        var latency = 300
        var jitter = 0
        /// `--images`: items with pictures; served from here when given.
        var images = false
        var imageServerURL: URL?
        var latencies = [100, 300, 1000]
        var speeds = [1000.0, 2000.0]
        var strategies = PrefetchStrategy.allCases
        /// Run `BenchmarkSuite.moreConditions` after the grid.
        var moreConditions = true
        var memoryItems = 100_000
        /// `--reader`'s moves a second.
        var moveRate = 20.0
        var reference: String?
        var json: String?
        /// The store suite's size.
        var storeItems = 1_000_000
        var storeFeeds = 500
        /// The store suite's rounds of the scroll and the C reference, in
        /// turn: their ratios vary by round more than a change moves them.
        var rounds = 5

        static func parse(_ arguments: [String]) throws -> Options {
            var options = Options()
            var rows: Int?
            var rest = arguments[...]
            func value(_ name: String) throws -> String {
                guard let value = rest.popFirst() else { throw Problem("\(name) needs a value") }
                return value
            }
            func number(_ name: String, in range: ClosedRange<Int>) throws -> Int {
                let text = try value(name)
                guard let number = Int(text), range.contains(number) else {
                    throw Problem("\(name) takes a number from \(range.lowerBound) to \(range.upperBound), not “\(text)”")
                }
                return number
            }
            func list(_ name: String, in range: ClosedRange<Int>) throws -> [Int] {
                let text = try value(name)
                let numbers = text.split(separator: ",").compactMap { Int($0) }
                guard !numbers.isEmpty, numbers.count == text.split(separator: ",").count,
                      numbers.allSatisfy(range.contains) else {
                    throw Problem("\(name) takes numbers from \(range.lowerBound) to \(range.upperBound), like 100,300")
                }
                return numbers
            }
            while let argument = rest.popFirst() {
                switch argument {
                case "-h", "--help": options.mode = .help
                case "--scenario": options.mode = .scenario
                case "--suite":
                    switch try value(argument) {
                    case "paging": options.mode = .suite
                    case "images": options.mode = .imageSuite
                    case "store": options.mode = .storeSuite
                    case let name: throw Problem("no suite “\(name)” (paging, images, store, import, update)")
                    }
                case "--images": options.images = true
                case "--numbered": options.scroll.numbered = true
                case "--memory-at": options.scroll.memoryAt = try list(argument, in: 1...10_000_000)
                case "--store": options.scroll.store = URL(fileURLWithPath: try value(argument))
                case "--store-fill": options.mode = .storeFill(URL(fileURLWithPath: try value(argument)))
                case "--store-pages": options.mode = .storePages(URL(fileURLWithPath: try value(argument)))
                case "--store-items": options.storeItems = try number(argument, in: 1...10_000_000)
                case "--store-feeds": options.storeFeeds = try number(argument, in: 1...100_000)
                case "--rounds": options.rounds = try number(argument, in: 1...50)
                case "--image-server":
                    let text = try value(argument)
                    guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                        throw Problem("--image-server takes an address like http://127.0.0.1:8080, not “\(text)”")
                    }
                    options.imageServerURL = url
                case "--memory": options.mode = .memory(try number(argument, in: 1...10_000_000))
                case "--reader": options.mode = .reader(try number(argument, in: 1...1_000_000))
                case "--rate": options.moveRate = Double(try number(argument, in: 1...1000))
                case "--strategy":
                    let name = try value(argument)
                    guard let strategy = PrefetchStrategy(rawValue: name) else {
                        throw Problem("no strategy “\(name)” (last-row, five-before, edge, feedline)")
                    }
                    options.scroll.strategy = strategy
                case "--strategies":
                    let names = try value(argument).split(separator: ",").map(String.init)
                    let strategies = names.compactMap(PrefetchStrategy.init(rawValue:))
                    guard !strategies.isEmpty, strategies.count == names.count else {
                        throw Problem("--strategies takes last-row, five-before, edge, feedline")
                    }
                    options.strategies = strategies
                case "--latency": options.latency = try number(argument, in: 0...60_000)
                case "--jitter": options.jitter = try number(argument, in: 0...60_000)
                case "--page-size": options.scroll.pageSize = try number(argument, in: 1...1000)
                case "--speed": options.scroll.speed = Double(try number(argument, in: 1...100_000))
                case "--rows": rows = try number(argument, in: 1...1_000_000)
                case "--idle": options.scroll.idleSeconds = Double(try number(argument, in: 0...600))
                case "--latencies": options.latencies = try list(argument, in: 0...60_000)
                case "--speeds": options.speeds = try list(argument, in: 1...100_000).map(Double.init)
                case "--grid-only": options.moreConditions = false
                case "--memory-items": options.memoryItems = try number(argument, in: 0...10_000_000)
                case "--reference": options.reference = try value(argument)
                case "--json": options.json = try value(argument)
                default: throw Problem("unknown option \(argument)")
                }
            }
            options.scroll.latency = options.jitter > 0
                ? .jittered(base: .milliseconds(options.latency), spread: .milliseconds(options.jitter), seed: 42)
                : .fixed(.milliseconds(options.latency))
            if options.images || options.imageServerURL != nil {
                switch options.mode {
                case .scenario, .help: options.images = true
                default: throw Problem("--images and --image-server go with --scenario")
                }
            }
            // The image and store comparisons scroll 2,000 rows; every other run 500.
            switch options.mode {
            case .imageSuite, .storeSuite:
                options.scroll.rows = rows ?? 2000
            default:
                options.scroll.rows = rows ?? 500
            }
            return options
        }
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
