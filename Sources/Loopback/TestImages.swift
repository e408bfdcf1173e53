import Foundation

/// Real image files made on the spot, for image servers in tests.
public enum TestImages {
    /// A `width` × `height` PNG of one colour (RGB), uncompressed (stored
    /// deflate blocks): any PNG reader takes it.
    public static func png(width: Int, height: Int, red: UInt8 = 200, green: UInt8 = 80, blue: UInt8 = 40) -> Data {
        var raw = Data()
        for _ in 0..<height {
            raw.append(0)  // filter: none
            for _ in 0..<width { raw.append(contentsOf: [red, green, blue]) }
        }
        var header = Data()
        header.append(contentsOf: bigEndian(UInt32(width)) + bigEndian(UInt32(height)))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8 bits, RGB
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        file.append(chunk("IHDR", header))
        file.append(chunk("IDAT", zlibStored(raw)))
        file.append(chunk("IEND", Data()))
        return file
    }

    /// A decompression bomb's header: a valid PNG whose header says it is
    /// `width` × `height` pixels, with the data of one pixel after it.
    public static func bomb(width: Int, height: Int) -> Data {
        var header = Data()
        header.append(contentsOf: bigEndian(UInt32(width)) + bigEndian(UInt32(height)))
        header.append(contentsOf: [8, 2, 0, 0, 0])
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        file.append(chunk("IHDR", header))
        file.append(chunk("IDAT", zlibStored(Data([0, 1, 2, 3]))))
        file.append(chunk("IEND", Data()))
        return file
    }

    private static func chunk(_ type: String, _ body: Data) -> Data {
        let typed = Data(type.utf8) + body
        return Data(bigEndian(UInt32(body.count))) + typed + Data(bigEndian(crc32(typed)))
    }

    /// A zlib stream of stored (uncompressed) blocks.
    private static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let last: UInt8 = offset + length == data.count ? 1 : 0
            out.append(last)
            out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)])
            out.append(data[data.startIndex + offset ..< data.startIndex + offset + length])
            offset += length
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        out.append(contentsOf: bigEndian(b << 16 | a))
        return out
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
