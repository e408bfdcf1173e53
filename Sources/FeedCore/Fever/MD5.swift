import Foundation

/// MD5 (RFC 1321), for the one place an API defines its key with it: the
/// Fever API's `api_key` is `md5("user:password")` in lower-case hex. Not
/// for anything that needs to be secure (MD5 is broken for that), and
/// Foundation on Linux has no digest of its own.
enum MD5 {
    /// The digest of `text`'s UTF-8 bytes, as 32 lower-case hex digits.
    static func hex(_ text: String) -> String {
        digest(Array(text.utf8)).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
        }.joined()
    }

    /// The 16-byte digest of `message`.
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var bytes = message
        let bitLength = UInt64(message.count) &* 8
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }

        var (a0, b0, c0, d0): (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
        for chunk in stride(from: 0, to: bytes.count, by: 64) {
            let words = (0..<16).map { index -> UInt32 in
                let at = chunk + index * 4
                return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
            }
            var (a, b, c, d) = (a0, b0, c0, d0)
            for step in 0..<64 {
                var f: UInt32
                let g: Int
                switch step {
                case 0..<16: (f, g) = ((b & c) | (~b & d), step)
                case 16..<32: (f, g) = ((d & b) | (~d & c), (5 * step + 1) % 16)
                case 32..<48: (f, g) = (b ^ c ^ d, (3 * step + 5) % 16)
                default: (f, g) = (c ^ (b | ~d), (7 * step) % 16)
                }
                f = f &+ a &+ constants[step] &+ words[g]
                (a, d, c) = (d, c, b)
                b = b &+ (f << shifts[step] | f >> (32 - shifts[step]))
            }
            (a0, b0, c0, d0) = (a0 &+ a, b0 &+ b, c0 &+ c, d0 &+ d)
        }
        return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
    }

    private static let shifts: [UInt32] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                           5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                           4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                           6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]

    /// floor(abs(sin(i + 1)) × 2³²), as the RFC tabulates them.
    private static let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }
}
