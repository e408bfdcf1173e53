import Foundation
import Synchronization

/// Images kept on disk between runs (`$XDG_CACHE_HOME/feedline/images`),
/// bounded in bytes: when a new image would pass `maxBytes`, the least
/// recently used go first.
///
/// Each image is two files named by a hash of its address: the bytes as
/// the server sent them, and a small JSON record (the address, `ETag`,
/// `Last-Modified`, fresh until). A record for another address (a hash
/// collision) or one that can't be read is a miss. Every call is
/// synchronous file I/O: call it off the main thread. Sizes and last uses
/// are kept in memory, so a full cache evicts without listing the folder.
public final class ImageDiskCache: Sendable {
    /// One cached image.
    public struct Entry: Sendable, Equatable {
        public var data: Data
        public var etag: String?
        public var lastModified: String?
        /// Use without asking until then; after it, revalidate.
        public var freshUntil: Date

        public init(data: Data, etag: String? = nil, lastModified: String? = nil, freshUntil: Date) {
            self.data = data
            self.etag = etag
            self.lastModified = lastModified
            self.freshUntil = freshUntil
        }

        public func isFresh(at now: Date) -> Bool { now < freshUntil }
    }

    /// What is written beside the bytes.
    private struct Record: Codable {
        var url: String
        var etag: String?
        var lastModified: String?
        var freshUntil: Date
    }

    public let directory: URL
    public let maxBytes: Int

    /// What this process knows of the folder: each image's size and last
    /// use, read from the folder once (at the first store) and kept up to
    /// date since, so storing an image never lists the folder again.
    private struct Index {
        var images: [String: (bytes: Int, used: Date)] = [:]
        var totalBytes = 0

        mutating func set(_ name: String, bytes: Int, used: Date) {
            totalBytes += bytes - (images[name]?.bytes ?? 0)
            images[name] = (bytes, used)
        }

        mutating func remove(_ name: String) {
            totalBytes -= images.removeValue(forKey: name)?.bytes ?? 0
        }
    }

    /// Serialises the file operations of this process and guards the index
    /// (nil until first needed).
    private let lock = Mutex<Index?>(nil)

    public init(directory: URL, maxBytes: Int = 100 * 1024 * 1024) {
        precondition(maxBytes > 0, "a cache holds something")
        self.directory = directory
        self.maxBytes = maxBytes
    }

    /// `$XDG_CACHE_HOME/feedline/images`, or `~/.cache/feedline/images`.
    public static func standardDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGDirectory.cache.url(environment: environment).appendingPathComponent("feedline/images", isDirectory: true)
    }

    /// The cached image for `url`, fresh or not; marks it as just used.
    ///
    /// Its bytes are the file mapped, not read into the heap: a grid
    /// scrolled over cached pictures asks for hundreds in a moment, and
    /// each waits for its decode. Read, they were up to 30 MB of the heap
    /// at once, given back in pieces the heap kept; mapped, they are the
    /// system's file cache. Safe because a file is only ever replaced
    /// whole (`store` writes a new one and renames it) or removed, which
    /// leaves a mapping of the old one intact.
    public func entry(for url: URL) -> Entry? {
        lock.withLock { index in
            let (dataFile, recordFile) = files(for: url)
            guard let recordData = try? Data(contentsOf: recordFile),
                  let record = try? JSONDecoder().decode(Record.self, from: recordData),
                  record.url == url.absoluteString,
                  let data = try? Data(contentsOf: dataFile, options: .alwaysMapped) else { return nil }
            let now = Date()
            try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: dataFile.path)
            index?.set(Self.name(of: dataFile), bytes: data.count + recordData.count, used: now)
            return Entry(data: data, etag: record.etag, lastModified: record.lastModified,
                         freshUntil: record.freshUntil)
        }
    }

    /// Keeps `entry` for `url` (replacing any older copy), then evicts the
    /// least recently used images until the cache is within `maxBytes`.
    /// An image larger than the whole cache is not kept.
    ///
    /// Costs two file writes; the first store of a process also lists the
    /// folder once.
    public func store(_ entry: Entry, for url: URL) {
        lock.withLock { index in
            guard entry.data.count < maxBytes else { return }
            let (dataFile, recordFile) = files(for: url)
            let record = Record(url: url.absoluteString, etag: entry.etag, lastModified: entry.lastModified,
                                freshUntil: entry.freshUntil)
            let recordBytes: Int
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try entry.data.write(to: dataFile, options: .atomic)
                let encoded = try JSONEncoder().encode(record)
                try encoded.write(to: recordFile, options: .atomic)
                recordBytes = encoded.count
            } catch {
                // A cache that can't write (full disk, read-only home) only
                // costs the network again.
                try? FileManager.default.removeItem(at: dataFile)
                try? FileManager.default.removeItem(at: recordFile)
                index?.remove(Self.name(of: dataFile))
                return
            }
            // Changed in place: a copy (`var known = index ?? …`) would
            // copy the whole index at every store while the lock's value
            // still held it (a block of 64 KiB and more for some thousand
            // images, mapped and unmapped each time).
            if index == nil { index = readIndex() }
            index!.set(Self.name(of: dataFile), bytes: entry.data.count + recordBytes, used: Date())
            evict(&index!, keeping: Self.name(of: dataFile))
        }
    }

    /// Bytes on disk, records included (lists the folder).
    public var totalBytes: Int {
        lock.withLock { _ in readIndex().totalBytes }
    }

    // MARK: Files

    private func files(for url: URL) -> (data: URL, record: URL) {
        let name = Self.hash(url.absoluteString)
        return (directory.appendingPathComponent(name + ".image"), directory.appendingPathComponent(name + ".json"))
    }

    /// FNV-1a, 64 bits, as 16 hex digits: a stable file name (Swift's
    /// `hashValue` changes from run to run).
    static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The image's name: its files' name without the extension.
    private static func name(of dataFile: URL) -> String {
        dataFile.deletingPathExtension().lastPathComponent
    }

    /// Every cached image in the folder: its size (both files) and when it
    /// was last used (its bytes' modification date).
    private func readIndex() -> Index {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        var index = Index()
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)
        else { return index }
        for data in files where data.pathExtension == "image" {
            let record = data.deletingPathExtension().appendingPathExtension("json")
            let values = try? data.resourceValues(forKeys: Set(keys))
            let recordBytes = (try? record.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0
            index.set(Self.name(of: data), bytes: (values?.fileSize ?? 0) + recordBytes,
                      used: values?.contentModificationDate ?? .distantPast)
        }
        return index
    }

    /// Deletes the least recently used images (never `newest`) until the
    /// index is within `maxBytes`.
    private func evict(_ index: inout Index, keeping newest: String) {
        guard index.totalBytes > maxBytes else { return }
        let oldestFirst = index.images.filter { $0.key != newest }.sorted { $0.value.used < $1.value.used }
        for (name, _) in oldestFirst where index.totalBytes > maxBytes {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name + ".image"))
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name + ".json"))
            index.remove(name)
        }
    }
}
