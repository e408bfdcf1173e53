import Foundation

/// The XDG base directories: `$XDG_CONFIG_HOME`, `$XDG_CACHE_HOME`...,
/// or their defaults under the home directory when unset or not absolute.
enum XDGDirectory {
    case config, cache

    func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let (variable, fallback) = switch self {
        case .config: ("XDG_CONFIG_HOME", ".config")
        case .cache: ("XDG_CACHE_HOME", ".cache")
        }
        if let path = environment[variable], path.hasPrefix("/") {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(fallback, isDirectory: true)
    }
}
