import GRDB

/// The store's tables, one migration a version. A migration, once
/// shipped, is never edited: a change is a new migration.
///
/// - `subscription`: a feed the reader follows (`spec`, its `FeedSpec` as
///   canonical JSON, is unique), its name, folder path, icon, order, and
///   how it last updated (validators for conditional requests, the
///   failure if any, where older pages start on the network).
/// - `item`: what rows and the reader show of one entry, keyed by its
///   subscription and the feed's own id for it (`guid`), so the same item
///   arriving again updates in place. `published` (the item's date, or
///   when it was first stored) orders the timeline with `id`: newest
///   first by keyset, `(published, id) < (?, ?)`, never OFFSET.
/// - `setting`: the reader's settings, a value a key.
///
/// Version 2 keeps each subscription's `itemCount` in step with its items
/// (triggers on `item`), so the sidebar's counts are one read of the
/// subscriptions, not a count of every item before the first row.
///
/// Version 4 marks the subscriptions whose new items the reader wants a
/// desktop notification about (`notifies`).
///
/// Version 5 adds sync accounts (Fever API servers): `account` (the
/// API's address and user name, never the password; how far its items
/// have been fetched both ways), each account's feeds as subscriptions
/// with its `accountID`, and `pendingMark`, the read and starred changes
/// made here and not yet on the server, oldest first.
///
/// Version 3 keeps each subscription's `unreadCount` the same way (items
/// added unread, removed, marked, moved), and gives the Unread and Starred
/// timelines partial indexes of their own on `(published, id)`: their
/// pages are read newest first by keyset without a sort and without
/// stepping over read (or unstarred) items.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "subscription") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("spec", .text).notNull().unique()
                t.column("title", .text).notNull()
                // Folder path, names joined by StoredFolder.separator; "" at the top.
                t.column("folder", .text).notNull().defaults(to: "")
                t.column("siteURL", .text)
                t.column("iconURL", .text)
                t.column("position", .integer).notNull()
                t.column("layout", .text).notNull().defaults(to: "list")
                t.column("added", .double).notNull()
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("lastUpdated", .double)
                t.column("failureKind", .text)
                t.column("failureReason", .text)
                t.column("failureStatus", .integer)
                t.column("failureMessage", .text)
                // Where the feed's older pages start on the network, once
                // its stored items run out; NULL when it has none.
                t.column("olderCursor", .text)
            }
            try db.create(table: "item") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("subscriptionID", .integer).notNull()
                    .references("subscription", onDelete: .cascade)
                t.column("guid", .text).notNull()
                t.column("published", .double).notNull()
                t.column("dated", .boolean).notNull()
                t.column("stored", .double).notNull()
                t.column("title", .text).notNull()
                t.column("summary", .text).notNull()
                t.column("content", .text)
                t.column("contentHTML", .text)
                t.column("author", .text)
                t.column("link", .text)
                t.column("imageURL", .text)
                t.column("imageWidth", .integer)
                t.column("imageHeight", .integer)
                t.column("imageBlurhash", .text)
                t.column("contentWarning", .text)
                t.column("sharedBy", .text)
                t.column("avatarURL", .text)
                // Media, poll, emoji, facts: JSON (StoredDetails), NULL for most.
                t.column("details", .blob)
                t.column("isRead", .boolean).notNull().defaults(to: false)
                t.column("isStarred", .boolean).notNull().defaults(to: false)
                t.uniqueKey(["subscriptionID", "guid"])
            }
            try db.create(index: "item_timeline", on: "item", columns: ["published", "id"])
            try db.create(index: "item_feed_timeline", on: "item", columns: ["subscriptionID", "published", "id"])
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v2 item counts") { db in
            try db.alter(table: "subscription") { t in
                t.add(column: "itemCount", .integer).notNull().defaults(to: 0)
            }
            try db.execute(sql: """
                UPDATE subscription SET itemCount = (SELECT count(*) FROM item WHERE item.subscriptionID = subscription.id);
                CREATE TRIGGER item_counted AFTER INSERT ON item BEGIN
                    UPDATE subscription SET itemCount = itemCount + 1 WHERE id = NEW.subscriptionID;
                END;
                CREATE TRIGGER item_uncounted AFTER DELETE ON item BEGIN
                    UPDATE subscription SET itemCount = itemCount - 1 WHERE id = OLD.subscriptionID;
                END;
                CREATE TRIGGER item_moved AFTER UPDATE OF subscriptionID ON item BEGIN
                    UPDATE subscription SET itemCount = itemCount - 1 WHERE id = OLD.subscriptionID;
                    UPDATE subscription SET itemCount = itemCount + 1 WHERE id = NEW.subscriptionID;
                END;
                """)
        }
        migrator.registerMigration("v3 read state") { db in
            try db.alter(table: "subscription") { t in
                t.add(column: "unreadCount", .integer).notNull().defaults(to: 0)
            }
            // The index first: the counts below read through it.
            try db.execute(sql: """
                CREATE INDEX item_unread_timeline ON item(published, id) WHERE isRead = 0;
                CREATE INDEX item_starred_timeline ON item(published, id) WHERE isStarred = 1;
                UPDATE subscription SET unreadCount = (SELECT count(*) FROM item
                    WHERE item.subscriptionID = subscription.id AND item.isRead = 0);
                CREATE TRIGGER item_unread_counted AFTER INSERT ON item WHEN NEW.isRead = 0 BEGIN
                    UPDATE subscription SET unreadCount = unreadCount + 1 WHERE id = NEW.subscriptionID;
                END;
                CREATE TRIGGER item_unread_uncounted AFTER DELETE ON item WHEN OLD.isRead = 0 BEGIN
                    UPDATE subscription SET unreadCount = unreadCount - 1 WHERE id = OLD.subscriptionID;
                END;
                CREATE TRIGGER item_unread_changed AFTER UPDATE OF isRead, subscriptionID ON item
                WHEN OLD.isRead IS NOT NEW.isRead OR OLD.subscriptionID IS NOT NEW.subscriptionID BEGIN
                    UPDATE subscription SET unreadCount = unreadCount - 1 WHERE id = OLD.subscriptionID AND OLD.isRead = 0;
                    UPDATE subscription SET unreadCount = unreadCount + 1 WHERE id = NEW.subscriptionID AND NEW.isRead = 0;
                END;
                """)
        }
        migrator.registerMigration("v4 notifications") { db in
            try db.alter(table: "subscription") { t in
                t.add(column: "notifies", .boolean).notNull().defaults(to: false)
            }
        }
        migrator.registerMigration("v5 sync accounts") { db in
            try db.create(table: "account") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull()
                t.column("endpoint", .text).notNull()
                t.column("user", .text).notNull()
                // The highest item id fetched (newer ones come by since_id),
                // the lowest (older ones by max_id), and whether the server
                // has nothing older.
                t.column("newestRemoteID", .integer)
                t.column("oldestRemoteID", .integer)
                t.column("reachedOldest", .boolean).notNull().defaults(to: false)
                t.column("lastSynced", .double)
                t.column("failureKind", .text)
                t.column("failureReason", .text)
                t.uniqueKey(["kind", "endpoint", "user"])
            }
            try db.alter(table: "subscription") { t in
                t.add(column: "accountID", .integer).references("account", onDelete: .cascade)
            }
            try db.create(index: "subscription_account", on: "subscription", columns: ["accountID"])
            try db.create(table: "pendingMark") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("accountID", .integer).notNull().references("account", onDelete: .cascade)
                // "item" (remoteID: the item's id) or "feed" (the feed's).
                t.column("target", .text).notNull()
                t.column("remoteID", .integer).notNull()
                // read, unread, saved, unsaved (FeverMark).
                t.column("mark", .text).notNull()
                // For a feed: items the server had before then.
                t.column("before", .double)
                t.column("made", .double).notNull()
            }
            try db.create(index: "pendingMark_target", on: "pendingMark", columns: ["accountID", "target", "remoteID"])
        }
        return migrator
    }
}
