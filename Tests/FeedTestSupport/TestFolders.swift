import Foundation
import Synchronization

/// Folders that tests make under the system's temporary folder, removed when
/// the test process ends.
///
/// XCTest makes every test case's instance before the first test runs and
/// keeps them all until the process ends, so a folder removed in a
/// fixture's `deinit` is never removed: each run left hundreds behind.
public enum TestFolders {
    private static let made = Mutex<[URL]>([])

    private static let removalAtExit: Void = {
        atexit { TestFolders.removeAll() }
    }()

    /// A new, empty folder named `prefix` and a unique suffix.
    public static func make(_ prefix: String) -> URL {
        _ = removalAtExit
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        made.withLock { $0.append(url) }
        return url
    }

    /// Removes `url` now (it stays listed: removing twice is harmless).
    public static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    private static func removeAll() {
        for url in made.withLock({ $0 }) { remove(url) }
    }
}
