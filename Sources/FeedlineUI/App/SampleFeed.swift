import Foundation

/// Finds the bundled sample feed.
enum SampleFeed {
    static let fileName = "sample-feed.json"

    /// Where to look, in order: `$FEEDLINE_DATA_DIR`, the install prefix
    /// (`<prefix>/bin/feedline` → `<prefix>/share/feedline/`), and the
    /// source tree's `data/` (for `swift run` in a checkout).
    static func candidates(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    ) -> [URL] {
        var directories: [URL] = []
        if let custom = environment["FEEDLINE_DATA_DIR"], !custom.isEmpty {
            directories.append(URL(fileURLWithPath: custom))
        }
        directories.append(executable.deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("share/feedline"))
        // Sources/FeedlineUI/App/SampleFeed.swift → the checkout's data/.
        directories.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data"))
        return directories.map { $0.appendingPathComponent(fileName) }
    }

    /// The first candidate that exists; else the install location, so the
    /// error the reader sees names where it should have been.
    static func locate() -> URL {
        let candidates = candidates()
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[candidates.count > 1 ? 1 : 0]
    }
}
