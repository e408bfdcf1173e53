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

    /// An action taking a string ("win.open-link('https://…')").
    init(name: String, stringHandler handler: @escaping @MainActor (String) -> Void) {
        self.name = name
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        super.init(UnsafeMutableRawPointer(g_simple_action_new(name, type)!), .adopt)
        connect("activate", pointer: { parameter in
            guard let parameter else { return }
            handler(String(cString: g_variant_get_string(OpaquePointer(parameter), nil)))
        })
    }

    /// An action with a string state, set by activating it with the new
    /// state ("win.layout::grid"): toggle buttons that target a state show
    /// whether it is the current one. `handler` runs for a change only.
    init(name: String, state: String, onChange handler: @escaping @MainActor (String) -> Void) {
        self.name = name
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        super.init(UnsafeMutableRawPointer(g_simple_action_new_stateful(name, type, g_variant_new_string(state))!),
                   .adopt)
        connect("activate", pointer: { [weak self] parameter in
            guard let self, let parameter else { return }
            let value = String(cString: g_variant_get_string(OpaquePointer(parameter), nil))
            guard value != self.state else { return }
            self.state = value
            handler(value)
        })
    }

    /// An action with a true/false state, flipped by activating it: a menu
    /// entry that targets it shows a check box. `handler` gets each change.
    init(name: String, isOn: Bool, onChange handler: @escaping @MainActor (Bool) -> Void) {
        self.name = name
        super.init(UnsafeMutableRawPointer(g_simple_action_new_stateful(name, nil, g_variant_new_boolean(isOn ? 1 : 0))!),
                   .adopt)
        connect("activate", pointer: { [weak self] _ in
            guard let self else { return }
            let flipped = !self.isOn
            self.isOn = flipped
            handler(flipped)
        })
    }

    /// A true/false action's state. Setting it does not run the handler.
    public var isOn: Bool {
        get {
            guard let variant = g_action_get_state(opaque) else { return false }
            defer { g_variant_unref(variant) }
            return g_variant_get_boolean(variant) != 0
        }
        set { g_simple_action_set_state(opaque, g_variant_new_boolean(newValue ? 1 : 0)) }
    }

    /// A stateful action's state (nil for a stateless one). Setting it does
    /// not run the handler.
    public var state: String? {
        get {
            guard let variant = g_action_get_state(opaque) else { return nil }
            defer { g_variant_unref(variant) }
            return String(cString: g_variant_get_string(variant, nil))
        }
        set {
            guard let newValue else { return }
            g_simple_action_set_state(opaque, g_variant_new_string(newValue))
        }
    }

    public var isEnabled: Bool {
        get { g_action_get_enabled(opaque) != 0 }
        set { g_simple_action_set_enabled(opaque, newValue ? 1 : 0) }
    }

    static func add(_ name: String, to map: OpaquePointer, handler: @escaping @MainActor () -> Void) -> Action {
        add(Action(name: name, handler: handler), to: map)
    }

    static func add(_ action: Action, to map: OpaquePointer) -> Action {
        g_action_map_add_action(map, action.opaque)
        return action
    }
}
