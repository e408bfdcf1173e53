import GtkKit

/// The footer row's widgets: a spinner while a page loads, the reason and a
/// Retry button after a failure, "You're all caught up" at the end.
/// The spinner only spins while the footer shows the loading state.
@MainActor
final class FeedFooter {
    let root = Box(.horizontal, spacing: 12)
    let spinner = Spinner()
    let message = Label()
    /// Runs `win.retry`, like every Retry button of the window.
    let retryButton = Button(label: L("Retry"))

    init() {
        root.addCSSClass("feed-footer")
        root.align(horizontal: .center)
        spinner.setAccessibleLabel(PagingText.loadingMore)
        message.wrap()
        message.prefersOneLine()
        message.maxWidthChars = 48
        message.centerText()
        retryButton.tooltip = L("Try loading this page again (Alt+R)")
        retryButton.actionName = "win.retry"
        [spinner, message, retryButton].forEach(root.append)
    }

    private(set) var state: FooterState?

    func show(_ state: FooterState) {
        self.state = state
        let loading = state == .loading
        spinner.isVisible = loading
        spinner.isSpinning = loading
        spinner.setAccessibleBusy(loading)
        message.text = PagingText.footer(state)
        if case .failed = state {
            retryButton.isVisible = true
            retryButton.setAccessibleDescription(message.text)
        } else {
            retryButton.isVisible = false
        }
    }

    /// Called when the row is recycled for something else.
    func stop() {
        state = nil
        spinner.isSpinning = false
    }
}
