import CGtk

/// A key press as a key controller sees it.
public struct KeyPress: Sendable, Equatable {
    public struct Modifiers: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: GDK_SHIFT_MASK.rawValue)
        public static let control = Modifiers(rawValue: GDK_CONTROL_MASK.rawValue)
        public static let alt = Modifiers(rawValue: GDK_ALT_MASK.rawValue)
        /// The modifiers shortcuts care about (not Caps Lock, Num Lock...).
        static let relevant: Modifiers = [.shift, .control, .alt]
    }

    /// The keys Feedline handles itself.
    public enum Key: Sendable, Equatable {
        case tab, shiftTab, menu, f10, enter, escape, left, other(UInt32)

        init(keyval: UInt32) {
            switch Int32(keyval) {
            case GDK_KEY_Tab, GDK_KEY_KP_Tab: self = .tab
            case GDK_KEY_ISO_Left_Tab: self = .shiftTab
            case GDK_KEY_Menu: self = .menu
            case GDK_KEY_F10: self = .f10
            case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: self = .enter
            case GDK_KEY_Escape: self = .escape
            case GDK_KEY_Left, GDK_KEY_KP_Left: self = .left
            default: self = .other(keyval)
            }
        }
    }

    public let key: Key
    public let modifiers: Modifiers
}

extension Widget {
    /// Calls `handler` for key presses in this widget (or, with `capture`,
    /// before its children see them). Return true to stop the key there.
    ///
    /// Ownership: the widget owns the controller, and the controller the
    /// closure; both go with the widget.
    public func onKeyPress(capture: Bool = false, _ handler: @escaping @MainActor (KeyPress) -> Bool) {
        let controller = Object(UnsafeMutableRawPointer(gtk_event_controller_key_new()!), .adopt)
        if capture {
            gtk_event_controller_set_propagation_phase(controller.opaque, GTK_PHASE_CAPTURE)
        }
        controller.connect("key-pressed", key: { keyval, state in
            handler(KeyPress(key: KeyPress.Key(keyval: keyval),
                             modifiers: KeyPress.Modifiers(rawValue: state).intersection(.relevant)))
        })
        g_object_ref(controller.object)  // gtk_widget_add_controller takes a reference
        gtk_widget_add_controller(widget, controller.opaque)
    }

    /// Calls `handler` with the position of a secondary (right) click,
    /// relative to this widget.
    public func onContextClick(_ handler: @escaping @MainActor (Double, Double) -> Void) {
        let click = Object(UnsafeMutableRawPointer(gtk_gesture_click_new()!), .adopt)
        gtk_gesture_single_set_button(click.opaque, UInt32(GDK_BUTTON_SECONDARY))
        click.connect("pressed", press: { _, x, y in handler(x, y) })
        g_object_ref(click.object)
        gtk_widget_add_controller(widget, click.opaque)
    }
}
