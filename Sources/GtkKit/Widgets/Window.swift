import CGtk

/// A GtkApplicationWindow.
@MainActor
public final class Window: Widget {
    public init(application: Application) {
        super.init(gtk_application_window_new(application.application), .sink)
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
        Action.add(name, to: opaque, handler: handler)
    }

    /// Adds a `win.NAME` action taking a string.
    @discardableResult
    public func addAction(_ name: String, string handler: @escaping @MainActor (String) -> Void) -> Action {
        Action.add(Action(name: name, stringHandler: handler), to: opaque)
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
