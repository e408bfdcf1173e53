import CGtk
import CGtkShim

/// A read-only GtkTextView for rich text: styled text, links and widgets
/// (pictures) on lines of their own, wrapping at the view's width, the text
/// selectable.
///
/// The rules it keeps:
/// - Text goes into the buffer as text, never as markup.
/// - Every link is reachable by keyboard and screen reader: its words are
///   ordinary text with the `link` tag (so they wrap, select and copy with
///   the rest), and just before them sits a focusable widget of no size whose
///   accessible role is LINK, named by the link's text. Tab stops there
///   (the link's words are then highlighted), Enter or Space opens it, and
///   GTK 4.8 shows it to AT-SPI as a `link` child of the text (measured:
///   GTK 4.8 exposes links inside a label's markup to nothing, and a link
///   widget in a text view cannot wrap). A click on the words opens it too.
/// - It is as tall as its text wrapped at its width, also when the text
///   came before the view was laid out at that width or the width changed
///   (GTK 4.8 alone leaves the old height: `keepHeightInStep`).
/// - Ownership: the buffer owns the anchors and the view the widgets in
///   them; `clear()` drops both, and with them every link's closures.
@MainActor
public final class TextView: Widget {
    /// How a stretch of text looks. Tags are made once per view, on first use.
    public enum Tag: Hashable, Sendable {
        case bold, italic, monospace
        /// Shaded behind the words: inline code.
        case code
        /// A heading, level 1 (largest) to 6.
        case heading(Int)
        /// Indented by `level` steps: list items, quotes. The first line
        /// starts a marker's width to the left when `hanging`.
        case indent(level: Int, hanging: Bool)
        /// A block of preformatted text: monospace, shaded, not wrapped at
        /// spaces.
        case preformatted
        /// Pixels of space above the paragraph: between blocks, list items.
        case spaceAbove(Int32)
        /// Quieter text: what stands in for a picture not loaded.
        case dim
        case link
        /// A link that has keyboard focus.
        case focusedLink
    }

    /// A link in the text: its words, its address and the widget where
    /// keyboard focus and screen readers stop for it.
    public struct Link {
        public let text: String
        public let address: String
        /// Where its words are in the buffer (characters).
        let start: Int32
        let end: Int32
        public let focusStop: Widget
    }

    public private(set) var links: [Link] = []
    /// A link was clicked, or Enter or Space pressed on it: its address.
    public var onActivateLink: ((String) -> Void)?
    /// The pointer or keyboard focus came to a link (its address), or left
    /// every link (nil).
    public var onPointAtLink: ((String?) -> Void)?
    private var tags: [Tag: UnsafeMutablePointer<GtkTextTag>] = [:]
    private var hoveredLink: Int?
    private var focusedLink: Int?
    /// A check of the view's height, waiting for the allocation under way
    /// to end (`keepHeightInStep`).
    private var heightCheck: ScheduledCall?

    public init() {
        super.init(gtk_text_view_new(), .sink)
        gtk_text_view_set_editable(view, 0)
        gtk_text_view_set_cursor_visible(view, 0)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        connectPointer()
        keepHeightInStep()
    }

    private var view: UnsafeMutablePointer<GtkTextView> { pointer() }
    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(view) }

    // MARK: Filling

    /// Empties the view: text, links and widgets.
    public func clear() {
        links = []
        hoveredLink = nil
        focusedLink = nil
        gtk_text_buffer_set_text(buffer, "", 0)
        if let link = tags[.link] {
            // The theme may have turned dark or light since.
            feedline_object_set_string(UnsafeMutableRawPointer(link), "foreground", Self.linkColor)
        }
    }

    /// The text shown, links' words included (widgets left out).
    public var text: String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let text = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Where the next text goes (characters from the start).
    public var endOffset: Int32 { gtk_text_buffer_get_char_count(buffer) }

    /// Appends `text` as it is, in the look of `tags`.
    public func append(_ text: String, _ tags: [Tag] = []) {
        guard !text.isEmpty else { return }
        let start = endOffset
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_insert(buffer, &end, text, -1)
        apply(tags, from: start)
    }

    /// Adds `tags` to the text from `start` to the end.
    public func apply(_ tags: [Tag], from start: Int32) {
        guard !tags.isEmpty else { return }
        var from = GtkTextIter()
        var to = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &from, start)
        gtk_text_buffer_get_end_iter(buffer, &to)
        for tag in tags {
            gtk_text_buffer_apply_tag(buffer, self.tag(tag), &from, &to)
        }
    }

    /// Appends a link made of `segments` (text, and its look besides the
    /// link's), which opens `address` through `onActivateLink`.
    public func appendLink(_ segments: [(text: String, tags: [Tag])], address: String) {
        let text = segments.map(\.text).joined()
        guard !text.isEmpty else { return }
        let stop = Widget(feedline_link_anchor_new(), .sink)
        stop.setAccessibleLabel(text)
        stop.setAccessibleDescription(address)
        appendWidget(stop)
        let start = endOffset
        for segment in segments { append(segment.text, segment.tags + [.link]) }
        let index = links.count
        links.append(Link(text: text, address: address, start: start, end: endOffset, focusStop: stop))
        stop.onKeyPress { [weak self] press in
            guard press.modifiers.isEmpty, press.key == .enter || press.key == .other(UInt32(GDK_KEY_space)) else {
                return false
            }
            self?.activate(index)
            return true
        }
        stop.onFocusChange { [weak self] focused in self?.linkFocus(index, focused: focused) }
    }

    /// Appends `widget` where the text has got to (on a line of its own
    /// if the text around it ends and starts lines).
    public func appendWidget(_ widget: Widget) {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        let anchor = gtk_text_buffer_create_child_anchor(buffer, &end)
        gtk_text_view_add_child_at_anchor(view, widget.widget, anchor)
    }

    // MARK: Height

    /// The view is as tall as its text wrapped at its width, whenever its
    /// width changes.
    ///
    /// GTK 4.8's text view wraps its text again for a new width inside its
    /// own size allocation, and the resize it queues from there is lost: on
    /// its first allocation at a width (text filled in before the view was
    /// ever laid out at that width, as the reader's pages are) or when that
    /// width changes, it keeps the height its text had at the old width (0,
    /// or thousands of pixels for text wrapped at no width at all) until
    /// something else happens to resize it. Its scroll adjustments tell
    /// when its width (the horizontal page size) or its text's height (the
    /// vertical upper) changed; on the next turn of the main loop, once the
    /// allocation is over, a view whose height is not what its text needs
    /// at its width asks to be measured again. (A relayout that changes
    /// nothing changes no adjustment, so this ends.)
    private func keepHeightInStep() {
        let scrollable = opaque
        for adjustment in [gtk_scrollable_get_hadjustment(scrollable), gtk_scrollable_get_vadjustment(scrollable)] {
            guard let adjustment else { continue }
            Adjustment(borrowing: adjustment).onChanged { [weak self] in self?.checkHeightSoon() }
        }
    }

    private func checkHeightSoon() {
        guard heightCheck?.isPending != true else { return }
        heightCheck = MainLoop.schedule(after: .zero) { [weak self] in
            guard let self, isMapped, heightNeeded != allocatedHeight else { return }
            gtk_widget_queue_resize(widget)
        }
    }

    /// The height the text needs at the view's width (what a relayout
    /// would give it).
    var heightNeeded: Int {
        var minimum: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(widget), &minimum, nil, nil, nil)
        return Int(minimum)
    }

    // MARK: Links

    private func activate(_ index: Int) {
        guard index < links.count else { return }
        onActivateLink?(links[index].address)
    }

    private func linkFocus(_ index: Int, focused: Bool) {
        guard index < links.count else { return }
        let link = links[index]
        var from = GtkTextIter()
        var to = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &from, link.start)
        gtk_text_buffer_get_iter_at_offset(buffer, &to, link.end)
        if focused {
            gtk_text_buffer_apply_tag(buffer, tag(.focusedLink), &from, &to)
            focusedLink = index
        } else {
            gtk_text_buffer_remove_tag(buffer, tag(.focusedLink), &from, &to)
            if focusedLink == index { focusedLink = nil }
        }
        pointedAtLinkChanged()
    }

    /// The link whose words are at (`x`, `y`) in the view, if any.
    private func link(at x: Double, _ y: Double) -> Int? {
        var bufferX: Int32 = 0
        var bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(view, GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        guard gtk_text_view_get_iter_at_location(view, &iter, bufferX, bufferY) != 0 else { return nil }
        let offset = gtk_text_iter_get_offset(&iter)
        // From the focus stop just before the words (it has no width).
        return links.firstIndex { $0.start - 1 <= offset && offset < $0.end }
    }

    private func pointedAtLinkChanged() {
        onPointAtLink?((hoveredLink ?? focusedLink).map { links[$0].address })
    }

    /// A click on a link's words opens it (not the end of a drag that
    /// selected text); the pointer over one becomes a hand.
    private func connectPointer() {
        let click = Object(UnsafeMutableRawPointer(gtk_gesture_click_new()!), .adopt)
        gtk_gesture_single_set_button(click.opaque, UInt32(GDK_BUTTON_PRIMARY))
        click.connect("released", press: { [weak self] presses, x, y in
            guard let self, presses == 1, !hasSelection, let index = link(at: x, y) else { return }
            activate(index)
        })
        g_object_ref(click.object)
        gtk_widget_add_controller(widget, click.opaque)

        let motion = Object(UnsafeMutableRawPointer(gtk_event_controller_motion_new()!), .adopt)
        motion.connect("motion", point: { [weak self] x, y in self?.hover(self?.link(at: x, y)) })
        motion.connect("leave", perform: { [weak self] in self?.hover(nil) })
        g_object_ref(motion.object)
        gtk_widget_add_controller(widget, motion.opaque)
    }

    private func hover(_ index: Int?) {
        guard index != hoveredLink else { return }
        hoveredLink = index
        gtk_widget_set_cursor_from_name(widget, index == nil ? "text" : "pointer")
        pointedAtLinkChanged()
    }

    /// The middle of link `index`'s middle character, in the view's
    /// coordinates (where a click opens it).
    public func pointOfLink(_ index: Int) -> (x: Double, y: Double)? {
        guard index < links.count else { return nil }
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, (links[index].start + links[index].end) / 2)
        var box = GdkRectangle()
        gtk_text_view_get_iter_location(view, &iter, &box)
        var x: Int32 = 0
        var y: Int32 = 0
        gtk_text_view_buffer_to_window_coords(view, GTK_TEXT_WINDOW_WIDGET, box.x + max(1, box.width / 2),
                                              box.y + box.height / 2, &x, &y)
        return (Double(x), Double(y))
    }

    /// True when some text is selected.
    public var hasSelection: Bool {
        gtk_text_buffer_get_selection_bounds(buffer, nil, nil) != 0
    }

    // MARK: Tags

    private func tag(_ kind: Tag) -> UnsafeMutablePointer<GtkTextTag> {
        if let tag = tags[kind] { return tag }
        let tag = gtk_text_tag_new(nil)!
        let object = UnsafeMutableRawPointer(tag)
        switch kind {
        case .bold:
            feedline_object_set_int(object, "weight", Int32(PANGO_WEIGHT_BOLD.rawValue))
        case .italic:
            feedline_object_set_int(object, "style", Int32(PANGO_STYLE_ITALIC.rawValue))
        case .monospace:
            feedline_object_set_string(object, "family", "monospace")
        case .code:
            feedline_object_set_string(object, "family", "monospace")
            feedline_object_set_string(object, "background", Self.shade)
        case .heading(let level):
            let scales = [1.6, 1.4, 1.2, 1.1, 1.0, 1.0]
            feedline_object_set_double(object, "scale", scales[max(0, min(level - 1, 5))])
            feedline_object_set_int(object, "weight", Int32(PANGO_WEIGHT_BOLD.rawValue))
        case .indent(let level, let hanging):
            feedline_object_set_int(object, "left-margin", Int32(level) * Self.indentStep)
            if hanging { feedline_object_set_int(object, "indent", -Self.markerWidth) }
        case .preformatted:
            feedline_object_set_string(object, "family", "monospace")
            feedline_object_set_string(object, "paragraph-background", Self.shade)
            feedline_object_set_int(object, "wrap-mode", Int32(GTK_WRAP_CHAR.rawValue))
        case .spaceAbove(let pixels):
            feedline_object_set_int(object, "pixels-above-lines", pixels)
        case .dim:
            feedline_object_set_int(object, "style", Int32(PANGO_STYLE_ITALIC.rawValue))
            feedline_object_set_string(object, "foreground", "rgba(127,127,127,1)")
        case .link:
            feedline_object_set_string(object, "foreground", Self.linkColor)
            feedline_object_set_int(object, "underline", Int32(PANGO_UNDERLINE_SINGLE.rawValue))
        case .focusedLink:
            feedline_object_set_string(object, "background", "rgba(53,132,228,0.25)")
        }
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), tag)
        g_object_unref(UnsafeMutableRawPointer(tag))  // the table holds it
        tags[kind] = tag
        return tag
    }

    /// Pixels an indentation step (a list level, a quote) moves text right.
    public static let indentStep: Int32 = 28
    /// Room for a list item's marker ("•", "12.") left of its text.
    public static let markerWidth: Int32 = 22
    /// The theme's link colour (Adwaita's, light or dark): text tags take no CSS.
    private static var linkColor: String { Settings.prefersDarkTheme ? "#78aeed" : "#1c71d8" }
    /// A shade that reads on light and dark themes alike.
    private static let shade = "rgba(127,127,127,0.16)"
}

extension Widget {
    /// Calls `handler` with true when keyboard focus comes to this widget
    /// (or into it), false when it leaves.
    public func onFocusChange(_ handler: @escaping @MainActor (Bool) -> Void) {
        let focus = Object(UnsafeMutableRawPointer(gtk_event_controller_focus_new()!), .adopt)
        focus.connect("enter", perform: { handler(true) })
        focus.connect("leave", perform: { handler(false) })
        g_object_ref(focus.object)
        gtk_widget_add_controller(widget, focus.opaque)
    }

    /// The point (`x`, `y`) of this widget in `other`'s coordinates, or nil
    /// when the two are not in one window.
    public func translate(_ x: Double, _ y: Double, to other: Widget) -> (x: Double, y: Double)? {
        var otherX = 0.0
        var otherY = 0.0
        guard gtk_widget_translate_coordinates(widget, other.widget, x, y, &otherX, &otherY) != 0 else { return nil }
        return (otherX, otherY)
    }

    /// Whether the pointer reaches the widget; false lets clicks and hovers
    /// through to what is beneath it (a caption laid over text).
    public var receivesPointer: Bool {
        get { gtk_widget_get_can_target(widget) != 0 }
        set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
    }

    /// Leaves the widget out of what screen readers see (something shown
    /// only for the eyes, said elsewhere).
    public func hideFromAccessibility() {
        feedline_accessible_set_hidden(OpaquePointer(widget), 1)
    }

    /// Opens `uri` with the desktop's default handler (a browser for web
    /// links), on behalf of the widget's window (`Window.showURI` from any
    /// widget in it).
    public func openURI(_ uri: String) {
        guard let root = gtk_widget_get_root(widget) else { return }
        gtk_show_uri(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self), uri, 0)
    }
}

extension Picture {
    /// Makes the picture part of what a screen reader reads, named
    /// `description` (a picture in an item's text, rather than decoration);
    /// also its tooltip. An empty description leaves it hidden.
    public func describe(_ description: String) {
        guard !description.isEmpty else { return }
        feedline_accessible_set_hidden(OpaquePointer(widget), 0)
        setAccessibleLabel(description)
        tooltip = description
    }
}
