import CGtk

/// A GtkApplication: the process's app id, its actions and shortcuts, and
/// the main loop.
@MainActor
public final class Application: Object {
    /// `unique`: a second launch activates the running instance instead of
    /// starting another (the GNOME default).
    public init(id: String, unique: Bool = true) {
        let flags = unique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE
        super.init(UnsafeMutableRawPointer(gtk_application_new(id, flags)!), .adopt)
    }

    var application: UnsafeMutablePointer<GtkApplication> { pointer() }

    /// The app was launched (or launched again): show a window.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        connect("activate", perform: handler)
    }

    /// Adds an `app.NAME` action.
    @discardableResult
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) -> Action {
        Action.add(name, to: opaque, handler: handler)
    }

    /// Adds an `app.NAME` action taking a string (a notification's
    /// target, say).
    @discardableResult
    public func addAction(_ name: String, string handler: @escaping @MainActor (String) -> Void) -> Action {
        Action.add(Action(name: name, stringHandler: handler), to: opaque)
    }

    /// Sends a desktop notification (GNotification, through the desktop's
    /// notification service on the session bus), replacing one sent
    /// before with the same `id`. Clicking it activates the application's
    /// action `action` ("app.open-feed") with the string `target`.
    public func sendNotification(id: String, title: String, body: String?, action: String, target: String) {
        let notification = g_notification_new(title)!
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        if let body { g_notification_set_body(notification, body) }
        g_notification_set_default_action_and_target_value(notification, action, g_variant_new_string(target))
        g_application_send_notification(pointer(), id, notification)
    }

    /// Takes back the notification sent with `id`, if it is still up.
    public func withdrawNotification(id: String) {
        g_application_withdraw_notification(pointer(), id)
    }

    /// Keyboard shortcuts for a detailed action name ("win.refresh"), in
    /// GTK's accelerator syntax ("<Control>r", "F5").
    public func setAccelerators(_ accelerators: [String], for action: String) {
        StringArrays.with(accelerators) { gtk_application_set_accels_for_action(application, action, $0) }
    }

    /// The keyboard shortcuts set for a detailed action name.
    public func accelerators(for action: String) -> [String] {
        StringArrays.take(gtk_application_get_accels_for_action(application, action))
    }

    /// Runs the main loop until the last window closes or `quit()`.
    /// Swift concurrency's main actor runs inside it.
    public func run() -> Int32 {
        MainLoop.attachSwiftConcurrency()
        return g_application_run(pointer(), 0, nil)
    }

    /// Registers without running (for tests, which pump the loop
    /// themselves): emits "startup", which initializes GTK.
    public func register() {
        MainLoop.attachSwiftConcurrency()
        var error: UnsafeMutablePointer<GError>?
        if g_application_register(pointer(), nil, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            fatalError("could not register application: \(message)")
        }
    }

    public func quit() {
        g_application_quit(pointer())
    }

    /// Keeps the application running without a window (until as many
    /// `release` calls): for work that must finish after the last window
    /// closed, or for running in the background.
    public func hold() {
        g_application_hold(pointer())
    }

    public func release() {
        g_application_release(pointer())
    }
}
