import Foundation
import LedgerCore

/// The ledger's database: the one door through which anything is written.
///
/// Opening a ledger creates the file if needed, turns on WAL, foreign keys and a busy timeout, and
/// applies any missing migrations. Every write answers whether it landed. Identity is enforced
/// here, by unique indexes, so importing the same file twice or two overlapping exports never
/// stores a transaction twice.
///
/// A `Ledger` is used from one thread at a time.
public final class Ledger {
    /// The database file's path (`:memory:` for an in-memory ledger).
    public var path: String { database.path }
    let database: Database
    var insertStatement: Statement?

    /// How long a writer waits for another process's lock before failing, in milliseconds.
    public static let busyTimeoutMilliseconds = 5_000

    /// Opens or creates a ledger and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - path: the database file; its folder must exist. `:memory:` opens a private in-memory ledger.
    ///   - busyTimeoutMilliseconds: how long to wait for another writer's lock.
    ///   - create: whether a missing file is created (a command that only reads passes `false`,
    ///     so that a mistyped path fails instead of leaving an empty ledger behind).
    /// - Throws: ``StoreError`` when the file can't be opened (or, with `create: false`, is
    ///   missing) or migrated.
    public init(path: String, busyTimeoutMilliseconds: Int = Ledger.busyTimeoutMilliseconds, create: Bool = true)
        throws(StoreError)
    {
        database = try Database(path: path, create: create)
        try database.execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
        try database.execute("PRAGMA foreign_keys = ON")
        if path != ":memory:" {
            // Turning a new file to WAL needs it alone for a moment, and SQLite answers SQLITE_BUSY
            // at once, without the busy handler, when another process opens the same new file then.
            try database.execute("PRAGMA journal_mode = WAL", retryingWhileBusyFor: busyTimeoutMilliseconds)
            try database.execute("PRAGMA synchronous = NORMAL")
        }
        try migrate()
    }

    /// The number of transactions this connection has committed (for tests of the batch rules).
    public var commitCount: Int { database.commitCount }

    /// The schema version this ledgerport writes.
    public static var schemaVersion: Int { Migration.all.last?.version ?? 0 }

    /// Makes the next write transaction fail with a SQLite result code, as a fault test would see
    /// from a full disk (`SQLITE_FULL`, 13) or an I/O error.
    public func injectFailureOnNextWrite(code: Int32) { database.injectedFailure = code }

    /// Applies the migrations the file hasn't seen, each in its own transaction.
    private func migrate() throws(StoreError) {
        let current = try userVersion()
        let known = Ledger.schemaVersion
        if current > known {
            throw StoreError(.schemaTooNew(found: current, known: known), at: .file(path))
        }
        for migration in Migration.all where migration.version > current {
            do {
                try database.inTransaction {
                    // A second process may have migrated while this one waited for the lock.
                    guard try self.userVersion() < migration.version else { return ((), .rollback) }
                    try self.database.execute(migration.sql)
                    try self.database.execute("PRAGMA user_version = \(migration.version)")
                    return ((), .commit)
                }
            } catch let error as StoreError {
                throw error
            } catch {
                preconditionFailure("migrations throw only StoreError")
            }
        }
    }

    private func userVersion() throws(StoreError) -> Int {
        let statement = try database.prepare("PRAGMA user_version")
        guard try statement.step() else { return 0 }
        return Int(statement.int(0))
    }

    /// Runs a write inside one transaction, mapping any error to ``StoreError``.
    func write<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try database.inTransaction { (try body(), .commit) }
        } catch let error as StoreError {
            throw error
        } catch {
            preconditionFailure("store writes throw only StoreError: \(error)")
        }
    }

    /// Runs several queries against one snapshot, mapping any error to ``StoreError``: a reader
    /// beside an import sees whole batches, and figures that belong together (a count and a
    /// balance) come from the same moment.
    func read<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try database.inReadTransaction(body)
        } catch let error as StoreError {
            throw error
        } catch {
            preconditionFailure("store reads throw only StoreError: \(error)")
        }
    }

    /// The current time as ISO 8601, for the `created_at` and `started_at` columns.
    static func now() -> String {
        ISO8601DateFormatter().string(from: Date())
    }
}

@available(*, unavailable)
extension Ledger: Sendable {}
