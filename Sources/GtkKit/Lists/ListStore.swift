import CGtk
import CGtkShim

/// The key under which a list item GObject carries its Swift value.
private let valueKey = Attached.quark("feedline-list-value")

/// A plain GObject's payload: one Swift value.
final class ValueBox<Element> {
    let value: Element
    init(_ value: Element) { self.value = value }
}

/// A GListStore whose items carry Swift values.
///
/// Each element becomes a plain GObject holding the value (see `Attached`);
/// the store owns the objects and frees each value when its item is removed.
/// GTK list views read it like any GListModel.
@MainActor
public final class ListStore<Element>: Object {
    public init() {
        super.init(UnsafeMutableRawPointer(g_list_store_new(feedline_type_object())!), .adopt)
    }

    var model: OpaquePointer { opaque }

    public var count: Int { Int(g_list_model_get_n_items(model)) }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "position \(position) out of range 0..<\(count)")
        let item = g_list_model_get_item(model, UInt32(position))!
        defer { g_object_unref(item) }
        return Self.value(of: item)!
    }

    /// The value carried by a list item object of this store.
    static func value(of item: UnsafeMutableRawPointer) -> Element? {
        Attached.get(ValueBox<Element>.self, from: item, key: valueKey)?.value
    }

    /// Removes `removing` items at `position` and inserts `elements` there,
    /// as one change: views see a single items-changed signal.
    public func splice(at position: Int, removing: Int, inserting elements: [Element]) {
        precondition(position >= 0 && removing >= 0 && position + removing <= count, "splice out of range")
        var objects: [gpointer?] = elements.map { element in
            let object = UnsafeMutableRawPointer(g_object_new_with_properties(feedline_type_object(), 0, nil, nil)!)
            Attached.set(ValueBox(element), on: object, key: valueKey)
            return object
        }
        objects.withUnsafeMutableBufferPointer { buffer in
            g_list_store_splice(model, UInt32(position), UInt32(removing), buffer.baseAddress, UInt32(buffer.count))
        }
        // The store took its own references.
        objects.forEach { g_object_unref($0) }
    }

    /// Changes the value the item at `position` carries WITHOUT telling
    /// views (no items-changed, no rebind): for a row the caller updates in
    /// place, so that its widgets, and the keyboard focus in them, stay.
    public func setValueQuietly(_ element: Element, at position: Int) {
        precondition(position >= 0 && position < count, "position \(position) out of range 0..<\(count)")
        let item = g_list_model_get_item(model, UInt32(position))!
        defer { g_object_unref(item) }
        Attached.set(ValueBox(element), on: item, key: valueKey)
    }

    public func append(contentsOf elements: [Element]) {
        splice(at: count, removing: 0, inserting: elements)
    }

    public func removeAll() {
        g_list_store_remove_all(model)
    }

    /// All values, in order (walks the whole store: for tests and checks).
    public var elements: [Element] {
        (0..<count).map { self[$0] }
    }
}
