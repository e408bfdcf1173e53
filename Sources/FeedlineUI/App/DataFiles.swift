import Foundation

/// Where Feedline's own files are: the sample feed with its pictures, and
/// the spinner's icon.
enum DataFiles {
    /// The folders to look in, in order: `$FEEDLINE_DATA_DIR`, the install
    /// prefix (`<prefix>/bin/feedline` → `<prefix>/share/feedline/`), and
    /// the source tree's `data/` (for `swift run` in a checkout).
    static func directories(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    ) -> [URL] {
        var directories: [URL] = []
        if let custom = environment["FEEDLINE_DATA_DIR"], !custom.isEmpty {
            directories.append(URL(fileURLWithPath: custom))
        }
        directories.append(executable.deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("share/feedline"))
        // Sources/FeedlineUI/App/DataFiles.swift → the checkout's data/.
        directories.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data"))
        return directories
    }
}
