import CGtk
import Foundation

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

    /// Whether the window is the one in front, with the keyboard.
    public var isActive: Bool { gtk_window_is_active(window) != 0 }

    /// Whether this is its application's window focused last (GTK keeps
    /// them in that order), even when no window has the focus now: the
    /// one in front, for what only one window should show.
    public var isApplicationsLatest: Bool {
        guard let application = gtk_window_get_application(window) else { return false }
        return gtk_application_get_active_window(application) == window
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

/// A GtkFileChooserNative: the desktop's own file chooser (through the
/// portal where there is one, else GTK's dialog), over a window, to open
/// one file or to name one to save. GTK 4.8 has no GtkFileDialog (4.10).
///
/// Ownership: the Swift object holds the chooser; keep it until `show`'s
/// handler has run (GTK drops the dialog when its last reference goes).
/// `show`'s handler runs once, with the file chosen, or nil when the
/// reader cancels; `cancel()` ends the chooser without an answer.
@MainActor
public final class FileChooser: Object {
    public enum Mode: Sendable {
        case open, save
    }

    public let mode: Mode
    private var response: SignalConnection?
    private var dialog: UnsafeMutablePointer<GtkNativeDialog> { pointer() }

    public init(title: String, over parent: Window, mode: Mode, acceptLabel: String, cancelLabel: String) {
        self.mode = mode
        let action = mode == .open ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE
        super.init(UnsafeMutableRawPointer(gtk_file_chooser_native_new(title, parent.pointer(), action,
                                                                       acceptLabel, cancelLabel)!), .adopt)
        gtk_native_dialog_set_modal(dialog, 1)
    }

    /// The dialog's title.
    public var title: String? {
        gtk_native_dialog_get_title(dialog).map { String(cString: $0) }
    }

    /// Offers only files matching `patterns` ("*.opml") or of `mimeTypes`,
    /// under `name`; the first filter added is the one chosen at first.
    public func addFilter(name: String, patterns: [String], mimeTypes: [String] = []) {
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, name)
        patterns.forEach { gtk_file_filter_add_pattern(filter, $0) }
        mimeTypes.forEach { gtk_file_filter_add_mime_type(filter, $0) }
        // The chooser takes a reference of its own.
        gtk_file_chooser_add_filter(opaque, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
    }

    /// The name a save starts with ("Subscriptions.opml").
    public func setSuggestedName(_ name: String) {
        gtk_file_chooser_set_current_name(opaque, name)
    }

    /// Shows the chooser; `done` gets the local file chosen, or nil.
    public func show(_ done: @escaping @MainActor (URL?) -> Void) {
        response?.disconnect()
        let chooser = opaque
        response = connect("response", uint: { [weak self] value in
            self?.response?.disconnect()
            var chosen: URL?
            if Int32(bitPattern: value) == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
                if let path = g_file_get_path(file) {
                    chosen = URL(fileURLWithPath: String(cString: path))
                    g_free(path)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            done(chosen)
        })
        gtk_native_dialog_show(dialog)
    }

    /// Whether the chooser is showing.
    public var isShowing: Bool { gtk_native_dialog_get_visible(dialog) != 0 }

    /// Closes the chooser for good, without an answer (the handler does
    /// not run): for a window that goes while its chooser is up. (Seen in
    /// tests under Xvfb: after GTK's own dialog was closed this way, key
    /// presses sent to another window of the process were lost; the
    /// reader's Cancel or Escape leaves nothing behind.)
    public func cancel() {
        response?.disconnect()
        gtk_native_dialog_destroy(dialog)
    }
}
