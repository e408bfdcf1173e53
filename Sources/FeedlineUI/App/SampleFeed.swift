import Foundation

/// Finds the bundled sample feed.
enum SampleFeed {
    static let fileName = "sample-feed.json"

    /// Where to look, in order (`DataFiles.directories`).
    static func candidates(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    ) -> [URL] {
        DataFiles.directories(environment: environment, executable: executable)
            .map { $0.appendingPathComponent(fileName) }
    }

    /// The first candidate that exists; else the install location, so the
    /// error the reader sees names where it should have been.
    static func locate() -> URL {
        let candidates = candidates()
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[candidates.count > 1 ? 1 : 0]
    }
}
