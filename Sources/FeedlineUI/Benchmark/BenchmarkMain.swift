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

        One run, printed as JSON (what the suite starts):
          --scenario          Scroll once, with:
            --strategy NAME   (default feedline)
            --latency MS      (default 300)   --jitter MS   (default 0)
            --page-size N     (default 20)    --speed PX/S  (default 2000)
            --rows N          (default 500)   --idle S      (default 10)
          --memory N          Load N items and sample memory

        """

    public static func run(arguments: [String]) -> Int32 {
        var options = Options()
        do {
            options = try Options.parse(Array(arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("feedline-bench: \(error)\nTry “feedline-bench --help”.\n".utf8))
            return 2
        }
        switch options.mode {
        case .help:
            print(usage, terminator: "")
            return 0
        case .scenario:
            return runInProcess { application, finish in
                let scenario = ScrollScenario(settings: options.scroll, application: application) { finish($0.json) }
                scenario.start()
                return scenario
            }
        case .memory(let items):
            return runInProcess { application, finish in
                let scenario = MemoryScenario(items: items, application: application) { finish($0.json) }
                scenario.start()
                return scenario
            }
        case .suite:
            return BenchmarkSuite(options: options, executable: arguments[0]).run()
        }
    }

    /// Runs GTK's main loop around one scenario, prints its JSON, exits.
    private static func runInProcess(
        _ start: @escaping @MainActor (Application, @escaping @MainActor ([String: Any]) -> Void) -> AnyObject
    ) -> Int32 {
        MainActor.assumeIsolated {
            let application = Application(id: "io.github.feedline.Benchmark", unique: false)
            var scenario: AnyObject?
            application.onActivate {
                Style.addApplicationCSS(FeedlineStyle.css)
                scenario = start(application) { json in
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
        enum Mode { case suite, scenario, memory(Int), help }
        var mode = Mode.suite
        var scroll = ScrollScenario.Settings()
        var latencies = [100, 300, 1000]
        var speeds = [1000.0, 2000.0]
        var strategies = PrefetchStrategy.allCases
        /// Run `BenchmarkSuite.moreConditions` after the grid.
        var moreConditions = true
        var memoryItems = 100_000
        var reference: String?
        var json: String?

        static func parse(_ arguments: [String]) throws -> Options {
            var options = Options()
            options.scroll.rows = 500
            var latency = 300
            var jitter = 0
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
                case "--memory": options.mode = .memory(try number(argument, in: 1...10_000_000))
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
                case "--latency": latency = try number(argument, in: 0...60_000)
                case "--jitter": jitter = try number(argument, in: 0...60_000)
                case "--page-size": options.scroll.pageSize = try number(argument, in: 1...1000)
                case "--speed": options.scroll.speed = Double(try number(argument, in: 1...100_000))
                case "--rows": options.scroll.rows = try number(argument, in: 1...1_000_000)
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
            options.scroll.latency = jitter > 0
                ? .jittered(base: .milliseconds(latency), spread: .milliseconds(jitter), seed: 42)
                : .fixed(.milliseconds(latency))
            return options
        }
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
