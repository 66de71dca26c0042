import Foundation
import LedgerCore

/// A ledger on a PostgreSQL server: one schema of the server's database, named by the caller, so
/// that several ledgers (a bookkeeper's clients) share one server and a connection sees only its own.
///
/// Opening one creates the schema if needed and applies the missing steps of
/// ``Migration/postgres`` (the same numbered steps as SQLite's), each in its own transaction
/// under an advisory lock, so that several processes opening a new ledger at once migrate it once.
/// Identity is enforced by the server's unique indexes: see ``save(_:importID:)``.
///
/// `ledgerport --db postgresql://…` selects it for the commands that run on PostgreSQL so far
/// (issue 21, in progress: docs/postgres.md). A `PostgresLedger` is used from one thread at a time.
public final class PostgresLedger {
    /// The connection, with its search path set to ``name``.
    let connection: PostgresConnection
    /// The ledger's name: its schema on the server.
    public let name: String
    /// Whether a batch brings back rows `transactions delete` removed (`import --restore-deleted`)
    /// instead of skipping them and counting them as deleted before.
    public var restoresDeletedRows = false
    /// Whether every batch takes the row-by-row door, one statement per row (tests compare the
    /// two doors); by default a batch is written in a few statements where that is the same.
    var writesRowByRow = false
    /// Whether the next run of new rows is tried with `COPY` first
    /// (`PostgresLedger+BatchCopy.swift`): false after a run met a stored row, true again once a
    /// run's insert stores every row.
    var copiesRuns = true
    /// How many rows a run needs to be tried with `COPY` (tests put it out of reach to compare
    /// the doors).
    var rowsToCopy = 1
    /// How many runs `COPY` stored on this ledger (tests check which door a batch took).
    var copiedRuns = 0
    /// The rows the planner's statistics of `transactions` counted when this connection last
    /// looked (`nil` before the first batch), and the rows its batches stored since
    /// (`PostgresLedger+Statistics.swift`).
    var analyzedRows: Int64?
    var rowsSinceAnalyze: Int64 = 0
    /// How many times this connection ran `ANALYZE transactions` (tests check when it does).
    var analyses = 0
    /// The second connection that runs `ANALYZE` while the import goes on
    /// (`PostgresLedger+Statistics.swift`), once opened; and whether to try opening it (false
    /// once it could not be).
    var statisticsConnection: PostgresConnection?
    var opensStatisticsConnection = true
    /// The ledger's declared commodities as last read (``storedCurrency(_:column:)`` reads them
    /// again when a code is unknown).
    var commodityTable = CommodityTable()
    /// How many rows a transactions listing fetches from its cursor at a time (tests make it small).
    var rowsPerFetch = 1_000

    /// The schema version this ledgerport writes (the same number as SQLite's).
    public static var schemaVersion: Int { Migration.postgres.last?.version ?? 0 }

    /// How many times a batch is tried when the server rolls it back for a deadlock or a
    /// serialization failure with another writer (nothing of it was stored; trying again is safe).
    static let attemptsPerBatch = 8

    /// Opens (creating and migrating if needed) the ledger `name` on the server behind `connection`.
    ///
    /// - Parameters:
    ///   - connection: a connection of its own: the ledger sets its search path.
    ///   - name: the schema: 1 to 63 lowercase ASCII letters, digits and `_`, starting with a
    ///     letter or `_`, not starting with `pg_`.
    /// - Throws: ``StoreError`` when the name can't name a schema, the ledger's schema is newer
    ///   than this ledgerport knows, or the server fails.
    public convenience init(connection: PostgresConnection, name: String) throws(StoreError) {
        try self.init(connection: connection, name: name, upTo: PostgresLedger.schemaVersion)
    }

    /// Opens the ledger, applying the steps up to `version` only (tests build older ledgers).
    init(connection: PostgresConnection, name: String, upTo version: Int) throws(StoreError) {
        try Self.checkName(name, at: connection.shownTarget)
        self.connection = connection
        self.name = name
        try migrate(upTo: version)
        if version >= Migration.declaredCommoditiesVersion { try loadCommodities() }
    }

    /// The schema version recorded in the ledger's `ledgerport_schema`.
    public func storedVersion() throws(StoreError) -> Int {
        let result = try connection.query("SELECT version FROM ledgerport_schema")
        guard let row = result.rows.first else { return 0 }
        return Int(try row.int(0))
    }

    /// The schema version of the ledger `name` on the server, without creating or migrating it:
    /// `nil` when the server holds no such ledger (no schema of that name with a version table).
    ///
    /// - Throws: ``StoreError`` when the name can't name a schema or the server fails.
    public static func storedVersion(of name: String, on connection: PostgresConnection) throws(StoreError) -> Int? {
        try checkName(name, at: connection.shownTarget)
        let found = try connection.query(
            "SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'ledgerport_schema'",
            [name])
        guard !found.rows.isEmpty else { return nil }
        // The name is checked: lowercase letters, digits and `_` only, safe to quote.
        let result = try connection.query("SELECT version FROM \"\(name)\".ledgerport_schema")
        guard let row = result.rows.first else { return 0 }
        return Int(try row.int(0))
    }

    // MARK: - Private

    /// Creates the schema and its version table if needed, sets the search path, then applies
    /// each missing step in its own transaction. Every transaction takes the ledger's advisory
    /// lock first and reads the version under it, so a step runs once however many processes
    /// open the ledger at once.
    private func migrate(upTo target: Int) throws(StoreError) {
        // The name is checked: lowercase letters, digits and `_` only, safe to quote.
        try connection.execute("SET search_path TO \"\(name)\"")
        try write { () throws(StoreError) in
            try connection.execute(
                """
                CREATE SCHEMA IF NOT EXISTS "\(name)";
                CREATE TABLE IF NOT EXISTS ledgerport_schema (
                    version BIGINT NOT NULL,
                    only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row)
                );
                INSERT INTO ledgerport_schema (version) VALUES (0) ON CONFLICT DO NOTHING;
                """)
        }
        let known = Migration.postgres.last?.version ?? 0
        let found = try storedVersion()
        if found > known {
            throw StoreError(.schemaTooNew(found: found, known: known), at: .file(location))
        }
        for migration in Migration.postgres where migration.version <= target && migration.version > found {
            try write { () throws(StoreError) in
                let current = try storedVersion()
                if current > known {
                    throw StoreError(.schemaTooNew(found: current, known: known), at: .file(location))
                }
                guard current < migration.version else { return }
                do throws(StoreError) {
                    try connection.execute(migration.sql)
                } catch {
                    throw StoreError(error.reason, at: .file("\(location), migration \(migration.version)"))
                }
                try connection.query("UPDATE ledgerport_schema SET version = $1", [String(migration.version)])
            }
        }
    }

    /// Runs `body` in a transaction holding this ledger's advisory lock (released at the end).
    private func write(_ body: () throws(StoreError) -> Void) throws(StoreError) {
        try connection.inTransaction { () throws(StoreError) in
            try connection.query("SELECT pg_advisory_xact_lock(hashtext($1))", ["ledgerport:" + name])
            try body()
        }
    }

    /// Where errors about the ledger point: the server and the schema.
    var location: String { "\(connection.shownTarget) ledger=\(name)" }

    /// Where errors about the ledger point: the server (without any password) and the ledger.
    public var shownLocation: String { location }

    /// Refuses a name that can't be a schema name as is (it would need quoting rules people get wrong).
    private static func checkName(_ name: String, at target: String) throws(StoreError) {
        let bytes = Array(name.utf8)
        let isValid =
            (1...63).contains(bytes.count)
            && bytes.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
            && !(bytes[0] >= 0x30 && bytes[0] <= 0x39) && !name.hasPrefix("pg_")
        guard isValid else {
            throw StoreError(
                .ledgerName(
                    name,
                    expected: "1 to 63 lowercase letters a-z, digits and '_', starting with a letter or '_', "
                        + "not with 'pg_'"),
                at: .file(target))
        }
    }
}

@available(*, unavailable)
extension PostgresLedger: Sendable {}
