import FeedlineUI
import Foundation

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
