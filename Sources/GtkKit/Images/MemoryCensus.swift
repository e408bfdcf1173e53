import CGtk
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the process holds, counted, for the soak benchmark's diagnosis of
/// memory in long use (docs/BENCHMARKS.md, "Long use"): malloc's own
/// figures (what it has from the system, what of that is free, what is
/// mapped block by block) and the live instances of each GObject type.
/// Read-only: nothing here changes what the app keeps. The app never
/// calls it.
package enum MemoryCensus {
    /// malloc's figures over all its arenas, in bytes (glibc's
    /// `malloc_info`).
    package struct Heap: Sendable {
        /// Memory the heaps have from the system (`system current`).
        package var heap = 0
        /// Free in the heaps' bins, still resident unless trimmed
        /// (`total fast` + `total rest`).
        package var free = 0
        /// Blocks mapped on their own (`total mmap`), and their count.
        package var mapped = 0
        package var mappedBlocks = 0
        /// Each arena's figures, the main thread's first.
        package var arenas: [Arena] = []

        /// In the heaps and not free: live blocks (and their headers).
        package var inUse: Int { heap - free }
    }

    /// One malloc arena's figures, in bytes.
    package struct Arena: Sendable {
        /// Memory the arena has from the system.
        package var heap = 0
        /// Free in it, its top included.
        package var free = 0
        /// The free block at the top of its heap, which no bin holds:
        /// `malloc_trim` gives back the main arena's, and another arena's
        /// only goes back when it outgrows the trim threshold.
        package var top = 0
    }

    private typealias MallocInfoFunction = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32

    /// malloc's XML report (`malloc_info(0, …)`): per arena and in all.
    /// Nil on a C library without it.
    package static func mallocInfo() -> String? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else { return nil }
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { return nil }
        _ = unsafeBitCast(symbol, to: MallocInfoFunction.self)(0, stream)
        fclose(stream)
        defer { free(buffer) }
        return buffer.map { String(cString: $0) }
    }

    /// The totals of `mallocInfo()`, and each arena's figures.
    package static func heap() -> Heap? {
        mallocInfo().map(heap(fromMallocInfo:))
    }

    /// The figures in a report of `malloc_info`.
    package static func heap(fromMallocInfo xml: String) -> Heap {
        // The totals follow the last arena's closing tag.
        let totals = xml.range(of: "</heap>", options: .backwards).map { xml[$0.upperBound...] } ?? xml[...]
        var heap = Heap()
        heap.heap = attribute(totals, "<system type=\"current\"", "size")
        heap.free = attribute(totals, "<total type=\"fast\"", "size") + attribute(totals, "<total type=\"rest\"", "size")
        heap.mapped = attribute(totals, "<total type=\"mmap\"", "size")
        heap.mappedBlocks = attribute(totals, "<total type=\"mmap\"", "count")
        heap.arenas = xml.components(separatedBy: "<heap nr=").dropFirst().map(arena)
        return heap
    }

    /// One `<heap nr=…>` block of `mallocInfo()`. Its free total counts
    /// the top block with the bins; the bins' sizes are listed, so the top
    /// is what they leave.
    private static func arena(_ block: String) -> Arena {
        let block = block.range(of: "</heap>").map { block[..<$0.lowerBound] } ?? block[...]
        var arena = Arena()
        arena.heap = attribute(block, "<system type=\"current\"", "size")
        arena.free = attribute(block, "<total type=\"fast\"", "size") + attribute(block, "<total type=\"rest\"", "size")
        var binned = 0
        for line in block.split(separator: "\n") where line.contains("<size ") || line.contains("<unsorted ") {
            binned += attribute(line, "<", "total")
        }
        arena.top = max(0, arena.free - binned)
        return arena
    }

    /// The value of attribute `name` in the first `tag` of `text`, or 0.
    private static func attribute(_ text: Substring, _ tag: String, _ name: String) -> Int {
        guard let start = text.range(of: tag) else { return 0 }
        let rest = text[start.upperBound...]
        guard let key = rest.range(of: " " + name + "=\""),
              let end = rest[key.upperBound...].firstIndex(of: "\"") else { return 0 }
        return Int(rest[key.upperBound..<end]) ?? 0
    }

    /// Resident memory by kind of mapping, in KiB, from /proc/self/smaps:
    /// "brk heap" (malloc's main arena), "anonymous" (every other mapping
    /// without a file: the other arenas, blocks mapped on their own,
    /// pictures' pixels, thread stacks), "stack" (the main thread's),
    /// "file" (code, data and caches read from files) and "shared memory".
    package static func residentByMapping() -> [String: Int] {
        // Read to the end: /proc files say they are empty, and a reader
        // that trusts the size stops after the first few mappings.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else { return [:] }
        let smaps = String(decoding: data, as: UTF8.self)
        var result: [String: Int] = [:]
        var kind = "anonymous"
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), fields.count >= 5, first.first?.isHexDigit == true {
                // A mapping's header: address, perms, offset, device, inode, [path].
                let path = fields.count >= 6 ? fields[5...].joined(separator: " ") : ""
                switch path {
                case "": kind = "anonymous"
                case "[heap]": kind = "brk heap"
                case "[stack]": kind = "stack"
                case _ where path.hasPrefix("/dev/shm") || path.hasPrefix("/SYSV") || path.hasPrefix("/memfd:"):
                    kind = "shared memory"
                case _ where path.hasPrefix("["): kind = "other"
                default: kind = "file"
                }
            } else if first == "Rss:", fields.count >= 2, let kb = Int(fields[1]) {
                result[kind, default: 0] += kb
            }
        }
        return result
    }

    /// Menu models shown by menu buttons in the windows, and the sections
    /// and submenus they link to, followed from the first census that saw
    /// each (a weak reference): how many were seen and how many are still
    /// alive. Main thread.
    @MainActor package static func menuModels() -> (seen: Int, alive: Int) {
        // A model and the sections and submenus it links to.
        func follow(_ model: UnsafeMutablePointer<GMenuModel>) {
            let object = UnsafeMutableRawPointer(model).assumingMemoryBound(to: GObject.self)
            if g_object_get_qdata(object, followedKey) == nil {
                g_object_set_qdata(object, followedKey, UnsafeMutableRawPointer(bitPattern: 1))
                g_object_weak_ref(object, menuModelFinalized, nil)
                menuModelsSeen += 1
                menuModelsAlive += 1
            }
            for index in 0..<g_menu_model_get_n_items(model) {
                for link in ["section", "submenu"] {
                    guard let linked = g_menu_model_get_item_link(model, index, link) else { continue }
                    follow(linked)
                    g_object_unref(linked)
                }
            }
        }
        func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
            let type = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
            if type == gtk_menu_button_get_type(), let model = gtk_menu_button_get_menu_model(OpaquePointer(widget)) {
                follow(model)
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        let toplevels = gtk_window_get_toplevels()
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            visit(item.assumingMemoryBound(to: GtkWidget.self))
            g_object_unref(item)
        }
        return (menuModelsSeen, menuModelsAlive)
    }

    @MainActor private static var menuModelsSeen = 0
    @MainActor fileprivate static var menuModelsAlive = 0
    private static let followedKey = g_quark_from_static_string("feedline-census-followed")

    /// Whether GLib counts instances: `GOBJECT_DEBUG=instance-count` in the
    /// environment when the process started, and a GLib built with
    /// debugging (Debian's is not: every count is then 0).
    package static var countsObjects: Bool {
        ProcessInfo.processInfo.environment["GOBJECT_DEBUG"]?.contains("instance-count") ?? false
    }

    /// The widgets in every toplevel window (popovers and the rows a list
    /// keeps included), by type name, and "toplevels": the windows. Widgets
    /// no window holds are not counted. Main thread.
    @MainActor package static func widgetCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
            let type = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
            if let name = g_type_name(type) { counts[String(cString: name), default: 0] += 1 }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        let toplevels = gtk_window_get_toplevels()
        let n = g_list_model_get_n_items(toplevels)
        counts["toplevels"] = Int(n)
        for index in 0..<n {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            visit(item.assumingMemoryBound(to: GtkWidget.self))
            g_object_unref(item)
        }
        return counts
    }

    /// Live instances of every instantiable GType that has any, by type
    /// name (a type's count leaves out its subtypes'). Empty unless
    /// `countsObjects`. Main thread (types may be registered meanwhile
    /// on others, which this may miss).
    @MainActor package static func objectCounts() -> [String: Int] {
        guard countsObjects else { return [:] }
        var counts: [String: Int] = [:]
        func visit(_ type: GType) {
            let count = Int(g_type_get_instance_count(type))
            if count != 0, let name = g_type_name(type) { counts[String(cString: name)] = count }
            var n: guint = 0
            guard let children = g_type_children(type, &n) else { return }
            defer { g_free(children) }
            for index in 0..<Int(n) { visit(children[index]) }
        }
        // Fundamental types are numbered from 1, shifted by G_TYPE_FUNDAMENTAL_SHIFT (2).
        let last = g_type_fundamental_next() >> 2
        for number in 1..<last { visit(GType(number) << 2) }
        return counts
    }
}

/// A followed menu model was finalized (GWeakNotify, on the main thread,
/// where GTK lets its objects go).
private func menuModelFinalized(_ data: gpointer?, _ object: UnsafeMutablePointer<GObject>?) {
    MainActor.assumeIsolated { MemoryCensus.menuModelsAlive -= 1 }
}
