import FeedCore
import Foundation
import GRDB

extension FeedStore {
    /// What `prepareFirstRun` did.
    public struct FirstRun: Equatable, Sendable {
        /// Feeds taken in from feeds.json.
        public var migrated = 0
        /// Where feeds.json was kept, when it was taken in.
        public var backup: URL?
        /// Set when feeds.json could not be read: a sentence for the reader.
        public var problem: String?

        public init(migrated: Int = 0, backup: URL? = nil, problem: String? = nil) {
            self.migrated = migrated
            self.backup = backup
            self.problem = problem
        }
    }

    /// Once per store: takes in the feeds of `library` (feeds.json of an
    /// earlier version, kept afterwards as `feeds.json.backup`), with
    /// their names and layouts, the sample feed first; a store made
    /// without one starts with the sample feed, so the app opens on
    /// something offline. Does nothing the second time.
    public func prepareFirstRun(library file: FeedLibraryFile, now: Date = Date()) async throws -> FirstRun {
        let done = try await pool.read(Self.feedsJSONMigrated)
        guard !done else { return FirstRun() }
        let exists = FileManager.default.fileExists(atPath: file.url.path)
        let loaded = file.load()
        var feeds = [NewSubscription(FeedSpec.sample, layout: loaded.library.layout(of: FeedSpec.sample))]
        feeds += loaded.library.feeds.map { NewSubscription($0.spec, title: $0.title, layout: loaded.library.layout(of: $0.spec)) }
        _ = try await subscribe(feeds, now: now)
        try await pool.write { db in try self.markFeedsJSONMigrated(db) }
        var result = FirstRun(migrated: exists ? loaded.library.feeds.count : 0, problem: loaded.problem)
        if exists && loaded.problem == nil {
            let backup = file.url.appendingPathExtension("backup")
            try? FileManager.default.removeItem(at: backup)
            if (try? FileManager.default.moveItem(at: file.url, to: backup)) != nil { result.backup = backup }
        }
        return result
    }
}
