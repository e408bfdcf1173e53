import CGtk
import CGtkShim
import Foundation

/// A decoded image ready to show. A GdkTexture never changes once made,
/// so it may be made on one thread and shown on another.
public final class Texture: @unchecked Sendable {
    let pointer: OpaquePointer
    public let width: Int
    public let height: Int

    init(adopting pointer: OpaquePointer, width: Int, height: Int) {
        self.pointer = pointer
        self.width = width
        self.height = height
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// The memory its pixels take (4 bytes each).
    public var byteCount: Int { width * height * 4 }
}

/// Turns image bytes into a texture of the size it is shown at. Decoding
/// is slow: call it off the main thread.
public enum ImageDecoder {
    /// Images with more pixels than this are refused from their header
    /// (decompression bombs): 40 megapixels, a large camera photo.
    public static let maxPixels = 40_000_000

    /// Why an image can't be shown, in words for the log.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `data` decoded and downsized to fit `width` × `height` pixels
    /// (aspect kept, never enlarged).
    public static func decode(_ data: Data, fitting width: Int, _ height: Int,
                              maxPixels: Int = maxPixels) -> Result<Texture, Failure> {
        guard isComplete(data) else { return .failure(Failure(description: "The image is incomplete")) }
        var shownWidth: Int32 = 0
        var shownHeight: Int32 = 0
        var message: UnsafeMutablePointer<CChar>?
        let texture = data.withUnsafeBytes { bytes in
            feedline_decode_image(bytes.bindMemory(to: guint8.self).baseAddress, gsize(bytes.count),
                                  Int32(clamping: width), Int32(clamping: height), gint64(maxPixels),
                                  &shownWidth, &shownHeight, &message)
        }
        guard let texture else {
            defer { g_free(message) }
            return .failure(Failure(description: message.map { String(cString: $0) } ?? "The image couldn't be read"))
        }
        return .success(Texture(adopting: texture, width: Int(shownWidth), height: Int(shownHeight)))
    }

    /// Whether a PNG, JPEG or GIF ends as its format ends (gdk-pixbuf shows
    /// a cut-off file as a half-drawn picture, without an error). Other
    /// formats are left to the loader.
    static func isComplete(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(8))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            // The IEND chunk: its type, then its 4-byte checksum.
            return data.count >= 12 && data.suffix(8).prefix(4).elementsEqual("IEND".utf8)
        }
        // Trailing padding after the end marker is common.
        let end = data.reversed().drop { $0 == 0 || $0 == 0x0A || $0 == 0x0D || $0 == 0x20 }
        if bytes.starts(with: [0xFF, 0xD8]) {
            return end.prefix(2).elementsEqual([0xD9, 0xFF])
        }
        if bytes.starts(with: Array("GIF8".utf8)) {
            return end.first == 0x3B
        }
        return true
    }
}
