import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// A row as a bank export brings it, in any currency, filed under a category.
func makeFiledDraft(
    _ description: String, _ signed: Int64, on day: String, category: String?, currency: Currency = .EUR,
    payee: String? = nil, status: TransactionStatus = .booked, line: Int = 2
) -> Draft {
    let (money, direction) = Money.fromSigned(signed, currency: currency)!
    return Draft(
        account: "", bookingDay: Day(iso: day)!, amount: money, direction: direction, description: description,
        payee: payee, category: category, status: status,
        location: SourceLocation(file: "test.csv", line: line, column: 1))
}

/// Reports (migration 17): income and spending by direction, per currency, pending rows and
/// transfers left out, windows that end before the next period's first day, and the per-day
/// totals following every change to the rows.
@Suite("Ledger reports")
struct LedgerReportTests {
    let ledger: Ledger
    let checking: StoredAccount
    let savings: StoredAccount
    let travel: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        savings = try ledger.ensureAccount(AccountReference(name: "Savings", currency: .EUR), fallbackCurrency: .EUR)
        travel = try ledger.ensureAccount(AccountReference(name: "Travel", currency: .USD), fallbackCurrency: .USD)
    }

    /// January and February: salary, rent on 1 February, groceries with a refund, a pending
    /// purchase, a transfer to savings, interest, and a card in dollars.
    func fill(importID: Int64? = nil) throws {
        let saved = [
            ledger.save(
                rows(
                    [
                        makeFiledDraft("Corner Market", -4_250, on: "2024-01-15", category: "Groceries"),
                        makeFiledDraft("Corner Market refund", 1_999, on: "2024-01-20", category: "Groceries"),
                        makeFiledDraft("To savings", -50_000, on: "2024-01-25", category: nil),
                        makeFiledDraft("Salary", 300_000, on: "2024-01-31", category: "Income"),
                        makeFiledDraft("Rent", -95_000, on: "2024-02-01", category: "Housing", payee: "Landlord"),
                        makeFiledDraft("Corner Market", -3_120, on: "2024-02-03", category: "Groceries"),
                        makeFiledDraft("Bakery", -500, on: "2024-02-05", category: "Groceries", status: .pending),
                    ], account: checking), importID: importID),
            ledger.save(
                rows(
                    [
                        makeFiledDraft("From checking", 50_000, on: "2024-01-26", category: nil),
                        makeFiledDraft("Interest", 125, on: "2024-01-31", category: "Interest"),
                    ], account: savings), importID: importID),
            ledger.save(
                rows(
                    [
                        makeFiledDraft("Diner", -1_800, on: "2024-01-10", category: "Dining", currency: .USD),
                        makeFiledDraft("Diner refund", 500, on: "2024-02-10", category: "Dining", currency: .USD),
                    ], account: travel), importID: importID),
        ]
        #expect(saved.allSatisfy { if case .saved = $0 { true } else { false } })
        try ledger.database.execute(
            """
            INSERT INTO transfers (out_id, in_id, state)
            SELECT o.id, i.id, 'matched' FROM transactions o, transactions i
            WHERE o.description = 'To savings' AND i.description = 'From checking'
            """)
    }

    func lines(_ query: ReportQuery) throws -> [String] {
        try ledger.report(query).map { line in
            [
                line.month ?? "-", line.group ?? "-", line.currency.code, String(line.income), String(line.spending),
                String(line.rows),
            ].joined(separator: " ")
        }
    }

    func window(_ from: String, through to: String) -> DayWindow {
        DayWindow.days(Day(iso: from), through: Day(iso: to))
    }

    @Test("income and spending add credits and debits apart per currency, without pending rows or the transfer")
    func totalsPerCurrency() throws {
        try fill()
        #expect(try lines(ReportQuery()) == ["- - EUR 302124 102370 6", "- - USD 500 1800 2"])
    }

    @Test("a window through 31 January leaves out the rent booked on 1 February; February takes it")
    func monthBoundary() throws {
        try fill()
        #expect(
            try lines(ReportQuery(window: window("2024-01-01", through: "2024-01-31"), grouping: .category)) == [
                "- Dining USD 0 1800 1", "- Groceries EUR 1999 4250 2", "- Income EUR 300000 0 1",
                "- Interest EUR 125 0 1",
            ])
        #expect(
            try lines(ReportQuery(window: window("2024-02-01", through: "2024-02-29"), grouping: .category)) == [
                "- Dining USD 500 0 1", "- Groceries EUR 0 3120 1", "- Housing EUR 0 95000 1",
            ])
    }

    @Test("by month, by account, by payee, and by category split by month")
    func groupings() throws {
        try fill()
        #expect(
            try lines(ReportQuery(grouping: .month)) == [
                "2024-01 - EUR 302124 4250 4", "2024-01 - USD 0 1800 1", "2024-02 - EUR 0 98120 2",
                "2024-02 - USD 500 0 1",
            ])
        #expect(
            try lines(ReportQuery(grouping: .account)) == [
                "- Checking EUR 301999 102370 5", "- Savings EUR 125 0 1", "- Travel USD 500 1800 2",
            ])
        #expect(
            try lines(ReportQuery(accounts: [checking], grouping: .payee)) == [
                "- Corner Market EUR 0 7370 2", "- Corner Market refund EUR 1999 0 1", "- Landlord EUR 0 95000 1",
                "- Salary EUR 300000 0 1",
            ])
        #expect(
            try lines(ReportQuery(accounts: [checking, travel], grouping: .category, isMonthly: true)) == [
                "2024-01 Dining USD 0 1800 1", "2024-01 Groceries EUR 1999 4250 2", "2024-01 Income EUR 300000 0 1",
                "2024-02 Dining USD 500 0 1", "2024-02 Groceries EUR 0 3120 1", "2024-02 Housing EUR 0 95000 1",
            ])
    }

    @Test("a row split from its transfer counts again, and a category edited after import moves its amount")
    func followsChanges() throws {
        try fill()
        try ledger.database.execute("DELETE FROM transfers")
        #expect(try lines(ReportQuery(accounts: [savings])) == ["- - EUR 50125 0 2"])
        let rent = try #require(try ledger.transactions(account: checking).first { $0.description == "Rent" })
        _ = try ledger.editTransaction(rent.id, TransactionEdit(values: [.category: "Home"]))
        #expect(
            try lines(ReportQuery(window: window("2024-02-01", through: "2024-02-29"), grouping: .category)) == [
                "- Dining USD 500 0 1", "- Groceries EUR 0 3120 1", "- Home EUR 0 95000 1",
            ])
        // Booking the pending row counts it; deleting a row takes it off.
        let bakery = try #require(try ledger.transactions(account: checking).first { $0.description == "Bakery" })
        _ = try ledger.editTransaction(bakery.id, TransactionEdit(status: .booked))
        _ = try ledger.deleteTransactions([rent.id])
        #expect(
            try lines(ReportQuery(window: window("2024-02-01", through: "2024-02-29"), grouping: .category)) == [
                "- Dining USD 500 0 1", "- Groceries EUR 0 3620 2",
            ])
        #expect(ledger.check().isSound, "\(ledger.check().items.filter { !$0.passed })")
    }

    @Test("undoing an import takes its rows out of the report, and merging accounts keeps the totals exact")
    func undoAndMerge() throws {
        let id = try ledger.beginImport(sourcePath: "jan.csv", adapter: "csv", mapping: nil)
        try fill(importID: id)
        _ = try ledger.mergeAccount(savings, into: checking)
        #expect(try lines(ReportQuery(grouping: .account)).first == "- Checking EUR 302124 102370 6")
        #expect(ledger.check().isSound, "\(ledger.check().items.filter { !$0.passed })")
        _ = try ledger.undoImport(id)
        #expect(try lines(ReportQuery()) == [])
        #expect(ledger.check().isSound)
    }

    @Test("ledger check names a report total that no longer matches its rows")
    func checkFindsDrift() throws {
        try fill()
        try ledger.database.execute("UPDATE report_totals SET amount = amount + 1 WHERE category = 'Housing'")
        let item = try #require(ledger.check().items.first { $0.name == "report totals" })
        #expect(
            item.findings == [
                "\"Checking\" on 2024-02-01, EUR debits, category \"Housing\": rows 95000 in 1 rows, report total 95001 in 1 rows"
            ])
    }

    @Test("the net worth at each month's end adds balances per currency from the latest checkpoint")
    func netWorth() throws {
        try fill()
        try ledger.checkpoint(savings, asOf: Day(iso: "2023-12-31")!, actual: 10_000, source: .opening)
        let days = ["2023-12-31", "2024-01-31", "2024-02-29"].map { Day(iso: $0)! }
        let points = try ledger.netWorth(at: days).map { "\($0.day) \($0.currency.code) \($0.amount)" }
        #expect(
            points == [
                "2023-12-31 EUR 10000", "2024-01-31 EUR 307874", "2024-01-31 USD -1800", "2024-02-29 EUR 209754",
                "2024-02-29 USD -1300",
            ])
        #expect(try ledger.bookedSpan() == Day(iso: "2023-12-31")!...Day(iso: "2024-02-10")!)
    }
}
