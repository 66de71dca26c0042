import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

@Suite("PostgresLedger batches in a few statements")
struct PostgresBatchStatementsTests {
    @Test("an array parameter brings every text back as itself, NULL as NULL, in order")
    func arrayText() throws {
        let connection = try postgresConnection()
        let values: [String?] = [
            "plain", "", "NULL", nil, "a,b", "{braces}", "quote \"here\"", "back\\slash", "  spaces  ", "Café €",
            "tab\tand\nnewline", "\\\"",
        ]
        let result = try connection.query(
            "SELECT value FROM unnest($1::text[]) WITH ORDINALITY AS r(value, ordinal) ORDER BY ordinal",
            [PostgresArray.text(values)])
        #expect(result.rows.map { $0.values[0] } == values)
        #expect(PostgresArray.text([]) == "{}")
        let numbers = try connection.query(
            "SELECT sum(n) FROM unnest($1::bigint[]) AS r(n)", [PostgresArray.text(["1", "-5", nil])])
        #expect(try numbers.rows.first?.int(0) == -4)
    }

    @Test("a batch of new rows, or of rows all stored, takes a few round trips, not one per row")
    func fewRoundTrips() throws {
        let (ledger, account) = try PostgresBatchTests.makeLedger()
        let connection = ledger.connection
        let rows = pendingRows(StoreBatchTests.statement(1_000), accountID: account)
        // The first batch on a connection also prepares the batch's statements.
        #expect(ledger.save(Array(rows[0..<10]), importID: nil) == .saved(inserted: 10, duplicates: 0))
        var before = connection.roundTrips
        #expect(ledger.save(Array(rows[10...]), importID: nil) == .saved(inserted: 990, duplicates: 0))
        // BEGIN with the tombstones, the insert, split relatives, the account's lock, the volume and
        // totals, COMMIT.
        #expect(connection.roundTrips - before <= 6)
        let importID = try integer(
            connection,
            """
            INSERT INTO imports (started_at, source_path, adapter, status)
            VALUES ('2024-03-06T00:00:00Z', 'march.csv', 'csv', 'running') RETURNING id
            """)
        before = connection.roundTrips
        #expect(ledger.save(rows, importID: importID) == .saved(inserted: 0, duplicates: 1_000))
        // Row by row it took two or three a row (a booked row looks for a pending twin or its id's
        // row, then the import claims it). Now: BEGIN with the tombstones, the insert, the look for
        // rows to book (prepared on first use), the claims (the same), the import's counts, COMMIT.
        #expect(connection.roundTrips - before <= 8)
        #expect(
            try integer(connection, "SELECT count(*) FROM import_claims WHERE import_id = $1", [String(importID)])
                == 1_000)
        #expect(try totalsMismatches(connection) == 0)
    }

    /// Batches that exercise every rule of the door: new rows, equal rows told apart, a row
    /// repeated inside a batch, duplicates, pending rows booked in place (by id and by twin),
    /// splits, categories, withdrawals between rows, and a reused id that stops a batch.
    static func batches(account: Int64) -> [[BatchItem]] {
        func rows(_ drafts: [Draft]) -> [BatchItem] { pendingRows(drafts, accountID: account).map(BatchItem.insert) }
        let split = Draft(
            account: "Checking", bookingDay: Day(iso: "2024-03-02")!, amount: Money(minorUnits: 6_000, currency: .EUR),
            direction: .debit, description: "Groceries and cash",
            splits: [
                SplitLine(
                    category: "Food", memo: "veg", amount: Money(minorUnits: 4_000, currency: .EUR), direction: .debit),
                SplitLine(category: nil, amount: Money(minorUnits: 2_000, currency: .EUR), direction: .debit),
            ],
            externalID: "S1", location: SourceLocation(file: "test.csv", line: 30, column: 1))
        let first = rows(StoreBatchTests.statement(60) + [split])
        let second =
            rows([
                makeDraft("Hotel hold", -20_000, on: "2024-03-01", id: "H1", status: .pending, line: 40),
                makeDraft("Taxi", -1_500, on: "2024-03-02", status: .pending, line: 41),
            ]) + rows(StoreBatchTests.statement(30, from: 50))
        let third =
            rows([
                makeDraft("Hotel", -18_450, on: "2024-03-04", id: "H1", line: 50),
                makeDraft("Taxi", -1_500, on: "2024-03-02", line: 51),
            ]) + [
                .withdraw(
                    accountID: account, externalID: "FIT1", location: SourceLocation(file: "c.ofx", line: 9, column: 1))
            ]
            + rows(StoreBatchTests.statement(20, from: 100))
            + [
                .withdraw(
                    accountID: account, externalID: "FIT101",
                    location: SourceLocation(file: "c.ofx", line: 10, column: 1))
            ]
        // The same source id twice in one batch: the second is a duplicate of the first.
        let repeated = rows([
            makeDraft("Refund", 700, on: "2024-03-05", id: "R1", line: 60),
            makeDraft("Refund", 700, on: "2024-03-05", id: "R1", line: 61),
            makeDraft("Gift", 2_500, on: "2024-03-05", line: 62),
        ])
        let reused = rows([
            makeDraft("New row", -10, on: "2024-03-05", line: 70),
            makeDraft("Card again", -999, on: "2024-03-03", id: "FIT5", line: 71),
        ])
        return [first, first, second, third, third, repeated, reused]
    }

    /// Everything a batch leaves in the ledger, ids aside, as text.
    static func contents(_ connection: PostgresConnection) throws -> [[String?]] {
        let queries = [
            """
            SELECT account_id, day, transaction_day, amount, direction, description, memo, status, external_id,
                fingerprint, discriminator, statement_balance, source_line, payee, category, rule_set
            FROM transactions ORDER BY day, fingerprint, discriminator
            """,
            """
            SELECT t.external_id, s.position, s.category, s.memo, s.amount, s.direction
            FROM transaction_splits s JOIN transactions t ON t.id = s.transaction_id ORDER BY 1, 2
            """,
            "SELECT account_id, day, booked_net FROM daily_totals ORDER BY 1, 2",
            "SELECT day, account_id, currency, direction, category, amount, rows FROM report_totals ORDER BY 1, 2, 3, 4, 5",
            "SELECT name, volume, largest_balance FROM accounts ORDER BY name",
            "SELECT read, inserted, duplicates, batches FROM imports ORDER BY id",
            "SELECT count(*) FROM import_claims",
        ]
        var contents: [[String?]] = []
        for query in queries { contents += try connection.query(query).rows.map(\.values) }
        return contents
    }

    @Test("the batched door stores, counts and refuses exactly as the row-by-row door, batch after batch")
    func sameAsRowByRow() throws {
        var outcomes: [[BatchOutcome]] = []
        var stored: [[[String?]]] = []
        for isRowByRow in [true, false] {
            let (ledger, account) = try PostgresBatchTests.makeLedger()
            ledger.writesRowByRow = isRowByRow
            let importID = try integer(
                ledger.connection,
                """
                INSERT INTO imports (started_at, source_path, adapter, status)
                VALUES ('2024-03-06T00:00:00Z', 'march.csv', 'csv', 'running') RETURNING id
                """)
            outcomes.append(Self.batches(account: account).map { ledger.save($0, importID: importID) })
            stored.append(try Self.contents(ledger.connection))
            #expect(try totalsMismatches(ledger.connection) == 0)
        }
        #expect(outcomes[0] == outcomes[1])
        #expect(stored[0] == stored[1])
        // The batches did what they say: the last one was refused at its reused id.
        guard case .notSaved(let error) = outcomes[1].last else {
            Issue.record("the reused id was saved")
            return
        }
        #expect(error.location.line == 71)
        #expect(outcomes[1][1] == .saved(inserted: 0, duplicates: 61))
        #expect(outcomes[1][3] == .saved(inserted: 15, duplicates: 5, withdrawn: 2, booked: 2))
        #expect(outcomes[1][5] == .saved(inserted: 2, duplicates: 1))
        #expect(stored[1].contains { $0.count == 6 && $0[0] == "S1" && $0[2] == "Food" })
    }
}
