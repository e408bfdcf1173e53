import FeedCore

/// The feed items of a list, by position.
///
/// A list whose items can be read back (`keyOf` names them: a stored
/// timeline's) keeps a number per position, its item's key, and the items
/// themselves only near the reader: `letGo` drops the others, which read
/// back (`missing`, then `set`) when the reader returns. Its memory is
/// four bytes a position however far the reader scrolls (a key is kept
/// in 32 bits; an item whose key is beyond them is never let go). Any
/// other list keeps every item it was given.
struct LoadedItems {
    /// Positions: items in the list, held or not.
    private(set) var count = 0
    /// The items held, by position.
    private var held: [Int: FeedItem] = [:]
    /// Each position's key, for a list whose items read back (0: an item
    /// that cannot, which is never let go).
    private var keys = PositionKeys()
    private let keyOf: ((String) -> Int64?)?

    /// `keyOf`: the key an item reads back by (nil: it cannot); nil for a
    /// list whose items never read back, which keeps them all.
    init(keyOf: ((String) -> Int64?)? = nil) {
        self.keyOf = keyOf
    }

    /// Whether items may be let go and read back.
    var readsBack: Bool { keyOf != nil }

    /// How many items are held.
    var heldCount: Int { held.count }

    /// The item at `position`, if held.
    subscript(position: Int) -> FeedItem? {
        held[position]
    }

    /// What the item at `position` reads back by, if it can.
    func key(at position: Int) -> Int64? {
        guard readsBack, position >= 0, position < keys.count, keys[position] != 0 else { return nil }
        return Int64(keys[position])
    }

    /// The positions of the items held, in order.
    var heldPositions: [Int] { held.keys.sorted() }

    mutating func append(_ items: [FeedItem]) {
        for (offset, item) in items.enumerated() { held[count + offset] = item }
        if readsBack { keys.append(contentsOf: items.map(key)) }
        count += items.count
    }

    /// Puts `items` above the first; every position moves down.
    mutating func prepend(_ items: [FeedItem]) {
        guard !items.isEmpty else { return }
        var moved = [Int: FeedItem](minimumCapacity: held.count + items.count)
        for (position, item) in held { moved[position + items.count] = item }
        for (position, item) in items.enumerated() { moved[position] = item }
        held = moved
        if readsBack { keys.prepend(contentsOf: items.map(key)) }
        count += items.count
    }

    mutating func replace(with items: [FeedItem]) {
        removeAll()
        append(items)
    }

    mutating func removeAll() {
        held = [:]
        keys.removeAll()
        count = 0
    }

    /// Holds `item` at `position` (a mark changed, or an item read back).
    mutating func set(_ item: FeedItem, at position: Int) {
        precondition(position >= 0 && position < count, "position \(position) out of range 0..<\(count)")
        held[position] = item
    }

    /// Lets go of the items outside `near` that can read back, except
    /// those `keep` names. Returns how many were let go.
    @discardableResult
    mutating func letGo(outside near: Range<Int>, except keep: (Int) -> Bool) -> Int {
        guard readsBack else { return 0 }
        let far = held.keys.filter { !near.contains($0) && keys[$0] != 0 && !keep($0) }
        for position in far { held[position] = nil }
        return far.count
    }

    /// The positions in `range` whose items were let go, in order.
    func missing(in range: Range<Int>) -> [Int] {
        guard readsBack else { return [] }
        return range.clamped(to: 0..<count).filter { held[$0] == nil && keys[$0] != 0 }
    }

    /// Where the item with `id` is, held or not.
    func position(ofItemWithID id: String) -> Int? {
        if let key = keyOf?(id).flatMap(Int32.init(exactly:)), key != 0, let position = keys.firstIndex(of: key) {
            return position
        }
        return held.first { $0.value.id == id }?.key
    }

    private func key(_ item: FeedItem) -> Int32 {
        keyOf?(item.id).flatMap(Int32.init(exactly:)) ?? 0
    }
}
