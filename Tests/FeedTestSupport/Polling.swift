/// Returns once `condition` holds, looking again every 10 ms (how often to
/// look, not how long to wait: the condition decides); throws
/// `ConditionTimedOut` after `seconds`, a bound for a hang, not a timing
/// assertion. For state that says nothing when it changes.
public func waitFor(seconds: Double = 10, _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw ConditionTimedOut(seconds: seconds) }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// `waitFor`'s condition never held.
public struct ConditionTimedOut: Error, CustomStringConvertible {
    public var seconds: Double
    public var description: String { "condition not met within \(seconds) s" }
}
