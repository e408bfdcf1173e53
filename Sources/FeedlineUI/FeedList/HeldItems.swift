import FeedCore
import FeedStore
import GtkKit

/// What a stored timeline's list holds: the items near the rows laid out
/// (`holdAround` each side), the newest, the focused one and the reader
/// view's; the others are let go (`LoadedItems` keeps their keys) and
/// read back from the store off the main thread when a row asks for one
/// or the reader comes near. A row asking gets an empty row for a frame
/// or two; the rows in view show their items as soon as they come, the
/// others a few a frame after.
extension FeedList {
    /// Where the list's items read back from: a stored timeline's list
    /// holds its items only near the reader (and the reader view), and
    /// reads the others back as the reader comes near. Nil: every item is
    /// held (a feed's own pages cannot be read again). Set on an empty
    /// list, as a view opens.
    func readsBack(from store: FeedStore?) {
        precondition(itemCount == 0, "set on an empty list")
        readBackStore = store
        loaded = store == nil ? LoadedItems() : LoadedItems(keyOf: { FeedStore.listKey(ofItem: $0) })
        forgetReadBacks()
    }

    /// Items being read back for the list as it was are dropped when
    /// they come (it was replaced or emptied).
    func forgetReadBacks() {
        readBackGeneration += 1
        readingBack = []
    }

    /// How many items the list holds now (all, unless it reads back).
    package var heldItemCount: Int { loaded.heldCount }

    /// What the item at `position` reads back by (`FeedStore.listKey`),
    /// held or not; nil in a list that does not read back. For checks of
    /// a long list's order without reading its items.
    package func itemKey(at position: Int) -> Int64? {
        loaded.key(at: position)
    }

    /// Whether the row at `position` shows a placeholder now (its item
    /// let go and being read back).
    package func showsPlaceholder(at position: Int) -> Bool {
        position < itemCount && loaded[position] == nil && factory.cell(at: position) != nil
    }

    /// The positions within `distance` of `range`, in the list.
    func near(_ range: ClosedRange<Int>, by distance: Int) -> Range<Int> {
        max(0, range.lowerBound - distance)..<min(itemCount, range.upperBound + distance + 1)
    }

    /// Once laid out: the items near the rows read back if let go, those
    /// far away (from the rows and the reader view) let go.
    /// `laidOut`: the rows laid out now (`ListItemFactory.laidOutRows`).
    func holdNearby(laidOut: [ListRowPlace]) {
        guard loaded.readsBack else { return }
        let positions = laidOut.map(\.position).filter { $0 < itemCount }
        guard let first = positions.min(), let last = positions.max() else { return }
        // A pass looks over every item held: not for each frame of a scroll.
        let pass = HoldPass(rows: first...last, count: itemCount, prepended: prependedCount,
                            generation: readBackGeneration)
        guard lastHold?.covers(pass, within: Self.holdStep) != true else { return }
        lastHold = pass
        readBack(loaded.missing(in: near(first...last, by: holdAround / 2)))
        let held = near(first...last, by: holdAround)
        let focused = factory.focusedCell?.position
        let reader = readerPosition.map { near($0...$0, by: holdAround) }
        loaded.letGo(outside: held) { [store, holdAround] position in
            // The newest items stay, where Home goes.
            position < holdAround || position == focused || reader?.contains(position) == true
                || store.isAlive(position)
        }
    }

    /// A row asked for an item let go: it and those around it read back.
    func readBack(around position: Int) {
        readBack(loaded.missing(in: near(position...position, by: Self.readBackPage / 2)))
    }

    /// Reads back the items at `positions` (let go) from the store, off
    /// the main thread; each row showing one shows it once it is here.
    func readBack(_ positions: [Int]) {
        guard let source = readBackStore else { return }
        let asked = positions.compactMap { position in
            loaded.key(at: position).flatMap { readingBack.contains($0) ? nil : (position, $0) }
        }
        guard !asked.isEmpty else { return }
        readingBack.formUnion(asked.map(\.1))
        let (generation, prepended) = (readBackGeneration, prependedCount)
        Task { [weak self] in
            let items = try? await source.items(listKeys: asked.map(\.1))
            guard let self, readBackGeneration == generation else { return }
            readingBack.subtract(asked.map(\.1))
            let inView = Set(visibleRows.map(\.position))
            for (askedAt, key) in asked {
                let position = askedAt + prependedCount - prepended
                guard loaded.key(at: position) == key, loaded[position] == nil, let item = items?[key] else { continue }
                loaded.set(item, at: position)
                guard store.refresh(at: position) else { continue }
                if inView.contains(position) { factory.rebind(at: position) } else { rebindLater() }
            }
        }
    }

    /// Rows out of view whose items came back wait: a frame binding the
    /// two hundred rows GTK keeps after a jump would keep the rows in view
    /// empty as long. A few are bound each frame after.
    func rebindLater() {
        guard !rebindScheduled else { return }
        rebindScheduled = true
        view.afterNextFrame { [weak self] in
            guard let self else { return }
            rebindScheduled = false
            let waiting = factory.boundPositions.filter { position in
                position < itemCount && loaded[position] != nil && factory.cell(at: position)?.item == nil
            }
            for position in waiting.prefix(Self.rebindsPerFrame) { factory.rebind(at: position) }
            if waiting.count > Self.rebindsPerFrame { rebindLater() }
        }
    }
}

/// The rows laid out at a pass of `FeedList.holdNearby`, and the list then.
struct HoldPass {
    let rows: ClosedRange<Int>
    let count: Int
    let prepended: Int
    let generation: Int

    /// Whether a pass at `other` can be skipped: the same list, its rows
    /// less than `step` positions from these at either end.
    func covers(_ other: HoldPass, within step: Int) -> Bool {
        (count, prepended, generation) == (other.count, other.prepended, other.generation)
            && abs(rows.lowerBound - other.rows.lowerBound) < step && abs(rows.upperBound - other.rows.upperBound) < step
    }
}
