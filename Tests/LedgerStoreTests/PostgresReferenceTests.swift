import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// Migration 19: the transactions' references to their account and import are checked once per
/// statement by triggers, instead of a foreign key's query per row, and keep the foreign keys'
/// promises.
@Suite("PostgresLedger transaction references")
struct PostgresReferenceTests {
    /// A row of `account` on 2024-03-01, as the door's copy and insert write it (no import).
    static func insertSQL(account: String, importID: String = "NULL", fingerprint: Int = 1) -> String {
        """
        INSERT INTO transactions (account_id, day, amount, direction, currency, description, status, fingerprint,
            discriminator, import_id)
        VALUES (\(account), '2024-03-01', 100, 'debit', 'EUR', 'Coffee', 'booked', \(fingerprint), 1, \(importID))
        """
    }

    static func expectRefused(_ sql: String, on connection: PostgresConnection, naming words: String) {
        do {
            try connection.execute(sql)
            Issue.record("the server took: \(sql)")
        } catch {
            #expect(error.sqlState == .foreignKeyViolation)
            #expect(error.message.contains(words), "\(error.message)")
        }
    }

    @Test("a row of an unknown account or import is refused, by statement and by copy, naming the key")
    func unknownReferences() throws {
        let (ledger, account) = try PostgresBatchTests.makeLedger()
        let connection = ledger.connection
        Self.expectRefused(
            Self.insertSQL(account: "999"), on: connection, naming: "Key (account_id)=(999) is not present")
        Self.expectRefused(
            Self.insertSQL(account: String(account), importID: "77"), on: connection,
            naming: "Key (import_id)=(77) is not present")
        // A copy whose rows name an account that isn't there.
        let row = pendingRows([makeDraft("Coffee", -100, on: "2024-03-01")], accountID: 999)
        let data = try #require(PostgresLedger.copyText(of: row, importID: nil))
        let copy = "COPY transactions (\(PostgresLedger.insertColumns.map(\.name).joined(separator: ", "))) FROM STDIN"
        _ = try connection.startCopy(copy)
        #expect(throws: StoreError.self) { try connection.finishCopy(data, sql: copy) }
        #expect(try integer(connection, "SELECT count(*) FROM transactions") == 0)
        // The door itself refuses such a batch at its record, whichever way it goes.
        guard case .notSaved(let error) = ledger.save(row, importID: nil) else {
            Issue.record("a row of an unknown account was saved")
            return
        }
        #expect(error.message.contains("999"), "\(error.message)")
    }

    @Test("an account or import that rows hold can't be deleted, nor a row moved to an account that isn't there")
    func heldReferences() throws {
        let (ledger, account) = try PostgresBatchTests.makeLedger()
        let connection = ledger.connection
        let importID = try integer(
            connection,
            """
            INSERT INTO imports (started_at, source_path, adapter, status)
            VALUES ('2024-03-06T00:00:00Z', 'march.csv', 'csv', 'running') RETURNING id
            """)
        try connection.execute(Self.insertSQL(account: String(account), importID: String(importID)))
        Self.expectRefused(
            "DELETE FROM accounts WHERE id = \(account)", on: connection,
            naming: "Key (id)=(\(account)) is still referenced")
        Self.expectRefused(
            "DELETE FROM imports WHERE id = \(importID)", on: connection,
            naming: "Key (id)=(\(importID)) is still referenced")
        Self.expectRefused(
            "UPDATE accounts SET id = 4242 WHERE id = \(account)", on: connection, naming: "still referenced")
        Self.expectRefused(
            "UPDATE transactions SET account_id = 4242", on: connection, naming: "Key (account_id)=(4242)")
        Self.expectRefused("UPDATE transactions SET import_id = 4243", on: connection, naming: "Key (import_id)=(4243)")
        // Once the row is gone, both go.
        try connection.execute("DELETE FROM transactions")
        try connection.execute("DELETE FROM imports WHERE id = \(importID)")
        try connection.execute("DELETE FROM accounts WHERE id = \(account)")
        #expect(try integer(connection, "SELECT count(*) FROM accounts") == 0)
    }

    @Test("rows not yet committed hold their account: its delete waits for them, then is refused")
    func uncommittedRowsHoldTheAccount() throws {
        let (ledger, account) = try PostgresBatchTests.makeLedger()
        let other = try PostgresLedger(connection: try postgresConnection(), name: ledger.name)
        try ledger.connection.execute("BEGIN")
        try ledger.connection.execute(Self.insertSQL(account: String(account)))
        // The insert's statement locked the account's row: the delete can't go on meanwhile.
        do {
            try other.connection.execute(
                "SET lock_timeout = '300ms'; DELETE FROM accounts WHERE id = \(account)")
            Issue.record("the account was deleted under an uncommitted row")
        } catch {
            #expect(error.sqlState == SQLState(rawValue: "55P03"), "\(error.message)")
        }
        try ledger.connection.execute("COMMIT")
        Self.expectRefused(
            "SET lock_timeout = 0; DELETE FROM accounts WHERE id = \(account)", on: other.connection,
            naming: "still referenced")
        #expect(try integer(other.connection, "SELECT count(*) FROM transactions") == 1)
    }

    @Test("a ledger of version 18 keeps its rows when step 19 swaps its foreign keys for the triggers")
    func upgradeFrom18() throws {
        let name = freshLedgerName()
        let old = try PostgresLedger(connection: try postgresConnection(), name: name, upTo: 18)
        let account = try old.ensureAccount(named: "Checking", kind: .asset, currency: .EUR)
        try old.connection.execute(Self.insertSQL(account: String(account)))
        let foreignKeys = """
            SELECT count(*) FROM pg_constraint
            WHERE conrelid = 'transactions'::regclass AND contype = 'f'
            """
        #expect(try integer(old.connection, foreignKeys) == 2)
        let ledger = try PostgresLedger(connection: try postgresConnection(), name: name)
        #expect(try integer(ledger.connection, foreignKeys) == 0)
        #expect(try integer(ledger.connection, "SELECT count(*) FROM transactions") == 1)
        Self.expectRefused(
            Self.insertSQL(account: "999", fingerprint: 2), on: ledger.connection, naming: "(account_id)=(999)")
        Self.expectRefused(
            "DELETE FROM accounts WHERE id = \(account)", on: ledger.connection, naming: "still referenced")
    }
}
