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

    /// A texture of `rgba`: `width` × `height` pixels, row by row, 4 bytes
    /// each (red, green, blue, alpha; not premultiplied), such as a
    /// blurhash's placeholder. Nil unless `rgba` holds exactly
    /// `width * height * 4` bytes. Copies the bytes once (GTK keeps its own
    /// copy); safe off the main thread.
    public static func fromPixels(_ rgba: [UInt8], width: Int, height: Int) -> Texture? {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, pixels <= Int.max / 4, rgba.count == pixels * 4,
              let width32 = Int32(exactly: width), let height32 = Int32(exactly: height) else { return nil }
        let bytes = rgba.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let texture = gdk_memory_texture_new(width32, height32, GDK_MEMORY_R8G8B8A8, bytes, gsize(width * 4)) else {
            return nil
        }
        return Texture(adopting: texture, width: width, height: height)
    }
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
        PictureMemory.prepare()
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
