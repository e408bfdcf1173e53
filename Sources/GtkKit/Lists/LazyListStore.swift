import CGtk
import CGtkShim

/// A list model whose items are made when a view asks for them: it knows
/// how many there are, and `valueAt` gives the value of any position. For
/// lists too long to hold (a million stored items): memory is what the
/// view's rows hold, whatever the count.
///
/// The values it hands out are small GObjects (FeedlineValues, as
/// `ListStore`'s), made on demand by a FeedlineLazyList (CGtkShim) and
/// kept only by the rows that show them. While a row shows a position, the
/// position keeps its object, and `refresh(at:)` changes its value in place.
/// Its owner keeps the values and tells it of every change (`splice`).
@MainActor
public final class LazyListStore<Element>: Object {
    private let maker: LazyValueMaker
    private let valueAt: @MainActor (Int) -> Element

    /// `valueAt`: the value of the item at a position, when a view asks.
    /// It lives as long as the GObject (views hold it, and may ask after
    /// this store is gone): it must answer for every position below
    /// `count`, never capturing its owner strongly.
    public init(valueAt: @escaping @MainActor (Int) -> Element) {
        let maker = LazyValueMaker { position in ValueBox(valueAt(position)).retainedPointer }
        self.maker = maker
        self.valueAt = valueAt
        let list = feedline_lazy_list_new({ data, position in
            // As an address: a pointer is not Sendable out of the isolated call.
            let made = MainActor.assumeIsolated { () -> Int in
                let maker = Unmanaged<LazyValueMaker>.fromOpaque(data!).takeUnretainedValue()
                guard let value = maker.boxedValue(Int(position)) else { return 0 }
                return Int(bitPattern: UnsafeRawPointer(feedline_value_new(value, releaseValueBox)))
            }
            return OpaquePointer(bitPattern: made)
        }, Unmanaged.passRetained(maker).toOpaque(), { data in
            Unmanaged<LazyValueMaker>.fromOpaque(data!).release()
        })!
        super.init(UnsafeMutableRawPointer(list), .adopt)
    }

    var model: OpaquePointer { opaque }

    public var count: Int { Int(g_list_model_get_n_items(model)) }

    /// The owner's values changed: `removing` items at `position` are gone
    /// and `inserting` came there. Views see one items-changed signal.
    public func splice(at position: Int, removing: Int, inserting: Int) {
        precondition(position >= 0 && removing >= 0 && inserting >= 0 && position + removing <= count,
                     "splice out of range")
        feedline_lazy_list_splice(model, UInt32(position), UInt32(removing), UInt32(inserting))
    }

    /// The value at `position` changed: the object a row shows for it, if
    /// any, carries the new one, WITHOUT telling views (no items-changed,
    /// no rebind): the caller shows it in the row, whose widgets and focus
    /// stay. Returns whether a row's object was there.
    @discardableResult
    public func refresh(at position: Int) -> Bool {
        guard position >= 0, position < count, let object = feedline_lazy_list_peek(model, UInt32(position)) else {
            return false
        }
        feedline_value_set(object, ValueBox(valueAt(position)).retainedPointer)
        return true
    }

    /// Whether an object made for `position` is alive (a row holds it).
    public func isAlive(_ position: Int) -> Bool {
        position >= 0 && position < count && feedline_lazy_list_peek(model, UInt32(position)) != nil
    }

    /// How many objects made are alive: about the rows the views hold.
    public var aliveCount: Int { Int(feedline_lazy_list_n_alive(model)) }
}

/// What a FeedlineLazyList's `make` reads: the value of a position, boxed
/// and retained for a FeedlineValue (`ValueBox.retainedPointer`). Not
/// generic: a C callback cannot capture a type parameter. Read on the main
/// thread only (checked by `assumeIsolated`).
private final class LazyValueMaker: @unchecked Sendable {
    let boxedValue: @MainActor (Int) -> gpointer?

    init(_ boxedValue: @escaping @MainActor (Int) -> gpointer?) {
        self.boxedValue = boxedValue
    }
}
