import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import Synchronization
import XCTest

/// Runs `operation`, but gives up (and fails) after `seconds`, so a client
/// that never answers can't hang the suite. A generous bound, not a timing
/// assertion.
func bounded<T: Sendable>(_ seconds: Double = 20, file: StaticString = #filePath, line: UInt = #line,
                          _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    return try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            // The deadline itself, raced against the operation (cancelled
            // when it wins): it only ends a hang, never a normal run.
            try await Task.sleep(for: .seconds(seconds))
            throw Overdue(seconds: seconds)
        }
        defer { group.cancelAll() }
        do {
            return try await group.next()!
        } catch let overdue as Overdue {
            XCTFail("\(overdue)", file: file, line: line)
            throw overdue
        }
    }
}

struct Overdue: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "no result within \(seconds) s" }
}

/// The FeedError `operation` fails with; fails the test when it succeeds
/// or throws anything else.
func feedError(file: StaticString = #filePath, line: UInt = #line,
               _ operation: @escaping @Sendable () async throws -> HTTPResponse) async -> FeedError? {
    do {
        let response = try await bounded(file: file, line: line, operation)
        XCTFail("expected a failure, got HTTP \(response.status)", file: file, line: line)
    } catch let error as FeedError {
        return error
    } catch {
        XCTFail("expected a FeedError, got \(error)", file: file, line: line)
    }
    return nil
}

/// Requests a loopback server has received, awaited without polling: the
/// server's handler calls `arrived()` (after the server has logged the
/// request), and a test awaits `count(reaches:)`.
final class Arrivals: Sendable {
    private struct State {
        var count = 0
        var waiters: [Int: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// One more request arrived; wakes those waiting for this many.
    func arrived() {
        let ready = state.withLock { state in
            state.count += 1
            let count = state.count
            let ready = state.waiters.filter { $0.value.count <= count }
            for key in ready.keys { state.waiters[key] = nil }
            return ready.values.map(\.continuation)
        }
        ready.forEach { $0.resume() }
    }

    /// Returns once `count` requests have arrived, or when the calling
    /// task is cancelled (as `bounded` does when its time is up).
    func count(reaches count: Int) async {
        let waiter = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    guard state.count < count, !Task.isCancelled else { return true }
                    state.waiters[waiter] = (count, continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: waiter) }?.continuation.resume()
        }
    }
}

/// Holds a loopback server's answers until the test lets them go, so "a
/// download is still running" is a fact the test controls, not a delay it
/// hopes outlasts its checks. `hold()` blocks the server's connection
/// thread; `open()` (in a `defer`, before the server stops) lets every
/// held answer and all later ones through.
final class AnswerGate: Sendable {
    private struct State {
        var isOpen = false
        var held = 0
        var released = 0
    }

    private let state = Mutex(State())
    private let semaphore = DispatchSemaphore(value: 0)

    /// Called by the handler: waits until `release()` or `open()`.
    func hold() {
        let wait = state.withLock { state in
            guard !state.isOpen else { return false }
            state.held += 1
            return true
        }
        if wait { semaphore.wait() }
    }

    /// Lets one held answer (or the next one held) go.
    func release() {
        state.withLock { state in
            state.held = max(0, state.held - 1)
            state.released += 1
        }
        semaphore.signal()
    }

    /// Answers let go so far.
    var released: Int { state.withLock { $0.released } }

    /// Lets every answer through from now on.
    func open() {
        let held = state.withLock { state in
            state.isOpen = true
            defer { state.held = 0 }
            return state.held
        }
        for _ in 0..<held { semaphore.signal() }
    }
}

extension LoopbackServer.Response {
    /// An endless body as fast as a good network (64 MB/s), not as fast as
    /// this computer can copy: corelibs cancels a transfer only once it has
    /// worked through what it already read, and an unthrottled loopback
    /// stream kept it busy for up to a minute on a loaded machine.
    static var endlessBody: Self { .drip(every: .milliseconds(2), pieceSize: 128 * 1024) }
}
