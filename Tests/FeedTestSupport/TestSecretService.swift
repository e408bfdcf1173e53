import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A real Secret Service (gnome-keyring-daemon, its "secrets" component)
/// on this test process's D-Bus session bus, with an unlocked keyring of
/// its own in a test folder. build-aux/with-display.sh gives each test
/// run a session bus of its own, so nothing touches the user's keyring;
/// the daemon ends with that bus.
public enum TestSecretService {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private static let started = Mutex<Bool>(false)

    /// Starts the service once per test process (later calls return at
    /// once); throws when there is no session bus or no gnome-keyring.
    public static func start() throws {
        try started.withLock { started in
            guard !started else { return }
            guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil else {
                throw Failure(description: "no D-Bus session bus: run the tests through build-aux/with-display.sh")
            }
            let daemon = URL(fileURLWithPath: "/usr/bin/gnome-keyring-daemon")
            guard FileManager.default.isExecutableFile(atPath: daemon.path) else {
                throw Failure(description: "gnome-keyring-daemon is not installed: run scripts/setup --test-tools")
            }
            let home = TestFolders.make("feedline-keyring")
            let runtime = home.appendingPathComponent("run")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
            environment["XDG_RUNTIME_DIR"] = runtime.path
            // The new login keyring's password on standard input.
            let status = try spawnAndWait(daemon.path, ["--unlock", "--components=secrets"], environment: environment,
                                          input: "feedline-test-keyring")
            guard status == 0 else {
                throw Failure(description: "gnome-keyring-daemon --unlock failed (\(status))")
            }
            // The daemon it left behind takes its name on the bus a moment later.
            let deadline = Date().addingTimeInterval(15)
            while !serviceIsOnTheBus() {
                guard Date() < deadline else {
                    throw Failure(description: "gnome-keyring-daemon never took org.freedesktop.secrets")
                }
                usleep(20_000)
            }
            started = true
        }
    }

    /// Runs `path` with `input` on its standard input and waits for it to
    /// exit; its status. (Not Foundation's Process: it waits until every
    /// copy of a pipe it hands the child is closed, and the daemon keeps
    /// one open when it goes into the background.) The child starts with
    /// no signal blocked, whatever this thread blocks.
    private static func spawnAndWait(_ path: String, _ arguments: [String], environment: [String: String],
                                     input: String) throws -> Int32 {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe failed: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        close(pipeEnds[0])
        guard spawned == 0 else {
            close(pipeEnds[1])
            throw Failure(description: "couldn't start \(path): error \(spawned)")
        }
        _ = input.withCString { write(pipeEnds[1], $0, strlen($0)) }
        close(pipeEnds[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status >> 8) & 0xff
    }

    /// Whether org.freedesktop.secrets has an owner on the session bus.
    private static func serviceIsOnTheBus() -> Bool {
        let ask = Process()
        ask.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
        ask.arguments = ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                         "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets"]
        let output = Pipe()
        ask.standardOutput = output
        ask.standardError = FileHandle.nullDevice
        guard (try? ask.run()) != nil else { return false }
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ask.waitUntilExit()
        return answer.contains("boolean true")
    }
}
