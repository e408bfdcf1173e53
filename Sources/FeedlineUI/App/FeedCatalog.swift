import FeedCore
import Foundation

/// The feeds a window can switch between: the bundled sample feed, the
/// feeds the reader added (saved in feeds.json), and how to open each.
///
/// One catalog serves every window of the app. Changes are saved at once;
/// a save that fails is reported to `onProblem` and the app goes on with
/// the list in memory.
@MainActor
package final class FeedCatalog {
    let file: FeedLibraryFile
    private(set) var library: FeedLibrary
    /// Makes the source that pages `spec`.
    let makeSource: (FeedSpec) -> any FeedSource
    /// A problem to tell the reader about (a damaged or unwritable file).
    var onProblem: ((String) -> Void)?
    /// The list of feeds changed.
    var onChange: (() -> Void)?
    /// What went wrong reading the file at start, for the first window.
    private(set) var loadProblem: String?

    package init(file: FeedLibraryFile, makeSource: @escaping (FeedSpec) -> any FeedSource) {
        self.file = file
        self.makeSource = makeSource
        let loaded = file.load()
        library = loaded.library
        loadProblem = loaded.problem
        if let problem = loaded.problem {
            FileHandle.standardError.write(Data("feedline: \(problem)\n".utf8))
        }
    }

    /// The sample feed first, then the added feeds in the order added.
    var entries: [SavedFeed] { [SavedFeed(.sample)] + library.feeds }

    /// What to call `spec`: its saved title, or a name made from it.
    func title(of spec: FeedSpec) -> String {
        FeedTitle.shown(entries.first { $0.spec == spec }?.title ?? spec.title, of: spec)
    }

    func isSaved(_ spec: FeedSpec) -> Bool {
        library.feeds.contains { $0.spec == spec }
    }

    /// Takes the load problem (once), for the window to show.
    func takeLoadProblem() -> String? {
        defer { loadProblem = nil }
        return loadProblem
    }

    /// Adds `feed` to the list (or renames it) and saves.
    func add(_ feed: SavedFeed) {
        library.add(feed)
        save()
        onChange?()
    }

    func remove(_ spec: FeedSpec) {
        library.remove(spec)
        save()
        onChange?()
    }

    /// How `spec` is shown: as the reader last chose, a list at first.
    func layout(of spec: FeedSpec) -> FeedLayout {
        library.layout(of: spec)
    }

    /// Remembers how the reader wants `spec` shown.
    func setLayout(_ layout: FeedLayout, of spec: FeedSpec) {
        guard library.layout(of: spec) != layout else { return }
        library.setLayout(layout, of: spec)
        save()
    }

    /// Whether the reader view downloads pictures inside items' text.
    var loadsRemoteImages: Bool {
        get { library.readerLoadsRemoteImages }
        set {
            guard newValue != library.readerLoadsRemoteImages else { return }
            library.readerLoadsRemoteImages = newValue
            save()
        }
    }

    /// Remembers `spec` as the feed to reopen at the next start.
    func opened(_ spec: FeedSpec) {
        guard library.lastOpened != spec else { return }
        library.lastOpened = spec
        save()
    }

    private func save() {
        do {
            try file.save(library)
        } catch {
            FileHandle.standardError.write(Data("feedline: \(error)\n".utf8))
            // Translators: %s says why the list of feeds couldn't be saved.
            onProblem?(Localization.format(L("%s. Your change lasts until Feedline closes."), ErrorText.reason(error)))
        }
    }
}
