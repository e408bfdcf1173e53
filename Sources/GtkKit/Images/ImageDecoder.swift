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

    /// The same picture with its pixels in memory mapped for it alone
    /// (`PictureMemory.mapPixels`), so that letting it go hands the memory
    /// back to the system at once: 3 bytes a pixel when it is opaque (a
    /// photo), as gdk-pixbuf decodes it, else 4, premultiplied, as GTK
    /// draws. Nil for a picture smaller than `PictureMemory.ownMappingMinimum`
    /// (or when the system refuses a mapping). Copies the pixels once, in
    /// place; safe off the main thread.
    func inOwnMapping() -> Texture? {
        let stride = width * 4
        guard let (block, pixels) = PictureMemory.mapPixels(count: stride * height) else { return nil }
        let bytes = pixels.assumingMemoryBound(to: UInt8.self)
        gdk_texture_download(pointer, bytes, gsize(stride))
        var (format, rowBytes) = (Self.drawnFormat, stride)
        if Self.packOpaque(bytes, pixels: width * height) {
            (format, rowBytes) = (GDK_MEMORY_R8G8B8, width * 3)
            PictureMemory.shrinkPixels(block, toHold: rowBytes * height)
        }
        // The GBytes owns the block from here: its last unref unmaps it.
        let data = g_bytes_new_with_free_func(pixels, gsize(rowBytes * height), PictureMemory.unmapPixels, block)
        defer { g_bytes_unref(data) }
        guard let copy = gdk_memory_texture_new(Int32(width), Int32(height), format, data, gsize(rowBytes)) else {
            return nil
        }
        return Texture(adopting: copy, width: width, height: height)
    }

    /// When every one of `pixels` (as `gdk_texture_download` writes them)
    /// is opaque, packs them in place into red, green, blue (3 bytes each,
    /// rows without padding) and returns true; else leaves them.
    private static func packOpaque(_ bytes: UnsafeMutablePointer<UInt8>, pixels: Int) -> Bool {
        #if _endian(little)
        // Blue, green, red, alpha.
        for index in 0..<pixels where bytes[4 * index + 3] != 255 { return false }
        for index in 0..<pixels {
            // Reads stay ahead of writes: 3 × index + 2 < 4 × (index + 1).
            let (blue, green, red) = (bytes[4 * index], bytes[4 * index + 1], bytes[4 * index + 2])
            bytes[3 * index] = red
            bytes[3 * index + 1] = green
            bytes[3 * index + 2] = blue
        }
        return true
        #else
        return false
        #endif
    }

    /// The format `gdk_texture_download` writes (GDK_MEMORY_DEFAULT, a
    /// macro Swift does not import): cairo's ARGB32 in native byte order.
    private static var drawnFormat: GdkMemoryFormat {
        #if _endian(little)
        GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
        #else
        GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
        #endif
    }

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
        let decoded = Texture(adopting: texture, width: Int(shownWidth), height: Int(shownHeight))
        // Out of the heaps for as long as it is kept; the decoder's own
        // pixels go back to the heap at once, where the next picture reuses them.
        return .success(decoded.inOwnMapping() ?? decoded)
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
