import Foundation

/// The folders FoundationNetworking makes for stores Feedline never uses.
///
/// On Linux (swift-corelibs-foundation, Swift 6.3.1) every
/// `URLSessionConfiguration`, ephemeral or not, starts from `.default`,
/// which makes the shared cookie store, and with it a folder,
/// `$XDG_DATA_HOME/NAME`, NAME being the name of the folder the program is
/// in ("bin" for /usr/bin/feedline); and every cache it makes, the
/// ephemeral one's too, makes `$XDG_CACHE_HOME/org.swift.foundation.URLCache/PROGRAM`.
/// Feedline's sessions keep no cookies, credentials or cache (`HTTPClient`),
/// so those folders stay empty: a reader would find an empty
/// `~/.local/share/bin`. They are taken away again, when they were not
/// there before and are still empty. `HTTPClient` makes one configuration
/// this way and copies it for every session (a copy makes no folders).
enum LeftoverFolders {
    /// Runs `make` (making a session's configuration) and removes the
    /// folders it left that were not there before and hold nothing.
    static func removing<Made>(_ make: () -> Made) -> Made {
        let files = FileManager.default
        let candidates = [
            files.urls(for: .applicationSupportDirectory, in: .userDomainMask).first?
                .appendingPathComponent(Bundle.main.bundleURL.deletingPathExtension().lastPathComponent),
            files.urls(for: .cachesDirectory, in: .userDomainMask).first?
                .appendingPathComponent("org.swift.foundation.URLCache"),
        ].compactMap { $0 }
        let new = candidates.filter { !files.fileExists(atPath: $0.path) }
        let made = make()
        for folder in new where isEmptyTree(folder) {
            try? files.removeItem(at: folder)
        }
        return made
    }

    /// A folder holding nothing but folders that hold nothing.
    static func isEmptyTree(_ folder: URL) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue,
              let entries = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else { return false }
        return entries.allSatisfy(isEmptyTree)
    }
}
