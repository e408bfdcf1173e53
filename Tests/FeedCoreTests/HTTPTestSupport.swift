import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import XCTest

/// Runs `operation`, but gives up (and fails) after `seconds`, so a client
/// that never answers can't hang the suite. A generous bound, not a timing
/// assertion.
func bounded<T: Sendable>(_ seconds: Double = 20, file: StaticString = #filePath, line: UInt = #line,
                          _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    return try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
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

/// Polls `condition` until it holds or `seconds` pass.
func eventually(_ seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

extension LoopbackServer.Response {
    /// An endless body as fast as a good network (64 MB/s), not as fast as
    /// this computer can copy: corelibs cancels a transfer only once it has
    /// worked through what it already read, and an unthrottled loopback
    /// stream kept it busy for up to a minute on a loaded machine.
    static var endlessBody: Self { .drip(every: .milliseconds(2), pieceSize: 128 * 1024) }
}
