import FeedStore
import GtkKit

/// Running in the background, and desktop notifications of new items.
///
/// With **Run in Background** on (the main menu; off at first, kept in the
/// store), closing the last window leaves Feedline running: the
/// application is held (`GApplication`'s hold), and the update timer goes
/// on. An update that brings new items to a subscription the reader
/// marked for it (the sidebar row's menu, **Notify About New Items**)
/// sends a desktop notification (`GNotification`: "Planet GNOME", "12 new
/// items") while no Feedline window is in front; clicking it runs
/// `app.open-feed` with the subscription, which opens (or brings forward)
/// a window on that feed. Opening a window lets the hold go: closing it
/// again decides anew.
@MainActor
final class BackgroundUpdates {
    let application: Application
    let subscriptions: Subscriptions
    /// The windows open now.
    private let windows: () -> [FeedWindow]
    /// Opens (or brings forward) a window on a subscription.
    private let openFeed: (Subscription.ID) -> Void
    private var observation: Int?
    /// Whether the application is held for running in the background.
    private(set) var isHolding = false

    init(application: Application, subscriptions: Subscriptions, windows: @escaping () -> [FeedWindow],
         openFeed: @escaping (Subscription.ID) -> Void) {
        self.application = application
        self.subscriptions = subscriptions
        self.windows = windows
        self.openFeed = openFeed
        application.addAction("open-feed", string: { [weak self] id in
            guard let self, let id = Subscription.ID(id), subscriptions.subscription(id) != nil else { return }
            application.withdrawNotification(id: Self.notificationID(id))
            self.openFeed(id)
        })
        observation = subscriptions.observe { [weak self] change in
            guard case .arrived(let arrivals) = change else { return }
            self?.tell(arrivals)
        }
    }

    /// Sends a notification for each subscription with new items, unless a
    /// window is in front (the reader sees them there).
    private func tell(_ arrivals: [Subscriptions.Arrival]) {
        guard !windows().contains(where: { $0.window.isActive }) else { return }
        for arrival in arrivals {
            application.sendNotification(id: Self.notificationID(arrival.subscription), title: arrival.title,
                                         body: ReadStateText.newItems(arrival.count), action: "app.open-feed",
                                         target: String(arrival.subscription))
        }
    }

    /// One notification a subscription: a later one replaces it.
    static func notificationID(_ id: Subscription.ID) -> String { "new-items-\(id)" }

    /// The last window is closing: with Run in Background on, Feedline
    /// stays.
    func lastWindowClosing() {
        guard subscriptions.runsInBackground, !isHolding else { return }
        application.hold()
        isHolding = true
    }

    /// A window opened: it keeps Feedline running now.
    func windowOpened() {
        guard isHolding else { return }
        application.release()
        isHolding = false
    }
}
