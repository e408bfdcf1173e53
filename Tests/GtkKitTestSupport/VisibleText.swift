import CGtk
import CGtkTestSupport
import GtkKit

/// One piece of text a window shows or says: where it was found and the
/// text itself.
package struct VisibleText: Equatable, CustomStringConvertible {
    /// "GtkLabel", "GtkButton tooltip", "GtkListItemWidget accessible name"…
    package var source: String
    package var text: String
    package var description: String { "\(source): “\(text)”" }
}

extension Widget {
    /// Every text of this widget and the widgets inside it that are on
    /// screen (mapped): labels, window titles, tooltips, entry
    /// placeholders, text views, and the accessible names and descriptions
    /// GTK holds (run with `GTK_A11Y=test`). Widgets whose type or CSS
    /// name is in `skipping` ("GtkWindowControls", "accelerator") are left
    /// out with everything inside them (text GTK writes itself, in its own
    /// text domain). Test support only: reads, never sets.
    package func visibleTexts(skipping: Set<String> = []) -> [VisibleText] {
        var texts: [VisibleText] = []
        collectTexts(widget, skipping: skipping, into: &texts)
        return texts
    }
}

@MainActor
private func collectTexts(_ widget: UnsafeMutablePointer<GtkWidget>, skipping: Set<String>, into texts: inout [VisibleText]) {
    guard gtk_widget_get_mapped(widget) != 0 else { return }
    let type = String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
    let cssName = String(cString: gtk_widget_get_css_name(widget))
    guard !skipping.contains(type), !skipping.contains(cssName) else { return }
    func add(_ source: String, _ text: UnsafePointer<CChar>?) {
        guard let text else { return }
        let value = String(cString: text)
        if !value.isEmpty { texts.append(VisibleText(source: source, text: value)) }
    }
    let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
    if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 {
        add(type, gtk_label_get_text(OpaquePointer(widget)))
    }
    if g_type_check_instance_is_a(instance, gtk_window_get_type()) != 0 {
        add("\(type) title", gtk_window_get_title(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self)))
    }
    if g_type_check_instance_is_a(instance, gtk_entry_get_type()) != 0 {
        add("\(type) placeholder", gtk_entry_get_placeholder_text(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkEntry.self)))
    }
    if g_type_check_instance_is_a(instance, gtk_text_view_get_type()) != 0,
       let buffer = gtk_text_view_get_buffer(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkTextView.self)) {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        if let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) {
            add("\(type) text", text)
            g_free(text)
        }
    }
    add("\(type) tooltip", gtk_widget_get_tooltip_text(widget))
    let accessible = OpaquePointer(widget)
    for (name, property) in [("accessible name", GTK_ACCESSIBLE_PROPERTY_LABEL),
                             ("accessible description", GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)] {
        if let value = feedline_accessible_string(accessible, property) {
            add("\(type) \(name)", value)
            g_free(value)
        }
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        collectTexts(current, skipping: skipping, into: &texts)
        child = gtk_widget_get_next_sibling(current)
    }
}
