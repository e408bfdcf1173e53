import Foundation

/// A BlurHash: a few dozen characters standing for a blurred picture, which
/// Mastodon (and Feedline's JSON Feed extension) send beside an image so a
/// reader can show its colours while the image loads, or when it can't be
/// had. The algorithm is woltapp's (https://github.com/woltapp/blurhash):
/// a small grid of cosine components, quantised and written in base 83.
///
/// Only the checked text is kept (16 bytes, the size of a String, so an
/// item holding one grows by no more); `pixels(width:height:punch:)`
/// decodes it each time it is asked.
public struct Blurhash: Sendable, Hashable {
    /// The hash as the feed gave it.
    public let text: String

    /// The largest side `pixels(width:height:punch:)` draws. A blurhash
    /// holds at most 9 × 9 components, so more pixels add nothing that
    /// GTK's scaling doesn't.
    public static let maxSide = 64

    /// The hash in `text`, or nil unless it is one exactly: only base-83
    /// characters, 1 to 9 components across and down, as many characters
    /// as those components take (4 + 2 per component, so 6 to 166), and
    /// colours in range. Costs one pass over at most 166 bytes; longer text
    /// is refused before it is read.
    public init?(_ text: String) {
        let bytes = text.utf8
        guard (6...Self.maxLength).contains(bytes.count) else { return nil }
        var digits: [Int] = []
        digits.reserveCapacity(bytes.count)
        for byte in bytes {
            guard let digit = Self.digit(byte) else { return nil }
            digits.append(digit)
        }
        guard let grid = Self.grid(digits[0]), digits.count == 4 + 2 * grid.x * grid.y,
              Self.number(digits[2..<6]) <= 0xFF_FFFF else { return nil }
        for start in stride(from: 6, to: digits.count, by: 2) where Self.number(digits[start..<start + 2]) > Self.maxAC {
            return nil
        }
        self.text = text
    }

    /// The picture, `width` × `height` pixels as RGBA bytes (sRGB, row by
    /// row, alpha always 255): `width * height * 4` bytes. Each side is
    /// clamped to 1...`maxSide` (64), so ask for the shape and let GTK
    /// scale it up: a placeholder needs no more. `punch` scales the
    /// contrast (1 is the picture as encoded, more is bolder).
    ///
    /// Costs one cosine per component and pixel column or row, then per
    /// pixel three multiply-adds per component across and one `pow` per
    /// channel: measured, tens of microseconds for 32 × 32 from 4 × 3
    /// components, about a quarter of a millisecond at the most (64 × 64
    /// from 9 × 9) in a release build.
    public func pixels(width: Int, height: Int, punch: Double = 1) -> [UInt8] {
        let width = min(max(width, 1), Self.maxSide)
        let height = min(max(height, 1), Self.maxSide)
        let digits = text.utf8.map { Self.digit($0) ?? 0 }  // checked by init
        guard let grid = Self.grid(digits[0]) else { return [] }
        let colors = Self.colors(digits, count: grid.x * grid.y, punch: punch)
        let cosinesX = Self.cosines(components: grid.x, pixels: width)
        let cosinesY = Self.cosines(components: grid.y, pixels: height)

        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        // One row's colours with the vertical components already summed:
        // then each pixel only sums the components across.
        var row = [Double](repeating: 0, count: grid.x * 3)
        for y in 0..<height {
            for index in row.indices { row[index] = 0 }
            for j in 0..<grid.y {
                let cosine = cosinesY[y * grid.y + j]
                for index in row.indices { row[index] += colors[j * grid.x * 3 + index] * cosine }
            }
            for x in 0..<width {
                var red = 0.0, green = 0.0, blue = 0.0
                for i in 0..<grid.x {
                    let cosine = cosinesX[x * grid.x + i]
                    red += row[i * 3] * cosine
                    green += row[i * 3 + 1] * cosine
                    blue += row[i * 3 + 2] * cosine
                }
                let pixel = (y * width + x) * 4
                rgba[pixel] = Self.sRGB(red)
                rgba[pixel + 1] = Self.sRGB(green)
                rgba[pixel + 2] = Self.sRGB(blue)
            }
        }
        return rgba
    }

    // MARK: The format

    /// 9 × 9 components: 4 characters of header and colour, 2 per other one.
    private static let maxLength = 4 + 2 * 9 * 9

    /// The largest 2-character component: 19 levels per channel.
    private static let maxAC = 19 * 19 * 19 - 1

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)

    /// Each ASCII byte's base-83 value, -1 for bytes outside the alphabet.
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(value) }
        return table
    }()

    /// The base-83 value of one character, nil when it is not one.
    private static func digit(_ byte: UInt8) -> Int? {
        guard byte < 128 else { return nil }
        let value = values[Int(byte)]
        return value < 0 ? nil : Int(value)
    }

    private static func number(_ digits: ArraySlice<Int>) -> Int {
        digits.reduce(0) { $0 * 83 + $1 }
    }

    /// Components across (x) and down (y), from the first character.
    private static func grid(_ digit: Int) -> (x: Int, y: Int)? {
        digit < 81 ? (digit % 9 + 1, digit / 9 + 1) : nil
    }

    /// The components as linear RGB, three Doubles each, the average colour
    /// first and the others row by row.
    private static func colors(_ digits: [Int], count: Int, punch: Double) -> [Double] {
        var colors: [Double] = []
        colors.reserveCapacity(count * 3)
        let average = number(digits[2..<6])
        colors += [average >> 16, (average >> 8) & 255, average & 255].map(linear)
        let maximum = Double(digits[1] + 1) / 166 * punch
        for component in 1..<count {
            let value = number(digits[4 + component * 2 ..< 6 + component * 2])
            for level in [value / (19 * 19), value / 19 % 19, value % 19] {
                let signed = Double(level - 9) / 9
                colors.append(signed * abs(signed) * maximum)
            }
        }
        return colors
    }

    /// `cos(π · pixel · component / pixels)` for every pixel and component,
    /// pixel by pixel.
    private static func cosines(components: Int, pixels: Int) -> [Double] {
        var cosines: [Double] = []
        cosines.reserveCapacity(components * pixels)
        for pixel in 0..<pixels {
            for component in 0..<components {
                cosines.append(cos(Double.pi * Double(pixel) * Double(component) / Double(pixels)))
            }
        }
        return cosines
    }

    /// An sRGB byte as linear light, 0...1.
    private static func linear(_ value: Int) -> Double {
        let fraction = Double(value) / 255
        return fraction <= 0.04045 ? fraction / 12.92 : pow((fraction + 0.055) / 1.055, 2.4)
    }

    /// Linear light, clamped to 0...1 (NaN, from a NaN or infinite punch,
    /// is 0), as an sRGB byte. Measured: the one `pow` here is faster than
    /// searching a table of the 256 levels.
    private static func sRGB(_ value: Double) -> UInt8 {
        guard value > 0 else { return 0 }
        guard value < 1 else { return 255 }
        let encoded = value <= 0.003_130_8 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
        return UInt8(min(encoded * 255 + 0.5, 255))
    }
}
