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
/// synchronous file I/O: call it off the main thread.
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
    /// Serialises the file operations of this process (eviction reads the
    /// whole directory).
    private let lock = Mutex(())

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
    public func entry(for url: URL) -> Entry? {
        lock.withLock { _ in
            let (dataFile, recordFile) = files(for: url)
            guard let recordData = try? Data(contentsOf: recordFile),
                  let record = try? JSONDecoder().decode(Record.self, from: recordData),
                  record.url == url.absoluteString,
                  let data = try? Data(contentsOf: dataFile) else { return nil }
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: dataFile.path)
            return Entry(data: data, etag: record.etag, lastModified: record.lastModified,
                         freshUntil: record.freshUntil)
        }
    }

    /// Keeps `entry` for `url` (replacing any older copy), then evicts the
    /// least recently used images until the cache is within `maxBytes`.
    /// An image larger than the whole cache is not kept.
    public func store(_ entry: Entry, for url: URL) {
        lock.withLock { _ in
            guard entry.data.count < maxBytes else { return }
            let (dataFile, recordFile) = files(for: url)
            let record = Record(url: url.absoluteString, etag: entry.etag, lastModified: entry.lastModified,
                                freshUntil: entry.freshUntil)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try entry.data.write(to: dataFile, options: .atomic)
                try JSONEncoder().encode(record).write(to: recordFile, options: .atomic)
            } catch {
                // A cache that can't write (full disk, read-only home) only
                // costs the network again.
                try? FileManager.default.removeItem(at: dataFile)
                try? FileManager.default.removeItem(at: recordFile)
                return
            }
            evict(keeping: dataFile)
        }
    }

    /// Bytes on disk, records included.
    public var totalBytes: Int {
        lock.withLock { _ in images().reduce(0) { $0 + $1.bytes } }
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

    /// Every cached image: its two files, their size, when last used.
    private func images() -> [(data: URL, record: URL, bytes: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)
        else { return [] }
        return files.filter { $0.pathExtension == "image" }.map { data in
            let record = data.deletingPathExtension().appendingPathExtension("json")
            let values = try? data.resourceValues(forKeys: Set(keys))
            let recordBytes = (try? record.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0
            return (data, record, (values?.fileSize ?? 0) + recordBytes, values?.contentModificationDate ?? .distantPast)
        }
    }

    private func evict(keeping newest: URL) {
        var images = images()
        var total = images.reduce(0) { $0 + $1.bytes }
        guard total > maxBytes else { return }
        images.sort { $0.used < $1.used }
        for image in images where total > maxBytes && image.data != newest {
            try? FileManager.default.removeItem(at: image.data)
            try? FileManager.default.removeItem(at: image.record)
            total -= image.bytes
        }
    }
}
