import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

@Suite("PostgresLedger schema")
struct PostgresLedgerTests {
    /// One column as both stores describe it: name, type (SQLite's mapped: INTEGER → bigint,
    /// TEXT → text) and whether it refuses NULL.
    struct Column: Hashable, CustomStringConvertible {
        let table: String
        let name: String
        let type: String
        let isNotNull: Bool

        var description: String { "\(table).\(name) \(type)\(isNotNull ? " NOT NULL" : "")" }
    }

    @Test("PostgreSQL's steps are SQLite's, by number and name")
    func sameSteps() {
        #expect(Migration.postgres.map(\.version) == Migration.all.map(\.version))
        #expect(Migration.postgres.map(\.name) == Migration.all.map(\.name))
        #expect(PostgresLedger.schemaVersion == Ledger.schemaVersion)
    }

    @Test("a fresh schema is migrated to the last step, and opening it again changes nothing")
    func migratesOnce() throws {
        let name = freshLedgerName()
        let connection = try postgresConnection()
        let ledger = try PostgresLedger(connection: connection, name: name)
        #expect(try ledger.storedVersion() == Ledger.schemaVersion)
        let tables = try integer(
            connection, "SELECT count(*) FROM information_schema.tables WHERE table_schema = $1", [name])
        // Opening again runs no step: each step's CREATE TABLE would fail on a second run.
        let again = try PostgresLedger(connection: try postgresConnection(), name: name)
        #expect(try again.storedVersion() == Ledger.schemaVersion)
        #expect(
            try integer(connection, "SELECT count(*) FROM information_schema.tables WHERE table_schema = $1", [name])
                == tables)
    }

    @Test("a ledger migrated to an older step is brought up to date")
    func upgradesOlderLedger() throws {
        let name = freshLedgerName()
        let old = try PostgresLedger(connection: try postgresConnection(), name: name, upTo: 7)
        #expect(try old.storedVersion() == 7)
        let new = try PostgresLedger(connection: try postgresConnection(), name: name)
        #expect(try new.storedVersion() == Ledger.schemaVersion)
    }

    @Test("a ledger of a newer version is refused with a message")
    func refusesNewerLedger() throws {
        let name = freshLedgerName()
        let connection = try postgresConnection()
        _ = try PostgresLedger(connection: connection, name: name)
        try connection.query("UPDATE ledgerport_schema SET version = $1", [String(Ledger.schemaVersion + 1)])
        let again = try postgresConnection()
        do {
            _ = try PostgresLedger(connection: again, name: name)
            Issue.record("a newer ledger was opened")
        } catch {
            #expect(error.reason == .schemaTooNew(found: Ledger.schemaVersion + 1, known: Ledger.schemaVersion))
            #expect(error.message.contains("upgrade ledgerport"))
            #expect(error.location.file.contains("ledger=\(name)"))
        }
    }

    @Test(
        "a name that can't be a schema as is is refused",
        arguments: [
            "", "Books", "pg_books", "1books", "two words", "a-b", "a\"b", "é", String(repeating: "a", count: 64),
        ]
    )
    func refusesName(name: String) throws {
        let connection = try postgresConnection()
        #expect {
            _ = try PostgresLedger(connection: connection, name: name)
        } throws: { error in
            guard let error = error as? StoreError, case .ledgerName(let refused, _) = error.reason else {
                return false
            }
            return refused == name
        }
    }

    @Test("two ledgers on one server keep their rows apart")
    func ledgersApart() throws {
        let first = try PostgresLedger(connection: try postgresConnection(), name: freshLedgerName())
        let second = try PostgresLedger(connection: try postgresConnection(), name: freshLedgerName())
        _ = try first.ensureAccount(named: "Checking", kind: .asset, currency: .EUR)
        #expect(try integer(first.connection, "SELECT count(*) FROM accounts") == 1)
        #expect(try integer(second.connection, "SELECT count(*) FROM accounts") == 0)
    }

    @Test("an account is created once, and refused under another currency")
    func ensuresAccount() throws {
        let ledger = try PostgresLedger(connection: try postgresConnection(), name: freshLedgerName())
        let id = try ledger.ensureAccount(named: "Checking", kind: .asset, currency: .EUR)
        #expect(try ledger.ensureAccount(named: "Checking", kind: .asset, currency: .EUR) == id)
        #expect(
            throws: StoreError(
                .currencyMismatch(account: "Checking", accountCurrency: "EUR", found: "USD"), at: .file(ledger.location)
            )
        ) {
            try ledger.ensureAccount(named: "Checking", kind: .asset, currency: .USD)
        }
        #expect(try integer(ledger.connection, "SELECT count(*) FROM accounts") == 1)
    }

    @Test("the tables and columns are SQLite's, types mapped")
    func sameTablesAsSQLite() throws {
        let name = freshLedgerName()
        let connection = try postgresConnection()
        _ = try PostgresLedger(connection: connection, name: name)
        let result = try connection.query(
            """
            SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
            WHERE table_schema = $1 AND table_name <> 'ledgerport_schema'
            """,
            [name])
        var postgres: Set<Column> = []
        for row in result.rows {
            postgres.insert(
                Column(
                    table: try row.text(0), name: try row.text(1), type: try row.text(2),
                    isNotNull: try row.text(3) == "NO"))
        }
        let sqlite = try sqliteColumns()
        #expect(postgres.count > 100)
        #expect(postgres.subtracting(sqlite).sorted { $0.description < $1.description } == [])
        #expect(sqlite.subtracting(postgres).sorted { $0.description < $1.description } == [])
    }

    /// SQLite's columns: `PRAGMA table_info` of every table, a primary key's columns counted NOT NULL
    /// (PostgreSQL makes them so).
    private func sqliteColumns() throws -> Set<Column> {
        let ledger = try Ledger(path: ":memory:")
        let tables = try ledger.database.prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).rows { $0.text(0) }
        var columns: Set<Column> = []
        for table in tables {
            let info = try ledger.database.prepare("PRAGMA table_info(\(table))").rows { row in
                (name: row.text(1), type: row.text(2), notNull: row.int(3) != 0, key: row.int(5) > 0)
            }
            for column in info {
                let type = ["INTEGER": "bigint", "TEXT": "text"][column.type] ?? "unmapped \(column.type)"
                columns.insert(
                    Column(table: table, name: column.name, type: type, isNotNull: column.notNull || column.key))
            }
        }
        return columns
    }
}
