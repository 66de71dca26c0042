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
    /// Whether a batch brings back rows `transactions delete` removed (`import --restore-deleted`)
    /// instead of skipping them and counting them as deleted before.
    public var restoresDeletedRows = false
    /// Whether the file passed the check run before this connection's first write.
    var isVerifiedSound = false
    /// The check of the file running beside this connection's first write, until it answers.
    var soundnessCheck: SoundnessCheck?
    #if DEBUG
        /// Which of the first write and its file check a fault test makes finish first (`nil`:
        /// whichever does).
        var soundnessCheckOrder: SoundnessCheckOrder?
        /// How many rows `rules apply` reads before it writes what changed among them (`nil`:
        /// ``RuleReadAhead/rowsPerChunk``), so that a test crosses chunks with a few rows.
        var ruleRowsPerChunk: Int?
        /// Whether the last `rules apply` read its rows on a second connection.
        var lastRulesReadAhead: Bool?
    #endif
    /// The commodities the ledger declares beyond ISO 4217, as last read (``commodities``).
    var commodityTable = CommodityTable()
    /// Statements run on every batch, prepared once per connection (see ``prepared(_:)``).
    private var preparedStatements: [String: Statement] = [:]

    /// How long a writer waits for another process's lock before failing, in milliseconds.
    public static let busyTimeoutMilliseconds = 5_000

    /// Opens or creates a ledger and brings its schema up to date.
    ///
    /// Only a path where no file exists yet becomes a new ledger. An existing file must be a
    /// ledgerport ledger: an empty file, another application's database or a file that is no
    /// database at all is refused, and nothing is written to it.
    ///
    /// - Parameters:
    ///   - path: the database file; its folder must exist. `:memory:` opens a private in-memory ledger.
    ///   - busyTimeoutMilliseconds: how long to wait for another writer's lock.
    ///   - create: whether a missing file is created (a command that only reads passes `false`,
    ///     so that a mistyped path fails instead of leaving an empty ledger behind).
    /// - Throws: ``StoreError`` when the file can't be opened (or, with `create: false`, is
    ///   missing), is not a ledger, or can't be migrated.
    public convenience init(
        path: String, busyTimeoutMilliseconds: Int = Ledger.busyTimeoutMilliseconds, create: Bool = true
    ) throws(StoreError) {
        try self.init(
            path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, upTo: Ledger.schemaVersion, create: create)
    }

    /// Opens or creates a ledger and applies the migrations up to `version` only: the upgrade
    /// tests build a ledger as an older ledgerport left it.
    convenience init(
        path: String, busyTimeoutMilliseconds: Int = Ledger.busyTimeoutMilliseconds, upTo version: Int,
        create: Bool = true
    ) throws(StoreError) {
        if path != ":memory:" {
            if FileManager.default.fileExists(atPath: path) {
                try Ledger.refuseEmptyFile(at: path)
            } else if create {
                try Ledger.createFile(at: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, upTo: version)
            }
        }
        try self.init(opening: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, upTo: version, create: create)
    }

    /// Opens a database file as a ledger, migrating it up to `version`.
    private init(opening path: String, busyTimeoutMilliseconds: Int, upTo version: Int, create: Bool)
        throws(StoreError)
    {
        database = try Database(path: path, create: create)
        do {
            try database.execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
            database.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            try database.execute("PRAGMA foreign_keys = ON")
            // Before anything that writes (WAL mode changes the file's header): refuse a file that
            // is not a ledger.
            try database.retryingWhileBusy(for: busyTimeoutMilliseconds) { () throws(StoreError) in
                try checkIsLedger(version: userVersion())
            }
            if path != ":memory:" {
                // Turning a new file to WAL needs it alone for a moment, and SQLite answers SQLITE_BUSY
                // at once, without the busy handler, when another process opens the same new file then.
                try database.execute("PRAGMA journal_mode = WAL", retryingWhileBusyFor: busyTimeoutMilliseconds)
                try database.execute("PRAGMA synchronous = NORMAL")
            }
            try migrate(upTo: version)
            if version >= Migration.declaredCommoditiesVersion { try loadCommodities() }
        } catch {
            switch error.sqliteCode {
            case .notADatabase?:
                throw StoreError(.notALedger(path: path, why: "file is not a database"), at: .file(path))
            case .corrupt?:
                throw StoreError(.damaged(path: path, findings: [error.message]), at: .file(path))
            default:
                throw error
            }
        }
    }

    /// The number of transactions this connection has committed (for tests of the batch rules).
    public var commitCount: Int { database.commitCount }

    /// The schema version this ledgerport writes.
    public static var schemaVersion: Int { Migration.all.last?.version ?? 0 }

    /// The schema version of the ledger file at `path`, read without changing it (`PRAGMA
    /// user_version`); 0 for a file no ledgerport has written.
    ///
    /// - Throws: ``StoreError`` when the file is missing or can't be read as a database.
    public static func storedVersion(at path: String) throws(StoreError) -> Int {
        let database = try Database(path: path, readOnly: true, create: false)
        let statement = try database.prepare("PRAGMA user_version")
        guard try statement.step() else { return 0 }
        return Int(statement.int(0))
    }

    /// Refuses an existing empty file: SQLite would silently make a new ledger of it, though the
    /// person named a file that exists (a truncated ledger, a typo). ledgerport itself never
    /// leaves one: a new ledger is made whole under another name first (``createFile(at:busyTimeoutMilliseconds:upTo:)``).
    private static func refuseEmptyFile(at path: String) throws(StoreError) {
        guard isEmptyFile(path) else { return }
        throw StoreError(
            .notALedger(
                path: path,
                why:
                    "the file is empty; only a path where no file exists yet becomes a new ledger: remove the empty file or name another"
            ), at: .file(path))
    }

    /// Makes a new ledger at `path` whole before it appears there: created and migrated under a
    /// private name in the same folder, then linked to `path`, which a process killed halfway
    /// never leaves empty or half-made. When another process links its own first, that one is
    /// the ledger and this one is dropped.
    ///
    /// - Throws: ``StoreError`` located at `path` when the file can't be made there.
    private static func createFile(at path: String, busyTimeoutMilliseconds: Int, upTo version: Int)
        throws(StoreError)
    {
        let url = URL(fileURLWithPath: path)
        let scratch = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).new-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        ).path
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: scratch + suffix)
            }
        }
        do {
            let ledger = try Ledger(
                opening: scratch, busyTimeoutMilliseconds: busyTimeoutMilliseconds, upTo: version, create: true)
            // Everything into the file itself: its write-ahead log stays behind under the old name.
            try ledger.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        } catch {
            // The person named `path`, not the scratch file: the message speaks of it.
            guard case .sqlite(let function, let code, let message, let sql, _, let busyTimeout) = error.reason else {
                throw StoreError(error.reason, at: .file(path))
            }
            throw StoreError(
                .sqlite(
                    function: function, code: code, message: message, sql: sql, ledger: path,
                    busyTimeout: busyTimeout),
                at: .file(path))
        }
        do {
            try FileManager.default.linkItem(atPath: scratch, toPath: path)
        } catch {
            // Already there: another process made it first. A file system without hard links
            // gets a rename, which can't tell; the window is the moment between the two calls.
            if !FileManager.default.fileExists(atPath: path) {
                try? FileManager.default.moveItem(atPath: scratch, toPath: path)
            }
        }
    }

    /// Whether a regular file of 0 bytes is at `path`, with no write-ahead log beside it.
    private static func isEmptyFile(_ path: String) -> Bool {
        func size(_ path: String) -> UInt64? {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { return nil }
            return (attributes[.size] as? NSNumber)?.uint64Value
        }
        return size(path) == 0 && (size(path + "-wal") ?? 0) == 0
    }

    /// Applies the migrations the file hasn't seen, up to `version`, each in its own transaction.
    ///
    /// - Throws: ``StoreError`` when the file is not a ledger (another application's tables, a
    ///   negative version) or is newer than this ledgerport.
    private func migrate(upTo version: Int) throws(StoreError) {
        let current = try userVersion()
        try checkIsLedger(version: current)
        let known = Ledger.schemaVersion
        if current > known {
            throw StoreError(.schemaTooNew(found: current, known: known), at: .file(path))
        }
        let missing = Migration.all.filter { $0.version > current && $0.version <= version }
        if current > 0, !missing.isEmpty { try verifySound() }
        for migration in missing {
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

    /// Refuses a database that is not a ledger: a negative version, or version 0 with tables (a
    /// ledger's first migration and its version are one transaction), or a version without the
    /// ledger's first tables.
    private func checkIsLedger(version: Int) throws(StoreError) {
        func refuse(_ why: String) -> StoreError { StoreError(.notALedger(path: path, why: why), at: .file(path)) }
        if version < 0 { throw refuse("its PRAGMA user_version is \(version); a ledger's is 1 or more") }
        let query = try database.prepare(
            "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")
        let tables = try query.rows { row throws(StoreError) in row.text(0) }
        let listed = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
        if version == 0, !tables.isEmpty {
            throw refuse("it holds tables (\(listed)) but no ledgerport schema: PRAGMA user_version is 0")
        }
        let needed = ["accounts", "imports", "transactions"].filter { !tables.contains($0) }
        if version > 0, !needed.isEmpty {
            throw refuse(
                "its PRAGMA user_version is \(version) but it lacks the ledger's tables \(needed.joined(separator: ", "))"
                    + (tables.isEmpty ? "" : "; it holds \(listed)"))
        }
    }

    private func userVersion() throws(StoreError) -> Int {
        let statement = try database.prepare("PRAGMA user_version")
        guard try statement.step() else { return 0 }
        return Int(statement.int(0))
    }

    /// A statement prepared once for this connection and kept: for SQL that runs on every batch,
    /// where compiling it each time would cost more than running it. Never for a statement that
    /// may be stepped while another use of the same SQL is still reading rows.
    func prepared(_ sql: String) throws(StoreError) -> Statement {
        if let statement = preparedStatements[sql] { return statement }
        let statement = try database.prepare(sql)
        preparedStatements[sql] = statement
        return statement
    }

    /// Runs a write inside one transaction, mapping any error to ``StoreError``.
    ///
    /// Before this connection's first commit the file must pass its check, which runs beside
    /// `body` (``startVerifyingSound()``); when it finds damage the write rolls back and the
    /// damage is reported, even when `body` failed first.
    func write<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try database.inTransaction {
                try startVerifyingSound()
                let result = try whenSound(body)
                return (result, .commit)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            preconditionFailure("store writes throw only StoreError: \(error)")
        }
    }

    /// Runs a write as a step of the caller's transaction when one is open (a catch-up storing its
    /// charges' rows with the marks that cover them), else in a transaction of its own.
    func joiningWrite<T>(_ body: () throws -> T) throws(StoreError) -> T {
        guard database.isInTransaction else { return try write(body) }
        do {
            return try body()
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
