import LedgerCore
import Testing

@testable import LedgerStore

/// Recurring rules in the store: the catch-up writes each due charge exactly once, the mark only
/// moves forward, and a scheduled charge settled by an import is counted once (issue 19).
@Suite("Ledger recurring rules")
struct LedgerRecurringTests {
    let ledger: Ledger
    let checking: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
    }

    func day(_ text: String) -> Day { Day(iso: text)! }

    @discardableResult
    func addRule(
        _ name: String = "Rent", amount: Int64 = 120_000, every unit: Recurrence.Unit = .month, from: String,
        settle: RecurringRule.Settlement = .book, tolerance: Int64 = 0
    ) throws -> RecurringRule {
        try ledger.addRecurringRule(
            NewRecurringRule(
                name: name, accountID: checking.id, amount: Money(minorUnits: amount, currency: .EUR),
                direction: .debit,
                recurrence: try #require(Recurrence(unit: unit, first: day(from))), category: "Housing",
                settlement: settle, tolerance: tolerance, windowDays: 5))
    }

    func charges(_ name: String = "Rent") throws -> [RecurringCharge] {
        try ledger.recurringCharges(of: try #require(try ledger.recurringRule(named: name)))
    }

    @Test("catch-up twice writes once: month ends clamped, the balance counts each charge once")
    func twiceWritesOnce() throws {
        try addRule(from: "2024-01-31")
        let first = try ledger.catchUpRecurring(through: day("2024-04-30"))
        #expect(first.written.map(\.dueDay.description) == ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30"])
        #expect(try ledger.catchUpRecurring(through: day("2024-04-30")).written.isEmpty)
        #expect(try ledger.transactions(account: checking).count == 4)
        #expect(try ledger.balance(of: checking) == -480_000)
        #expect(try ledger.transactions(account: checking).map(\.category) == Array(repeating: "Housing", count: 4))
        #expect(ledger.check().isSound)
    }

    @Test("the mark never moves backwards: an earlier catch-up writes nothing, and the database refuses it")
    func markForward() throws {
        try addRule(from: "2024-01-01")
        _ = try ledger.catchUpRecurring(through: day("2024-03-10"))
        #expect(try ledger.catchUpRecurring(through: day("2024-02-01")).written.isEmpty)
        #expect(try ledger.recurringRule(named: "Rent")?.mark == day("2024-03-10"))
        #expect(throws: StoreError.self) {
            try ledger.database.execute("UPDATE recurring_rules SET mark_day = '2024-01-01'")
        }
        #expect(try ledger.recurringRule(named: "Rent")?.mark == day("2024-03-10"))
    }

    @Test("a charge keeps the price it was billed at; an edit changes the future only")
    func pricesKept() throws {
        let rule = try addRule(from: "2024-01-01")
        _ = try ledger.catchUpRecurring(through: day("2024-02-15"))
        _ = try ledger.editRecurringRule(
            rule, amount: Money(minorUnits: 125_000, currency: .EUR), unit: nil, interval: nil, until: nil,
            category: nil, tolerance: nil, windowDays: nil)
        _ = try ledger.catchUpRecurring(through: day("2024-04-15"))
        #expect(try charges().map(\.amount.minorUnits) == [120_000, 120_000, 125_000, 125_000])
        #expect(
            try ledger.transactions(account: checking).map(\.amount.minorUnits) == [120_000, 120_000, 125_000, 125_000])
    }

    @Test("a rhythm change (monthly to weekly) bills no past period again")
    func rhythmChange() throws {
        let rule = try addRule(from: "2024-01-01")  // a Monday
        _ = try ledger.catchUpRecurring(through: day("2024-03-10"))
        #expect(try charges().count == 3)
        _ = try ledger.editRecurringRule(
            rule, amount: Money(minorUnits: 30_000, currency: .EUR), unit: .week, interval: nil, until: nil,
            category: nil, tolerance: nil, windowDays: nil)
        #expect(try ledger.catchUpRecurring(through: day("2024-03-10")).written.isEmpty)
        let later = try ledger.catchUpRecurring(through: day("2024-03-20"))
        #expect(later.written.map(\.dueDay.description) == ["2024-03-11", "2024-03-18"])
        #expect(try ledger.balance(of: checking) == -(3 * 120_000 + 2 * 30_000))
    }

    @Test("a scheduled charge is not counted; the imported row settles it and is counted once")
    func settledOnce() throws {
        try addRule(from: "2024-01-01", settle: .import, tolerance: 100)
        let written = try ledger.catchUpRecurring(through: day("2024-01-02"))
        #expect(written.written.map(\.state) == [.scheduled])
        #expect(try ledger.balance(of: checking) == 0)
        #expect(try ledger.transactions(account: checking).isEmpty)
        let bank = makeDraft("DAUERAUFTRAG MIETE", -120_050, on: "2024-01-03")
        _ = ledger.save(rows([bank], account: checking), importID: nil)
        let settled = try ledger.catchUpRecurring(through: day("2024-01-05"))
        #expect(settled.settled.count == 1)
        let charge = try #require(try charges().first)
        #expect(charge.state == .settled)
        #expect(charge.transactionID == (try ledger.transactions(account: checking).first?.id))
        #expect(try ledger.balance(of: checking) == -120_050)
        // The timeline shows the bank's row once, and no charge beside it.
        let window = DayWindow.days(day("2024-01-01"), through: day("2024-01-31"))
        let inputs = try ledger.timelineInputs(window: window, account: nil, today: day("2024-01-05"))
        let merged = MoneyTimeline.merge(recorded: inputs.recorded, rules: inputs.rules, window: window)
        #expect(merged.map(\.kind) == [.recorded])
        #expect(merged.map(\.id) == ["r:1:2024-01-01"])
    }

    @Test("an amount outside the tolerance or a day outside the window settles nothing; past the window it is missed")
    func missed() throws {
        try addRule(from: "2024-01-01", settle: .import)
        _ = try ledger.catchUpRecurring(through: day("2024-01-01"))
        let off = [makeDraft("Rent", -120_001, on: "2024-01-02"), makeDraft("Rent", -120_000, on: "2024-01-07")]
        _ = ledger.save(rows(off, account: checking), importID: nil)
        #expect(try ledger.catchUpRecurring(through: day("2024-01-10")).settled.isEmpty)
        let charge = try #require(try charges().first)
        #expect(charge.state == .scheduled)
        #expect(!charge.isMissed(today: day("2024-01-06"), windowDays: 5))
        #expect(charge.isMissed(today: day("2024-01-07"), windowDays: 5))
        let window = DayWindow.days(day("2024-01-01"), through: day("2024-01-31"))
        let inputs = try ledger.timelineInputs(window: window, account: nil, today: day("2024-01-10"))
        #expect(inputs.recorded.filter { $0.kind == .missed }.map(\.id) == ["r:1:2024-01-01"])
    }

    @Test("delete keeps charges unless asked; stop keeps them and ends the rule")
    func deleteAndStop() throws {
        let rule = try addRule(from: "2024-01-01")
        _ = try ledger.catchUpRecurring(through: day("2024-02-01"))
        #expect(throws: StoreError.self) { try ledger.deleteRecurringRule(rule, withCharges: false) }
        try ledger.stopRecurringRule(rule, on: day("2024-02-15"))
        #expect(try ledger.catchUpRecurring(through: day("2024-06-01")).written.isEmpty)
        #expect(try ledger.transactions(account: checking).count == 2)
        let stopped = try #require(try ledger.recurringRule(named: "Rent"))
        let deleted = try ledger.deleteRecurringRule(stopped, withCharges: true)
        #expect(deleted.charges == 2 && deleted.rows == 2)
        #expect(try ledger.transactions(account: checking).isEmpty)
        #expect(try ledger.recurringRules().isEmpty)
        #expect(ledger.check().isSound)
    }

    @Test("a booked charge's row deleted by hand is not billed again")
    func deletedRowNotRebilled() throws {
        try addRule(from: "2024-01-01")
        _ = try ledger.catchUpRecurring(through: day("2024-01-31"))
        let id = try #require(try ledger.transactions(account: checking).first?.id)
        try ledger.database.execute("DELETE FROM transactions WHERE id = \(id)")
        #expect(try ledger.catchUpRecurring(through: day("2024-01-31")).written.isEmpty)
        #expect(try charges().first?.transactionID == nil)
    }
}
