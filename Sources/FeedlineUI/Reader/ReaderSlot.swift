/// Where the reader view stands in the feed, and where one step takes it.
/// Plain values, no GTK: ReaderView shows them.
///
/// The feed is seen as the items loaded so far (`count`) and whether more
/// can come (`exhausted`). Once nothing more can come the items form a
/// ring: after the last comes the first, before the first the last. Until
/// then, one step past the last loaded item is `more`: the next page
/// loading, or why it failed, with Retry.
package enum ReaderSlot: Hashable, Sendable {
    case item(Int)
    /// Past the item at `after`, the last loaded: the next page.
    case more(after: Int)

    package enum Direction: Sendable {
        case previous, next
    }

    /// The slot one step in `direction`, or nil when there is none (before
    /// the first item of a feed with more to come, or past `more`).
    func step(_ direction: Direction, count: Int, exhausted: Bool) -> ReaderSlot? {
        guard count > 0 else { return nil }
        switch (self, direction) {
        case (.item(let index), .next):
            if index + 1 < count { return .item(index + 1) }
            return exhausted ? .item(0) : .more(after: count - 1)
        case (.item(let index), .previous):
            if index > 0 { return .item(min(index, count) - 1) }
            return exhausted ? .item(count - 1) : nil
        case (.more(let after), .previous):
            return .item(min(after, count - 1))
        case (.more, .next):
            return nil
        }
    }

    /// Where a `more` slot lands once its page has come: the first new
    /// item, the first item when the feed turned out to be finished, or
    /// nil while still waiting (or failed).
    func landing(count: Int, exhausted: Bool) -> ReaderSlot? {
        guard case .more(let after) = self, count > 0 else { return nil }
        if after + 1 < count { return .item(after + 1) }
        return exhausted ? .item(0) : nil
    }
}
