import FeedStore
import FeedlineUI
import Foundation
import GtkKit

/// `--census`: what the soak's process holds at the end of every block,
/// to tell what grows from round to round. Resident memory by kind, malloc's
/// figures (its heaps, what of them is free, what is mapped block by block),
/// the decoded pictures kept, SQLite's own memory, and the live instances
/// of every GObject type
/// (the suite starts the run with `GOBJECT_DEBUG=instance-count`). A
/// diagnosis: it costs a few milliseconds a block and is off by default.
@MainActor
struct SoakCensus {
    /// Kept as JSON in storage reserved at the start (`PackedJSON`): as
    /// dictionaries an entry was some forty small blocks (its tables, the
    /// longer type names) made once a minute and kept to the end, among
    /// the window's own in the one heap, where a block kept keeps its
    /// page. What the soak measures with stays out of what it measures.
    private var packed: PackedJSON

    /// Room for `entries` entries (more grow the storage).
    init(entries: Int) {
        packed = PackedJSON(capacity: entries, bytesEach: 2048)
    }

    /// Every entry so far, read back.
    var entries: [[String: Any]] { packed.objects }

    /// Counts now, after a block of `action` (nil at the start).
    mutating func take(at time: Double, after action: String?) {
        let kinds = ProcessStats.residentKindsKB()
        var entry: [String: Any] = [
            "time_s": time,
            "after": action ?? "start",
            "rss_kb": ProcessStats.residentKB(),
            "anon_kb": kinds.anonymous,
            "file_kb": kinds.file,
            "shmem_kb": kinds.shared,
            "textures_cached": ImageLoader.shared.textures.count,
            "texture_cache_kb": ImageLoader.shared.textures.bytes / 1024,
            "objects": MemoryCensus.objectCounts(),
            "widgets": MemoryCensus.widgetCounts(),
            "mappings_kb": MemoryCensus.residentByMapping(),
            "menu_models": [MemoryCensus.menuModels().seen, MemoryCensus.menuModels().alive],
            "picture_mappings": PictureMemory.mappedPictures.load(ordering: .relaxed),
            "picture_mappings_kb": PictureMemory.mappedPictureBytes.load(ordering: .relaxed) / 1024,
            "sqlite_kb": SQLiteMemory.inUse / 1024,
        ]
        if let heap = MemoryCensus.heap() {
            entry["heap_kb"] = heap.heap / 1024
            entry["heap_free_kb"] = heap.free / 1024
            entry["heap_in_use_kb"] = heap.inUse / 1024
            entry["mapped_kb"] = heap.mapped / 1024
            entry["mapped_blocks"] = heap.mappedBlocks
            entry["arenas"] = heap.arenas.count
            // Per arena: [heap, free, top] in KiB, the main thread's first.
            entry["arenas_kb"] = heap.arenas.map { [$0.heap / 1024, $0.free / 1024, $0.top / 1024] }
        }
        packed.append(entry)
    }

    /// The census in words: the figures at the end of each whole round
    /// after the warm-up (after the last action of the round), and the
    /// GObject types whose count changed from the first of those to the
    /// last, with the change per round.
    nonisolated static func summary(_ entries: [[String: Any]], warmup: Double, actions: [String]) -> String {
        guard let lastAction = actions.last else { return "" }
        let ends = entries.filter { ($0["after"] as? String) == lastAction && ($0["time_s"] as? Double ?? 0) >= warmup }
        guard let first = ends.first, let last = ends.last else { return "census: no whole round after the warm-up\n" }
        var lines = ["census at the end of each round after the warm-up (KiB; heap = malloc's, in use = heap − free):",
                     "  time s      rss     anon     file    shmem     heap  in use     free   mapped  blocks  arenas  pictures  brk rss  pixels  sqlite  main top  others' free  others' top"]
        for entry in ends {
            func value(_ key: String) -> Int { entry[key] as? Int ?? 0 }
            let brk = (entry["mappings_kb"] as? [String: Int])?["brk heap"] ?? 0
            let arenas = (entry["arenas_kb"] as? [[Int]] ?? []).filter { $0.count == 3 }
            lines.append(String(format: "  %6.0f %8d %8d %8d %8d %8d %7d %8d %8d %7d %7d %9d", entry["time_s"] as? Double ?? 0,
                                value("rss_kb"), value("anon_kb"), value("file_kb"), value("shmem_kb"), value("heap_kb"),
                                value("heap_in_use_kb"), value("heap_free_kb"), value("mapped_kb"), value("mapped_blocks"),
                                value("arenas"), value("textures_cached"))
                + String(format: " %8d %7d %7d", brk, value("picture_mappings_kb"), value("sqlite_kb"))
                + String(format: " %9d %13d %12d", arenas.first?[2] ?? 0,
                         arenas.dropFirst().reduce(0) { $0 + $1[1] }, arenas.dropFirst().reduce(0) { $0 + $1[2] }))
        }
        if let models = last["menu_models"] as? [Int], models.count == 2 {
            lines.append("menu models followed (shown by a menu button at a sample): \(models[0]), still alive \(models[1])")
        }
        let rounds = Double(ends.count - 1)
        for (key, what) in [("widgets", "Widgets in the windows"), ("objects", "GObject instances")] {
            let before = first[key] as? [String: Int] ?? [:]
            let after = last[key] as? [String: Int] ?? [:]
            guard rounds > 0, !(before.isEmpty && after.isEmpty) else { continue }
            var changed: [(name: String, change: Int)] = []
            for name in Set(before.keys).union(after.keys) {
                let change = (after[name] ?? 0) - (before[name] ?? 0)
                if change != 0 { changed.append((name, change)) }
            }
            changed.sort { abs($0.change) > abs($1.change) || (abs($0.change) == abs($1.change) && $0.name < $1.name) }
            lines.append(changed.isEmpty
                ? "\(what): no type changed over \(Int(rounds)) rounds"
                : "\(what) that changed over \(Int(rounds)) rounds (first → last, per round):")
            for (name, change) in changed.prefix(40) {
                lines.append("  " + name.padding(toLength: 34, withPad: " ", startingAt: 0)
                    + String(format: "%7d → %7d  %+8.1f", before[name] ?? 0, after[name] ?? 0, Double(change) / rounds))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
