import FeedCore
import Foundation
import GRDB

extension FeedStore {
    /// Gives subscription `id` a new address (its feed moved for good:
    /// `FeedFetch` calls this on a permanent redirect), keeping its items,
    /// name, folder, layout, validators and older pages. A name made up
    /// from the old address (`FeedSpec.title`) becomes the new address's.
    ///
    /// One write. Returns false, changing nothing, when another
    /// subscription already follows `spec` (the two stay as they are) or
    /// `id` is gone.
    public func move(_ id: Subscription.ID, to spec: FeedSpec) async throws -> Bool {
        try await pool.write { db in
            let column = StoredSpec.column(spec)
            guard try Int64.fetchOne(db, sql: "SELECT id FROM subscription WHERE spec = ?", arguments: [column]) == nil,
                  let old = try String.fetchOne(db, sql: "SELECT spec FROM subscription WHERE id = ?", arguments: [id])
                    .flatMap(StoredSpec.spec) else { return false }
            try db.execute(sql: """
                UPDATE subscription SET spec = ?, title = CASE WHEN title = ? THEN ? ELSE title END WHERE id = ?
                """, arguments: [column, old.title, spec.title, id])
            return db.changesCount > 0
        }
    }
}
