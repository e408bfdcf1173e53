import CGtk
import Foundation
import XCTest

@testable import GtkKit

/// Real PNG and JPEG bytes made by gdk-pixbuf, decoded off the main thread:
/// the size they come out at, and what is refused.
final class ImageDecoderTests: XCTestCase {
    /// A `width` × `height` image encoded as `type` ("png", "jpeg").
    /// `noisy`: every pixel different, so the compressed data is as large
    /// as the picture and cutting the file cuts the picture.
    static func encoded(_ width: Int32, _ height: Int32, as type: String = "png", noisy: Bool = false) -> Data {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height)!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x3366_99ff)
        if noisy {
            var state: UInt32 = 2_463_534_242
            let pixels = gdk_pixbuf_get_pixels(pixbuf)!
            for index in 0..<Int(gdk_pixbuf_get_rowstride(pixbuf) * (height - 1) + width * 3) {
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                pixels[index] = guchar(truncatingIfNeeded: state)
            }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, nil, nil, &error) != 0, let buffer else {
            XCTFail("couldn't encode: \(error.map { String(cString: $0.pointee.message) } ?? "?")")
            return Data()
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// Decodes on a thread of its own, as the app does.
    static func decodeOffMain(_ data: Data, _ width: Int, _ height: Int, maxPixels: Int = ImageDecoder.maxPixels)
        async -> Result<Texture, ImageDecoder.Failure> {
        await Task.detached { ImageDecoder.decode(data, fitting: width, height, maxPixels: maxPixels) }.value
    }

    func testAnImageIsDownsizedToTheSizeShownKeepingItsAspect() async throws {
        let texture = try await Self.decodeOffMain(Self.encoded(400, 200), 100, 100).get()
        XCTAssertEqual([texture.width, texture.height], [100, 50])
        XCTAssertEqual(texture.byteCount, 100 * 50 * 4)
        let jpeg = try await Self.decodeOffMain(Self.encoded(300, 600, as: "jpeg"), 64, 64).get()
        XCTAssertEqual([jpeg.width, jpeg.height], [32, 64])
    }

    func testASmallImageIsNeverEnlarged() async throws {
        let texture = try await Self.decodeOffMain(Self.encoded(24, 24), 96, 96).get()
        XCTAssertEqual([texture.width, texture.height], [24, 24])
    }

    func testBrokenBytesAreRefusedWithAReason() async {
        let png = Self.encoded(200, 200, noisy: true)
        let cases: [(String, Data, String)] = [
            ("truncated", png.prefix(png.count / 2), "incomplete"),
            ("truncated JPEG", Self.encoded(200, 200, as: "jpeg", noisy: true).dropLast(500), "incomplete"),
            ("corrupt", { var bytes = png; bytes.replaceSubrange(40..<400, with: Data(repeating: 0x5A, count: 360)); return bytes }(),
             "couldn't be read"),
            ("not an image", Data("<html><body>Not found</body></html>".utf8), "couldn't be read"),
            ("empty", Data(), "couldn't be read"),
        ]
        for (name, data, reason) in cases {
            switch await Self.decodeOffMain(data, 100, 100) {
            case .success(let texture): XCTFail("\(name) decoded to \(texture.width) × \(texture.height)")
            case .failure(let failure): XCTAssertTrue(failure.description.contains(reason), "\(name): \(failure)")
            }
        }
    }

    func testADecompressionBombIsRefusedFromItsHeader() async {
        // A real 3000 × 3000 PNG: a few KB of zlib, 36 MB of pixels.
        let bomb = Self.encoded(3000, 3000)
        XCTAssertLessThan(bomb.count, 1_000_000)
        switch await Self.decodeOffMain(bomb, 100, 100, maxPixels: 1_000_000) {
        case .success: XCTFail("a bomb decoded")
        case .failure(let failure): XCTAssertEqual(failure.description, "The image is too large (3000 × 3000 pixels)")
        }
        // The same header claiming 30000 × 30000 (900 megapixels) with the
        // default limit: refused before any pixel memory is taken.
        var header = Self.encoded(1, 1)
        header.replaceSubrange(16..<24, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        let crc = Self.crc32(header[12..<29])
        header.replaceSubrange(29..<33, with: withUnsafeBytes(of: crc.bigEndian, Array.init))
        switch await Self.decodeOffMain(header, 100, 100) {
        case .success: XCTFail("a 900-megapixel header decoded")
        case .failure(let failure): XCTAssertEqual(failure.description, "The image is too large (30000 × 30000 pixels)")
        }
    }

    func testPixelsEncodedAsJPEGDecodeToTheirSize() async throws {
        let rgb: [UInt8] = (0..<(64 * 48)).flatMap { index -> [UInt8] in [UInt8(index % 256), 90, 200] }
        let jpeg = try XCTUnwrap(ImageEncoder.jpeg(rgb: rgb, width: 64, height: 48, quality: 85))
        XCTAssertEqual(Array(jpeg.prefix(2)), [0xFF, 0xD8], "a JPEG file")
        let texture = try await Self.decodeOffMain(jpeg, 100, 100).get()
        XCTAssertEqual([texture.width, texture.height], [64, 48])
        XCTAssertNil(ImageEncoder.jpeg(rgb: rgb, width: 64, height: 47, quality: 85), "pixels of the wrong count")
    }

    func testATextureMadeFromPixelsHasTheirSizeAndColours() throws {
        // 3 × 2: red, green, blue, then white, black, a grey.
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
                             255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 255]
        let texture = try XCTUnwrap(Texture.fromPixels(rgba, width: 3, height: 2))
        XCTAssertEqual([texture.width, texture.height], [3, 2])
        XCTAssertEqual([Int(gdk_texture_get_width(texture.pointer)), Int(gdk_texture_get_height(texture.pointer))], [3, 2])
        XCTAssertEqual(texture.byteCount, rgba.count)
        // GTK hands pixels back in its default layout: blue, green, red, alpha.
        var downloaded = [UInt8](repeating: 0, count: rgba.count)
        downloaded.withUnsafeMutableBufferPointer { gdk_texture_download(texture.pointer, $0.baseAddress, 3 * 4) }
        let backToRGBA = stride(from: 0, to: downloaded.count, by: 4).flatMap { (pixel: Int) -> [UInt8] in
            [downloaded[pixel + 2], downloaded[pixel + 1], downloaded[pixel], downloaded[pixel + 3]]
        }
        XCTAssertEqual(backToRGBA, rgba)
    }

    func testPixelsOfTheWrongCountMakeNoTexture() {
        let rgba = [UInt8](repeating: 255, count: 4 * 4 * 4)
        XCTAssertNotNil(Texture.fromPixels(rgba, width: 4, height: 4))
        XCTAssertNil(Texture.fromPixels(rgba, width: 4, height: 5), "too few")
        XCTAssertNil(Texture.fromPixels(rgba, width: 3, height: 4), "too many")
        XCTAssertNil(Texture.fromPixels(Array(rgba.dropLast()), width: 4, height: 4), "a byte short")
        XCTAssertNil(Texture.fromPixels([], width: 0, height: 0), "no pixels")
        XCTAssertNil(Texture.fromPixels(rgba, width: -4, height: -4))
        XCTAssertNil(Texture.fromPixels(rgba, width: .max, height: 2), "overflowing")
    }

    /// PNG's chunk checksum (CRC-32, as zlib computes it).
    static func crc32(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
