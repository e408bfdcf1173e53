import CGtk
import CGtkShim
import Foundation

/// Tells screen readers what just happened ("Loaded 20 more items").
///
/// One path at a time, never both (newer Orca would speak twice):
/// - GTK 4.14+ (found at run time): `gtk_accessible_announce` on the window.
/// - GTK 4.8–4.12: Orca 43 speaks a change of the accessible description of
///   the focused widget, so the message is shown there and, a moment later,
///   the widget's own description (or its tooltip's) comes back.
///
/// Messages are sent a short moment after `announce` (the list settles
/// first: an announcement made while focused rows are being rebound is
/// dropped by GTK), and a newer message replaces one not yet sent.
/// Setting `FEEDLINE_ANNOUNCE=0` switches announcements off (for tests that
/// must prove they notice).
@MainActor
public final class Announcer {
    public enum Politeness: Sendable {
        case polite, assertive
    }

    /// How the running GTK lets us announce.
    public enum Method: Sendable {
        case announcement, focusedDescription, disabled
    }

    public let method: Method
    /// Called with every message actually sent (for tests and logs).
    public var onAnnounce: ((String, Politeness) -> Void)?

    private let window: Window
    private var pending: ScheduledCall?
    private var clearing: ScheduledCall?
    private var borrowed: Widget?
    private let settleDelay: Duration = .milliseconds(150)
    private let holdDelay: Duration = .seconds(2)

    public init(window: Window, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.window = window
        if environment["FEEDLINE_ANNOUNCE"] == "0" {
            method = .disabled
        } else if feedline_announce_is_available() != 0 {
            method = .announcement
        } else {
            method = .focusedDescription
        }
    }

    /// Announces `message` once the list has settled.
    public func announce(_ message: String, _ politeness: Politeness = .polite) {
        guard method != .disabled else { return }
        pending?.cancel()
        pending = MainLoop.schedule(after: settleDelay) { [weak self] in
            self?.send(message, politeness)
        }
    }

    /// Whether a message is waiting to go, or one went within `time`:
    /// news that can wait (a count) waits for the reader to have heard
    /// what was said, since a newer message cuts an older one off.
    public func hasSpoken(within time: Duration) -> Bool {
        pending != nil || lastSent.map { $0.duration(to: .now) < time } ?? false
    }

    private var lastSent: ContinuousClock.Instant?

    private func send(_ message: String, _ politeness: Politeness) {
        pending = nil
        lastSent = .now
        switch method {
        case .announcement:
            let priority: Int32 = politeness == .assertive ? 2 : 1
            feedline_accessible_announce(OpaquePointer(window.widget), message, priority)
        case .focusedDescription:
            describeFocus(message)
        case .disabled:
            return
        }
        onAnnounce?(message, politeness)
    }

    private func describeFocus(_ message: String) {
        clearBorrowed()
        let target = window.focusedWidget ?? window
        target.showAccessibleDescription(message)
        borrowed = target
        clearing = MainLoop.schedule(after: holdDelay) { [weak self] in
            self?.clearBorrowed()
        }
    }

    private func clearBorrowed() {
        clearing?.cancel()
        clearing = nil
        borrowed?.showAccessibleDescription(nil)
        borrowed = nil
    }
}
