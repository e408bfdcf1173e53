import FeedCore
import Foundation

/// The pictures of the image benchmark, as a server sends them: for each
/// of `SyntheticFeedSource.photoSizes`, a photo-like JPEG of that size
/// (a landscape with sky, sun, hills and grain, about 100 KB, as a camera
/// photo of that size is at quality 85), served at every item's own
/// address (`/photos/N.jpg` is photo N % count), so each row is a real
/// download and decode; and one 96 × 96 PNG avatar per author
/// (`/avatars/K.png`). Made once, in memory, before anything is timed.
public final class BenchmarkPictures: Sendable {
    /// One picture's bytes and the headers it is sent with.
    public struct File: Sendable {
        public let data: Data
        /// Content-Type, Cache-Control (a week: the disk cache keeps it)
        /// and an ETag.
        public let headers: [String: String]
    }

    public let photos: [File]
    public let avatars: [File]

    /// `png` makes a `size` × `size` PNG of one colour (the tests'
    /// `TestImages.png`, which `feedline-bench` hands over).
    init(png: (_ size: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Data) {
        photos = SyntheticFeedSource.photoSizes.enumerated().map { index, size in
            let width = Int(size.width), height = Int(size.height)
            let pixels = Landscape.paint(width: width, height: height, seed: UInt64(index + 1))
            return File(data: JPEGEncoder.encode(rgb: pixels, width: width, height: height, quality: 85),
                        headers: Self.headers(type: "image/jpeg", etag: "photo-\(index)"))
        }
        avatars = (0..<SyntheticFeedSource.authorCount).map { index in
            // A colour of its own for each author, on a wheel.
            let hue = Double(index) / Double(SyntheticFeedSource.authorCount)
            let (red, green, blue) = Landscape.rgb(hue: hue, saturation: 0.55, value: 0.8)
            return File(data: png(96, red, green, blue), headers: Self.headers(type: "image/png", etag: "avatar-\(index)"))
        }
    }

    private static func headers(type: String, etag: String) -> [String: String] {
        ["Content-Type": type, "Cache-Control": "public, max-age=604800", "ETag": "\"\(etag)\""]
    }

    /// The picture at `path` ("/photos/12.jpg", "/avatars/3.png"), nil for
    /// any other.
    public func file(at path: String) -> File? {
        let parts = path.split(separator: "/")
        guard parts.count == 2 else { return nil }
        switch (parts[0], parts[1]) {
        case ("photos", let name) where name.hasSuffix(".jpg"):
            guard let index = Int(name.dropLast(4)), index >= 0 else { return nil }
            return photos[index % photos.count]
        case ("avatars", let name) where name.hasSuffix(".png"):
            guard let index = Int(name.dropLast(4)), avatars.indices.contains(index) else { return nil }
            return avatars[index]
        default:
            return nil
        }
    }

    /// For the report.
    var json: [String: Any] {
        [
            "photos": photos.count,
            "photo_sizes": SyntheticFeedSource.photoSizes.map { "\($0.width)x\($0.height)" },
            "photo_kb": photos.map { Double($0.data.count) / 1024 },
            "avatars": avatars.count,
            "avatar_kb": Double(avatars.first?.data.count ?? 0) / 1024,
        ]
    }
}

/// Photo-like pictures: a sky graded to the horizon with clouds, a sun,
/// three ranges of hills with foliage, and film grain, so that JPEG
/// compresses them about as well as it does real photos.
enum Landscape {
    private struct Hill {
        var base: Double
        var amplitude: Double
        var frequency: Double
        var phase: Double
        var colour: (UInt8, UInt8, UInt8)

        /// Where its ridge is at `u` (0...1 across), as a fraction of the height.
        func ridge(at u: Double) -> Double {
            base + amplitude * sin(u * frequency + phase)
        }
    }

    /// RGB, 3 bytes a pixel, row after row.
    static func paint(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var random = Random(seed: seed)
        let skyTop = rgb(hue: 0.55 + random.unit() * 0.1, saturation: 0.6, value: 0.55 + random.unit() * 0.2)
        let skyLow = rgb(hue: 0.08 + random.unit() * 0.08, saturation: 0.35, value: 0.95)
        let sun = (x: 0.15 + random.unit() * 0.7, y: 0.15 + random.unit() * 0.25, radius: 0.05 + random.unit() * 0.04)
        var hills: [Hill] = []
        for layer in 0..<3 {
            let base: Double = 0.45 + Double(layer) * 0.13 + random.unit() * 0.05
            let amplitude: Double = 0.05 + random.unit() * 0.06
            let frequency: Double = 2 + random.unit() * 5
            let phase: Double = random.unit() * 6.3
            let hue: Double = 0.2 + random.unit() * 0.15
            let saturation: Double = 0.5 + random.unit() * 0.3
            let colour = rgb(hue: hue, saturation: saturation, value: 0.55 - Double(layer) * 0.12)
            hills.append(Hill(base: base, amplitude: amplitude, frequency: frequency, phase: phase, colour: colour))
        }
        let noise = ValueNoise(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let scale = Double(max(width, height))
        // Each hill's ridge, column by column.
        var ridges: [[Double]] = []
        for (layer, hill) in hills.enumerated() {
            var ridge = [Double](repeating: 0, count: width)
            for x in 0..<width {
                let wobble: Double = noise.fbm(Double(x) / scale * 12, Double(layer) * 7, octaves: 3) - 0.5
                ridge[x] = hill.ridge(at: Double(x) / Double(width)) + 0.03 * wobble
            }
            ridges.append(ridge)
        }
        for y in 0..<height {
            let v = Double(y) / Double(height)
            for x in 0..<width {
                let px = Double(x) / scale, py = Double(y) / scale
                var colour: (Double, Double, Double)
                // The nearest hill in front of this pixel, if any.
                let ground = ridges.indices.reversed().first { v > ridges[$0][x] }
                if let layer = ground {
                    let hill = hills[layer]
                    let foliage = noise.fbm(px * 90, py * 90 + Double(layer) * 31, octaves: 4) - 0.5
                    let shade = 1 - 0.35 * v + foliage * 0.6
                    colour = (Double(hill.colour.0) * shade, Double(hill.colour.1) * shade,
                              Double(hill.colour.2) * shade)
                } else {
                    let t = min(1, v / 0.6)
                    colour = mix(skyTop, skyLow, t)
                    let cloud = max(0, noise.fbm(px * 6, py * 14, octaves: 5) - 0.5) * 2.2
                    colour = (colour.0 + (255 - colour.0) * cloud, colour.1 + (255 - colour.1) * cloud,
                              colour.2 + (255 - colour.2) * cloud)
                    let dx = px - sun.x * Double(width) / scale, dy = py - sun.y * Double(height) / scale
                    let distance = (dx * dx + dy * dy).squareRoot()
                    let glow = distance < sun.radius ? 1 : max(0, 1 - (distance - sun.radius) * 6) * 0.5
                    colour = (colour.0 + (255 - colour.0) * glow, colour.1 + (245 - colour.1) * glow,
                              colour.2 + (200 - colour.2) * glow)
                }
                let grain = Double(Int(random.next() % 17) - 8)
                let index = (y * width + x) * 3
                pixels[index] = clamp(colour.0 + grain)
                pixels[index + 1] = clamp(colour.1 + grain)
                pixels[index + 2] = clamp(colour.2 + grain)
            }
        }
        return pixels
    }

    static func rgb(hue: Double, saturation: Double, value: Double) -> (UInt8, UInt8, UInt8) {
        let h = (hue - hue.rounded(.down)) * 6
        let c = value * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        let m = value - c
        return (clamp((r + m) * 255), clamp((g + m) * 255), clamp((b + m) * 255))
    }

    private static func mix(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8), _ t: Double)
        -> (Double, Double, Double) {
        (Double(a.0) + (Double(b.0) - Double(a.0)) * t, Double(a.1) + (Double(b.1) - Double(a.1)) * t,
         Double(a.2) + (Double(b.2) - Double(a.2)) * t)
    }

    private static func clamp(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }

    /// xorshift64: the same pictures run after run.
    struct Random {
        private var state: UInt64

        init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }

        mutating func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }
    }

    /// Smooth lattice noise in [0, 1], summed over octaves.
    struct ValueNoise {
        let seed: UInt64

        func fbm(_ x: Double, _ y: Double, octaves: Int) -> Double {
            var sum = 0.0, weight = 0.5, total = 0.0, frequency = 1.0
            for _ in 0..<octaves {
                sum += value(x * frequency, y * frequency) * weight
                total += weight
                weight *= 0.5
                frequency *= 2
            }
            return sum / total
        }

        private func value(_ x: Double, _ y: Double) -> Double {
            let x0 = x.rounded(.down), y0 = y.rounded(.down)
            let fx = x - x0, fy = y - y0
            let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy)
            let ix = Int64(x0), iy = Int64(y0)
            let top = lattice(ix, iy) + (lattice(ix + 1, iy) - lattice(ix, iy)) * sx
            let bottom = lattice(ix, iy + 1) + (lattice(ix + 1, iy + 1) - lattice(ix, iy + 1)) * sx
            return top + (bottom - top) * sy
        }

        private func lattice(_ x: Int64, _ y: Int64) -> Double {
            var hash = UInt64(bitPattern: x) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: y) &* 0xC2B2_AE3D_27D4_EB4F ^ seed
            hash ^= hash >> 31
            hash = hash &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            return Double(hash % 65_536) / 65_535
        }
    }
}

/// A baseline JPEG encoder (JFIF, YCbCr 4:2:0, the standard quantisation
/// and Huffman tables of ITU T.81 Annex K), small enough to make the
/// benchmark's photos without shipping image files or a library.
enum JPEGEncoder {
    static func encode(rgb pixels: [UInt8], width: Int, height: Int, quality: Int) -> Data {
        precondition(pixels.count == width * height * 3 && width > 0 && height > 0, "RGB, 3 bytes a pixel")
        // Planes padded to whole 16 × 16 blocks by repeating the last row
        // and column; chroma averaged over 2 × 2.
        let paddedWidth = (width + 15) / 16 * 16, paddedHeight = (height + 15) / 16 * 16
        var luma = [Float](repeating: 0, count: paddedWidth * paddedHeight)
        var blue = luma, red = luma
        for y in 0..<paddedHeight {
            let sourceRow = min(y, height - 1) * width
            for x in 0..<paddedWidth {
                let source = (sourceRow + min(x, width - 1)) * 3
                let r = Float(pixels[source]), g = Float(pixels[source + 1]), b = Float(pixels[source + 2])
                let index = y * paddedWidth + x
                luma[index] = 0.299 * r + 0.587 * g + 0.114 * b - 128
                blue[index] = -0.168_736 * r - 0.331_264 * g + 0.5 * b
                red[index] = 0.5 * r - 0.418_688 * g - 0.081_312 * b
            }
        }
        let chromaWidth = paddedWidth / 2, chromaHeight = paddedHeight / 2
        func subsample(_ plane: [Float]) -> [Float] {
            var out = [Float](repeating: 0, count: chromaWidth * chromaHeight)
            for y in 0..<chromaHeight {
                for x in 0..<chromaWidth {
                    let top = 2 * y * paddedWidth + 2 * x, bottom = top + paddedWidth
                    out[y * chromaWidth + x] = (plane[top] + plane[top + 1] + plane[bottom] + plane[bottom + 1]) / 4
                }
            }
            return out
        }
        let blueHalf = subsample(blue), redHalf = subsample(red)

        let lumaTable = scaled(lumaQuantisation, quality: quality)
        let chromaTable = scaled(chromaQuantisation, quality: quality)
        var out = Data()
        writeHeaders(&out, width: width, height: height, lumaTable: lumaTable, chromaTable: chromaTable)

        var bits = BitWriter()
        var predictions = [0, 0, 0]
        var block = [Float](repeating: 0, count: 64)
        func code(_ plane: [Float], stride: Int, x: Int, y: Int, component: Int) {
            for row in 0..<8 {
                for column in 0..<8 { block[row * 8 + column] = plane[(y + row) * stride + x + column] }
            }
            let chroma = component > 0
            encodeBlock(block, table: chroma ? chromaTable : lumaTable,
                        dc: chroma ? Huffman.chromaDC : Huffman.lumaDC, ac: chroma ? Huffman.chromaAC : Huffman.lumaAC,
                        prediction: &predictions[component], bits: &bits)
        }
        for y in stride(from: 0, to: paddedHeight, by: 16) {
            for x in stride(from: 0, to: paddedWidth, by: 16) {
                code(luma, stride: paddedWidth, x: x, y: y, component: 0)
                code(luma, stride: paddedWidth, x: x + 8, y: y, component: 0)
                code(luma, stride: paddedWidth, x: x, y: y + 8, component: 0)
                code(luma, stride: paddedWidth, x: x + 8, y: y + 8, component: 0)
                code(blueHalf, stride: chromaWidth, x: x / 2, y: y / 2, component: 1)
                code(redHalf, stride: chromaWidth, x: x / 2, y: y / 2, component: 2)
            }
        }
        bits.finish()
        out.append(contentsOf: bits.bytes)
        out.append(contentsOf: [0xFF, 0xD9])
        return out
    }

    // MARK: Blocks

    /// cos((2x + 1)uπ/16) with the DCT's normalisation: F = M f Mᵀ.
    private static let dctMatrix: [Float] = (0..<64).map { index in
        let u = index / 8, x = index % 8
        let c: Double = u == 0 ? (1.0 / 2).squareRoot() : 1
        return Float(0.5 * c * cos(Double(2 * x + 1) * Double(u) * Double.pi / 16))
    }

    private static func encodeBlock(_ block: [Float], table: [Int], dc: Huffman, ac: Huffman,
                                    prediction: inout Int, bits: inout BitWriter) {
        // Rows, then columns.
        var temporary = [Float](repeating: 0, count: 64)
        for row in 0..<8 {
            for u in 0..<8 {
                var sum: Float = 0
                for x in 0..<8 { sum += dctMatrix[u * 8 + x] * block[row * 8 + x] }
                temporary[row * 8 + u] = sum
            }
        }
        var quantised = [Int](repeating: 0, count: 64)
        for u in 0..<8 {
            for v in 0..<8 {
                var sum: Float = 0
                for y in 0..<8 { sum += dctMatrix[v * 8 + y] * temporary[y * 8 + u] }
                quantised[v * 8 + u] = Int((sum / Float(table[v * 8 + u])).rounded())
            }
        }
        let difference = quantised[0] - prediction
        prediction = quantised[0]
        let size = magnitudeBits(difference)
        dc.write(size, to: &bits)
        if size > 0 { bits.write(amplitude(difference, size), count: size) }
        var zeros = 0
        for k in 1..<64 {
            let value = quantised[zigzag[k]]
            if value == 0 {
                zeros += 1
                continue
            }
            while zeros > 15 {
                ac.write(0xF0, to: &bits)
                zeros -= 16
            }
            let size = magnitudeBits(value)
            ac.write(zeros << 4 | size, to: &bits)
            bits.write(amplitude(value, size), count: size)
            zeros = 0
        }
        if zeros > 0 { ac.write(0x00, to: &bits) }
    }

    private static func magnitudeBits(_ value: Int) -> Int {
        value == 0 ? 0 : Int.bitWidth - abs(value).leadingZeroBitCount
    }

    /// Negative values are sent as their one's complement in `size` bits.
    private static func amplitude(_ value: Int, _ size: Int) -> Int {
        value >= 0 ? value : value + (1 << size) - 1
    }

    // MARK: Headers

    private static func writeHeaders(_ out: inout Data, width: Int, height: Int, lumaTable: [Int], chromaTable: [Int]) {
        func segment(_ marker: UInt8, _ body: [UInt8]) {
            out.append(contentsOf: [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)])
            out.append(contentsOf: body)
        }
        out.append(contentsOf: [0xFF, 0xD8])
        segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        segment(0xDB, [0] + zigzag.map { UInt8(lumaTable[$0]) } + [1] + zigzag.map { UInt8(chromaTable[$0]) })
        segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
                       1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        var tables: [UInt8] = []
        for (id, huffman) in [(0x00, Huffman.lumaDC), (0x10, Huffman.lumaAC), (0x01, Huffman.chromaDC),
                              (0x11, Huffman.chromaAC)] {
            tables += [UInt8(id)] + huffman.counts + huffman.symbols
        }
        segment(0xC4, tables)
        segment(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
    }

    /// IJG's quality scaling of a base table.
    private static func scaled(_ base: [Int], quality: Int) -> [Int] {
        let quality = max(1, min(100, quality))
        let factor = quality < 50 ? 5000 / quality : 200 - quality * 2
        return base.map { max(1, min(255, ($0 * factor + 50) / 100)) }
    }

    /// Natural order index of the k-th coefficient in zigzag order.
    private static let zigzag = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14,
        21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60,
        61, 54, 47, 55, 62, 63,
    ]

    private static let lumaQuantisation = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]

    private static let chromaQuantisation = [
        17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99,
        47, 66, 99, 99, 99, 99, 99, 99,
    ] + [Int](repeating: 99, count: 32)

    /// A Huffman table: code lengths' counts and symbols as sent in DHT, and
    /// the code of each symbol.
    struct Huffman {
        let counts: [UInt8]
        let symbols: [UInt8]
        private var codes = [(code: Int, length: Int)](repeating: (0, 0), count: 256)

        init(counts: [UInt8], symbols: [UInt8]) {
            self.counts = counts
            self.symbols = symbols
            var code = 0, next = 0
            for length in 1...16 {
                for _ in 0..<Int(counts[length - 1]) {
                    codes[Int(symbols[next])] = (code, length)
                    code += 1
                    next += 1
                }
                code <<= 1
            }
        }

        func write(_ symbol: Int, to bits: inout BitWriter) {
            let entry = codes[symbol]
            precondition(entry.length > 0, "no Huffman code for \(symbol)")
            bits.write(entry.code, count: entry.length)
        }

        static let lumaDC = Huffman(counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: Array(0...11))
        static let chromaDC = Huffman(counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], symbols: Array(0...11))
        static let lumaAC = Huffman(counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D], symbols: [
            0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
            0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0,
            0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25, 0x26, 0x27, 0x28,
            0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
            0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
            0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
            0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7,
            0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5,
            0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2,
            0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
            0xF9, 0xFA,
        ])
        static let chromaAC = Huffman(counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77], symbols: [
            0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
            0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33, 0x52, 0xF0,
            0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24, 0x34, 0xE1, 0x25, 0xF1, 0x17, 0x18, 0x19, 0x1A, 0x26,
            0x27, 0x28, 0x29, 0x2A, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
            0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
            0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
            0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5,
            0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3,
            0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA,
            0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
            0xF9, 0xFA,
        ])
    }

    /// Bits, most significant first, into bytes with a 0 stuffed after
    /// every 0xFF.
    struct BitWriter {
        private(set) var bytes: [UInt8] = []
        private var buffer: UInt64 = 0
        private var count = 0

        mutating func write(_ value: Int, count length: Int) {
            buffer = buffer << UInt64(length) | (UInt64(value) & ((1 << UInt64(length)) - 1))
            count += length
            while count >= 8 {
                let byte = UInt8(truncatingIfNeeded: buffer >> UInt64(count - 8))
                bytes.append(byte)
                if byte == 0xFF { bytes.append(0) }
                count -= 8
            }
            buffer &= (1 << UInt64(count)) - 1
        }

        /// Pads the last byte with 1 bits.
        mutating func finish() {
            if count > 0 { write((1 << (8 - count)) - 1, count: 8 - count) }
        }
    }
}
