import LedgerCore
import Testing

@testable import LedgerStore

/// What rules set on stored rows (migration 15): at import, again with `applyRules`, and never
/// over a value a person set by hand.
@Suite("Ledger rules")
struct LedgerRulesTests {
    let ledger: Ledger
    let checking: StoredAccount
    let rules: RuleSet

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        rules = try Self.rules(
            """
            {"id": "groceries", "when": {"description": "market"}, "set": {"category": "Groceries", "payee": "Market"}},
            {"id": "salary", "when": {"description": "payroll", "direction": "credit"},
             "set": {"category": "Salary", "note": "monthly", "tags": ["income", "acme"], "counterAccount": "Income:Salary"}}
            """)
    }

    static func rules(_ list: String) throws -> RuleSet {
        try RuleSet(json: Array("{\"rules\": [\(list)]}".utf8), path: "rules.json")
    }

    /// Saves drafts with what `rules` set on each, as the importer does.
    func importWithRules(_ drafts: [Draft], _ rules: RuleSet) throws {
        let evaluator = rules.makeEvaluator()
        let importID = try ledger.beginImport(sourcePath: "jan.csv", adapter: "csv", mapping: "us-checking")
        let batch = LedgerRulesTests.rowsWith(drafts, account: checking) {
            evaluator.assignment(for: RuleInput($0, format: "csv", mapping: "us-checking"))
        }
        #expect(ledger.save(batch, importID: importID) == .saved(inserted: drafts.count, duplicates: 0))
    }

    static func rowsWith(_ drafts: [Draft], account: StoredAccount, _ assign: (Draft) -> RuleAssignment) -> [PendingRow]
    {
        rows(drafts, account: account).map { row in
            var row = row
            row.assignment = assign(row.draft)
            return row
        }
    }

    func withPayee(_ draft: Draft, _ payee: String?, category: String? = nil) -> Draft {
        Draft(
            account: draft.account, bookingDay: draft.bookingDay, amount: draft.amount, direction: draft.direction,
            description: draft.description, payee: payee, category: category, location: draft.location)
    }

    @Test("an import stores what the rules set and the ids of the rules that fired")
    func storedOnImport() throws {
        try importWithRules(
            [
                makeDraft("CORNER MARKET 12", -6_412, on: "2024-03-04"),
                makeDraft("PAYROLL ACME", 215_000, on: "2024-03-05"),
                makeDraft("ATM", -6_000, on: "2024-03-12"),
            ], rules)
        let stored = try ledger.transactions(account: checking)
        #expect(stored.map(\.category) == ["Groceries", "Salary", nil])
        #expect(stored.map(\.payee) == ["Market", nil, nil])
        #expect(stored.map(\.ruleIDs) == [["groceries"], ["salary"], []])
        #expect(stored[1].note == "monthly")
        #expect(stored[1].tags == ["income", "acme"])
        #expect(stored[1].counterAccount == "Income:Salary")
    }

    @Test("applying changed rules updates rows, and a value no rule sets any more goes back to the source's")
    func reapply() throws {
        let market = withPayee(
            makeDraft("CORNER MARKET 12", -6_412, on: "2024-03-04"), "Corner Market Inc", category: "Shopping")
        try importWithRules([market, makeDraft("PAYROLL ACME", 215_000, on: "2024-03-05")], rules)
        #expect(try ledger.transactions(account: checking).first?.payee == "Market")
        let changed = try Self.rules(
            #"{"id": "salary-v2", "when": {"description": "payroll"}, "set": {"category": "Income"}}"#)
        var changes: [RuleChange] = []
        let result = try ledger.applyRules(assign: changed.makeEvaluator().assignment(for:)) { changes.append($0) }
        #expect(result.read == 2)
        #expect(result.changed == 2)
        let stored = try ledger.transactions(account: checking)
        // The market row is back to the source's category and payee.
        #expect(stored[0].category == "Shopping")
        #expect(stored[0].payee == "Corner Market Inc")
        #expect(stored[0].ruleIDs == [])
        #expect(stored[1].category == "Income")
        #expect(stored[1].note == nil)
        #expect(stored[1].tags == [])
        #expect(
            changes.contains(
                RuleChange(transactionID: stored[0].id, field: "payee", before: "Market", after: "Corner Market Inc")))
        // Applying the same rules again changes nothing.
        let again = try ledger.applyRules(assign: changed.makeEvaluator().assignment(for:))
        #expect(again.changed == 0)
    }

    /// The report totals as stored (keys with rows) and as summed from the booked rows now.
    func reportTotals() throws -> (stored: [String], summed: [String]) {
        func lines(_ sql: String) throws -> [String] {
            try ledger.database.prepare(sql).rows { row throws(StoreError) in
                "\(row.text(0)) \(row.int(1)) \(row.text(2)) \(row.text(3)) \(row.text(4)) \(row.int(5)) \(row.int(6))"
            }
        }
        let stored = try lines(
            """
            SELECT day, account_id, currency, direction, category, amount, rows FROM report_totals
            WHERE rows != 0 ORDER BY 1, 2, 3, 4, 5
            """)
        let summed = try lines(
            """
            SELECT day, account_id, currency, direction, coalesce(category, ''), sum(amount), count(*)
            FROM transactions WHERE status = 'booked' GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
            """)
        return (stored, summed)
    }

    @Test("applying rules keeps the report totals equal to a plain sum, in a dry run, an apply and the writes after")
    func reportTotalsFollow() throws {
        try importWithRules(
            [
                makeDraft("CORNER MARKET 12", -6_412, on: "2024-03-04"),
                makeDraft("CORNER MARKET 13", -1_250, on: "2024-03-04"),
                makeDraft("PAYROLL ACME", 215_000, on: "2024-03-05"),
                makeDraft("ATM", -6_000, on: "2024-03-05"),
                makeDraft("MARKET PENDING", -900, on: "2024-03-06", status: .pending),
                makeDraft("BAKERY", -450, on: "2024-03-07"),
            ], rules)
        let before = try reportTotals()
        #expect(before.stored == before.summed)
        let changed = try Self.rules(
            """
            {"id": "food", "when": {"description": "market"}, "set": {"category": "Food"}},
            {"id": "cash", "when": {"description": "atm"}, "set": {"category": "Cash"}}
            """)
        // A dry run leaves them as they were.
        let dry = try ledger.applyRules(dryRun: true, assign: changed.makeEvaluator().assignment(for:))
        #expect(dry.changed == 5)
        #expect(try reportTotals().stored == before.stored)
        let applied = try ledger.applyRules(assign: changed.makeEvaluator().assignment(for:))
        #expect(applied.changed == 5)
        let after = try reportTotals()
        #expect(after.stored == after.summed)
        #expect(after.stored.contains("2024-03-04 \(checking.id) EUR debit Food 7662 2"))
        #expect(after.stored.contains("2024-03-05 \(checking.id) EUR debit Cash 6000 1"))
        #expect(!after.stored.contains { $0.contains("Groceries") })
        #expect(ledger.check().isSound, "\(ledger.check().items.filter { !$0.passed })")
        // A delete and an edit after it keep the totals too.
        let rows = try ledger.transactions(account: checking)
        _ = try ledger.deleteTransactions([rows[0].id])
        _ = try ledger.editTransaction(rows[5].id, TransactionEdit(values: [.category: "Treats"]))
        let edited = try reportTotals()
        #expect(edited.stored == edited.summed)
        #expect(edited.stored.contains("2024-03-07 \(checking.id) EUR debit Treats 450 1"))
    }

    @Test("an apply that fails on a damaged row leaves the connection's triggers on: later writes keep every total")
    func triggersBackOnAfterFailure() throws {
        try importWithRules(
            [
                makeDraft("CORNER MARKET 12", -6_412, on: "2024-03-04"),
                makeDraft("ATM", -6_000, on: "2024-03-05"),
                makeDraft("BAKERY", -450, on: "2024-03-07"),
            ], rules)
        let bakery = try #require(try ledger.transactions(account: checking).first { $0.description == "BAKERY" })
        try ledger.database.execute("UPDATE transactions SET day = '2024-99-99' WHERE id = \(bakery.id)")
        let changed = try Self.rules(#"{"id": "cash", "when": {"description": "atm"}, "set": {"category": "Cash"}}"#)
        #expect(throws: StoreError.self) {
            try ledger.applyRules(assign: changed.makeEvaluator().assignment(for:))
        }
        // Moving the row back to its day runs the day totals' trigger, editing a category the report
        // totals': with either left off, the check below would find the totals wrong.
        try ledger.database.execute("UPDATE transactions SET day = '2024-03-07' WHERE id = \(bakery.id)")
        _ = try ledger.editTransaction(bakery.id, TransactionEdit(values: [.category: "Treats"]))
        let totals = try reportTotals()
        #expect(totals.stored == totals.summed)
        #expect(totals.stored.contains("2024-03-07 \(checking.id) EUR debit Treats 450 1"))
        #expect(!totals.stored.contains { $0.contains("Cash") })
        #expect(ledger.check().isSound, "\(ledger.check().items.filter { !$0.passed })")
    }

    @Test("rules read the source's payee, not one a rule set, so reapplying gives the same answer")
    func sourcePayee() throws {
        let renaming = try Self.rules(
            """
            {"id": "rename", "when": {"payee": {"exact": "AMZN MKTP"}}, "set": {"payee": "Amazon"}},
            {"id": "amazon", "when": {"payee": {"exact": "Amazon"}}, "set": {"category": "Wrong"}}
            """)
        try importWithRules([withPayee(makeDraft("Order 1", -1_999, on: "2024-03-04"), "AMZN MKTP")], renaming)
        _ = try ledger.applyRules(assign: renaming.makeEvaluator().assignment(for:))
        let stored = try #require(try ledger.transactions(account: checking).first)
        #expect(stored.payee == "Amazon")
        #expect(stored.category == nil)
        #expect(stored.ruleIDs == ["rename"])
    }

    @Test("a value set by hand is kept by applyRules and counted; a released one follows the rules again")
    func handEditsKept() throws {
        try importWithRules([makeDraft("CORNER MARKET 12", -6_412, on: "2024-03-04")], rules)
        let id = try #require(try ledger.transactions(account: checking).first?.id)
        _ = try ledger.editTransaction(id, TransactionEdit(values: [.category: "Household", .tags: "home"]))
        var stored = try #require(try ledger.transactions(ids: [id]).first)
        #expect(stored.category == "Household")
        #expect(stored.handSet == [.category, .tags])
        let result = try ledger.applyRules(assign: rules.makeEvaluator().assignment(for:))
        #expect(result.keptByHand == 1)
        stored = try #require(try ledger.transactions(ids: [id]).first)
        #expect(stored.category == "Household")
        #expect(stored.tags == ["home"])
        #expect(stored.payee == "Market")
        // Released: the source's value (none) now, the rules' after the next apply.
        _ = try ledger.editTransaction(id, TransactionEdit(released: [.category]))
        #expect(try ledger.transactions(ids: [id]).first?.category == nil)
        _ = try ledger.applyRules(assign: rules.makeEvaluator().assignment(for:))
        stored = try #require(try ledger.transactions(ids: [id]).first)
        #expect(stored.category == "Groceries")
        #expect(stored.handSet == [.tags])
    }

    @Test("a hand-set payee keeps the source's payee for the rules to read")
    func handSetPayeeKeepsSource() throws {
        let byPayee = try Self.rules(#"{"id": "p", "when": {"payee": "^AMZN"}, "set": {"category": "Shopping"}}"#)
        try importWithRules([withPayee(makeDraft("Order 1", -1_999, on: "2024-03-04"), "AMZN MKTP")], byPayee)
        let id = try #require(try ledger.transactions(account: checking).first?.id)
        _ = try ledger.editTransaction(id, TransactionEdit(values: [.payee: "Amazon"]))
        #expect(try ledger.ruleInput(ofTransaction: id)?.payee == "AMZN MKTP")
        _ = try ledger.applyRules(assign: byPayee.makeEvaluator().assignment(for:))
        let stored = try #require(try ledger.transactions(ids: [id]).first)
        #expect(stored.payee == "Amazon")
        #expect(stored.category == "Shopping")
    }

    @Test("a dry run reports the changes and writes nothing; the account and window limit the rows")
    func dryRunAndWindow() throws {
        try importWithRules(
            [
                makeDraft("CORNER MARKET 12", -6_412, on: "2024-03-04"),
                makeDraft("CORNER MARKET 12", -1_000, on: "2024-04-04"),
            ],
            try Self.rules(#"{"id": "none", "when": {"description": "nothing"}, "set": {"category": "X"}}"#))
        let window = DayWindow.days(Day(iso: "2024-04-01"), through: Day(iso: "2024-04-30"))
        var changes: [RuleChange] = []
        let dry = try ledger.applyRules(in: window, dryRun: true, assign: rules.makeEvaluator().assignment(for:)) {
            changes.append($0)
        }
        #expect(dry.read == 1)
        #expect(dry.changed == 1)
        #expect(changes.map(\.field) == ["rules", "category", "payee"])
        #expect(try ledger.transactions(account: checking).map(\.category) == [nil, nil])
        let other = try ledger.ensureAccount(AccountReference(name: "Savings", currency: .EUR), fallbackCurrency: .EUR)
        #expect(try ledger.applyRules(account: other, assign: rules.makeEvaluator().assignment(for:)).read == 0)
    }

    @Test("applyRules reads the format and mapping of the import that brought each row")
    func formatAndMapping() throws {
        try importWithRules([makeDraft("Fee", -100, on: "2024-03-04")], try Self.rules("{\"id\": \"x\", \"set\": {}}"))
        let id = try #require(try ledger.transactions(account: checking).first?.id)
        let input = try #require(try ledger.ruleInput(ofTransaction: id))
        #expect(input.format == "csv")
        #expect(input.mapping == "us-checking")
        #expect(try ledger.ruleInput(ofTransaction: 999) == nil)
    }
}
