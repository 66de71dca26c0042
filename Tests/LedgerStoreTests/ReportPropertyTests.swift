import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// A report equals a plain filter and sum over `Ledger.transactions(…)` on every window, account
/// choice and grouping: a seeded random ledger, with transfers, pending rows, categories edited
/// and rows deleted after import, so that the per-day totals are tested against the rows.
@Suite("Report property")
struct ReportPropertyTests {
    struct Key: Hashable {
        let month: String?
        let group: String?
        let currency: String
    }

    struct Sum: Hashable {
        var income: Int64 = 0
        var spending: Int64 = 0
        var rows = 0
    }

    static let categories: [String?] = [nil, "Groceries", "Rent", "Auto:Fuel", "Salary", "Dining"]
    static let payees: [String?] = [nil, nil, "Corner Market", "Landlord"]

    /// Three accounts (two in euros, one in dollars) with rows over two years.
    static func makeLedger(seed: UInt64) throws -> Ledger {
        var random = SeededGenerator(seed: seed)
        let ledger = try Ledger(path: ":memory:")
        let accounts = [
            try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR),
            try ledger.ensureAccount(AccountReference(name: "Savings", currency: .EUR), fallbackCurrency: .EUR),
            try ledger.ensureAccount(AccountReference(name: "Card", currency: .USD), fallbackCurrency: .USD),
        ]
        let start = Day(iso: "2023-01-01")!
        for account in accounts {
            var drafts: [Draft] = []
            for index in 0..<150 {
                let day = start.adding(days: Int.random(in: 0..<730, using: &random))!
                let amount = Int64.random(in: 1...200_000, using: &random)
                let signed = Bool.random(using: &random) ? amount : -amount
                drafts.append(
                    makeFiledDraft(
                        "Row \(index % 7)", signed, on: day.description,
                        category: categories.randomElement(using: &random)!, currency: account.currency,
                        payee: payees.randomElement(using: &random)!,
                        status: Int.random(in: 0..<10, using: &random) == 0 ? .pending : .booked, line: index + 2))
            }
            for batch in stride(from: 0, to: drafts.count, by: 40) {
                let part = Array(drafts[batch..<min(batch + 40, drafts.count)])
                guard case .saved = ledger.save(rows(part, account: account), importID: nil) else {
                    Issue.record("batch not saved")
                    return ledger
                }
            }
        }
        // Transfers: pair debits of Checking with credits of Savings.
        try ledger.database.execute(
            """
            INSERT INTO transfers (out_id, in_id, state)
            SELECT o.id, i.id, 'matched' FROM
                (SELECT id, row_number() OVER (ORDER BY id) AS n FROM transactions
                 WHERE account_id = 1 AND direction = 'debit' LIMIT 20) o
                JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM transactions
                 WHERE account_id = 2 AND direction = 'credit' LIMIT 20) i ON i.n = o.n
            """)
        // After import: categories edited by hand and by SQL (as rules apply does), rows deleted.
        let stored = try ledger.transactions()
        for row in stored.shuffled(using: &random).prefix(30) {
            let category = categories.randomElement(using: &random)!
            _ = try ledger.editTransaction(row.id, TransactionEdit(values: [.category: category ?? ""]))
        }
        _ = try ledger.deleteTransactions(stored.shuffled(using: &random).prefix(15).map(\.id))
        try ledger.database.execute("UPDATE transactions SET category = 'Dining' WHERE id % 17 = 3")
        return ledger
    }

    /// The report as a plain filter and sum over the listed rows.
    static func expected(_ ledger: Ledger, _ query: ReportQuery) throws -> [Key: Sum] {
        let transfers = Set(
            try ledger.database.prepare("SELECT out_id FROM transfers UNION ALL SELECT in_id FROM transfers")
                .rows { row throws(StoreError) in row.int(0) })
        let accounts = Set(query.accounts.map(\.name))
        var sums: [Key: Sum] = [:]
        for row in try ledger.transactions(in: query.window) {
            guard row.status == .booked, !transfers.contains(row.id) else { continue }
            guard accounts.isEmpty || accounts.contains(row.account) else { continue }
            let month = query.hasMonths ? String(row.bookingDay.description.prefix(7)) : nil
            let group: String?
            switch query.grouping {
            case .category: group = row.category.flatMap { $0.isEmpty ? nil : $0 }
            case .payee: group = row.payee ?? row.description
            case .account: group = row.account
            case .month, nil: group = nil
            }
            let key = Key(month: month, group: group, currency: row.amount.currency.code)
            var sum = sums[key, default: Sum()]
            if row.direction == .credit {
                sum.income += row.amount.minorUnits
            } else {
                sum.spending += row.amount.minorUnits
            }
            sum.rows += 1
            sums[key] = sum
        }
        return sums
    }

    @Test(
        "the report equals a plain sum over the rows on random windows, accounts and groupings", arguments: [1, 2, 3])
    func agreesWithRows(seed: UInt64) throws {
        let ledger = try Self.makeLedger(seed: seed)
        #expect(ledger.check().isSound, "\(ledger.check().items.filter { !$0.passed })")
        let accounts = try ledger.allAccounts()
        var random = SeededGenerator(seed: seed &* 7919)
        let first = Day(iso: "2022-12-01")!
        for _ in 0..<40 {
            let from = Bool.random(using: &random) ? first.adding(days: Int.random(in: 0..<800, using: &random)) : nil
            let length = Int.random(in: 0..<400, using: &random)
            let to = Bool.random(using: &random) ? (from ?? first).adding(days: length) : nil
            let window = DayWindow.days(from, through: to)
            let chosen = accounts.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            for grouping in [nil] + ReportQuery.Grouping.allCases {
                for isMonthly in [false, true] {
                    let query = ReportQuery(window: window, accounts: chosen, grouping: grouping, isMonthly: isMonthly)
                    let lines = try ledger.report(query)
                    var found: [Key: Sum] = [:]
                    for line in lines {
                        let key = Key(month: line.month, group: line.group, currency: line.currency.code)
                        #expect(found[key] == nil, "a key twice: \(key)")
                        found[key] = Sum(income: line.income, spending: line.spending, rows: line.rows)
                    }
                    #expect(found == (try Self.expected(ledger, query)), "\(window) \(chosen.map(\.name)) \(query)")
                    // Lines come by month, then group, then currency.
                    let order = lines.map { [$0.month ?? "", $0.group ?? "", $0.currency.code] }
                    #expect(order == order.sorted { $0.lexicographicallyPrecedes($1) })
                }
            }
        }
    }
}
