import FeedCore
import GtkKit

/// When a window shows. A window on one source shows at once, with its
/// loading page. A window on the subscriptions shows once its first
/// screen is ready, so that its first frame is drawn with the sidebar and
/// the rows instead of an empty frame, then another: when the view's
/// first page is in, when it failed or is empty, and at the latest
/// `firstScreenWait` after `present()` (the store busy, a feed's first
/// page coming from the network).
extension FeedWindow {
    /// Starts loading and shows the window: the first page of its source,
    /// or, on the subscriptions, the store (the sidebar and the view fill
    /// in when it answers, and the window shows then). A store that has
    /// answered already (it is read while GTK starts) fills them in now.
    public func present() {
        guard let subscriptions else {
            showWindow()
            session.loadMore()
            return
        }
        waitingForFirstScreen = MainLoop.schedule(after: Self.firstScreenWait) { [weak self] in
            self?.showWindow()
        }
        if subscriptions.loadIfReady() {
            subscriptionsLoaded()
            return
        }
        Task { [weak self] in
            await subscriptions.load()
            self?.subscriptionsLoaded()
        }
    }

    /// How long a window on the subscriptions waits for its first screen
    /// before it shows anyway (the store normally answers in a few
    /// milliseconds once GTK has started).
    static let firstScreenWait: Duration = .milliseconds(250)

    /// The window shows more than its loading page (`showPage`): the first
    /// page is in, it failed, or the view has nothing and no update is
    /// bringing anything. A window waiting for that shows now.
    func firstScreenIsReady() {
        if waitingForFirstScreen != nil { showWindow() }
    }

    /// Brings the window to the front, showing it now if it still waits
    /// for its first screen.
    func raise() {
        if window.isVisible { window.present() } else { showWindow() }
    }

    /// Shows the window now: once, however it was asked for.
    func showWindow() {
        guard !window.isVisible else { return }
        waitingForFirstScreen?.cancel()
        waitingForFirstScreen = nil
        window.present()
        // F1's window once the first frame is drawn (shown, the window has a frame clock).
        window.afterNextFrame { [weak self] in
            guard let self else { return }
            window.setHelpOverlay(shortcutsWindow)
        }
    }
}
