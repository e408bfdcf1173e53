import FeedCore
import FeedStore
import Foundation
import GtkKit

/// The application: its id, actions, shortcuts, the reader's
/// subscriptions (the store), and the windows it opens on them.
@MainActor
public final class FeedlineApp {
    public nonisolated static let id = "io.github.feedline.Feedline"
    public nonisolated static let version = "0.1.0"

    let application: Application
    let options: LaunchOptions
    let factory: FeedSourceFactory
    let subscriptions: Subscriptions
    private(set) var windows: [FeedWindow] = []
    private var colorScheme: ColorScheme?
    private var background: BackgroundUpdates?
    private var prepared = false

    /// `storeFile`: where the store of subscriptions is
    /// (`$XDG_DATA_HOME/feedline/feedline.sqlite` unless told otherwise),
    /// opened and read off the main thread from this moment on;
    /// `libraryFile`: feeds.json of an earlier version, taken in once.
    public init(options: LaunchOptions, libraryFile: FeedLibraryFile = .standard(), storeFile: StoreFile? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.options = options
        let factory = FeedSourceFactory(
            sampleFile: SampleFeed.locate(), pageSize: options.pageSize,
            http: HTTPClient(policy: HTTPPolicy(version: Self.version)),
            gitHubToken: environment["GITHUB_TOKEN"])
        self.factory = factory
        subscriptions = Subscriptions(
            file: storeFile ?? StoreFile.standard(environment: environment), library: libraryFile, sources: factory,
            pageSize: options.pageSize,
            makeSource: { feed in Self.source(for: feed, from: factory, options: options) },
            wrapTimeline: { timeline in Self.timeline(timeline, options: options) })
        // The store opens and is read off the main thread while GTK starts
        // and the window is built: the first screen finds it ready.
        subscriptions.startLoading()
        // With explicit options, a second launch opens what it was asked for
        // instead of raising the running window.
        subscriptions.watch(NetworkMonitor.system())
        application = Application(id: Self.id, unique: options.isDefault)
        application.addAction("quit") { [weak self] in self?.quit() }
        application.addAction("about") { [weak self] in self?.showAbout() }
        application.onActivate { [weak self] in self?.activate() }
        background = BackgroundUpdates(application: application, subscriptions: subscriptions,
                                       windows: { [weak self] in self?.windows ?? [] },
                                       openFeed: { [weak self] id in self?.openFeed(id) })
    }

    /// A notification was clicked: the window (a new one if none is open)
    /// shows that feed.
    private func openFeed(_ id: Subscription.ID) {
        if let window = windows.first {
            window.open(.subscription(id))
            window.raise()
        } else {
            prepareFirstWindow()
            makeWindow(opening: .scope(.subscription(id))).present()
        }
    }

    /// Runs until the last window closes. Returns the exit status.
    public func run() -> Int32 {
        application.run()
    }

    /// The feed the command line names, opened (and subscribed to) first;
    /// nil: the view open last.
    var firstFeed: FeedSpec? { options.feed }

    /// The network source of `feed`: the first page of a feed never
    /// updated, its pages beyond what is stored, Add Feed's check. Local
    /// files wait 300 ms a page (so paging can be seen) unless the
    /// command line chose a latency, which, like its failures, then goes
    /// to the timelines instead (`timeline`).
    nonisolated static func source(for feed: FeedSpec, from factory: FeedSourceFactory,
                                   options: LaunchOptions) -> any FeedSource {
        let source = factory.source(for: feed)
        guard options.latencyMilliseconds == nil, options.failEvery == nil else { return source }
        let latency = options.latency(for: feed)
        guard latency > .zero else { return source }
        return SimulatedNetwork(source, latency: latency)
    }

    /// A stored timeline with the simulated latency (`--latency`) and
    /// failures (`--fail-every`) the command line asks for.
    nonisolated static func timeline(_ timeline: any FeedSource, options: LaunchOptions) -> any FeedSource {
        guard options.latencyMilliseconds != nil || options.failEvery != nil else { return timeline }
        return SimulatedNetwork(timeline, latency: .milliseconds(options.latencyMilliseconds ?? 0),
                                failEvery: options.failEvery)
    }

    private func activate() {
        if let window = windows.first {
            window.raise()
            return
        }
        prepareFirstWindow()
        let window = makeWindow(opening: firstFeed.map(FeedWindow.Opening.feed) ?? .lastOpened)
        window.present()
    }

    /// Shortcuts, style and the dark style's preference, once.
    private func prepareFirstWindow() {
        guard !prepared else { return }
        prepared = true
        Self.installShortcuts(on: application)
        FeedlineStyle.install()
        colorScheme = ColorScheme.follow()
    }

    /// A new window on the subscriptions, not yet shown.
    func makeWindow(opening: FeedWindow.Opening) -> FeedWindow {
        let window = FeedWindow(application: application, subscriptions: subscriptions, opening: opening)
        if !options.loadsRemoteImages { window.loadNoRemoteImagesThisRun() }
        windows.append(window)
        background?.windowOpened()
        window.window.onCloseRequest { [weak self, weak window] in
            guard let self else { return false }
            windows.removeAll { $0 === window }
            if windows.isEmpty { background?.lastWindowClosing() }
            // The window kept where the reader was: the app stays until
            // the store has it, even if this was its last window.
            application.hold()
            Task {
                await self.subscriptions.flush()
                self.application.release()
            }
            return false
        }
        return window
    }

    /// The keyboard shortcuts of every Feedline window (`Shortcut.all`).
    static func installShortcuts(on application: Application) {
        for shortcut in Shortcut.all {
            if let action = shortcut.action { application.setAccelerators(shortcut.keys, for: action) }
        }
    }

    private func showAbout() {
        guard let window = windows.first?.window else { return }
        FeedlineStyle.findAppIcon(Self.id)
        AboutDialog.present(AboutDialog.Info(
            name: "Feedline", version: Self.version,
            comments: L("Read endless feeds, page by page"),
            iconName: Self.id, copyright: L("© 2026 The Feedline developers")), over: window)
    }

    /// Keeps where the reader is in every window, waits for the store to
    /// have it (and every change made), then quits.
    private func quit() {
        for window in windows {
            window.keepPosition()
            window.session.close()
        }
        Task {
            await subscriptions.flush()
            application.quit()
        }
    }
}

/// `feedline`'s entry point: parses the command line, then runs the app.
@MainActor
public enum FeedlineMain {
    public static func run(arguments: [String]) -> Int32 {
        Localization.start()
        let command: LaunchCommand
        do {
            command = try LaunchCommand.parse(Array(arguments.dropFirst()))
        } catch {
            let hint = L("Try “feedline --help” for more information.")
            FileHandle.standardError.write(Data("feedline: \(error.message)\n\(hint)\n".utf8))
            return 2
        }
        switch command {
        case .help:
            print(LaunchCommand.usage, terminator: "")
            return 0
        case .version:
            print("Feedline \(FeedlineApp.version)")
            return 0
        case .run(let options):
            return FeedlineApp(options: options).run()
        }
    }
}
