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

    @Test("two listings in one export snapshot see the same rows while another connection commits a batch")
    func snapshot() throws {
        let (postgres, _) = try PostgresReadingTests.makeLedgers(rows: 10)
        let other = try PostgresLedger(connection: try postgresConnection(), name: postgres.name)
        let account = try #require(try other.account(named: "Checking"))
        postgres.rowsPerFetch = 3
        let (before, after) = try postgres.reading { () throws -> (Int, Int) in
            var before = 0
            try postgres.transactions(matching: TransactionQuery()) { _ in before += 1 }
            let saved = other.save(
                pendingRows(StoreBatchTests.statement(3, from: 101), accountID: account.id), importID: nil)
            #expect(saved == .saved(inserted: 3, duplicates: 0))
            var after = 0
            try postgres.transactions(matching: TransactionQuery()) { _ in after += 1 }
            return (before, after)
        }
        #expect(before == 10)
        #expect(after == before)
        var now = 0
        try postgres.transactions(matching: TransactionQuery()) { _ in now += 1 }
        #expect(now == 13)
    }
}
