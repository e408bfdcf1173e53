import CGtk
import Foundation

/// Turns pixels into image files with gdk-pixbuf (its JPEG and PNG
/// writers). Safe on any thread; for making test and benchmark pictures.
public enum ImageEncoder {
    /// `rgb`: `width` × `height` pixels, 3 bytes each, rows packed.
    /// `quality`: 0–100. Nil when gdk-pixbuf can't write it.
    public static func jpeg(rgb: [UInt8], width: Int, height: Int, quality: Int) -> Data? {
        guard rgb.count == width * height * 3, width > 0, height > 0 else { return nil }
        return rgb.withUnsafeBufferPointer { pixels -> Data? in
            guard let pixbuf = gdk_pixbuf_new_from_data(pixels.baseAddress, GDK_COLORSPACE_RGB, 0, 8,
                                                        Int32(width), Int32(height), Int32(width * 3), nil, nil)
            else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
            var values: [UnsafeMutablePointer<CChar>?] = [strdup(String(min(100, max(0, quality)))), nil]
            defer { (keys + values).forEach { free($0) } }
            var buffer: UnsafeMutablePointer<gchar>?
            var size: gsize = 0
            guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", &keys, &values, nil) != 0,
                  let buffer else { return nil }
            defer { g_free(buffer) }
            return Data(bytes: buffer, count: Int(size))
        }
    }
}
