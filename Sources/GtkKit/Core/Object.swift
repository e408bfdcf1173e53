import CGtk
import CGtkShim

/// A Swift owner of one GObject.
///
/// Ownership rule: an `Object` holds exactly one strong reference to its
/// GObject for as long as the Swift object lives, and drops it in `deinit`.
/// How that reference is obtained depends on what the C constructor returned:
/// - `.sink`: a floating reference (new widgets, most `*_new`) or a reference
///   owned by GTK (windows): `g_object_ref_sink` makes it ours either way.
/// - `.adopt`: a full reference we already own (`g_list_store_new`,
///   `gtk_application_new`); nothing is added.
/// - `.retain`: a borrowed pointer (getters); `g_object_ref` adds ours.
/// Parents (containers, models) take references of their own, so a widget
/// stays alive in the tree after its Swift owner is gone.
@MainActor
open class Object {
    public enum Ownership {
        case sink, adopt, retain
    }

    let object: UnsafeMutablePointer<GObject>

    init(_ pointer: UnsafeMutableRawPointer, _ ownership: Ownership) {
        object = pointer.assumingMemoryBound(to: GObject.self)
        switch ownership {
        case .sink: g_object_ref_sink(object)
        case .adopt: break
        case .retain: g_object_ref(object)
        }
    }

    isolated deinit {
        g_object_unref(object)
    }

    /// The pointer as another C type, for calls into GTK.
    func pointer<T>(as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(object).assumingMemoryBound(to: T.self)
    }

    /// The pointer as an opaque C type (GtkLabel, GListStore, ...).
    var opaque: OpaquePointer { OpaquePointer(object) }

    /// True when both wrap the same GObject.
    public func isSameObject(as other: Object) -> Bool {
        object == other.object
    }
}

/// Swift objects hung on a GObject with `g_object_set_qdata_full`.
///
/// Ownership rule: the GObject holds one retained reference to the Swift
/// object, released by `releaseAttached` when the GObject is finalized or
/// the data is replaced.
enum Attached {
    static func quark(_ name: String) -> GQuark {
        g_quark_from_string(name)
    }

    static func set(_ value: AnyObject?, on object: UnsafeMutableRawPointer, key: GQuark) {
        let object = object.assumingMemoryBound(to: GObject.self)
        guard let value else {
            g_object_set_qdata(object, key, nil)
            return
        }
        let retained = Unmanaged.passRetained(value).toOpaque()
        g_object_set_qdata_full(object, key, retained, releaseAttached)
    }

    /// The attached object, unretained: valid while the GObject holds it.
    static func get<T: AnyObject>(_ type: T.Type, from object: UnsafeMutableRawPointer, key: GQuark) -> T? {
        guard let raw = g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), key) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as? T
    }
}

/// GDestroyNotify for `Attached`: balances `passRetained`.
private func releaseAttached(_ data: gpointer?) {
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
