import CSQLite
import LedgerCore

/// A connection to one SQLite database: the small wrapper every query in LedgerStore goes through.
///
/// Each C call is wrapped once, here or in ``Statement``; its result code is checked where it
/// returns and turned into a ``StoreError``. A connection is used from one thread at a time.
final class Database {
    /// The path given to `open` (`:memory:` for an in-memory database).
    let path: String
    private let handle: OpaquePointer
    private let commits = CommitCounter()
    /// A failure to inject on the next write, for fault tests (`SQLITE_FULL`, `SQLITE_IOERR`).
    var injectedFailure: Int32?

    /// Opens (creating if needed and allowed) a database file. Calls `sqlite3_open_v2`.
    ///
    /// - Parameter create: whether a missing file is created; without it a missing file fails.
    /// - Throws: ``StoreError`` when the file can't be opened (a missing folder, no permission).
    init(path: String, readOnly: Bool = false, create: Bool = true) throws(StoreError) {
        self.path = path
        var pointer: OpaquePointer?
        let writable = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let flags = (readOnly ? SQLITE_OPEN_READONLY : writable) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let opened = pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(pointer)
            throw StoreError(
                .sqlite(function: "sqlite3_open_v2", code: code, message: message, sql: nil), at: .file(path))
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_commit_hook(
            handle,
            { context in
                guard let context else { return 0 }
                Unmanaged<CommitCounter>.fromOpaque(context).takeUnretainedValue().count += 1
                return 0
            }, Unmanaged.passUnretained(commits).toOpaque())
    }

    deinit {
        sqlite3_commit_hook(handle, nil, nil)
        sqlite3_close_v2(handle)
    }

    /// How many transactions this connection has committed (read by tests through the commit hook).
    var commitCount: Int { commits.count }

    /// Runs SQL that returns no rows (several statements allowed). Calls `sqlite3_exec`.
    func execute(_ sql: String) throws(StoreError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        let message = errorMessage.map { String(cString: $0) }
        sqlite3_free(errorMessage)
        guard code == SQLITE_OK else {
            throw error("sqlite3_exec", code: code, message: message, sql: sql)
        }
    }

    /// Runs SQL like ``execute(_:)``, retrying for up to `milliseconds` while it fails with
    /// `SQLITE_BUSY`: for statements whose locks SQLite doesn't wait for through the busy handler
    /// (a journal mode change). Calls `sqlite3_sleep` between tries.
    func execute(_ sql: String, retryingWhileBusyFor milliseconds: Int) throws(StoreError) {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(milliseconds)
        while true {
            do {
                return try execute(sql)
            } catch {
                let isBusy = error.sqliteCode.map { $0 & 0xFF } == SQLITE_BUSY
                guard isBusy, clock.now < deadline else { throw error }
                sqlite3_sleep(10)
            }
        }
    }

    /// Compiles one statement. Calls `sqlite3_prepare_v3`.
    func prepare(_ sql: String) throws(StoreError) -> Statement {
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard code == SQLITE_OK, let statement = pointer else {
            sqlite3_finalize(pointer)
            throw error("sqlite3_prepare_v3", code: code, sql: sql)
        }
        return Statement(handle: statement, database: self, sql: sql)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`; rolls back and rethrows if it throws or
    /// asks for a rollback.
    ///
    /// `IMMEDIATE` takes the write lock at the start, so two writers wait on the busy timeout
    /// instead of deadlocking halfway through.
    func inTransaction<Result>(_ body: () throws -> (Result, TransactionEnd)) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            if let code = injectedFailure {
                injectedFailure = nil
                throw error("sqlite3_step", code: code, message: "injected by a fault test", sql: nil)
            }
            let (result, end) = try body()
            switch end {
            case .commit: try execute("COMMIT")
            case .rollback: try execute("ROLLBACK")
            }
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 {
                sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    /// Runs `body` inside `BEGIN` … `COMMIT` so that all its queries read one snapshot of the
    /// database, even while another process commits batches; inside a transaction already, just
    /// runs `body`.
    ///
    /// In WAL mode a read transaction never waits for a writer and never blocks one.
    func inReadTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 {
                sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    /// The row id of the last insert. Calls `sqlite3_last_insert_rowid`.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement. Calls `sqlite3_changes64`.
    var changes: Int64 { sqlite3_changes64(handle) }

    /// Builds a ``StoreError`` from the connection's current error.
    func error(_ function: String, code: Int32, message: String? = nil, sql: String?) -> StoreError {
        let text = message ?? String(cString: sqlite3_errmsg(handle))
        return StoreError(.sqlite(function: function, code: code, message: text, sql: sql), at: .file(path))
    }
}

/// How a transaction body wants to end.
enum TransactionEnd {
    case commit
    case rollback
}

/// Counts commits for the commit hook; a class so the C callback can reach it.
private final class CommitCounter {
    var count = 0
}

@available(*, unavailable)
extension Database: Sendable {}
