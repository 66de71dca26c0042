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
        // BEGIN with the tombstones, the account's lock and the copy; the copy's rows; split
        // relatives; the volume and totals with COMMIT.
        #expect(connection.roundTrips - before <= 4)
        // Without the copy: BEGIN with the tombstones, the insert (prepared on first use), split
        // relatives, the account's lock (the same), the volume and totals, COMMIT.
        // (Every statement's coffees are alike: those would be duplicates.)
        let more = pendingRows(
            StoreBatchTests.statement(1_000, from: 2_000).filter { $0.description != "Coffee" }, accountID: account)
        ledger.rowsToCopy = .max
        before = connection.roundTrips
        #expect(ledger.save(more, importID: nil) == .saved(inserted: 750, duplicates: 0))
        #expect(connection.roundTrips - before <= 8)
        ledger.rowsToCopy = 1
        let importID = try integer(
            connection,
            """
            INSERT INTO imports (started_at, source_path, adapter, status)
            VALUES ('2024-03-06T00:00:00Z', 'march.csv', 'csv', 'running') RETURNING id
            """)
        before = connection.roundTrips
        #expect(ledger.save(Array(rows[0..<500]), importID: importID) == .saved(inserted: 0, duplicates: 500))
        // Row by row it took two or three a row (a booked row looks for a pending twin or its id's
        // row, then the import claims it). Now: the copy's opening, its rows (which meet a stored
        // row: the copy fails), ROLLBACK; then BEGIN with the tombstones, the insert, the look for
        // rows to book (prepared on first use), the claims (the same), the import's counts, COMMIT.
        #expect(connection.roundTrips - before <= 11)
        // The next batch goes straight to the statements: no copy is tried after one failed.
        before = connection.roundTrips
        #expect(ledger.save(Array(rows[500...]), importID: importID) == .saved(inserted: 0, duplicates: 500))
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
        // New rows only, with text COPY must escape (a tab, line breaks, backslashes, `\N`) and
        // text it must not touch: the copy stores them.
        var fresh = rows(StoreBatchTests.statement(20, from: 300).filter { $0.description != "Coffee" })
        for (line, text) in ["Tab\there", "Line\nbreak\r", #"Back\slash \N"#, "Ünïcödé € ✓", "'quoted' \"too\""]
            .enumerated()
        {
            fresh += rows([makeDraft(text, -Int64(1_000 + line), on: "2024-03-07", id: "T\(line)", line: 80 + line)])
        }
        return [first, fresh, first, second, third, third, repeated, reused]
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

    @Test(
        "the batched door, with and without its copy, stores, counts and refuses exactly as the row-by-row door"
    )
    func sameAsRowByRow() throws {
        var outcomes: [[BatchOutcome]] = []
        var stored: [[[String?]]] = []
        for door in 0..<3 {
            let (ledger, account) = try PostgresBatchTests.makeLedger()
            // Row by row; in statements without the copy; in statements with it.
            ledger.writesRowByRow = door == 0
            ledger.rowsToCopy = door == 1 ? .max : 1
            let importID = try integer(
                ledger.connection,
                """
                INSERT INTO imports (started_at, source_path, adapter, status)
                VALUES ('2024-03-06T00:00:00Z', 'march.csv', 'csv', 'running') RETURNING id
                """)
            outcomes.append(Self.batches(account: account).map { ledger.save($0, importID: importID) })
            stored.append(try Self.contents(ledger.connection))
            #expect(try totalsMismatches(ledger.connection) == 0)
            // Only the batch of new rows without split lines went by copy, and only on its door.
            #expect(ledger.copiedRuns == (door == 2 ? 1 : 0))
        }
        #expect(outcomes[0] == outcomes[1] && outcomes[1] == outcomes[2])
        #expect(stored[0] == stored[1] && stored[1] == stored[2])
        for text in ["Tab\there", "Line\nbreak\r", #"Back\slash \N"#] {
            #expect(stored[2].contains { $0.contains(text) })
        }
        // The batches did what they say: the last one was refused at its reused id.
        guard case .notSaved(let error) = outcomes[2].last else {
            Issue.record("the reused id was saved")
            return
        }
        #expect(error.location.line == 71)
        #expect(outcomes[2][1] == .saved(inserted: 20, duplicates: 0))
        #expect(outcomes[2][2] == .saved(inserted: 0, duplicates: 61))
        #expect(outcomes[2][4] == .saved(inserted: 15, duplicates: 5, withdrawn: 2, booked: 2))
        #expect(outcomes[2][6] == .saved(inserted: 2, duplicates: 1))
        #expect(stored[1].contains { $0.count == 6 && $0[0] == "S1" && $0[2] == "Food" })
    }
}

@Suite("PostgresLedger statistics")
struct PostgresStatisticsTests {
    /// `count` rows of distinct days and amounts: each a new row.
    static func newRows(_ count: Int, accountID: Int64) -> [PendingRow] {
        let drafts: [Draft] = (0..<count).map { (index: Int) -> Draft in
            let day = String(format: "2024-%02d-%02d", 1 + index / 3_000 % 12, 1 + index % 28)
            return makeDraft("Row \(index)", -Int64(1 + index), on: day, line: index + 2)
        }
        return pendingRows(drafts, accountID: accountID)
    }

    @Test("an import gathers the planner's statistics when its batches have doubled the table, from 10,000 rows")
    func analyzesAsTheTableGrows() throws {
        let (ledger, account) = try PostgresBatchTests.makeLedger()
        let rows = Self.newRows(45_000, accountID: account)
        var analysesAfter: [Int] = []
        for start in stride(from: 0, to: rows.count, by: 5_000) {
            #expect(
                ledger.save(Array(rows[start..<(start + 5_000)]), importID: nil)
                    == .saved(inserted: 5_000, duplicates: 0))
            analysesAfter.append(ledger.analyses)
        }
        // At 10,000 rows, then 20,000 and 40,000: each time the table doubled.
        #expect(analysesAfter == [0, 1, 1, 2, 2, 2, 2, 3, 3])
        // On the ledger's second connection, without waiting; the count is there once it ended.
        let gathering = try #require(ledger.statisticsConnection)
        ledger.statisticsGathered()
        #expect(gathering.sentSQL == nil)
        #expect(
            try integer(
                ledger.connection, "SELECT reltuples::bigint FROM pg_class WHERE oid = 'transactions'::regclass")
                == 40_000)
        // A batch of duplicates stores nothing and gathers nothing.
        #expect(ledger.save(Array(rows[0..<5_000]), importID: nil) == .saved(inserted: 0, duplicates: 5_000))
        #expect(ledger.analyses == 3)
    }

    @Test("a batch that goes to the statements waits for the statistics a running ANALYZE gathers")
    func statementsWaitForTheStatistics() throws {
        let (ledger, account) = try PostgresBatchTests.makeLedger()
        let rows = Self.newRows(10_000, accountID: account)
        #expect(ledger.save(rows, importID: nil) == .saved(inserted: 10_000, duplicates: 0))
        #expect(ledger.analyses == 1)
        // Sent, and perhaps still running; the duplicates' batch looks rows up after it ended.
        let gathering = try #require(ledger.statisticsConnection)
        #expect(ledger.save(Array(rows[0..<100]), importID: nil) == .saved(inserted: 0, duplicates: 100))
        #expect(gathering.sentSQL == nil)
        #expect(
            try integer(
                ledger.connection, "SELECT reltuples::bigint FROM pg_class WHERE oid = 'transactions'::regclass")
                == 10_000)
    }

    @Test("without a second connection the ANALYZE runs on the ledger's own, and the import goes on")
    func analyzesOnItsOwnConnection() throws {
        let (ledger, account) = try PostgresBatchTests.makeLedger()
        ledger.opensStatisticsConnection = false
        #expect(
            ledger.save(Self.newRows(10_000, accountID: account), importID: nil)
                == .saved(inserted: 10_000, duplicates: 0))
        #expect(ledger.analyses == 1)
        #expect(ledger.statisticsConnection == nil)
        #expect(
            try integer(
                ledger.connection, "SELECT reltuples::bigint FROM pg_class WHERE oid = 'transactions'::regclass")
                == 10_000)
    }
}
