/// The key of each position of a list (`LoadedItems`), 4 bytes each, kept
/// in chunks of `chunkSize` that never move once made.
///
/// Why chunks: one array of a million keys grows by doubling, and each
/// step copies it into a block twice the size and frees the old one. With
/// malloc's mmap threshold at 32 MiB (`PictureMemory`), those blocks come
/// from the heap, and the freed ones stay in its middle, where the
/// process cannot give them back: scrolling a store of 1,000,000 items
/// kept about as much freed as the keys themselves (docs/BENCHMARKS.md).
/// Here growing adds a 64 KiB chunk, at the end or (for items prepended)
/// at the front, and nothing is copied or freed.
struct PositionKeys {
    /// Keys a chunk: 64 KiB.
    static let chunkSize = 16_384
    private var chunks: [ContiguousArray<Int32>] = []
    /// Slots of the first chunk before the first position.
    private var front = 0
    private(set) var count = 0

    subscript(position: Int) -> Int32 {
        precondition(position >= 0 && position < count, "position \(position) out of range 0..<\(count)")
        let slot = position + front
        return chunks[slot / Self.chunkSize][slot % Self.chunkSize]
    }

    mutating func append(contentsOf keys: some Collection<Int32>) {
        for key in keys {
            let slot = front + count
            if slot / Self.chunkSize == chunks.count {
                chunks.append(Self.chunk())
            }
            chunks[slot / Self.chunkSize][slot % Self.chunkSize] = key
            count += 1
        }
    }

    /// Puts `keys` before the first position.
    mutating func prepend(contentsOf keys: some Collection<Int32>) {
        let needed = keys.count - front
        if needed > 0 {
            let added = (needed + Self.chunkSize - 1) / Self.chunkSize
            chunks.insert(contentsOf: (0..<added).map { _ in Self.chunk() }, at: 0)
            front += added * Self.chunkSize
        }
        front -= keys.count
        for (offset, key) in keys.enumerated() {
            let slot = front + offset
            chunks[slot / Self.chunkSize][slot % Self.chunkSize] = key
        }
        count += keys.count
    }

    mutating func removeAll() {
        chunks = []
        front = 0
        count = 0
    }

    /// The first position whose key is `key`.
    func firstIndex(of key: Int32) -> Int? {
        var position = 0
        while position < count {
            let slot = position + front
            let chunk = chunks[slot / Self.chunkSize]
            let start = slot % Self.chunkSize
            let end = min(Self.chunkSize, start + count - position)
            if let found = chunk[start..<end].firstIndex(of: key) {
                return position + found - start
            }
            position += end - start
        }
        return nil
    }

    private static func chunk() -> ContiguousArray<Int32> {
        ContiguousArray(repeating: 0, count: chunkSize)
    }
}
