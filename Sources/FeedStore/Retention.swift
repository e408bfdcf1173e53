import Foundation
import GRDB

/// How long items are kept: starred items forever; others until they are
/// older than `maxAge` days, keeping at least each feed's newest
/// `keepPerFeed` whatever their age.
public struct RetentionPolicy: Equatable, Sendable {
    public var maxAgeDays: Int
    public var keepPerFeed: Int

    public static let standard = RetentionPolicy(maxAgeDays: 90, keepPerFeed: 200)

    public init(maxAgeDays: Int, keepPerFeed: Int) {
        self.maxAgeDays = max(1, maxAgeDays)
        self.keepPerFeed = max(0, keepPerFeed)
    }
}

extension FeedStore {
    /// Removes what `policy` no longer keeps; returns how many items went.
    @discardableResult
    public func applyRetention(_ policy: RetentionPolicy, now: Date = Date()) async throws -> Int {
        let cutoff = now.addingTimeInterval(-Double(policy.maxAgeDays) * 86_400).timeIntervalSince1970
        return try await pool.write { db in
            try db.execute(sql: """
                DELETE FROM item WHERE isStarred = 0 AND published < ? AND id NOT IN (
                    SELECT id FROM (
                        SELECT id, row_number() OVER (PARTITION BY subscriptionID ORDER BY published DESC, id DESC) AS rank
                        FROM item)
                    WHERE rank <= ?)
                """, arguments: [cutoff, policy.keepPerFeed])
            return db.changesCount
        }
    }
}
