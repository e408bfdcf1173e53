import Foundation

/// Where the feed library lives on disk (`$XDG_CONFIG_HOME/feedline/feeds.json`)
/// and how it is read and written.
///
/// Writes are atomic: the new list goes to a temporary file in the same
/// folder, is flushed to disk, then renamed over the old one, so a crash
/// mid-write leaves either the old list or the new one, never half of one.
/// A file that cannot be read is moved aside to `feeds.json.bad` (never
/// silently dropped) and reported.
public struct FeedLibraryFile: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// `$XDG_CONFIG_HOME/feedline/feeds.json`, or `~/.config/feedline/feeds.json`.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> FeedLibraryFile {
        FeedLibraryFile(url: XDGDirectory.config.url(environment: environment)
            .appendingPathComponent("feedline/feeds.json"))
    }

    /// Where an unreadable library is kept.
    public var quarantineURL: URL { url.appendingPathExtension("bad") }

    /// What `load` found.
    public struct Loaded: Sendable {
        public var library: FeedLibrary
        /// Set when the file was unreadable and moved aside: a sentence for
        /// the reader.
        public var problem: String?
    }

    /// Reads the library. No file yet is an empty library; an unreadable
    /// one is moved to `feeds.json.bad` and reported in `problem`.
    public func load() -> Loaded {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) {
                return Loaded(library: FeedLibrary())
            }
            return Loaded(library: FeedLibrary(), problem: "Your saved feeds couldn't be read (\(error.localizedDescription)).")
        }
        do {
            return Loaded(library: try JSONDecoder().decode(FeedLibrary.self, from: data))
        } catch {
            let kept: String
            do {
                try? FileManager.default.removeItem(at: quarantineURL)
                try FileManager.default.moveItem(at: url, to: quarantineURL)
                kept = "it was kept as \(quarantineURL.path)"
            } catch {
                kept = "it was left at \(url.path)"
            }
            return Loaded(library: FeedLibrary(),
                          problem: "Your saved feeds were damaged and couldn't be read; \(kept).")
        }
    }

    /// Writes `library` atomically, creating the folder if needed.
    public func save(_ library: FeedLibrary) throws(FeedError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            let data = try encoder.encode(library)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try handle.write(contentsOf: data)
                try handle.synchronize()
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw FeedError("Couldn't save your feeds", kind: .cannotSave, subject: .file(url.lastPathComponent),
                            detail: "\(url.path): \(error)")
        }
    }
}
