import CGtk

/// A GtkApplicationWindow, or a dialog window over one.
@MainActor
public final class Window: Widget {
    /// A main window of `application`: it has `win.` actions.
    public init(application: Application) {
        isApplicationWindow = true
        super.init(gtk_application_window_new(application.application), .sink)
    }

    /// A modal dialog window over `parent`, closed with it and by Escape.
    /// It has no `win.` actions of its own.
    public init(dialogFor parent: Window) {
        isApplicationWindow = false
        super.init(gtk_window_new(), .sink)
        gtk_window_set_transient_for(window, parent.window)
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        // As the dialog goes: GTK 4.8 keeps a pointer to the parent and
        // touches it again when the dialog is finalized, by which time the
        // parent may be gone, so let go of it; and focus goes back to the
        // parent, as a window manager would do (nothing does on a bare X
        // server). gtk_window_get_transient_for is already nil by then.
        let raw = window
        connect("destroy", perform: { [weak parent] in
            gtk_window_set_transient_for(raw, nil)
            if let parent, gtk_widget_in_destruction(parent.widget) == 0, parent.isVisible {
                parent.present()
            }
        })
        onKeyPress { [weak self] press in
            guard press.key == .escape, press.modifiers.isEmpty else { return false }
            self?.close()
            return true
        }
    }

    private let isApplicationWindow: Bool

    /// The widget Enter activates in entries that activate the default.
    public func setDefaultWidget(_ widget: Widget?) {
        gtk_window_set_default_widget(window, widget?.widget)
    }

    private var window: UnsafeMutablePointer<GtkWindow> { pointer() }

    public var title: String? {
        get { gtk_window_get_title(window).map { String(cString: $0) } }
        set { gtk_window_set_title(window, newValue) }
    }

    public func setDefaultSize(width: Int32, height: Int32) {
        gtk_window_set_default_size(window, width, height)
    }

    public func setTitlebar(_ titlebar: Widget) {
        gtk_window_set_titlebar(window, titlebar.widget)
    }

    public func setChild(_ child: Widget) {
        gtk_window_set_child(window, child.widget)
    }

    public func present() {
        gtk_window_present(window)
    }

    /// Asks the window to close, as the close button does.
    public func close() {
        gtk_window_close(window)
    }

    /// The window is about to close; return true to keep it open.
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        connect("close-request", returning: handler)
    }

    /// Adds a `win.NAME` action.
    @discardableResult
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) -> Action {
        precondition(isApplicationWindow, "only application windows have win. actions")
        return Action.add(name, to: opaque, handler: handler)
    }

    /// Adds a `win.NAME` action taking a string.
    @discardableResult
    public func addAction(_ name: String, string handler: @escaping @MainActor (String) -> Void) -> Action {
        precondition(isApplicationWindow, "only application windows have win. actions")
        return Action.add(Action(name: name, stringHandler: handler), to: opaque)
    }

    /// Adds a `win.NAME` action with a string state, changed by activating
    /// it with the new one (`win.NAME::VALUE`); `handler` gets each change.
    @discardableResult
    public func addStatefulAction(_ name: String, state: String,
                                  onChange handler: @escaping @MainActor (String) -> Void) -> Action {
        precondition(isApplicationWindow, "only application windows have win. actions")
        return Action.add(Action(name: name, state: state, onChange: handler), to: opaque)
    }

    /// Adds a `win.NAME` action with a true/false state, flipped by
    /// activating it (a check box in a menu); `handler` gets each change.
    @discardableResult
    public func addToggleAction(_ name: String, isOn: Bool, onChange handler: @escaping @MainActor (Bool) -> Void) -> Action {
        precondition(isApplicationWindow, "only application windows have win. actions")
        return Action.add(Action(name: name, isOn: isOn, onChange: handler), to: opaque)
    }

    /// The widget with keyboard focus, if any.
    public var focusedWidget: Widget? {
        gtk_window_get_focus(window).map { Widget(borrowing: $0) }
    }
}

extension Window {
    /// The window of keyboard shortcuts that `win.show-help-overlay` shows
    /// (bind Ctrl+? and F1 to that action).
    public func setHelpOverlay(_ shortcuts: Widget) {
        gtk_application_window_set_help_overlay(pointer(), shortcuts.opaque)
    }

    /// Opens `uri` with the desktop's default handler (a browser for web
    /// links), on behalf of this window.
    public func showURI(_ uri: String) {
        gtk_show_uri(pointer(), uri, 0)  // GDK_CURRENT_TIME
    }
}
