import GtkKit

/// An in-window notification with Undo, over the bottom of the window's
/// content (GNOME's "app-notification"): "Marked 240 items as read",
/// Undo, and a close button. It goes after its time (10 s), when closed,
/// or once Undo ran. Undo is also `win.undo` (Ctrl+Z), enabled only while
/// the notification is up, so a screen-reader user who heard the message
/// can undo without looking for the button.
@MainActor
final class UndoNotification {
    let root = Box(.horizontal, spacing: 12)
    let label = Label(role: .status)
    let undoButton = Button(label: L("_Undo"))
    let closeButton = Button(iconName: "window-close-symbolic")
    /// How long it stays up.
    static let duration: Duration = .seconds(10)

    private var undo: (() -> Void)?
    private var hiding: ScheduledCall?
    /// `win.undo`, enabled while up.
    var undoAction: Action? {
        didSet { undoAction?.isEnabled = isShown }
    }

    init() {
        root.addCSSClass("app-notification")
        root.align(horizontal: .center, vertical: .end)
        root.marginBottom = 12
        undoButton.tooltip = L("Undo (Ctrl+Z)")
        undoButton.onClicked { [weak self] in self?.runUndo() }
        closeButton.addCSSClass("flat")
        closeButton.tooltip = L("Close")
        closeButton.setAccessibleLabel(L("Close"))
        closeButton.onClicked { [weak self] in self?.hide() }
        root.append(label)
        root.append(undoButton)
        root.append(closeButton)
        root.isVisible = false
    }

    var isShown: Bool { root.isVisible }

    /// Shows `message` with Undo running `undo`, replacing what was shown.
    func show(_ message: String, undo: @escaping () -> Void) {
        label.text = message
        self.undo = undo
        root.isVisible = true
        undoAction?.isEnabled = true
        hiding?.cancel()
        hiding = MainLoop.schedule(after: Self.duration) { [weak self] in self?.hide() }
    }

    /// Runs Undo, once, and goes.
    func runUndo() {
        guard let undo else { return }
        hide()
        undo()
    }

    func hide() {
        // Focus on a button about to hide would be lost: the window's
        // content takes it back (the caller's `onHide`).
        let hadFocus = root.containsFocus
        hiding?.cancel()
        hiding = nil
        undo = nil
        root.isVisible = false
        undoAction?.isEnabled = false
        if hadFocus { onHideWithFocus?() }
    }

    /// It went while a button of it had keyboard focus.
    var onHideWithFocus: (() -> Void)?
}
