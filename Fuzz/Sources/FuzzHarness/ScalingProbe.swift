import Foundation

/// The quadratic check libFuzzer doesn't make: each shape (a prefix, a
/// unit repeated n times, a suffix) is timed at n and at 8n, with n grown
/// until the input is at least 32 KB. Linear work takes about 8 times as
/// long; a ratio over 24 with the larger input over 50 ms is reported as
/// superlinear (a quadratic parser shows about 64). Timings are the best
/// of three, so a busy machine slows a shape without flagging it.
///
/// The shapes are hand-written per parser (many items, deep nesting, long
/// text, many attributes, runs of entities or bare `&`), plus, when a
/// corpus folder is given, up to 40 of its inputs scaled up: their run of
/// items (XML), their largest array (JSON) or the whole input repeated.
struct ScalingProbe {
    let target: FuzzTarget

    struct Shape {
        var name: String
        var prefix: Data
        var unit: Data
        var suffix: Data

        init(_ name: String, _ prefix: String, _ unit: String, _ suffix: String = "") {
            self.init(name, Data(prefix.utf8), Data(unit.utf8), Data(suffix.utf8))
        }

        init(_ name: String, _ prefix: Data, _ unit: Data, _ suffix: Data) {
            self.name = name
            self.prefix = prefix
            self.unit = unit
            self.suffix = suffix
        }

        func input(_ count: Int) -> Data {
            var data = prefix
            data.reserveCapacity(prefix.count + unit.count * count + suffix.count)
            for _ in 0..<count { data.append(unit) }
            data.append(suffix)
            return data
        }
    }

    static let minimumBytes = 32 * 1024
    static let maximumBytes = 4 * 1024 * 1024

    /// True when some shape scaled superlinearly.
    func run(corpus: String?) -> Bool {
        var shapes = Self.shapes(for: target)
        if let corpus { shapes += corpusShapes(corpus) }
        var slow = 0
        for shape in shapes where !shape.unit.isEmpty {
            if measure(shape) { slow += 1 }
        }
        print("probe \(target.rawValue): \(shapes.count) shapes, \(slow) superlinear")
        return slow > 0
    }

    private func seconds(_ data: Data, tries: Int) -> Double {
        var best = Double.infinity
        for _ in 0..<tries {
            let start = DispatchTime.now().uptimeNanoseconds
            target.parse(data)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    private func measure(_ shape: Shape) -> Bool {
        var count = 1
        while shape.input(count).count < Self.minimumBytes,
              shape.input(count * 16).count <= Self.maximumBytes {
            count *= 2
        }
        let small = shape.input(count)
        let large = shape.input(count * 8)
        var ratio = 0.0, smallTime = 0.0, largeTime = 0.0
        for attempt in 1...2 {
            smallTime = seconds(small, tries: 3)
            largeTime = seconds(large, tries: attempt == 1 ? 2 : 3)
            ratio = largeTime / max(smallTime, 1e-6)
            if !(ratio > 24 && largeTime > 0.05) { break }
        }
        let slow = ratio > 24 && largeTime > 0.05
        let line = String(format: "probe %@ %@: %d B in %.2f ms, %d B in %.2f ms, x%.1f%@",
                          target.rawValue, shape.name, small.count, smallTime * 1000,
                          large.count, largeTime * 1000, ratio, slow ? "  SUPERLINEAR" : "")
        print(line)
        if slow, let folder = ProcessInfo.processInfo.environment["FEEDLINE_FUZZ_FINDINGS"] {
            let safe = shape.name.map { $0.isLetter || $0.isNumber ? $0 : "-" }
            let file = URL(fileURLWithPath: folder).appendingPathComponent("superlinear-\(String(safe))")
            try? large.write(to: file)
            print("probe \(target.rawValue): input written to \(file.path)")
        }
        return slow
    }

    // MARK: Corpus inputs, scaled

    private func corpusShapes(_ folder: String) -> [Shape] {
        let url = URL(fileURLWithPath: folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let files = names.sorted().compactMap { name -> (String, Data)? in
            guard let data = try? Data(contentsOf: url.appendingPathComponent(name)), data.count >= 4 else { return nil }
            return (name, data)
        }.sorted { $0.1.count < $1.1.count }
        // Up to 40, spread over the sizes.
        let step = max(1, files.count / 40)
        return stride(from: 0, to: files.count, by: step).prefix(40).map { index in
            let (name, data) = files[index]
            return scaled(data, name: "corpus-" + name.prefix(12))
        }
    }

    /// The input as prefix + unit + suffix, the unit being what a longer
    /// version of it would have more of.
    private func scaled(_ data: Data, name: String) -> Shape {
        switch target {
        case .xml, .feed:
            let bytes = [UInt8](data)
            for (open, close) in [("<item", "</item>"), ("<entry", "</entry>")] {
                if let start = find(Array(open.utf8), in: bytes, last: false),
                   let end = find(Array(close.utf8), in: bytes, last: true), end > start {
                    let stop = end + close.utf8.count
                    return Shape(name + " (items)", Data(bytes[..<start]), Data(bytes[start..<stop]), Data(bytes[stop...]))
                }
            }
        case .jsonfeed, .mastodon, .github, .hackernews:
            if let shape = jsonShape(data, name: name) { return shape }
        case .linkheader:
            return Shape(name, Data(), data + Data(", ".utf8), Data())
        default:
            break
        }
        return Shape(name, Data(), data, Data())
    }

    private func find(_ needle: [UInt8], in bytes: [UInt8], last: Bool) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        let starts = Array(0...(bytes.count - needle.count))
        let match = { (start: Int) in bytes[start..<start + needle.count].elementsEqual(needle) }
        return last ? starts.last(where: match) : starts.first(where: match)
    }

    /// A JSON input's largest array (at the top or one level down) as the
    /// repeated unit: its elements, comma-joined.
    private func jsonShape(_ data: Data, name: String) -> Shape? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        func encode(_ value: Any) -> Data? {
            try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
        }
        if let array = object as? [Any], !array.isEmpty,
           let unit = encode(array).map({ Data($0.dropFirst().dropLast()) + Data(",".utf8) }) {
            return Shape(name + " (array)", Data("[".utf8), unit, Data("{}]".utf8))
        }
        guard let dictionary = object as? [String: Any],
              let (key, array) = dictionary.compactMap({ key, value in (value as? [Any]).map { (key, $0) } })
                  .max(by: { $0.1.count < $1.1.count }), !array.isEmpty,
              let elements = encode(array), let rest = encode(dictionary.filter { $0.key != key }) else { return nil }
        // {"key":[ unit... {}], ...rest}
        var prefix = Data("{".utf8) + (encode(key) ?? Data()) + Data(":[".utf8)
        let unit = Data(elements.dropFirst().dropLast()) + Data(",".utf8)
        var suffix = Data("{}]".utf8)
        if rest.count > 2 { suffix += Data(",".utf8) + Data(rest.dropFirst()) } else { suffix += Data("}".utf8) }
        prefix = Data(prefix)
        return Shape(name + " (\(key))", prefix, unit, suffix)
    }
}
