import FeedCore
import FeedStore
import Foundation
import GtkKit

/// Import Subscriptions… and Export Subscriptions… (the main menu,
/// `win.import-subscriptions`, `win.export-subscriptions`): an OPML file
/// chosen with the desktop's file chooser, read or written off the main
/// thread; what was done, or why not, in the status line and to screen
/// readers.
extension FeedWindow {
    func addSubscriptionListActions() {
        window.addAction("import-subscriptions") { [weak self] in self?.chooseListToImport() }
        window.addAction("export-subscriptions") { [weak self] in self?.chooseFileToExport() }
    }

    func chooseListToImport() {
        let chooser = FileChooser(title: L("Import Subscriptions"), over: window, mode: .open,
                                  acceptLabel: L("_Import"), cancelLabel: L("_Cancel"))
        chooser.addFilter(name: L("Subscription lists (OPML)"), patterns: ["*.opml", "*.OPML", "*.xml"],
                          mimeTypes: ["text/x-opml", "text/x-opml+xml"])
        chooser.addFilter(name: L("All files"), patterns: ["*"])
        show(chooser) { [weak self] file in self?.importSubscriptions(from: file) }
    }

    func chooseFileToExport() {
        let chooser = FileChooser(title: L("Export Subscriptions"), over: window, mode: .save,
                                  acceptLabel: L("_Export"), cancelLabel: L("_Cancel"))
        chooser.addFilter(name: L("Subscription lists (OPML)"), patterns: ["*.opml"])
        // Translators: the name an export of the subscriptions is offered under; keep .opml.
        chooser.setSuggestedName(L("Feedline subscriptions.opml"))
        show(chooser) { [weak self] file in self?.exportSubscriptions(to: file) }
    }

    /// Shows `chooser` (held until it answers); `chosen` runs with the file.
    private func show(_ chooser: FileChooser, then chosen: @escaping @MainActor (URL) -> Void) {
        fileChooser?.cancel()
        fileChooser = chooser
        chooser.show { [weak self, weak chooser] file in
            if let self, fileChooser === chooser { fileChooser = nil }
            if let file { chosen(file) }
        }
    }

    /// Subscribes to the feeds of the OPML file at `file`, then says what
    /// was done ("Imported 37 subscriptions (2 already there)").
    func importSubscriptions(from file: URL) {
        guard let subscriptions else { return }
        Task { [weak self] in
            let message: String
            do throws(Subscriptions.ListProblem) {
                message = SubscriptionListText.imported(try await subscriptions.importList(from: file))
            } catch {
                message = error.message
            }
            self?.tellAboutList(message)
        }
    }

    /// Writes every subscription to `file`, then says so.
    func exportSubscriptions(to file: URL) {
        guard let subscriptions else { return }
        Task { [weak self] in
            let message: String
            do throws(Subscriptions.ListProblem) {
                message = SubscriptionListText.exported(try await subscriptions.exportList(to: file), to: file)
            } catch {
                message = error.message
            }
            self?.tellAboutList(message)
        }
    }

    private func tellAboutList(_ message: String) {
        statusBar.flash(message, for: .seconds(8))
        announcer.announce(message)
        lastListMessage = message
    }
}
