import CGtk

/// A GSimpleAction without a parameter ("win.refresh", "app.quit").
///
/// Ownership: the action map it is added to holds the action; the Swift
/// `Action` keeps its own reference so it can enable and disable it.
@MainActor
public final class Action: Object {
    public let name: String

    init(name: String, handler: @escaping @MainActor () -> Void) {
        self.name = name
        super.init(UnsafeMutableRawPointer(g_simple_action_new(name, nil)!), .adopt)
        connect("activate", pointer: { _ in handler() })
    }

    public var isEnabled: Bool {
        get { g_action_get_enabled(opaque) != 0 }
        set { g_simple_action_set_enabled(opaque, newValue ? 1 : 0) }
    }

    static func add(_ name: String, to map: OpaquePointer, handler: @escaping @MainActor () -> Void) -> Action {
        let action = Action(name: name, handler: handler)
        g_action_map_add_action(map, action.opaque)
        return action
    }
}
