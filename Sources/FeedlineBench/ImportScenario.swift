import FeedlineUI
import FeedCore
import FeedStore
import Foundation
import GtkKit
#if canImport(Glibc)
import Glibc
#endif

/// One import run in this process (`feedline-bench --import-run`): the
/// real window on a store of its own, with the sidebar, imports an OPML
/// file of many subscriptions the way a reader does it: Import
/// Subscriptions… (`win.import-subscriptions`, the main menu's item) opens
/// the file chooser, the file's path is typed into it and Return accepts
/// it (real key presses through xdotool), and the window's import path
/// (`Subscriptions.importList`) does the rest. With `updates`, the window
/// then updates every new subscription from the loopback server, as after
/// any import; without, the window has no updater and nothing is fetched.
///
/// What it measures, on the main thread: every frame (the frame clock
/// ticking, as during an animation) and a 10 ms GLib timeout's lateness,
/// in four phases: a second of idle, the file chooser (opened, the path
/// typed), the import (from the Return that accepts the file until the
/// first frame whose sidebar has the new rows), and the update (until the
/// header's refresh spinner goes). Then it checks what the store holds and
/// that the sidebar has a row for the last subscription. Prints one JSON
/// object.
///
/// The window's parts are found the way GTK holds them (the sidebar is
/// the first GtkListView inside the GtkPaned, the refresh spinner the
/// first GtkSpinner of the header bar): the benchmark sees only what the
/// app makes public.
@MainActor
final class ImportScenario {
    struct Settings {
        /// The OPML file to import (`ImportBenchmark.writeList`), as typed
        /// into the file chooser ("~/subscriptions.opml": the chooser
        /// lists each folder on the way as the path is typed, and that
        /// one is small).
        var list: String
        var subscriptions: Int
        /// The store to open (made empty beforehand).
        var store: URL
        /// Update the subscriptions after the import (from the server).
        var updates: Bool
        /// Seconds of idle measured before the import.
        var idleSeconds = 1.0
        /// The longest the update may take.
        var updateTimeout = 600.0
    }

    private let settings: Settings
    private let application: Application
    private let done: @MainActor ([String: Any]) -> Void
    private var window: FeedWindow?
    private var subscriptions: Subscriptions?
    private var ticker: FrameTicker?
    private var probe: ScheduledCall?
    private var phase = Phase.idle
    private var phases: [Phase: Responsiveness] = [:]
    private var lastFrame: Double?
    private var lastCPU = 0.0
    private var probeDue = 0.0
    private var probeCPU = 0.0
    private var returnSent = 0.0
    private var rowsBefore = 0
    private var importSeconds: Double?
    /// When the file chooser was gone (seconds after Return).
    private var chooserClosedSeconds: Double?
    /// The frame in which the new rows came: its length and the main
    /// thread's CPU time in it.
    private var rowsFrame: (ms: Double, cpuMS: Double)?
    private var updateSeconds: Double?
    private var spinnerSeen = false
    private var problems: [String] = []
    private var finished = false
    /// Stalls over 50 ms: when (CLOCK_MONOTONIC), how long, the main
    /// thread's CPU time meanwhile (a stall with little is the machine's,
    /// not the app's), in which phase, seen by what.
    private var stalls: [(at: Double, ms: Double, cpuMS: Double, phase: Phase, by: String)] = []

    /// Idle for a second; the file chooser opened and the path typed;
    /// from Return until the sidebar shows the rows; the update that
    /// follows, until the refresh spinner goes; the checks after.
    enum Phase: String, CaseIterable {
        case idle, chooser, importing = "import", updating = "update", after
    }

    init(settings: Settings, application: Application, done: @escaping @MainActor ([String: Any]) -> Void) {
        self.settings = settings
        self.application = application
        self.done = done
    }

    func start() {
        let store: FeedStore
        do {
            store = try StoreFile(url: settings.store).open().store
        } catch {
            finish(problem: "couldn't open the store: \(error)")
            return
        }
        // No sample feed here: the list holds web feeds only.
        let sources = FeedSourceFactory(sampleFile: URL(fileURLWithPath: "/nonexistent"), pageSize: 20,
                                        http: HTTPClient(policy: HTTPPolicy()))
        let subscriptions = Subscriptions(store: store, sources: settings.updates ? sources : nil,
                                          makeSource: { sources.source(for: $0) })
        self.subscriptions = subscriptions
        let window = FeedWindow(application: application, subscriptions: subscriptions, opening: .scope(.all))
        self.window = window
        window.present()
        Task { [weak self] in
            // The store answers, the window opens All items and settles.
            try? await Task.sleep(for: .seconds(1.5))
            self?.measureIdle()
        }
    }

    // MARK: The steps

    private func measureIdle() {
        guard let window else { return }
        guard let sidebar = sidebarList else {
            finish(problem: "no sidebar (GtkListView inside the GtkPaned) in the window")
            return
        }
        rowsBefore = sidebar.childCount
        ticker = FrameTicker(on: window.window) { [weak self] _ in self?.frame() }
        scheduleProbe()
        Task { [weak self] in
            try? await Task.sleep(for: .seconds(self?.settings.idleSeconds ?? 1))
            await self?.importList()
        }
    }

    /// Import Subscriptions…, the path typed into the file chooser, Return.
    private func importList() async {
        guard let window else { return }
        phase = .chooser
        guard window.window.activateAction("win.import-subscriptions") else {
            finish(problem: "the window has no win.import-subscriptions")
            return
        }
        let title = "^Import Subscriptions$"
        let typed = await Self.xdotool(["search", "--sync", "--limit", "1", "--name", title, "windowfocus", "--sync",
                                        "key", "--delay", "50", "ctrl+l", "type", "--delay", "5", settings.list])
        guard typed == 0 else {
            finish(problem: "xdotool couldn't type the file's path into the file chooser (status \(typed))")
            return
        }
        // Let the chooser's location entry take the last key (and its
        // completion run) before Return.
        try? await Task.sleep(for: .milliseconds(500))
        returnSent = Self.now()
        phase = .importing
        let accepted = await Self.xdotool(["key", "Return"])
        if accepted != 0 { problems.append("xdotool key Return exited \(accepted)") }
        Task { [weak self] in
            try? await Task.sleep(for: .seconds(60))
            guard let self, importSeconds == nil else { return }
            finish(problem: "no new sidebar rows 60 s after Return (the chooser may not have taken the path)")
        }
        // Until the chooser is gone (xdotool finds no such window shown).
        while !finished, await Self.xdotool(["search", "--onlyvisible", "--name", title]) == 0 {
            try? await Task.sleep(for: .milliseconds(10))
        }
        chooserClosedSeconds = Self.now() - returnSent
    }

    private func frame() {
        let now = Self.now()
        let cpu = ProcessStats.threadCPUSeconds()
        defer {
            lastFrame = now
            lastCPU = cpu
        }
        if let lastFrame {
            let interval = now - lastFrame
            phases[phase, default: Responsiveness()].frames.append(interval)
            phases[phase, default: Responsiveness()].busy.append(cpu - lastCPU)
            if interval > 0.05 { stalls.append((lastFrame, interval * 1000, (cpu - lastCPU) * 1000, phase, "frame")) }
        }
        switch phase {
        case .importing:
            if let sidebar = sidebarList, sidebar.childCount > rowsBefore + 1 {
                importSeconds = now - returnSent
                if let lastFrame { rowsFrame = ((now - lastFrame) * 1000, (cpu - lastCPU) * 1000) }
                phase = settings.updates ? .updating : .after
                if !settings.updates { Task { await self.check() } }
            }
        case .updating:
            let spinning = refreshSpinner?.isVisible ?? false
            if spinning { spinnerSeen = true }
            if spinnerSeen && !spinning {
                updateSeconds = now - returnSent - (importSeconds ?? 0)
                phase = .after
                Task { await self.check() }
            } else if now - returnSent > settings.updateTimeout {
                finish(problem: "the update did not end within \(Int(settings.updateTimeout)) s")
            }
        case .idle, .chooser, .after:
            break
        }
    }

    /// A 10 ms timeout, again and again: how late each one runs is how
    /// long the main loop could not answer.
    private func scheduleProbe() {
        probeDue = Self.now() + 0.010
        probeCPU = ProcessStats.threadCPUSeconds()
        probe = MainLoop.schedule(after: .milliseconds(10)) { [weak self] in
            guard let self else { return }
            let now = Self.now()
            let late = max(0, now - probeDue)
            phases[phase, default: Responsiveness()].lateness.append(late)
            if late > 0.05 {
                stalls.append((probeDue, late * 1000, (ProcessStats.threadCPUSeconds() - probeCPU) * 1000, phase, "timeout"))
            }
            scheduleProbe()
        }
    }

    /// What the store holds, and the sidebar's row of the last
    /// subscription: opened (`win.open-view`), then focused in the sidebar
    /// (`win.choose-feed`, Ctrl+O), where its row says "Shown now".
    private func check() async {
        ticker?.stop()
        ticker = nil
        probe?.cancel()
        guard let store = subscriptions?.store, let window else { return }
        let list = (try? await store.subscriptions()) ?? []
        let counts = (try? await store.itemCounts()) ?? [:]
        var result: [String: Any] = [
            "stored_subscriptions": list.count,
            "stored_folders": Set(list.map { $0.folder.joined(separator: "/") }).count,
            "stored_items": counts.values.reduce(0, +),
            "updated_subscriptions": list.count { $0.lastUpdated != nil },
            "failed_subscriptions": list.count { $0.failure != nil },
        ]
        if let failure = list.compactMap(\.failure).first { result["first_failure"] = failure.reason }
        if list.count != settings.subscriptions {
            problems.append("the store holds \(list.count) subscriptions, not \(settings.subscriptions)")
        }
        guard let last = list.last else {
            finish(result)
            return
        }
        window.window.activateAction("win.open-view", string: String(last.id))
        try? await Task.sleep(for: .milliseconds(300))
        window.window.activateAction("win.choose-feed")
        var shown = false
        var looks = 0
        while !shown, looks < 40 {
            try? await Task.sleep(for: .milliseconds(100))
            shown = window.window.focusedWidget?.accessibleDescription?.hasPrefix("Shown now") == true
            looks += 1
        }
        result["sidebar_row_of_last_subscription"] = shown
        result["window_title"] = window.window.title ?? ""
        if !shown { problems.append("the sidebar's focused row after opening the last subscription isn't its row") }
        finish(result)
    }

    private func finish(_ checks: [String: Any] = [:], problem: String? = nil) {
        guard !finished else { return }
        finished = true
        ticker?.stop()
        ticker = nil
        probe?.cancel()
        if let problem { problems.append(problem) }
        var json = checks
        json["subscriptions"] = settings.subscriptions
        json["updates"] = settings.updates
        json["import_s"] = importSeconds ?? -1
        json["chooser_closed_s"] = chooserClosedSeconds ?? -1
        json["rows_frame_ms"] = rowsFrame?.ms ?? -1
        json["rows_frame_cpu_ms"] = rowsFrame?.cpuMS ?? -1
        json["update_s"] = updateSeconds ?? -1
        json["sidebar_rows_before"] = rowsBefore
        json["sidebar_row_widgets"] = sidebarList?.childCount ?? 0
        json["peak_rss_kb"] = ProcessStats.peakResidentKB()
        for phase in Phase.allCases where phase != .after {
            json[phase.rawValue] = (phases[phase] ?? Responsiveness()).json
        }
        // When, in seconds after Return (before it: negative).
        json["stalls"] = stalls.map {
            ["at_s": $0.at - returnSent, "ms": $0.ms, "cpu_ms": $0.cpuMS, "phase": $0.phase.rawValue, "seen_by": $0.by]
        }
        json["problems"] = problems
        done(json)
    }

    // MARK: The window's parts

    /// The sidebar's list: the first GtkListView in the GtkPaned (the
    /// timeline's list is in the paned's other half, after it).
    private var sidebarList: Widget? {
        window?.window.firstDescendant(ofType: "GtkPaned")?.firstDescendant(ofType: "GtkListView")
    }

    /// The header's refresh spinner, shown while the feeds update.
    private var refreshSpinner: Widget? {
        window?.window.firstDescendant(ofType: "GtkHeaderBar")?.firstDescendant(ofType: "GtkSpinner")
    }

    // MARK: Helpers

    /// CLOCK_MONOTONIC, in seconds.
    private nonisolated static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs xdotool off the main thread; its exit status. Its X errors
    /// are left unsaid (a search can meet the chooser's window as it goes:
    /// BadWindow, and the search ends with a failure, which is the answer).
    @concurrent
    private nonisolated static func xdotool(_ arguments: [String]) async -> Int32 {
        await withCheckedContinuation { continuation in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            process.arguments = arguments
            process.standardError = FileHandle.nullDevice
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                continuation.resume(returning: -1)
            }
        }
    }
}

/// The main thread's responsiveness in one phase: frame intervals, its CPU
/// time in each frame, and how late each 10 ms timeout ran.
struct Responsiveness {
    var frames: [Double] = []
    var busy: [Double] = []
    var lateness: [Double] = []

    var json: [String: Any] {
        [
            "frames": frames.count,
            "frame_ms": Percentiles(frames).json,
            "frame_busy_ms": Percentiles(busy).json,
            "frames_over_50ms": frames.count { $0 > 0.05 },
            "frames_over_100ms": frames.count { $0 > 0.1 },
            "timeouts": lateness.count,
            "timeout_late_ms": Percentiles(lateness).json,
        ]
    }
}
