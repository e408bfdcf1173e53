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
        case tab, shiftTab, menu, f2, f10, enter, escape, left, right, up, down, pageUp, pageDown, home, end
        case other(UInt32)

        init(keyval: UInt32) {
            switch Int32(keyval) {
            case GDK_KEY_Tab, GDK_KEY_KP_Tab: self = .tab
            case GDK_KEY_ISO_Left_Tab: self = .shiftTab
            case GDK_KEY_Menu: self = .menu
            case GDK_KEY_F2: self = .f2
            case GDK_KEY_F10: self = .f10
            case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: self = .enter
            case GDK_KEY_Escape: self = .escape
            case GDK_KEY_Left, GDK_KEY_KP_Left: self = .left
            case GDK_KEY_Right, GDK_KEY_KP_Right: self = .right
            case GDK_KEY_Up, GDK_KEY_KP_Up: self = .up
            case GDK_KEY_Down, GDK_KEY_KP_Down: self = .down
            case GDK_KEY_Home, GDK_KEY_KP_Home: self = .home
            case GDK_KEY_End, GDK_KEY_KP_End: self = .end
            case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: self = .pageUp
            case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: self = .pageDown
            default: self = .other(keyval)
            }
        }

        /// The letter or sign the key types, in lower case ("m" for M
        /// with Caps Lock too); nil for keys that type nothing.
        public var character: Character? {
            guard case .other(let keyval) = self else { return nil }
            let scalar = gdk_keyval_to_unicode(gdk_keyval_to_lower(keyval))
            guard scalar >= 0x20, scalar != 0x7F, let typed = Unicode.Scalar(scalar) else { return nil }
            return Character(typed)
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

/// One scroll event as a scroll controller sees it.
public struct ScrollStep: Sendable, Equatable {
    /// How far, right and down positive: in wheel clicks, or in pixels
    /// when `inPixels` (a touchpad on Wayland).
    public let dx: Double
    public let dy: Double
    /// A click of a wheel (or a tilt), not a smooth touchpad scroll.
    public let isWheelClick: Bool
    public let inPixels: Bool

    public init(dx: Double, dy: Double, isWheelClick: Bool, inPixels: Bool) {
        self.dx = dx
        self.dy = dy
        self.isWheelClick = isWheelClick
        self.inPixels = inPixels
    }
}

/// What a drag handler decides once it sees where the pointer goes.
public enum DragVerdict: Sendable {
    /// Not sure yet: keep watching, and let the children see it too.
    case undecided
    /// This drag is ours: the children's gestures (text selection,
    /// kinetic scrolling) are cancelled.
    case claim
    /// Not ours: stop reporting it.
    case deny
}

extension Widget {
    /// Calls `scrolled` for every scroll over this widget, before its
    /// children see it; return true to keep it from them. `ended` runs when
    /// a touchpad reports its fingers lifted (not every device does).
    ///
    /// Ownership: as `onKeyPress`.
    public func onScroll(_ scrolled: @escaping @MainActor (ScrollStep) -> Bool,
                         ended: @escaping @MainActor () -> Void) {
        let flags = GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES
        let controller = Object(UnsafeMutableRawPointer(gtk_event_controller_scroll_new(flags)!), .adopt)
        let raw = controller.opaque
        gtk_event_controller_set_propagation_phase(raw, GTK_PHASE_CAPTURE)
        controller.connect("scroll", delta: { dx, dy in
            var wheelClick = false
            if let event = gtk_event_controller_get_current_event(raw) {
                wheelClick = gdk_scroll_event_get_direction(event) != GDK_SCROLL_SMOOTH
            }
            let pixels = gtk_event_controller_scroll_get_unit(raw) == GDK_SCROLL_UNIT_SURFACE
            return scrolled(ScrollStep(dx: dx, dy: dy, isWheelClick: wheelClick, inPixels: pixels))
        })
        controller.connect("scroll-end", perform: ended)
        g_object_ref(controller.object)
        gtk_widget_add_controller(widget, controller.opaque)
    }

    /// Follows drags (mouse, touch, pen) over this widget, before its
    /// children see them: `began` with where it started and whether a
    /// finger (not a mouse or pen) does it, `moved` with the
    /// offset so far (its verdict claims or lets go of the drag, until one
    /// claims it), `ended` with the final offset of a drag that was claimed.
    ///
    /// Ownership: as `onKeyPress`.
    public func onDrag(began: @escaping @MainActor (_ x: Double, _ y: Double, _ touch: Bool) -> Void,
                       moved: @escaping @MainActor (Double, Double) -> DragVerdict,
                       ended: @escaping @MainActor (Double, Double) -> Void) {
        let drag = Object(UnsafeMutableRawPointer(gtk_gesture_drag_new()!), .adopt)
        let raw = drag.opaque
        gtk_event_controller_set_propagation_phase(raw, GTK_PHASE_CAPTURE)
        // GTK forgets a sequence's state by drag-end: remember the claim.
        let claimed = DragClaim()
        drag.connect("drag-begin", point: { x, y in
            claimed.isClaimed = false
            let device = gtk_gesture_get_device(raw)
            began(x, y, device.map { gdk_device_get_source($0) == GDK_SOURCE_TOUCHSCREEN } ?? false)
        })
        drag.connect("drag-update", point: { dx, dy in
            let verdict = moved(dx, dy)
            guard !claimed.isClaimed else { return }
            switch verdict {
            case .undecided: break
            case .claim:
                claimed.isClaimed = true
                gtk_gesture_set_state(raw, GTK_EVENT_SEQUENCE_CLAIMED)
            case .deny: gtk_gesture_set_state(raw, GTK_EVENT_SEQUENCE_DENIED)
            }
        })
        drag.connect("drag-end", point: { dx, dy in
            if claimed.isClaimed { ended(dx, dy) }
            claimed.isClaimed = false
        })
        g_object_ref(drag.object)
        gtk_widget_add_controller(widget, drag.opaque)
    }
}

/// Whether the drag under way was claimed (shared by its handlers).
@MainActor
private final class DragClaim {
    var isClaimed = false
}
