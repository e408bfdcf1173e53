import GRDBSQLite

/// SQLite's own count of the memory it holds in this process: every
/// connection's page cache, prepared statements and schema, over every
/// store open. For the soak's census and the store's tests.
public enum SQLiteMemory {
    /// Bytes SQLite has allocated and not freed.
    public static var inUse: Int { Int(sqlite3_memory_used()) }
}
