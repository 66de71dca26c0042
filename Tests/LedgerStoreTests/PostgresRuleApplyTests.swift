import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// `applyRules` on PostgreSQL (issue 21): the same pass as on SQLite, read through a cursor a few
/// rows at a time; the report totals follow the categories; a dry run writes nothing; two at
/// once leave the ledger as one would.
@Suite("rules apply on PostgreSQL")
struct PostgresRuleApplyTests {
    /// The rules the rows were imported under.
    static let imported = """
        {"id": "coffee", "when": {"description": "^coffee"}, "set": {"category": "Coffee", "tags": ["food"]}},
        {"id": "card", "when": {"description": "^card"}, "set": {"payee": "Card shop", "note": "card"}}
        """
    /// The rules file after it changed: other categories, a counter account, pending rows too.
    static let changed = """
        {"id": "coffee", "when": {"description": "^coffee"}, "set": {"category": "Eating out"}},
        {"id": "salary", "when": {"description": "^salary"},
         "set": {"category": "Wages", "counterAccount": "Income:Salary"}, "continue": true},
        {"id": "all", "when": {}, "set": {"note": "seen", "tags": ["x"]}}
        """

    static func evaluator(_ list: String) throws -> RuleEvaluator {
        try LedgerRulesTests.rules(list).makeEvaluator()
    }

    /// `count` rows with what ``imported`` set on each, for one account.
    static func rows(_ count: Int, accountID: Int64) throws -> [PendingRow] {
        let evaluator = try evaluator(imported)
        return pendingRows(StoreBatchTests.statement(count), accountID: accountID).map { row in
            var row = row
            row.assignment = evaluator.assignment(for: RuleInput(row.draft, format: nil, mapping: nil))
            return row
        }
    }

    /// A PostgreSQL ledger and a SQLite ledger holding the same rows, saved under ``imported``.
    static func makeLedgers(rows count: Int) throws -> (postgres: PostgresLedger, sqlite: Ledger) {
        let (postgres, account) = try PostgresBatchTests.makeLedger()
        #expect(
            postgres.save(try rows(count, accountID: account), importID: nil) == .saved(inserted: count, duplicates: 0))
        let sqlite = try Ledger(path: ":memory:")
        let checking = try sqlite.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        #expect(
            sqlite.save(try rows(count, accountID: checking.id), importID: nil)
                == .saved(inserted: count, duplicates: 0))
        return (postgres, sqlite)
    }

    /// Every stored row, in id order.
    static func everyRow(_ store: any LedgerReading, _ count: Int) throws -> [StoredTransaction] {
        try store.transactions(ids: (1...Int64(count)).map { $0 })
    }

    /// `report_totals` as the server holds it, key by key.
    static func reportTotals(_ ledger: PostgresLedger) throws -> [PostgresRow] {
        try ledger.connection.query(
            """
            SELECT day, account_id, currency, direction, category, amount, rows FROM report_totals
            WHERE rows <> 0 ORDER BY day, account_id, currency, direction, category COLLATE "C"
            """
        ).rows
    }

    @Test(
        "the pass over a cursor a few rows at a time changes what SQLite's changes, the totals following",
        arguments: [
            DayWindow(start: nil, end: nil),
            DayWindow.days(Day(iso: "2024-03-02"), through: Day(iso: "2024-03-03")),
        ])
    func sameAsSQLite(window: DayWindow) throws {
        let (postgres, sqlite) = try Self.makeLedgers(rows: 23)
        postgres.rowsPerFetch = 4
        let evaluator = try Self.evaluator(Self.changed)
        let before = try Self.reportTotals(postgres)
        var fromPostgres: [RuleChange] = []
        let applied = try postgres.applyRules(
            account: try postgres.account(named: "Checking"), in: window, dryRun: false,
            assign: evaluator.assignment(for:), change: { fromPostgres.append($0) })
        var fromSQLite: [RuleChange] = []
        let expected = try sqlite.applyRules(
            account: try sqlite.account(named: "Checking"), in: window, assign: evaluator.assignment(for:),
            change: { fromSQLite.append($0) })
        #expect(expected.changed > 4)
        #expect(expected.changedFields[.category] ?? 0 > 0)
        #expect(applied == expected)
        #expect(fromPostgres == fromSQLite)
        #expect(try Self.everyRow(postgres, 23) == Self.everyRow(sqlite, 23))
        // The categories moved amounts between report keys, as a recount gives them.
        #expect(try Self.reportTotals(postgres) != before)
        #expect(try totalsMismatches(postgres.connection) == 0)
        // Again: nothing more to change.
        let again = try postgres.applyRules(
            account: nil, in: window, dryRun: false, assign: evaluator.assignment(for:), change: nil)
        #expect(again.changed == 0)
        #expect(again.read == applied.read)
    }

    @Test("a dry run reports what the run then does, and writes nothing")
    func dryRun() throws {
        let (postgres, _) = try Self.makeLedgers(rows: 12)
        let evaluator = try Self.evaluator(Self.changed)
        let rows = try Self.everyRow(postgres, 12)
        let totals = try Self.reportTotals(postgres)
        var listed: [RuleChange] = []
        let dry = try postgres.applyRules(
            account: nil, in: DayWindow(start: nil, end: nil), dryRun: true, assign: evaluator.assignment(for:),
            change: { listed.append($0) })
        #expect(dry.changed > 0)
        #expect(!listed.isEmpty)
        #expect(try Self.everyRow(postgres, 12) == rows)
        #expect(try Self.reportTotals(postgres) == totals)
        #expect(!postgres.connection.isInTransaction)
        let applied = try postgres.applyRules(
            account: nil, in: DayWindow(start: nil, end: nil), dryRun: false, assign: evaluator.assignment(for:),
            change: nil)
        #expect(applied == dry)
        #expect(try Self.everyRow(postgres, 12) != rows)
    }

    @Test("a value set by hand is kept and counted, as on SQLite")
    func keptByHand() throws {
        let (postgres, sqlite) = try Self.makeLedgers(rows: 8)
        // Row 1 (coffee): its category set by hand.
        let mask = RuleField.category.rawValue
        try postgres.connection.query(
            "UPDATE transactions SET category = 'Mine', hand_set = \(mask), source_category = category WHERE id = 1")
        try sqlite.database.execute(
            "UPDATE transactions SET category = 'Mine', hand_set = \(mask), source_category = category WHERE id = 1")
        let evaluator = try Self.evaluator(Self.changed)
        let applied = try postgres.applyRules(
            account: nil, in: DayWindow(start: nil, end: nil), dryRun: false, assign: evaluator.assignment(for:),
            change: nil)
        let expected = try sqlite.applyRules(assign: evaluator.assignment(for:))
        #expect(applied.keptByHand == 1)
        #expect(applied == expected)
        #expect(try postgres.transactions(ids: [1]).first?.category == "Mine")
        #expect(try Self.everyRow(postgres, 8) == Self.everyRow(sqlite, 8))
        #expect(try totalsMismatches(postgres.connection) == 0)
    }

    @Test("rules explain reads a row as rules apply does; an unknown id is nil")
    func ruleInput() throws {
        let (postgres, sqlite) = try Self.makeLedgers(rows: 8)
        for id in Int64(1)...8 {
            let input = try postgres.ruleInput(ofTransaction: id)
            #expect(input != nil)
            #expect(input == (try sqlite.ruleInput(ofTransaction: id)))
        }
        #expect(try postgres.ruleInput(ofTransaction: 99) == nil)
    }

    @Test("two rules apply at once on one ledger leave it as one would: the second waits, then finds nothing")
    func twoAtOnce() throws {
        let count = 200
        let (postgres, sqlite) = try Self.makeLedgers(rows: count)
        let expected = try sqlite.applyRules(assign: try Self.evaluator(Self.changed).assignment(for:))
        let name = postgres.name
        let target = try postgresServer().connectionString
        let results = WorkerResults<RuleApplication>()
        let group = DispatchGroup()
        for worker in 0..<2 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let ledger = try PostgresLedger(connection: try PostgresConnection(target), name: name)
                    ledger.rowsPerFetch = 16
                    let evaluator = try Self.evaluator(Self.changed)
                    var first = true
                    let applied = try ledger.applyRules(
                        account: nil, in: DayWindow(start: nil, end: nil), dryRun: false,
                        assign: { input in
                            // The first worker holds its first rows a moment, so the other one
                            // reaches them while they are locked.
                            if first, worker == 0 { Thread.sleep(forTimeInterval: 0.3) }
                            first = false
                            return evaluator.assignment(for: input)
                        }, change: nil)
                    results.add(applied)
                } catch {
                    results.fail(error)
                }
            }
        }
        group.wait()
        #expect(results.errors.isEmpty, "\(results.errors)")
        let changed = results.values.map(\.changed).sorted()
        #expect(changed == [0, expected.changed])
        #expect(try Self.everyRow(postgres, count) == Self.everyRow(sqlite, count))
        #expect(try totalsMismatches(postgres.connection) == 0)
    }

}

/// What concurrent workers answered, each from its own thread.
final class WorkerResults<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Value] = []
    private(set) var errors: [String] = []

    func add(_ value: Value) { lock.withLock { values.append(value) } }
    func fail(_ error: any Error) { lock.withLock { errors.append("\(error)") } }
}
