import Foundation

// Storage for what a long benchmark records as it runs, reserved when the
// run starts, so that what it keeps does not grow or scatter the process's
// heap while it measures that heap (the soak).

/// An array whose storage is written through when it is made (`capacity`
/// copies of `placeholder`), so appending up to `capacity` elements touches
/// no new memory; past that it grows as any array.
struct Filled<Element> {
    private var storage: [Element]
    private(set) var count = 0

    init(capacity: Int, placeholder: Element) {
        storage = Array(repeating: placeholder, count: capacity)
    }

    mutating func append(_ element: Element) {
        if count < storage.count {
            storage[count] = element
        } else {
            storage.append(element)
        }
        count += 1
    }

    var elements: ArraySlice<Element> { storage[..<count] }
}

/// JSON objects one after another in one buffer reserved for `capacity`
/// of about `bytesEach` (past that it grows as any array), read back as
/// `JSONSerialization` reads them (numbers as `NSNumber`).
struct PackedJSON {
    private var bytes: [UInt8] = []
    /// Where each object ends in `bytes`.
    private var ends: Filled<Int>

    init(capacity: Int, bytesEach: Int) {
        bytes.reserveCapacity(capacity * bytesEach)
        ends = Filled(capacity: capacity, placeholder: 0)
    }

    var count: Int { ends.count }

    /// Adds `object`, unless JSON can't hold it (then returns false).
    @discardableResult
    mutating func append(_ object: [String: Any]) -> Bool {
        guard let json = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return false }
        bytes.append(contentsOf: json)
        ends.append(bytes.count)
        return true
    }

    /// Every object so far, in order.
    var objects: [[String: Any]] {
        var start = 0
        return ends.elements.map { end in
            defer { start = end }
            return (try? JSONSerialization.jsonObject(with: Data(bytes[start..<end]))) as? [String: Any] ?? [:]
        }
    }
}
