import CSQLite
import LedgerCore

/// A connection to one SQLite database: the small wrapper every query in LedgerStore goes through.
///
/// Each C call is wrapped once, here or in ``Statement``; its result code is checked where it
/// returns and turned into a ``StoreError``. A connection is used from one thread at a time.
final class Database {
    /// The path given to `open` (`:memory:` for an in-memory database).
    let path: String
    /// How long this connection waits for another process's lock, once ``Ledger`` has set it.
    var busyTimeoutMilliseconds: Int?
    private let handle: OpaquePointer
    private let commits = CommitCounter()
    #if DEBUG
        /// Failures a fault test plants at the SQLite call layer (debug and test builds only).
        var faults = Faults()
    #endif

    /// Opens (creating if needed and allowed) a database file. Calls `sqlite3_open_v2`.
    ///
    /// - Parameter create: whether a missing file is created; without it a missing file fails.
    /// - Throws: ``StoreError`` when the file can't be opened (a missing folder, no permission).
    init(path: String, readOnly: Bool = false, create: Bool = true) throws(StoreError) {
        self.path = path
        var pointer: OpaquePointer?
        let writable = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let flags = (readOnly ? SQLITE_OPEN_READONLY : writable) | SQLITE_OPEN_NOMUTEX
        let code = ResultCode(rawValue: sqlite3_open_v2(path, &pointer, flags, nil))
        guard code == .ok, let opened = pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(pointer)
            throw StoreError(
                .sqlite(
                    function: "sqlite3_open_v2", code: code, message: message, sql: nil, ledger: path,
                    busyTimeout: nil),
                at: .file(path))
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
        #if DEBUG
            if sql == "COMMIT", let code = faults.commit {
                faults.commit = nil
                throw error("sqlite3_exec", code: code, message: "injected by a fault test", sql: sql)
            }
        #endif
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = ResultCode(rawValue: sqlite3_exec(handle, sql, nil, nil, &errorMessage))
        let message = errorMessage.map { String(cString: $0) }
        sqlite3_free(errorMessage)
        guard code == .ok else {
            throw error("sqlite3_exec", code: code, message: message, sql: sql)
        }
    }

    /// Turns this connection's triggers off or on (other connections keep theirs); statements
    /// prepared before are prepared again when next run, so they follow. Calls `sqlite3_db_config`.
    ///
    /// - Throws: ``StoreError`` when SQLite refuses the change.
    func setTriggers(enabled: Bool) throws(StoreError) {
        let code = ResultCode(rawValue: ledgerport_sqlite3_enable_triggers(handle, enabled ? 1 : 0))
        guard code == .ok else { throw error("sqlite3_db_config", code: code, sql: nil) }
    }

    /// Runs SQL like ``execute(_:)``, retrying for up to `milliseconds` while it fails with
    /// `SQLITE_BUSY`: for statements whose locks SQLite doesn't wait for through the busy handler
    /// (a journal mode change).
    func execute(_ sql: String, retryingWhileBusyFor milliseconds: Int) throws(StoreError) {
        try retryingWhileBusy(for: milliseconds) { () throws(StoreError) in try execute(sql) }
    }

    /// Runs `body`, again for up to `milliseconds` while it fails with `SQLITE_BUSY`: for the first
    /// reads and the journal mode change of a new file another process is creating, which SQLite
    /// answers with `SQLITE_BUSY` without calling the busy handler. Calls `sqlite3_sleep` between
    /// tries.
    func retryingWhileBusy<T>(for milliseconds: Int, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(milliseconds)
        while true {
            do {
                return try body()
            } catch {
                guard error.sqliteCode?.primary == .busy, clock.now < deadline else { throw error }
                sqlite3_sleep(10)
            }
        }
    }

    /// Compiles one statement. Calls `sqlite3_prepare_v3`.
    func prepare(_ sql: String) throws(StoreError) -> Statement {
        var pointer: OpaquePointer?
        let code = ResultCode(
            rawValue: sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil))
        guard code == .ok, let statement = pointer else {
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
    ///
    /// - Throws: the body's error, or the `COMMIT`'s; when the rollback after it fails too, a
    ///   ``StoreError`` that reports both.
    func inTransaction<Result>(_ body: () throws -> (Result, TransactionEnd)) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            #if DEBUG
                if let code = faults.nextTransaction {
                    faults.nextTransaction = nil
                    throw error("sqlite3_step", code: code, message: "injected by a fault test", sql: nil)
                }
            #endif
            let (result, end) = try body()
            switch end {
            case .commit: try execute("COMMIT")
            case .rollback: try execute("ROLLBACK")
            }
            return result
        } catch {
            try rollBack(after: error)
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
            try rollBack(after: error)
            throw error
        }
    }

    /// Whether a transaction is open on this connection. Calls `sqlite3_get_autocommit`.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Rolls back the open transaction, if one is still open after `failure` (SQLite ends some
    /// itself). Calls `sqlite3_exec`.
    ///
    /// - Throws: a ``StoreError`` naming both `failure` and the rollback's own failure, when the
    ///   rollback fails: the batch may then still be open on this connection, so the person must
    ///   know.
    private func rollBack(after failure: any Error) throws(StoreError) {
        guard isInTransaction else { return }
        var code = ResultCode.ok
        var message: String?
        #if DEBUG
            if let injected = faults.rollback {
                faults.rollback = nil
                code = injected
                message = "injected by a fault test"
            }
        #endif
        if code == .ok {
            var errorMessage: UnsafeMutablePointer<CChar>?
            code = ResultCode(rawValue: sqlite3_exec(handle, "ROLLBACK", nil, nil, &errorMessage))
            message = errorMessage.map { String(cString: $0) }
            sqlite3_free(errorMessage)
        }
        guard code != .ok else { return }
        let first = (failure as? StoreError)?.message ?? "\(failure)"
        let text = message ?? String(cString: sqlite3_errmsg(handle))
        throw StoreError(
            .sqlite(
                function: "sqlite3_exec", code: code,
                message: "\(text); the rollback followed this failure: \(first)", sql: "ROLLBACK", ledger: path,
                busyTimeout: busyTimeoutMilliseconds),
            at: (failure as? StoreError)?.location ?? .file(path))
    }

    /// The row id of the last insert. Calls `sqlite3_last_insert_rowid`.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement. Calls `sqlite3_changes64`.
    var changes: Int64 { sqlite3_changes64(handle) }

    /// Builds a ``StoreError`` from the connection's current error.
    func error(_ function: String, code: ResultCode, message: String? = nil, sql: String?) -> StoreError {
        let text = message ?? String(cString: sqlite3_errmsg(handle))
        return StoreError(
            .sqlite(
                function: function, code: code, message: text, sql: sql, ledger: path,
                busyTimeout: busyTimeoutMilliseconds),
            at: .file(path))
    }
}

/// How a transaction body wants to end.
enum TransactionEnd {
    case commit
    case rollback
}

#if DEBUG
    /// Failures a fault test plants at the SQLite call layer, compiled in debug and test builds
    /// only: a test reaches them with `@testable import LedgerStore`.
    struct Faults {
        /// Fails the next write transaction as it begins, as a full disk would.
        var nextTransaction: ResultCode?
        /// Fails the `count`-th `sqlite3_step` from now (1 is the next one) with `code`.
        var step: (count: Int, code: ResultCode)?
        /// Fails the next `COMMIT` with this code (the transaction is rolled back).
        var commit: ResultCode?
        /// Fails the next `ROLLBACK` with this code.
        var rollback: ResultCode?

        /// Counts one `sqlite3_step`; answers the code to fail it with when its turn has come.
        mutating func countStep() -> ResultCode? {
            guard let (count, code) = step else { return nil }
            if count > 1 {
                step = (count - 1, code)
                return nil
            }
            step = nil
            return code
        }
    }
#endif

/// Counts commits for the commit hook; a class so the C callback can reach it.
private final class CommitCounter {
    var count = 0
}

@available(*, unavailable)
extension Database: Sendable {}
