import CGtk

/// A one-line GtkEntry. Its text is plain text.
@MainActor
public final class Entry: Widget {
    public init(placeholder: String? = nil) {
        super.init(gtk_entry_new(), .sink)
        if let placeholder { gtk_entry_set_placeholder_text(pointer(), placeholder) }
    }

    private var editable: OpaquePointer { opaque }

    /// Grey text shown while the entry is empty.
    public var placeholder: String? {
        get { gtk_entry_get_placeholder_text(pointer()).map { String(cString: $0) } }
        set { gtk_entry_set_placeholder_text(pointer(), newValue) }
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        set { gtk_editable_set_text(editable, newValue) }
    }

    /// Enter in the entry activates the window's default widget.
    public var activatesDefault: Bool {
        get { gtk_entry_get_activates_default(pointer()) != 0 }
        set { gtk_entry_set_activates_default(pointer(), newValue ? 1 : 0) }
    }

    /// The text changed (typed, pasted or set).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed", perform: handler)
    }
}

/// A GtkPasswordEntry: its text shown as dots, with an eye icon that shows
/// it while pressed, and never copied to the clipboard.
@MainActor
public final class PasswordEntry: Widget {
    public init() {
        super.init(gtk_password_entry_new(), .sink)
        gtk_password_entry_set_show_peek_icon(opaque, 1)
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set { gtk_editable_set_text(opaque, newValue) }
    }

    /// Enter was pressed in the entry.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", perform: handler)
    }
}

/// A GtkDropDown choosing one of a few fixed strings.
@MainActor
public final class DropDown: Widget {
    public let choices: [String]

    public init(choices: [String]) {
        self.choices = choices
        super.init(StringArrays.with(choices) { gtk_drop_down_new_from_strings($0) }, .sink)
    }

    /// The index of the chosen string.
    public var selected: Int {
        get { Int(gtk_drop_down_get_selected(opaque)) }
        set { gtk_drop_down_set_selected(opaque, guint(newValue)) }
    }

    /// Another string was chosen.
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("notify::selected", pointer: { _ in handler() })
    }
}
