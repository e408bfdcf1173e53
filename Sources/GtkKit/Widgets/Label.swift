import CGtk
import CGtkShim

/// A GtkLabel. Text is always plain: nothing a feed says is parsed as markup.
@MainActor
public final class Label: Widget {
    public enum Role {
        case label, status

        var gtk: GtkAccessibleRole {
            switch self {
            case .label: GTK_ACCESSIBLE_ROLE_LABEL
            case .status: GTK_ACCESSIBLE_ROLE_STATUS
            }
        }
    }

    public init(_ text: String = "", role: Role = .label) {
        if role == .label {
            super.init(gtk_label_new(nil), .sink)
        } else {
            super.init(feedline_label_new_with_role(role.gtk), .sink)
        }
        gtk_label_set_use_markup(label, 0)
        self.text = text
    }

    private var label: OpaquePointer { opaque }

    /// The label's text, shown literally (`<b>` and `&` included).
    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        set { gtk_label_set_text(label, newValue) }
    }

    /// Wraps at word (or, for long words, character) boundaries.
    public func wrap(lines: Int32? = nil) {
        gtk_label_set_wrap(label, 1)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        if let lines {
            gtk_label_set_lines(label, lines)
            gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        }
    }

    /// Keeps to one line and ends with "…" when too long.
    public func ellipsizeEnd() {
        gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
    }

    /// The widest the label asks to be, in characters (it wraps beyond).
    /// Asks for the width of the text on one line, wrapping only when
    /// less is given. (By default GTK asks for a narrower, wrapped width:
    /// a short message centred in a row came out a word per line.)
    public func prefersOneLine() {
        gtk_label_set_natural_wrap_mode(label, GTK_NATURAL_WRAP_NONE)
    }

    public var maxWidthChars: Int32 {
        get { gtk_label_get_max_width_chars(label) }
        set { gtk_label_set_max_width_chars(label, newValue) }
    }

    /// Horizontal placement of the text: 0 start, 0.5 center, 1 end.
    public var xAlign: Float {
        get { gtk_label_get_xalign(label) }
        set { gtk_label_set_xalign(label, newValue) }
    }

    /// Where the text sits when the label is taller than it (0: top).
    public var yAlign: Float {
        get { gtk_label_get_yalign(label) }
        set { gtk_label_set_yalign(label, newValue) }
    }

    /// True when part of a selectable label's text is selected.
    public var hasSelection: Bool {
        var start: Int32 = 0
        var end: Int32 = 0
        return gtk_label_get_selection_bounds(label, &start, &end) != 0
    }

    public func centerText() {
        gtk_label_set_justify(label, GTK_JUSTIFY_CENTER)
        xAlign = 0.5
    }

    public var isSelectable: Bool {
        get { gtk_label_get_selectable(label) != 0 }
        set { gtk_label_set_selectable(label, newValue ? 1 : 0) }
    }

    /// Text with an "_" before the mnemonic letter ("_Address"), for a
    /// label that names a widget (see `labels`).
    public var mnemonicText: String {
        get { text }
        set { gtk_label_set_text_with_mnemonic(label, newValue) }
    }

    /// Makes the label name `widget`: its "_" letter (as in "_Address")
    /// becomes Alt+letter focusing the widget, and screen readers read the
    /// label as the widget's name.
    public func labels(_ widget: Widget) {
        gtk_label_set_text_with_mnemonic(label, text)
        gtk_label_set_mnemonic_widget(label, widget.widget)
        widget.setSoleAccessibleLabel(text)
    }

    /// Whether the text is handed to Pango as markup (always false here).
    public var usesMarkup: Bool { gtk_label_get_use_markup(label) != 0 }

    /// The lines the label's layout has (wrapped lines, after ellipsizing).
    public var layoutLineCount: Int {
        Int(pango_layout_get_line_count(gtk_label_get_layout(label)))
    }

    /// Whether the shown text was cut short with "…".
    public var isEllipsized: Bool {
        pango_layout_is_ellipsized(gtk_label_get_layout(label)) != 0
    }
}
