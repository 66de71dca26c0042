import Foundation
import LedgerCore
import Testing

@testable import LedgerStore

/// `rules apply` on a ledger file reads and assigns the rows on a second connection and thread
/// (``RuleReadAhead``) while the writer updates them; an in-memory ledger reads them itself. Both
/// must come to the same rows, changes, counts and report totals, and a failure on either side
/// must leave nothing changed.
@Suite("Rules read ahead")
struct RuleReadAheadTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var path: String { folder.appendingPathComponent("ledger.sqlite").path }

    static let firstRules = """
        {"id": "groceries", "when": {"description": "market"}, "set": {"category": "Groceries", "payee": "Market"}},
        {"id": "salary", "when": {"description": "payroll", "direction": "credit"},
         "set": {"category": "Salary", "note": "monthly", "tags": ["income", "acme"]}}
        """

    static let changedRules = """
        {"id": "food", "when": {"description": "market"}, "set": {"category": "Food"}},
        {"id": "cash", "when": {"description": "atm"}, "set": {"category": "Cash", "counterAccount": "Assets:Cash"}},
        {"id": "salary", "when": {"description": "payroll", "direction": "credit"}, "set": {"category": "Salary"}}
        """

    static func rules(_ list: String) throws -> RuleSet {
        try RuleSet(json: Array("{\"rules\": [\(list)]}".utf8), path: "rules.json")
    }

    /// A ledger at `path` with 130 rows in two accounts, imported with ``firstRules``, one
    /// category set by hand; the rows of a day are spread over both accounts.
    static func makeLedger(at path: String) throws -> Ledger {
        let ledger = try Ledger(path: path)
        let first = try rules(firstRules).makeEvaluator()
        for name in ["Checking", "Savings"] {
            let account = try ledger.ensureAccount(AccountReference(name: name, currency: .EUR), fallbackCurrency: .EUR)
            let texts = ["CORNER MARKET", "PAYROLL ACME", "ATM", "BAKERY", "MARKET PENDING"]
            let drafts = (0..<65).map { (index: Int) -> Draft in
                let text = texts[index % texts.count]
                let amount: Int64 = text == "PAYROLL ACME" ? 215_000 + Int64(index) : -Int64(100 + index)
                return makeDraft(
                    "\(text) \(index)", amount, on: "2024-03-\(10 + index % 15)", account: name,
                    status: text == "MARKET PENDING" ? .pending : .booked)
            }
            let batch = rows(drafts, account: account).map { row in
                var row = row
                row.assignment = first.assignment(for: RuleInput(row.draft, format: "csv", mapping: "us-checking"))
                return row
            }
            #expect(ledger.save(batch, importID: nil) == .saved(inserted: 65, duplicates: 0))
        }
        let bakery = try #require(
            try ledger.database.prepare("SELECT id FROM transactions WHERE description = 'BAKERY 3'")
                .rows { row throws(StoreError) in row.int(0) }.first)
        _ = try ledger.editTransaction(bakery, TransactionEdit(values: [.category: "Treats"]))
        return ledger
    }

    /// Every value rules and hands set, row by row.
    static func ruleValues(_ ledger: Ledger) throws -> [String] {
        try ledger.database.prepare(
            """
            SELECT id, category, payee, note, tags, counter_account, rule_ids, rule_set, hand_set,
                source_category, source_payee
            FROM transactions ORDER BY id
            """
        ).rows { row throws(StoreError) in
            (0..<11).map { row.isNull(Int32($0)) ? "-" : row.text(Int32($0)) }.joined(separator: "|")
        }
    }

    /// The stored report totals with rows, and the same sums over the rows.
    static func reportTotals(_ ledger: Ledger) throws -> (stored: [String], summed: [String]) {
        func lines(_ sql: String) throws -> [String] {
            try ledger.database.prepare(sql).rows { row throws(StoreError) in
                (0..<7).map { row.text(Int32($0)) }.joined(separator: " ")
            }
        }
        return (
            try lines(
                """
                SELECT day, account_id, currency, direction, category, amount, rows FROM report_totals
                WHERE rows != 0 ORDER BY 1, 2, 3, 4, 5
                """),
            try lines(
                """
                SELECT day, account_id, currency, direction, coalesce(category, ''), sum(amount), count(*)
                FROM transactions WHERE status = 'booked' GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
                """)
        )
    }

    /// Applies ``changedRules`` and answers the counts and every change reported.
    static func apply(
        _ ledger: Ledger, account: StoredAccount? = nil, in window: DayWindow = DayWindow(start: nil, end: nil),
        dryRun: Bool = false
    ) throws -> (RuleApplication, [RuleChange]) {
        var changes: [RuleChange] = []
        let evaluator = try rules(changedRules).makeEvaluator()
        let application = try ledger.applyRules(
            account: account, in: window, dryRun: dryRun, assign: evaluator.assignment(for:)
        ) { changes.append($0) }
        return (application, changes)
    }

    @Test(
        "a ledger file's apply, read on a second connection in chunks of 7, writes and reports what an in-memory one does",
        arguments: [false, true])
    func sameAsInMemory(dryRun: Bool) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let memory = try Self.makeLedger(at: ":memory:")
        let file = try Self.makeLedger(at: path)
        memory.ruleRowsPerChunk = 7
        file.ruleRowsPerChunk = 7
        let before = try Self.ruleValues(file)
        #expect(try Self.ruleValues(memory) == before)
        let (expected, expectedChanges) = try Self.apply(memory, dryRun: dryRun)
        let (found, foundChanges) = try Self.apply(file, dryRun: dryRun)
        #expect(memory.lastRulesReadAhead == false)
        #expect(file.lastRulesReadAhead == true)
        #expect(found == expected)
        #expect(found.read == 130)
        #expect(found.changed == 104)
        #expect(found.keptByHand == 0)
        #expect(found.changedFields == [.category: 78, .payee: 52, .note: 26, .tags: 26, .counterAccount: 26])
        // The rules that fired change on the market and cash rows (78), not on payroll ("salary" both times).
        #expect(foundChanges.filter { $0.field == "rules" }.count == 78)
        #expect(foundChanges.count == 78 + 78 + 52 + 26 + 26 + 26)
        #expect(foundChanges == expectedChanges)
        #expect(foundChanges.map(\.transactionID) == foundChanges.map(\.transactionID).sorted())
        #expect(try Self.ruleValues(file) == Self.ruleValues(memory))
        #expect(try Self.ruleValues(file) != before || dryRun)
        #expect(try Self.ruleValues(file) == before || !dryRun)
        let totals = try Self.reportTotals(file)
        #expect(totals.stored == totals.summed)
        #expect(totals.stored == (try Self.reportTotals(memory).stored))
        #expect(file.check().isSound, "\(file.check().items.filter { !$0.passed })")
    }

    @Test("an apply that lists no changes counts and writes the same as one that lists them")
    func countsWithoutListing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let listing = try Self.makeLedger(at: path)
        let counting = try Self.makeLedger(at: folder.appendingPathComponent("counting.sqlite").path)
        let (listed, _) = try Self.apply(listing)
        let counted = try counting.applyRules(assign: Self.rules(Self.changedRules).makeEvaluator().assignment(for:))
        #expect(counting.lastRulesReadAhead == true)
        #expect(counted == listed)
        #expect(counted.changedFields[.category] == 78)
        #expect(try Self.ruleValues(counting) == Self.ruleValues(listing))
    }

    @Test("on a ledger file, the account and window limit what the second connection reads")
    func accountAndWindow() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let memory = try Self.makeLedger(at: ":memory:")
        let file = try Self.makeLedger(at: path)
        let window = DayWindow.days(Day(iso: "2024-03-12"), through: Day(iso: "2024-03-15"))
        let savings = try #require(try file.account(named: "Savings"))
        let (found, foundChanges) = try Self.apply(file, account: savings, in: window)
        let memorySavings = try #require(try memory.account(named: "Savings"))
        let (expected, expectedChanges) = try Self.apply(memory, account: memorySavings, in: window)
        #expect(file.lastRulesReadAhead == true)
        #expect(found == expected)
        #expect(found.read == 19)
        #expect(foundChanges == expectedChanges)
        #expect(try Self.ruleValues(file) == Self.ruleValues(memory))
    }

    @Test("a write that fails in the third chunk stops the reader and leaves every row and total as it was")
    func failedWriteRollsBack() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.makeLedger(at: path)
        file.ruleRowsPerChunk = 7
        let before = try Self.ruleValues(file)
        let totalsBefore = try Self.reportTotals(file)
        // The transaction's own steps come first, then one UPDATE a changed row: the 15th step
        // from now falls among the updates of the second or third chunk.
        file.injectFailure(onStep: 15, code: .ioError)
        #expect(throws: StoreError.self) { try Self.apply(file) }
        #expect(file.lastRulesReadAhead == true)
        #expect(try Self.ruleValues(file) == before)
        #expect(try Self.reportTotals(file).stored == totalsBefore.stored)
        // The connection is whole: the same apply now goes through, and the triggers are back on.
        let (application, _) = try Self.apply(file)
        #expect(application.changed == 104)
        let bakery = try #require(try file.transactions(account: nil).first { $0.description == "BAKERY 8" })
        _ = try file.editTransaction(bakery.id, TransactionEdit(values: [.category: "Sweets"]))
        let totals = try Self.reportTotals(file)
        #expect(totals.stored == totals.summed)
        #expect(file.check().isSound, "\(file.check().items.filter { !$0.passed })")
    }

    @Test("a damaged row met by the second connection stops the apply with its error, and nothing changes")
    func readerFailure() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.makeLedger(at: path)
        file.ruleRowsPerChunk = 7
        try file.database.execute(
            "UPDATE transactions SET day = '2024-99-99' WHERE description = 'ATM 42'")
        let before = try Self.ruleValues(file)
        let error = try #require(throws: StoreError.self) { try Self.apply(file) }
        #expect(error.message.contains("transactions.day"))
        #expect(error.message.contains("2024-99-99"))
        #expect(file.lastRulesReadAhead == true)
        #expect(try Self.ruleValues(file) == before)
    }
}
