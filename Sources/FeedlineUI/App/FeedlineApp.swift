import FeedCore
import Foundation
import GtkKit

/// The application: its id, actions, shortcuts, and the window it opens.
@MainActor
public final class FeedlineApp {
    public nonisolated static let id = "io.github.feedline.Feedline"
    public nonisolated static let version = "0.1.0"

    let application: Application
    let options: LaunchOptions
    let catalog: FeedCatalog
    private(set) var windows: [FeedWindow] = []
    private var colorScheme: ColorScheme?

    /// `libraryFile`: where the saved feeds are (feeds.json in
    /// `$XDG_CONFIG_HOME/feedline` unless told otherwise).
    public init(options: LaunchOptions, libraryFile: FeedLibraryFile = .standard(),
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.options = options
        let factory = FeedSourceFactory(
            sampleFile: SampleFeed.locate(), pageSize: options.pageSize,
            http: HTTPClient(policy: HTTPPolicy(version: Self.version)),
            gitHubToken: environment["GITHUB_TOKEN"])
        catalog = FeedCatalog(file: libraryFile) { feed in
            Self.source(for: feed, from: factory, options: options)
        }
        // With explicit options, a second launch opens what it was asked for
        // instead of raising the running window.
        application = Application(id: Self.id, unique: options.isDefault)
        application.addAction("quit") { [weak self] in self?.quit() }
        application.addAction("about") { [weak self] in self?.showAbout() }
        application.onActivate { [weak self] in self?.activate() }
    }

    /// Runs until the last window closes. Returns the exit status.
    public func run() -> Int32 {
        application.run()
    }

    /// The feed to open first: the one asked for, else the one open last.
    var firstFeed: FeedSpec {
        options.feed ?? catalog.library.lastOpened ?? .sample
    }

    /// The source for `feed`, with the simulated network conditions the
    /// options ask for.
    nonisolated static func source(for feed: FeedSpec, from factory: FeedSourceFactory,
                                   options: LaunchOptions) -> any FeedSource {
        let source = factory.source(for: feed)
        let latency = options.latency(for: feed)
        guard latency > .zero || options.failEvery != nil else { return source }
        return SimulatedNetwork(source, latency: latency, failEvery: options.failEvery)
    }

    private func activate() {
        if let window = windows.first {
            window.window.present()
            return
        }
        Self.installShortcuts(on: application)
        Style.addApplicationCSS(FeedlineStyle.css)
        colorScheme = ColorScheme.follow()
        let window = makeWindow(feed: firstFeed)
        window.present()
    }

    /// A new window on `feed`, not yet shown.
    func makeWindow(feed: FeedSpec) -> FeedWindow {
        let window = FeedWindow(application: application, feed: feed, catalog: catalog)
        if !options.loadsRemoteImages { window.loadNoRemoteImagesThisRun() }
        windows.append(window)
        window.window.onCloseRequest { [weak self, weak window] in
            self?.windows.removeAll { $0 === window }
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
        AboutDialog.present(AboutDialog.Info(
            name: "Feedline", version: Self.version,
            comments: L("Read endless feeds, page by page"),
            iconName: Self.id, copyright: L("© 2026 The Feedline developers")), over: window)
    }

    private func quit() {
        windows.forEach { $0.session.close() }
        application.quit()
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
