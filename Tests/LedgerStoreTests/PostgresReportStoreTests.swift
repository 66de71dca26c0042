import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The reports' store calls on PostgreSQL against SQLite's over the same rows, and the snapshot
/// an export reads in.
@Suite("PostgresLedger reports")
struct PostgresReportStoreTests {
    @Test(
        "a report is SQLite's for every grouping, with and without months, over windows and accounts",
        arguments: [nil] + ReportQuery.Grouping.allCases.map(Optional.some))
    func sameReports(grouping: ReportQuery.Grouping?) throws {
        let (postgres, sqlite) = try PostgresReadingTests.makeLedgers(rows: 37)
        let account = try #require(try sqlite.account(named: "Checking"))
        let windows = [
            DayWindow(start: nil, end: nil), DayWindow.days(Day(iso: "2024-03-02"), through: Day(iso: "2024-03-04")),
            DayWindow.days(Day(iso: "2025-01-01"), through: nil),
        ]
        for window in windows {
            for isMonthly in [false, true] {
                for accounts in [[], [account]] {
                    let query = ReportQuery(
                        window: window, accounts: accounts, grouping: grouping, isMonthly: isMonthly)
                    #expect(try postgres.report(query) == sqlite.report(query), "\(query)")
                }
            }
        }
        #expect(!(try sqlite.report(ReportQuery(grouping: grouping))).isEmpty)
    }

    @Test("the net worth, the booked span and the daily nets are SQLite's")
    func sameBalances() throws {
        let (postgres, sqlite) = try PostgresReadingTests.makeLedgers(rows: 23)
        let days = ["2024-02-29", "2024-03-01", "2024-03-03", "2024-03-31"].compactMap { Day(iso: $0) }
        #expect(try postgres.netWorth(at: days) == sqlite.netWorth(at: days))
        #expect(try postgres.bookedSpan(of: []) == sqlite.bookedSpan(of: []))
        let account = try #require(try sqlite.account(named: "Checking"))
        let first = try #require(Day(iso: "2024-03-01"))
        let last = try #require(Day(iso: "2024-03-31"))
        let fromPostgres = try postgres.dailyNets(of: account, from: first, through: last)
        let fromSQLite = try sqlite.dailyNets(of: account, from: first, through: last)
        #expect(fromPostgres.map(\.day) == fromSQLite.map(\.day))
        #expect(fromPostgres.map(\.net) == fromSQLite.map(\.net))
        #expect(
            try postgres.pendingTransactions(of: account, from: first, through: last, limit: 3).first.map(\.id)
                == sqlite.pendingTransactions(of: account, from: first, through: last, limit: 3).first.map(\.id))
    }

    @Test("an export's snapshot holds a batch off until it has read, and sees the same rows throughout")
    func snapshot() throws {
        let (postgres, _) = try PostgresReadingTests.makeLedgers(rows: 10)
        let name = postgres.name
        let target = try postgresServer().connectionString
        let account = try #require(try postgres.account(named: "Checking"))
        postgres.rowsPerFetch = 3
        let saved = SavedBox()
        let (before, after) = try postgres.reading { () throws -> (Int, Int) in
            var before = 0
            try postgres.transactions(matching: TransactionQuery()) { _ in before += 1 }
            // Another connection's batch, begun while the export reads: it waits for the export.
            Thread {
                do throws(StoreError) {
                    let other = try PostgresLedger(connection: try PostgresConnection(target), name: name)
                    let rows = pendingRows(StoreBatchTests.statement(3, from: 101), accountID: account.id)
                    saved.set(other.save(rows, importID: nil))
                } catch {
                    saved.set(.notSaved(error))
                }
            }.start()
            Thread.sleep(forTimeInterval: 0.5)
            #expect(saved.outcome == nil)
            var after = 0
            try postgres.transactions(matching: TransactionQuery()) { _ in after += 1 }
            return (before, after)
        }
        #expect(before == 10)
        #expect(after == before)
        try PostgresFaultTests.waitUntil("the held-off batch") { saved.outcome != nil }
        #expect(saved.outcome == .saved(inserted: 3, duplicates: 0))
        var now = 0
        try postgres.transactions(matching: TransactionQuery()) { _ in now += 1 }
        #expect(now == 13)
    }

    @Test("an export waits for a batch still open, so its last id never passes a row it hasn't read")
    func exportWaitsForOpenBatch() throws {
        let (postgres, _) = try PostgresReadingTests.makeLedgers(rows: 10)
        let account = try #require(try postgres.account(named: "Checking"))
        // A batch that has taken its ids and not committed, and after it one that commits.
        let open = try postgresConnection()
        try open.execute("SET search_path TO \"\(postgres.name)\"")
        try open.execute("BEGIN")
        try open.query(
            """
            INSERT INTO transactions (account_id, day, amount, direction, currency, description, status,
                fingerprint, discriminator)
            VALUES ($1, '2024-03-09', 500, 'debit', 'EUR', 'Open batch', 'booked', 7, 1)
            """, [String(account.id)])
        let later = try PostgresLedger(connection: try postgresConnection(), name: postgres.name)
        // (Inserts of other rows don't wait for each other: this one commits ids above the open one's.)
        #expect(
            later.save(pendingRows(StoreBatchTests.statement(3, from: 201), accountID: account.id), importID: nil)
                == .saved(inserted: 3, duplicates: 0))
        let seen = SeenBox()
        let (name, target) = (postgres.name, try postgresServer().connectionString)
        let reader = Thread {
            do {
                let exporter = try PostgresLedger(connection: try PostgresConnection(target), name: name)
                let read = try exporter.reading { () throws -> (Int64, [String]) in
                    var descriptions: [String] = []
                    try exporter.transactions(matching: TransactionQuery()) { descriptions.append($0.description) }
                    return (try exporter.lastIDs().transaction, descriptions)
                }
                seen.set(read)
            } catch {
                seen.set((-1, ["\(error)"]))
            }
        }
        reader.start()
        Thread.sleep(forTimeInterval: 0.5)
        #expect(seen.value == nil)
        try open.execute("COMMIT")
        try PostgresFaultTests.waitUntil("the export") { seen.value != nil }
        let (lastID, descriptions) = try #require(seen.value)
        #expect(descriptions.contains("Open batch"))
        let stored = try integer(open, "SELECT count(*) FROM transactions")
        let largest = try integer(open, "SELECT max(id) FROM transactions")
        #expect(Int64(descriptions.count) == stored)
        #expect(lastID == largest)
    }
}

/// A batch's outcome, written from another thread.
private final class SavedBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: BatchOutcome?

    func set(_ outcome: BatchOutcome) { lock.withLock { stored = outcome } }

    var outcome: BatchOutcome? { lock.withLock { stored } }
}

/// What an export read, written from its thread.
private final class SeenBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (Int64, [String])?

    func set(_ value: (Int64, [String])) { lock.withLock { stored = value } }

    var value: (Int64, [String])? { lock.withLock { stored } }
}
