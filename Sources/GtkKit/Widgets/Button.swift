import CGtk
import CGtkShim

/// A GtkButton with a label (with mnemonic) or an icon.
@MainActor
public final class Button: Widget, Actionable {
    /// A text button. An "_" marks the mnemonic letter ("_Add": Alt+A).
    public init(label: String) {
        super.init(gtk_button_new_with_mnemonic(label), .sink)
        setSoleAccessibleLabel(Self.withoutMnemonic(label))
    }

    /// An icon button; give it a tooltip and an accessible label.
    public init(iconName: String) {
        super.init(gtk_button_new_from_icon_name(iconName), .sink)
    }

    private var button: UnsafeMutablePointer<GtkButton> { pointer() }

    /// "_Add" as read and shown: "Add" ("__" stands for one "_").
    static func withoutMnemonic(_ label: String) -> String {
        label.replacingOccurrences(of: "__", with: "\u{0}")
            .replacingOccurrences(of: "_", with: "")
            .replacingOccurrences(of: "\u{0}", with: "_")
    }

    /// An icon button's icon (a symbolic icon's name).
    public var iconName: String? {
        get { gtk_button_get_icon_name(button).map { String(cString: $0) } }
        set { gtk_button_set_icon_name(button, newValue ?? "") }
    }

    /// A text button's label.
    public var label: String? {
        get { gtk_button_get_label(button).map { String(cString: $0) } }
        set {
            gtk_button_set_label(button, newValue)
            gtk_button_set_use_underline(button, 1)
            setSoleAccessibleLabel(Self.withoutMnemonic(newValue ?? ""))
        }
    }

    /// Shows `label` and names the button `spoken` for screen readers
    /// (a label with a sign that reads badly: "↑ 3 new items").
    public func setLabel(_ label: String, spokenAs spoken: String) {
        self.label = label
        setSoleAccessibleLabel(spoken)
    }

    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("clicked", perform: handler)
    }

    /// Clicks it: emits "clicked" at once, as an assistive technology's
    /// click action does (its action, if any, runs too).
    public func click() {
        feedline_button_emit_clicked(button)
    }
}

/// A GtkToggleButton: pressed or not. Given a stateful action with a target
/// (`detailedActionName = "win.layout::grid"`), it is pressed while the
/// action's state is that target, and pressing it sets that state.
@MainActor
public final class ToggleButton: Widget, Actionable {
    /// An icon button; give it a tooltip and an accessible label.
    public init(iconName: String) {
        super.init(gtk_toggle_button_new(), .sink)
        gtk_button_set_icon_name(pointer(), iconName)
    }

    public var isActive: Bool {
        get { gtk_toggle_button_get_active(pointer()) != 0 }
        set { gtk_toggle_button_set_active(pointer(), newValue ? 1 : 0) }
    }

    /// Clicks it, as an assistive technology's click action does.
    public func click() {
        feedline_button_emit_clicked(pointer())
    }
}

/// Widgets that run an action when used (GtkActionable): buttons.
@MainActor
public protocol Actionable: Widget {}

extension Actionable {
    /// Activates the named action (`"win.refresh"`) when clicked, and is
    /// insensitive while the action is disabled.
    public var actionName: String? {
        get { gtk_actionable_get_action_name(OpaquePointer(widget)).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(OpaquePointer(widget), newValue) }
    }

    /// An action and its parameter in one (`"win.layout::grid"`).
    public func setDetailedActionName(_ name: String) {
        gtk_actionable_set_detailed_action_name(OpaquePointer(widget), name)
    }
}
