// A gzip writer small enough to read in one sitting, for serving
// `Content-Encoding: gzip` from the loopback server.
//
// It writes RFC 1952 framing around RFC 1951 *stored* blocks: nothing is
// compressed, but any inflater (zlib inside libcurl) must decode it, which is
// all a test of "the client hands back decoded bytes" needs. No zlib, no
// shelling out.

import Foundation

enum Gzip {
    /// `data` wrapped as a gzip member: header, stored deflate blocks, CRC-32
    /// and length trailer.
    static func encode(_ data: Data) -> Data {
        var out = Data([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])
        let bytes = [UInt8](data)
        var offset = 0
        repeat {
            let count = min(0xffff, bytes.count - offset)
            let isLast = offset + count == bytes.count
            out.append(isLast ? 0x01 : 0x00)
            appendLittleEndian(UInt16(count), to: &out)
            appendLittleEndian(~UInt16(count), to: &out)
            out.append(contentsOf: bytes[offset..<offset + count])
            offset += count
        } while offset < bytes.count
        appendLittleEndian(crc32(bytes), to: &out)
        appendLittleEndian(UInt32(truncatingIfNeeded: bytes.count), to: &out)
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8)
        }
        return ~crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xedb8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    private static func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}
