import CSQLite

extension Ledger {
    /// Turns off SQLite's count of the memory it holds, for the whole process: with the count on,
    /// each of SQLite's allocations and frees takes a lock, about 30 a stored row. Nothing in
    /// ledgerport reads the count (`sqlite3_memory_used`, heap limits).
    ///
    /// SQLite takes this only before it starts, so a program calls it first thing, before it
    /// opens a ledger; the command line does. A library user whose program uses SQLite elsewhere
    /// may leave it.
    ///
    /// - Returns: whether SQLite took it (it refuses once started).
    @discardableResult
    public static func turnOffSQLiteMemoryStatistics() -> Bool {
        ledgerport_sqlite3_config_memstatus(0) == SQLITE_OK
    }
}
