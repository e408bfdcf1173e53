import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real Fever API server for tests: coldsweat (PyPI, in the virtual
/// environment `scripts/setup --test-tools` makes), with a database of
/// its own in a test folder, serving on 127.0.0.1.
///
/// It fetches the feeds it is subscribed to itself, so tests serve them
/// from a loopback server; each test feed declares its icon on 127.0.0.1
/// (coldsweat asks an outside favicon service for a feed without one, and
/// tests send nothing off this machine).
public final class ColdsweatServer: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let email: String
    public let password: String
    public let port: UInt16
    public let folder: URL
    private var process: Process?

    /// The Fever endpoint (`/fever/`).
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)/fever/")! }

    /// Sets up a user and subscribes it to the feeds of `opml` (fetching
    /// them once, as coldsweat's import does), then starts serving.
    public init(opml: String, email: String = "reader@example.org", password: String = "correct horse battery") throws {
        self.email = email
        self.password = password
        folder = TestFolders.make("feedline-coldsweat")
        port = try Self.freePort()
        try run(["setup", email, "-p", password, "-n", "Reader"])
        let subscriptions = folder.appendingPathComponent("subscriptions.opml")
        try Data(opml.utf8).write(to: subscriptions)
        try run(["import", "-f", subscriptions.path, email])
        try start()
    }

    deinit {
        stop()
        TestFolders.remove(folder)
    }

    /// How many entries the server holds (read from its database).
    public func entryCount() throws -> Int {
        let output = try run(["-c", """
            import sqlite3, sys
            print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM entries").fetchone()[0])
            """, folder.appendingPathComponent("coldsweat.db").path], executable: Self.python())
        return Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    private static func python() throws -> URL {
        try executable().deletingLastPathComponent().appendingPathComponent("python")
    }

    /// Fetches every feed again (`coldsweat fetch`): what the server has
    /// new after it. (coldsweat skips a feed checked in the last three
    /// minutes, so its feeds are first made to look checked an hour ago.)
    public func fetch() throws {
        let database = folder.appendingPathComponent("coldsweat.db").path
        let aging = """
            import sqlite3, sys
            connection = sqlite3.connect(sys.argv[1])
            connection.execute("UPDATE feeds SET last_checked_on = datetime(last_checked_on, '-1 hour'), "
                               "last_updated_on = datetime(last_updated_on, '-1 hour')")
            connection.commit()
            """
        try run(["-c", aging, database], executable: Self.python())
        try run(["fetch"])
    }

    /// Serves the API until `stop()`; returns once it answers.
    public func start() throws {
        guard process == nil else { return }
        let log = folder.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let server = try makeProcess(["run", "--host", "127.0.0.1", "--port", String(port)])
        let output = try FileHandle(forWritingTo: log)
        server.standardOutput = output
        server.standardError = output
        try server.run()
        process = server
        let deadline = Date().addingTimeInterval(20)
        while !Self.accepts(port) {
            guard server.isRunning, Date() < deadline else {
                stop()
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                throw Failure(description: "coldsweat did not start serving on port \(port): \(text.suffix(2000))")
            }
            usleep(50_000)
        }
    }

    /// Stops serving at once, as a server that crashes or loses its
    /// machine does (SIGKILL: the server inherits the test thread's
    /// blocked signals, SIGTERM among them, and only SIGKILL can't be
    /// blocked).
    public func stop() {
        guard let process else { return }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        self.process = nil
    }

    /// Runs `coldsweat ARGUMENTS` to its end; throws with its output when
    /// it fails.
    @discardableResult
    private func run(_ arguments: [String], executable: URL? = nil) throws -> String {
        let command = try makeProcess(arguments)
        if let executable { command.executableURL = executable }
        let pipe = Pipe()
        command.standardOutput = pipe
        command.standardError = pipe
        try command.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        command.waitUntilExit()
        guard command.terminationStatus == 0 else {
            throw Failure(description: "coldsweat \(arguments.first ?? "") failed (\(command.terminationStatus)): "
                          + String(decoding: output, as: UTF8.self).suffix(2000))
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func makeProcess(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["FLASK_DATABASE_URL"] = "sqlite:///" + folder.appendingPathComponent("coldsweat.db").path
        // Nothing leaves this machine, whatever the environment says.
        for name in ["http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
            environment[name] = nil
        }
        process.environment = environment
        return process
    }

    /// coldsweat's command: `FEEDLINE_COLDSWEAT`, or the test tools'
    /// virtual environment in the checkout.
    public static func executable() throws -> URL {
        if let named = ProcessInfo.processInfo.environment["FEEDLINE_COLDSWEAT"], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let installed = repository.appendingPathComponent(".venv-test/bin/coldsweat")
        guard FileManager.default.isExecutableFile(atPath: installed.path) else {
            throw Failure(description: "coldsweat is not installed: run scripts/setup --test-tools")
        }
        return installed
    }

    /// A port nothing listens on now (the kernel's choice).
    private static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "bind on 127.0.0.1 failed: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    private static func accepts(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                connect(fd, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        return address
    }
}
