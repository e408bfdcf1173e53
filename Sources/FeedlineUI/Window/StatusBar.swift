import GtkKit

/// The line at the bottom of the window that always says where paging
/// stands, as a STATUS-role label screen readers can read, with its own
/// Retry button (reachable even when the failed footer row is off screen).
@MainActor
final class StatusBar {
    let root = Box(.horizontal, spacing: 8)
    let label = Label(role: .status)
    /// Runs `win.retry`, like every Retry button of the window.
    let retryButton = Button(label: L("Retry"))

    init() {
        root.addCSSClass("status-bar")
        label.xAlign = 0
        label.horizontalExpand = true
        label.ellipsizeEnd()
        label.addCSSClass("dim-label")
        retryButton.addCSSClass("flat")
        retryButton.tooltip = L("Try again (Alt+R)")
        retryButton.actionName = "win.retry"
        retryButton.isVisible = false
        root.append(label)
        root.append(retryButton)
    }

    /// The paging status, shown until it changes.
    private var status = ""
    private var restore: ScheduledCall?

    /// Shows the paging status; while a flashed message is up, it shows
    /// once the message's time is over.
    func show(_ text: String, retryReason: String?) {
        status = text
        if restore?.isPending != true { label.text = text }
        retryButton.isVisible = retryReason != nil
        retryButton.setAccessibleDescription(retryReason)
    }

    /// Shows `message` for a few seconds, then the paging status again.
    /// Retry stays as it was.
    func flash(_ message: String, for duration: Duration = .seconds(4)) {
        label.text = message
        restore?.cancel()
        restore = MainLoop.schedule(after: duration) { [weak self] in
            guard let self else { return }
            label.text = status
        }
    }
}
