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
    private(set) var windows: [FeedWindow] = []
    private var colorScheme: ColorScheme?

    public init(options: LaunchOptions) {
        self.options = options
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

    /// The feed the options ask for, with the simulated network conditions.
    func makeSource() -> any FeedSource {
        let file = options.feedPath.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
            ?? SampleFeed.locate()
        return SimulatedNetwork(
            LocalFeedSource(file: file, pageSize: options.pageSize),
            latency: .milliseconds(options.latencyMilliseconds),
            failEvery: options.failEvery)
    }

    private func activate() {
        if let window = windows.first {
            window.window.present()
            return
        }
        Self.installShortcuts(on: application)
        Style.addApplicationCSS(FeedlineStyle.css)
        colorScheme = ColorScheme.follow()
        let window = makeWindow(source: makeSource())
        window.present()
    }

    /// A new window on `source`, not yet shown.
    func makeWindow(source: any FeedSource) -> FeedWindow {
        let window = FeedWindow(application: application, source: source)
        windows.append(window)
        window.window.onCloseRequest { [weak self, weak window] in
            self?.windows.removeAll { $0 === window }
            return false
        }
        return window
    }

    /// The keyboard shortcuts of every Feedline window.
    static func installShortcuts(on application: Application) {
        application.setAccelerators(["<Control>r", "F5"], for: "win.refresh")
        application.setAccelerators(["<Alt>r"], for: "win.retry")
        application.setAccelerators(["<Control>w"], for: "win.close")
        application.setAccelerators(["<Control>q"], for: "app.quit")
        application.setAccelerators(["<Control>question", "F1"], for: "win.show-help-overlay")
    }

    private func showAbout() {
        guard let window = windows.first?.window else { return }
        AboutDialog.present(AboutDialog.Info(
            name: "Feedline", version: Self.version,
            comments: "Read endless feeds, page by page",
            iconName: Self.id, copyright: "© 2026 The Feedline developers"), over: window)
    }

    private func quit() {
        windows.forEach { $0.pager.cancel() }
        application.quit()
    }
}

/// `feedline`'s entry point: parses the command line, then runs the app.
@MainActor
public enum FeedlineMain {
    public static func run(arguments: [String]) -> Int32 {
        let command: LaunchCommand
        do {
            command = try LaunchCommand.parse(Array(arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("feedline: \(error.message)\nTry “feedline --help” for more information.\n".utf8))
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
