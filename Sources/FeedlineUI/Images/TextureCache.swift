import Foundation
import GtkKit

/// Decoded images in memory, bounded by the bytes of their pixels: when a
/// new one would pass `maxBytes`, the least recently used go.
@MainActor
package final class TextureCache {
    /// An image at one decoded size: `source` is its address, or its
    /// blurhash for a blurred preview.
    struct Key: Hashable {
        let source: String
        let width: Int
        let height: Int

        init(url: URL, width: Int, height: Int) {
            self.init(source: url.absoluteString, width: width, height: height)
        }

        init(source: String, width: Int, height: Int) {
            self.source = source
            self.width = width
            self.height = height
        }
    }

    let maxBytes: Int
    package private(set) var bytes = 0
    private var entries: [Key: (texture: Texture, lastUse: Int)] = [:]
    private var clock = 0

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    package var count: Int { entries.count }

    subscript(key: Key) -> Texture? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return entry.texture
    }

    /// Keeps `texture` (not one larger than the whole cache), then drops the
    /// least recently used until within `maxBytes`.
    func insert(_ texture: Texture, for key: Key) {
        guard texture.byteCount <= maxBytes else { return }
        clock += 1
        if let old = entries.updateValue((texture, clock), forKey: key) { bytes -= old.texture.byteCount }
        bytes += texture.byteCount
        while bytes > maxBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            bytes -= oldest.value.texture.byteCount
        }
    }
}
