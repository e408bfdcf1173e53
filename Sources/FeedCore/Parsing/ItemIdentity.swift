/// Keeps every post of a document once, whatever its ids say.
///
/// Paging tells items apart by `id`, so two different posts under one id
/// (feeds reuse a guid: it happens) would lose the second. Here the same
/// post twice (same id, title, link and text) is one item, and a different
/// post under an id already taken gets an id of its own: the id, `#`, and
/// a digest of its link, title and text, stable from one read to the next.
enum ItemIdentity {
    static func distinct(_ items: [FeedItem]) -> [FeedItem] {
        var byID: [String: FeedItem] = [:]
        byID.reserveCapacity(items.count)
        var result: [FeedItem] = []
        result.reserveCapacity(items.count)
        for var item in items {
            if let earlier = byID[item.id] {
                if samePost(earlier, item) { continue }
                item.id += "#" + digest(item)
                if let again = byID[item.id], samePost(again, item) { continue }
            }
            byID[item.id] = item
            result.append(item)
        }
        return result
    }

    private static func samePost(_ first: FeedItem, _ second: FeedItem) -> Bool {
        first.title == second.title && first.link == second.link && first.content == second.content
    }

    /// FNV-1a (64 bits) of the link, title and text, in hex: the same in
    /// every run (Swift's `Hasher` is seeded per process).
    private static func digest(_ item: FeedItem) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for part in [item.link?.absoluteString ?? "", item.title, item.content ?? ""] {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
            hash ^= 0xFF
            hash &*= 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}
