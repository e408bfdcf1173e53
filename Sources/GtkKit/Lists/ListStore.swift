import CGtk
import CGtkShim

/// A list item's payload: one Swift value.
final class ValueBox<Element> {
    let value: Element
    init(_ value: Element) { self.value = value }

    /// Retained, for a FeedlineValue to hold until it calls
    /// `releaseValueBox`.
    var retainedPointer: gpointer { Unmanaged.passRetained(self).toOpaque() }
}

/// FeedlineValueRelease for a ValueBox: balances `retainedPointer`.
func releaseValueBox(_ pointer: gpointer?) {
    guard let pointer else { return }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

/// A list model whose items carry Swift values.
///
/// Each element becomes a small GObject (a FeedlineValue, from CGtkShim)
/// holding the value, kept in an array (a FeedlineValueList): the store
/// owns the objects and frees each value when its item is removed. GTK list
/// views read it like any GListModel.
@MainActor
public final class ListStore<Element>: Object {
    public init() {
        super.init(UnsafeMutableRawPointer(feedline_value_list_new()!), .adopt)
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
        guard g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), feedline_value_get_type()) != 0,
              let pointer = feedline_value_get(OpaquePointer(item)) else { return nil }
        return Unmanaged<ValueBox<Element>>.fromOpaque(pointer).takeUnretainedValue().value
    }

    /// Removes `removing` items at `position` and inserts `elements` there,
    /// as one change: views see a single items-changed signal.
    public func splice(at position: Int, removing: Int, inserting elements: [Element]) {
        precondition(position >= 0 && removing >= 0 && position + removing <= count, "splice out of range")
        let objects: [OpaquePointer?] = elements.map { element in
            feedline_value_new(ValueBox(element).retainedPointer, releaseValueBox)
        }
        objects.withUnsafeBufferPointer { buffer in
            feedline_value_list_splice(model, UInt32(position), UInt32(removing), buffer.baseAddress, UInt32(buffer.count))
        }
        // The store took its own references.
        objects.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
    }

    /// Changes the value the item at `position` carries WITHOUT telling
    /// views (no items-changed, no rebind): for a row the caller updates in
    /// place, so that its widgets, and the keyboard focus in them, stay.
    public func setValueQuietly(_ element: Element, at position: Int) {
        precondition(position >= 0 && position < count, "position \(position) out of range 0..<\(count)")
        let item = g_list_model_get_item(model, UInt32(position))!
        defer { g_object_unref(item) }
        feedline_value_set(OpaquePointer(item), ValueBox(element).retainedPointer)
    }

    public func append(contentsOf elements: [Element]) {
        splice(at: count, removing: 0, inserting: elements)
    }

    public func removeAll() {
        splice(at: 0, removing: count, inserting: [])
    }

    /// All values, in order (walks the whole store: for tests and checks).
    public var elements: [Element] {
        (0..<count).map { self[$0] }
    }
}
