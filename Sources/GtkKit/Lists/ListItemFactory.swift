import CGtk

/// The key under which a GtkListItem carries its Swift cell.
private let cellKey = Attached.quark("feedline-list-cell")

/// One row of a list view as a factory callback sees it. Valid only during
/// the callback: GTK recycles the row for other items afterwards.
@MainActor
public struct ListRow {
    let item: OpaquePointer

    /// Puts `child` in the row (replacing what was there).
    public func setChild(_ child: Widget) {
        if gtk_list_item_get_child(item) != child.widget {
            gtk_list_item_set_child(item, child.widget)
        }
    }

    /// The row's accessible name. GTK 4.8 names a list row after nothing,
    /// so it is set on the row widget itself, the child's parent.
    public func setAccessibleLabel(_ label: String) {
        guard let child = gtk_list_item_get_child(item), let row = gtk_widget_get_parent(child) else { return }
        Widget(borrowing: row).setAccessibleLabel(label)
    }

    /// The row widget (what GTK focuses and names), once the row has its
    /// child: for changes to a row shown now, between binds.
    public var rowWidget: Widget? {
        guard let child = gtk_list_item_get_child(item), let row = gtk_widget_get_parent(child) else { return nil }
        return Widget(borrowing: row)
    }

    /// The row's accessible description (nil: none), on the row widget
    /// as the label is. Set it in every bind: rows are recycled.
    public func setAccessibleDescription(_ description: String?) {
        guard let child = gtk_list_item_get_child(item), let row = gtk_widget_get_parent(child) else { return }
        Widget(borrowing: row).setAccessibleDescription(description)
    }

    /// Adds or removes a style class on the row widget itself (the whole
    /// row, its padding included, not only the child). Set it in every
    /// bind: rows are recycled.
    public func setCSSClass(_ name: String, _ present: Bool) {
        guard let child = gtk_list_item_get_child(item), let row = gtk_widget_get_parent(child) else { return }
        if present { gtk_widget_add_css_class(row, name) } else { gtk_widget_remove_css_class(row, name) }
    }

    /// The position of the item the row shows.
    public var position: Int { Int(gtk_list_item_get_position(item)) }

    /// Whether Enter and double click activate the row ("activate" signal).
    public var isActivatable: Bool {
        get { gtk_list_item_get_activatable(item) != 0 }
        nonmutating set { gtk_list_item_set_activatable(item, newValue ? 1 : 0) }
    }

}

/// Where a row of a list laid out now is: its item's position, its top in
/// the coordinates of the widget asked about, and its height.
public struct ListRowPlace: Equatable, Sendable {
    public var position: Int
    public var top: Double
    public var height: Double

    public init(position: Int, top: Double, height: Double) {
        (self.position, self.top, self.height) = (position, top, height)
    }

    public var bottom: Double { top + height }
}

/// A GtkSignalListItemFactory that keeps one Swift `Cell` per row widget.
///
/// `makeCell` runs once per row GTK creates (about 200 for any model size on
/// GTK 4.8); `bind` and `unbind` run as rows are recycled and must be cheap
/// and reset every field. Cells live as long as their GtkListItem.
@MainActor
public final class ListItemFactory<Element, Cell: AnyObject>: Object {
    public typealias MakeCell = @MainActor (ListRow) -> Cell
    public typealias Bind = @MainActor (Cell, Element, ListRow) -> Void
    public typealias Unbind = @MainActor (Cell, ListRow) -> Void

    /// How many cells were made so far (row widgets created).
    public private(set) var cellsMade = 0
    /// The GtkListItems set up and not yet torn down.
    private var liveItems: Set<OpaquePointer> = []
    private let bindCell: Bind
    private let unbindCell: Unbind

    public init(makeCell: @escaping MakeCell, bind: @escaping Bind, unbind: @escaping Unbind = { _, _ in }) {
        (bindCell, unbindCell) = (bind, unbind)
        super.init(UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()!), .adopt)
        connect("setup", pointer: { [weak self] raw in
            guard let raw else { return }
            let row = ListRow(item: OpaquePointer(raw))
            Attached.set(makeCell(row), on: raw, key: cellKey)
            self?.cellsMade += 1
            self?.liveItems.insert(OpaquePointer(raw))
        })
        connect("bind", pointer: { raw in
            guard let raw,
                  let cell = Attached.get(Cell.self, from: raw, key: cellKey),
                  let object = gtk_list_item_get_item(OpaquePointer(raw)),
                  let element = ListStore<Element>.value(of: object) else { return }
            bind(cell, element, ListRow(item: OpaquePointer(raw)))
        })
        connect("unbind", pointer: { raw in
            guard let raw, let cell = Attached.get(Cell.self, from: raw, key: cellKey) else { return }
            unbind(cell, ListRow(item: OpaquePointer(raw)))
        })
        connect("teardown", pointer: { [weak self] raw in
            guard let raw else { return }
            Attached.set(nil, on: raw, key: cellKey)
            self?.liveItems.remove(OpaquePointer(raw))
        })
    }

    /// The cell bound to the item at `position`, if that item has a row now.
    public func cell(at position: Int) -> Cell? {
        boundItem(at: position).flatMap { Attached.get(Cell.self, from: UnsafeMutableRawPointer($0), key: cellKey) }
    }

    /// Binds the row showing `position` again, to the value its item
    /// carries now (changed in place: `LazyListStore.refresh(at:)`),
    /// unbinding it first as GTK would. Returns false when no row shows it.
    @discardableResult
    public func rebind(at position: Int) -> Bool {
        guard let item = boundItem(at: position),
              let cell = Attached.get(Cell.self, from: UnsafeMutableRawPointer(item), key: cellKey),
              let object = gtk_list_item_get_item(item),
              let element = ListStore<Element>.value(of: object) else { return false }
        let row = ListRow(item: item)
        unbindCell(cell, row)
        bindCell(cell, element, row)
        return true
    }

    /// Every cell that exists, bound or not.
    public var cells: [Cell] {
        liveItems.compactMap { Attached.get(Cell.self, from: UnsafeMutableRawPointer($0), key: cellKey) }
    }

    /// The positions of the items that have a row now.
    public var boundPositions: [Int] {
        liveItems.compactMap { item in
            gtk_list_item_get_item(item) == nil ? nil : Int(gtk_list_item_get_position(item))
        }
    }

    /// The rows laid out now, their tops in `ancestor`'s coordinates: one
    /// walk of GTK's rows, wrapping none of them, for geometry read every
    /// frame (a wrapper for each of the 200 rows, made and let go in every
    /// frame, cost more than the reading). GTK 4.8 keeps the focused row's
    /// widget while it is far out of view, neither laid out nor mapped,
    /// where it was last: that one is left out.
    public func laidOutRows(in ancestor: Widget) -> [ListRowPlace] {
        var places: [ListRowPlace] = []
        places.reserveCapacity(liveItems.count)
        for item in liveItems {
            guard gtk_list_item_get_item(item) != nil, let child = gtk_list_item_get_child(item),
                  let row = gtk_widget_get_parent(child), gtk_widget_get_child_visible(row) != 0,
                  let top = Widget.top(of: row, in: ancestor) else { continue }
            places.append(ListRowPlace(position: Int(gtk_list_item_get_position(item)), top: top,
                                       height: Double(gtk_widget_get_height(row))))
        }
        return places
    }

    /// Gives keyboard focus to the row showing `position`. Returns false
    /// when no row shows it yet (it is far from the visible area).
    @discardableResult
    public func focusRow(at position: Int) -> Bool {
        guard let item = boundItem(at: position),
              let child = gtk_list_item_get_child(item),
              let row = gtk_widget_get_parent(child) else { return false }
        return gtk_widget_grab_focus(row) != 0
    }

    /// The row widget showing `position` (what GTK focuses and names), if
    /// the item has a row now.
    public func rowWidget(at position: Int) -> Widget? {
        guard let item = boundItem(at: position), let child = gtk_list_item_get_child(item),
              let row = gtk_widget_get_parent(child) else { return nil }
        return Widget(borrowing: row)
    }

    /// Whether the keyboard focus is on the row showing `position` or
    /// inside it (a button in the row).
    public func rowContainsFocus(at position: Int) -> Bool {
        boundItem(at: position).map(rowContainsFocus) ?? false
    }

    /// The cell whose row has (or contains) the keyboard focus, and its
    /// position.
    public var focusedCell: (cell: Cell, position: Int)? {
        for item in liveItems where gtk_list_item_get_item(item) != nil && rowContainsFocus(item) {
            if let cell = Attached.get(Cell.self, from: UnsafeMutableRawPointer(item), key: cellKey) {
                return (cell, Int(gtk_list_item_get_position(item)))
            }
        }
        return nil
    }

    private func rowContainsFocus(_ item: OpaquePointer) -> Bool {
        guard let child = gtk_list_item_get_child(item), let row = gtk_widget_get_parent(child),
              let root = gtk_widget_get_root(row), let focus = gtk_root_get_focus(root) else { return false }
        return focus == row || gtk_widget_is_ancestor(focus, row) != 0
    }

    private func boundItem(at position: Int) -> OpaquePointer? {
        liveItems.first { item in
            gtk_list_item_get_item(item) != nil && Int(gtk_list_item_get_position(item)) == position
        }
    }
}
