import LedgerCore
import Testing

@testable import LedgerStore

/// A batch's per-day nets and report sums, summed by runs of one key, equal the sums of every
/// row by its key, however the rows' keys interleave.
@Suite("Daily totals of a batch")
struct BatchTotalsTests {
    /// A booked or pending row of account 1 or 2, with a category or none.
    func row(_ signed: Int64, on day: String, account: Int64 = 1, status: TransactionStatus = .booked) -> PendingRow {
        PendingRow(
            draft: makeDraft("Row", signed, on: day, status: status), accountID: account, fingerprint: signed,
            occurrence: 1)
    }

    /// The sums worked out row by row, each into its dictionary.
    func expected(_ rows: [(row: PendingRow, category: String?)]) -> (
        nets: [DailyTotals.Key: Int64], sums: [DailyTotals.ReportKey: [Int64]]
    ) {
        var nets: [DailyTotals.Key: Int64] = [:]
        var sums: [DailyTotals.ReportKey: [Int64]] = [:]
        for (row, category) in rows where row.draft.status == .booked {
            nets[DailyTotals.Key(account: row.accountID, day: row.draft.bookingDay), default: 0] +=
                row.draft.signedMinorUnits
            let key = DailyTotals.ReportKey(
                account: row.accountID, day: row.draft.bookingDay, currency: row.draft.amount.currency.code,
                isCredit: row.draft.direction == .credit, category: category ?? "")
            sums[key, default: [0, 0]][0] += row.draft.amount.minorUnits
            sums[key, default: [0, 0]][1] += 1
        }
        return (nets, sums)
    }

    @Test("runs that break and come back, across accounts, days, directions and categories")
    func interleavedKeys() {
        let rows: [(row: PendingRow, category: String?)] = [
            (row(-100, on: "2024-01-02"), nil),
            (row(-250, on: "2024-01-02"), nil),
            (row(900, on: "2024-01-02"), nil),  // a credit between debits of one key
            (row(-50, on: "2024-01-02"), nil),
            (row(-70, on: "2024-01-02"), "Groceries"),  // another category, then back
            (row(-30, on: "2024-01-02"), nil),
            (row(-11, on: "2024-01-02", account: 2), nil),  // another account, then back
            (row(-12, on: "2024-01-02"), nil),
            (row(-13, on: "2024-01-03"), nil),  // the next day, then an earlier one again
            (row(-14, on: "2024-01-02"), nil),
            (row(500, on: "2024-01-03", status: .pending), nil),  // pending: in no sum
            (row(40, on: "2024-01-03"), "Refunds"),
        ]
        var totals = DailyTotals()
        for (row, category) in rows { totals.add(row, isNew: true, category: category) }
        let (nets, sums, overflowed) = totals.sums()
        let want = expected(rows)
        #expect(!overflowed)
        #expect(nets == want.nets)
        #expect(sums.mapValues { [$0.amount, $0.rows] } == want.sums)
        let firstDay = DailyTotals.Key(account: 1, day: Day(iso: "2024-01-02")!)
        let firstDayNet: Int64 = -100 - 250 + 900 - 50 - 70 - 30 - 12 - 14
        #expect(nets[firstDay] == firstDayNet)
        #expect(totals.additions.byAccount[1]?.count == 11)
    }

    @Test("a row updated in place counts for the account limit only")
    func updatedRows() {
        var totals = DailyTotals()
        totals.add(row(-100, on: "2024-01-02"), isNew: false, category: nil)
        let (nets, sums, _) = totals.sums()
        #expect(nets.isEmpty && sums.isEmpty)
        #expect(totals.additions.byAccount[1]?.first?.isNew == false)
    }

    @Test("a day's net past 64 bits is reported, whether it overflows within a run or across runs")
    func overflow() {
        let large = Int64.max / 2 + 1
        var inOneRun = DailyTotals()
        inOneRun.add(row(large, on: "2024-01-02"), isNew: true, category: nil)
        inOneRun.add(row(large, on: "2024-01-02"), isNew: true, category: nil)
        #expect(inOneRun.sums().overflowed)
        var acrossRuns = DailyTotals()
        acrossRuns.add(row(large, on: "2024-01-02"), isNew: true, category: nil)
        acrossRuns.add(row(-1, on: "2024-01-03"), isNew: true, category: nil)
        acrossRuns.add(row(large, on: "2024-01-02"), isNew: true, category: nil)
        #expect(acrossRuns.sums().overflowed)
    }
}

/// The report totals' changes of rows whose category moved, kept by day and then by key, equal a
/// row-by-row sum however the rows' days and accounts interleave.
@Suite("Category moves of rules apply")
struct ReportTotalMovesTests {
    typealias Move = (account: Int64, day: String, isCredit: Bool, amount: Int64, from: String?, to: String?)

    @Test("days that come back after another day, two accounts, both directions, no category")
    func interleaved() throws {
        let moves: [Move] = [
            (1, "2024-01-02", false, 100, nil, "Food"),
            (1, "2024-01-02", false, 250, nil, "Fuel"),
            (1, "2024-01-02", true, 900, "Income", nil),
            (1, "2024-01-02", false, 50, nil, "Food"),
            (2, "2024-01-02", false, 11, nil, "Food"),  // another account on the same day
            (1, "2024-01-03", false, 13, "Food", "Fuel"),
            (1, "2024-01-02", false, 14, nil, "Food"),  // an earlier day again
        ]
        var kept = ReportTotalMoves()
        var expected: [DailyTotals.ReportKey: [Int64]] = [:]
        for move in moves {
            let day = try #require(Day(iso: move.day))
            kept.move(
                account: move.account, day: day, currency: "EUR", isCredit: move.isCredit, amount: move.amount,
                from: move.from, to: move.to)
            for (category, sign) in [(move.from ?? "", Int64(-1)), (move.to ?? "", Int64(1))] {
                let key = DailyTotals.ReportKey(
                    account: move.account, day: day, currency: "EUR", isCredit: move.isCredit, category: category)
                expected[key, default: [0, 0]][0] += sign * move.amount
                expected[key, default: [0, 0]][1] += sign
            }
        }
        let (sums, overflowed) = kept.sums()
        #expect(!overflowed)
        #expect(sums.mapValues { [$0.amount, $0.rows] } == expected)
        let uncategorised = DailyTotals.ReportKey(
            account: 1, day: try #require(Day(iso: "2024-01-02")), currency: "EUR", isCredit: false, category: "")
        #expect(sums[uncategorised].map { [$0.amount, $0.rows] } == [-414, -4])
    }

    @Test("a key's change past 64 bits is reported, also when it is still in the open day")
    func overflow() throws {
        let day = try #require(Day(iso: "2024-01-02"))
        var moves = ReportTotalMoves()
        moves.move(account: 1, day: day, currency: "EUR", isCredit: false, amount: Int64.max, from: nil, to: "A")
        moves.move(account: 1, day: day, currency: "EUR", isCredit: false, amount: Int64.max, from: nil, to: "A")
        #expect(moves.sums().overflowed)
    }
}
