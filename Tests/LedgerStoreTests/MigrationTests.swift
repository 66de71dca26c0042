import Foundation
import LedgerCore
import Testing

@testable import LedgerStore

/// Upgrades: a ledger left at each earlier schema version, built by the old migrations only and
/// filled through SQL as that version's ledgerport wrote it, opens with every row intact and the
/// derived tables right.
@Suite("Migrations")
struct MigrationTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerport-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var path: String { folder.appendingPathComponent("ledger.sqlite").path }

    /// Rows as every version stored them: two days of booked rows both ways, a pending one.
    static let stored: [(day: String, amount: Int64, direction: String, status: String, id: String?)] = [
        ("2024-01-02", 380, "debit", "booked", nil), ("2024-01-02", 380, "debit", "booked", nil),
        ("2024-01-05", 250_000, "credit", "booked", "FIT-1"), ("2024-01-06", 1_000, "debit", "pending", nil),
    ]

    /// Fills a ledger at `version` the way that version's ledgerport would have.
    func fill(_ ledger: Ledger, version: Int) throws {
        let database = ledger.database
        try database.execute(
            """
            INSERT INTO accounts (id, name, kind, currency, created_at)
                VALUES (1, 'Checking', 'asset', 'EUR', '2024-01-01T00:00:00Z');
            INSERT INTO imports (id, started_at, source_path, adapter, status, read, inserted, batches)
                VALUES (1, '2024-01-01T00:00:00Z', 'jan.csv', 'csv', 'complete', 4, 4, 1);
            """)
        for (index, row) in Self.stored.enumerated() {
            let external = row.id.map { "'\($0)'" } ?? "NULL"
            try database.execute(
                """
                INSERT INTO transactions (account_id, day, amount, direction, currency, description, status,
                    external_id, fingerprint, discriminator, import_id, source_line, source_column)
                VALUES (1, '\(row.day)', \(row.amount), '\(row.direction)', 'EUR', 'Row', '\(row.status)',
                    \(external), 42, \(index + 1), 1, \(index + 2), 1)
                """)
        }
        if version >= 2 {
            try database.execute(
                """
                INSERT INTO statement_balances (account_id, as_of, kind, amount, import_id)
                    VALUES (1, '2024-01-31', 'ledger', 350000, 1);
                INSERT INTO checkpoints (account_id, as_of, expected, actual, discrepancy, status, source, created_at)
                    VALUES (1, '2023-12-31', NULL, 100760, NULL, 'baseline', 'opening', '2024-01-01T00:00:00Z'),
                           (1, '2024-01-31', 350000, 350000, 0, 'reconciled', 'import', '2024-01-01T00:00:00Z');
                """)
        }
        if version >= 3 {
            try database.execute(
                "INSERT INTO sync_state VALUES ('feed', 'e1', 7, 'token-7', '2024-01-01T00:00:00Z')")
        }
        if version >= 4 {
            // From version 4 on, the store kept the day totals for its own inserts.
            try database.execute(
                "INSERT INTO daily_totals VALUES (1, '2024-01-02', -760), (1, '2024-01-05', 250000)")
        }
        if version >= 17 {
            // From version 17 on, the store kept the report totals for its own inserts.
            try database.execute(
                """
                INSERT INTO report_totals VALUES ('2024-01-02', 1, 'EUR', 'debit', '', 760, 2),
                    ('2024-01-05', 1, 'EUR', 'credit', '', 250000, 1)
                """)
        }
        if version >= 8 {
            // From version 8 on, the store kept each account's volume and largest balance.
            try database.execute("UPDATE accounts SET volume = 251760, largest_balance = 350000 WHERE id = 1")
        }
    }

    @Test("a ledger at each earlier version upgrades with its data and derived tables right", arguments: 1..<19)
    func upgrade(from version: Int) throws {
        #expect(Ledger.schemaVersion == 19, "a new migration needs its case here")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let old = try Ledger(path: path, upTo: version)
            try fill(old, version: version)
            let found = try old.database.prepare("PRAGMA user_version").rows { row throws(StoreError) in row.int(0) }
            #expect(found == [Int64(version)])
        }
        let ledger = try Ledger(path: path)
        let account = try #require(try ledger.account(named: "Checking"))
        let stored = try ledger.transactions(account: account)
        #expect(stored.count == 4)
        #expect(stored.map(\.amount.minorUnits) == Self.stored.map(\.amount))
        #expect(try ledger.balance(of: account) == 249_240)
        #expect(try ledger.net(of: account, after: Day(iso: "2024-01-02"), through: nil) == 250_000)
        #expect(try ledger.imports().first?.inserted == 4)
        // Version 11: rows and imports from before have no payee, adapter version or digest.
        #expect(stored.map(\.payee) == [nil, nil, nil, nil])
        // Version 13: rows from before have no category and no split lines.
        #expect(stored.map(\.category) == [nil, nil, nil, nil])
        #expect(stored.map(\.splits.count) == [0, 0, 0, 0])
        // Version 15: rows from before have no rule, note, tags or counter account, and nothing set by hand.
        #expect(stored.map(\.ruleIDs) == [[], [], [], []])
        #expect(stored.map(\.note) == [nil, nil, nil, nil])
        #expect(stored.map(\.handSet) == [[], [], [], []])
        // Version 16: no transfer is matched or refused before the person's first match.
        let pairs = try ledger.database.prepare(
            "SELECT (SELECT count(*) FROM transfers) + (SELECT count(*) FROM transfer_refusals)"
        ).rows { row throws(StoreError) in row.int(0) }
        #expect(pairs == [0])
        // Version 18: no recurring rule, so a catch-up writes nothing and moves no mark.
        #expect(try ledger.recurringRules().isEmpty)
        #expect(try ledger.catchUpRecurring(through: Day(iso: "2024-03-01")!).written.isEmpty)
        // Version 17: the report totals hold the booked rows stored before, by day and direction.
        let totals = try ledger.database.prepare(
            "SELECT day, direction, category, amount, rows FROM report_totals ORDER BY day, direction"
        ).rows { row throws(StoreError) in "\(row.text(0)) \(row.text(1)) '\(row.text(2))' \(row.int(3)) \(row.int(4))"
        }
        #expect(totals == ["2024-01-02 debit '' 760 2", "2024-01-05 credit '' 250000 1"])
        #expect(try ledger.imports().first?.adapterVersion == nil)
        #expect(try ledger.imports().first?.adapterSHA256 == nil)
        if version >= 2 {
            #expect(try ledger.checkpoints(of: account).map(\.status) == [.reconciled, .baseline])
            #expect(try ledger.currentBalance(of: account) == 350_000)
        }
        if version >= 3 { #expect(try ledger.syncPositions()["feed"]?.lastSeq == 7) }
        let result = ledger.check()
        #expect(result.isSound, "\(result.items.filter { !$0.passed })")
        // The upgraded ledger takes new rows, and knows its old ones.
        let again = rows([makeDraft("Later", -100, on: "2024-02-01")], account: account)
        #expect(ledger.save(again, importID: nil) == .saved(inserted: 1, duplicates: 0))
        #expect(try ledger.balance(of: account) == 249_140)
        #expect(ledger.check().isSound)
    }

    @Test("version 11 adds a NULL payee to each stored row and the adapter's version and digest to imports")
    func payeesAndProvenance() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let old = try Ledger(path: path, upTo: 10)
            try fill(old, version: 10)
        }
        let ledger = try Ledger(path: path)
        let payees = try ledger.database.prepare("SELECT count(*) FROM transactions WHERE payee IS NULL")
            .rows { row throws(StoreError) in row.int(0) }
        #expect(payees == [4])
        let columns = try ledger.database.prepare("SELECT adapter_version, adapter_sha256 FROM imports")
            .rows { row throws(StoreError) in [row.optionalText(0), row.optionalText(1)] }
        #expect(columns == [[nil, nil]])
        let id = try ledger.beginImport(
            sourcePath: "feb.json", adapter: "wise", mapping: nil, adapterVersion: "2.0", adapterSHA256: "cafe")
        #expect(try ledger.imports().first { $0.id == id }?.adapterVersion == "2.0")
    }

    @Test("version 12 adds an empty commodities table that refuses decimals past 12; old rows read as before")
    func declaredCommodities() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let old = try Ledger(path: path, upTo: 11)
            try fill(old, version: 11)
        }
        let ledger = try Ledger(path: path)
        #expect(ledger.commodities.isEmpty)
        #expect(try ledger.storedCommodities().isEmpty)
        #expect(try ledger.transactions().count == 4)
        #expect(throws: StoreError.self) {
            try ledger.database.execute(
                "INSERT INTO commodities VALUES ('BTC', 13, 'user', '2024-01-01T00:00:00Z')")
        }
        let btc = try Currency.declared(code: "BTC", minorDigits: 8, at: .file("test"))
        #expect(try ledger.declareCommodity(btc))
        #expect(try Ledger(path: path).commodities.currency(code: "BTC") == btc)
    }

    @Test("version 13 adds a NULL category to each stored row and an empty table of split lines")
    func categoriesAndSplits() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let old = try Ledger(path: path, upTo: 12)
            try fill(old, version: 12)
        }
        let ledger = try Ledger(path: path)
        let categories = try ledger.database.prepare("SELECT count(*) FROM transactions WHERE category IS NULL")
            .rows { row throws(StoreError) in row.int(0) }
        #expect(categories == [4])
        let splits = try ledger.database.prepare("SELECT count(*) FROM transaction_splits")
            .rows { row throws(StoreError) in row.int(0) }
        #expect(splits == [0])
    }

    @Test("version 14 adds an empty table of export marks; a mark falls back when the rows above it are deleted")
    func exportMarks() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let old = try Ledger(path: path, upTo: 13)
            try fill(old, version: 13)
        }
        let ledger = try Ledger(path: path)
        #expect(try ledger.exportMark(named: "books") == nil)
        let last = try ledger.lastIDs()
        #expect(last.transaction == 4)
        try ledger.saveExportMark(
            ExportMark(name: "books", format: "hledger", lastTransactionID: 4, lastCheckpointID: 0, openedAccounts: []))
        // Deleting the largest row would let SQLite give its id to the next row: the mark falls
        // to the largest id left, so that row is still new to the next export.
        try ledger.database.execute("DELETE FROM transactions WHERE id = 4")
        #expect(try ledger.exportMark(named: "books")?.lastTransactionID == 3)
        try ledger.database.execute("DELETE FROM transactions WHERE id = 1")
        #expect(try ledger.exportMark(named: "books")?.lastTransactionID == 3)
    }

    @Test("version 15 adds the rule and hand-set columns with defaults; old rows' categories and payees stand")
    func rulesAndHandSetValues() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let old = try Ledger(path: path, upTo: 14)
            try fill(old, version: 14)
            try old.database.execute("UPDATE transactions SET category = 'Food', payee = 'Market' WHERE id = 1")
        }
        let ledger = try Ledger(path: path)
        let masks = try ledger.database.prepare(
            "SELECT count(*) FROM transactions WHERE rule_set = 0 AND hand_set = 0 AND rule_ids IS NULL"
        ).rows { row throws(StoreError) in row.int(0) }
        #expect(masks == [4])
        let stored = try #require(try ledger.transactions(ids: [1]).first)
        #expect(stored.category == "Food")
        #expect(stored.payee == "Market")
        // Rules read the stored category's row as the source's: a rule replaces it and gives it back.
        let input = try #require(try ledger.ruleInput(ofTransaction: 1))
        #expect(input.payee == "Market")
        let rules = try RuleSet(
            json: Array(#"{"rules": [{"id": "r", "set": {"category": "Groceries"}}]}"#.utf8), path: "r.json")
        _ = try ledger.applyRules(assign: rules.makeEvaluator().assignment(for:))
        #expect(try ledger.transactions(ids: [1]).first?.category == "Groceries")
        let none = try RuleSet(json: Array(#"{"rules": []}"#.utf8), path: "r.json")
        _ = try ledger.applyRules(assign: none.makeEvaluator().assignment(for:))
        #expect(try ledger.transactions(ids: [1]).first?.category == "Food")
    }

    @Test("version 16's transfers pair a debit with a credit once each and go with their rows")
    func transfersTable() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let old = try Ledger(path: path, upTo: 15)
            try fill(old, version: 15)
        }
        let ledger = try Ledger(path: path)
        try ledger.database.execute("INSERT INTO transfers (out_id, in_id, state) VALUES (2, 1, 'matched')")
        #expect(throws: StoreError.self) {
            try ledger.database.execute("INSERT INTO transfers (out_id, in_id, state) VALUES (2, 3, 'matched')")
        }
        #expect(throws: StoreError.self) {
            try ledger.database.execute("INSERT INTO transfers (out_id, in_id, state) VALUES (3, 3, 'confirmed')")
        }
        try ledger.database.execute("INSERT INTO transfer_refusals (out_id, in_id) VALUES (4, 3)")
        try ledger.database.execute("DELETE FROM transactions WHERE id IN (1, 3)")
        let left = try ledger.database.prepare(
            "SELECT (SELECT count(*) FROM transfers) + (SELECT count(*) FROM transfer_refusals)"
        ).rows { row throws(StoreError) in row.int(0) }
        #expect(left == [0])
    }

    @Test("version 17's report totals start from the booked rows by category and follow later edits")
    func reportTotalsBackfill() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let old = try Ledger(path: path, upTo: 16)
            try fill(old, version: 16)
            try old.database.execute("UPDATE transactions SET category = 'Food' WHERE id = 1")
        }
        let ledger = try Ledger(path: path)
        let read = { () throws -> [String] in
            try ledger.database.prepare(
                "SELECT day, category, amount, rows FROM report_totals WHERE rows > 0 ORDER BY day, category"
            ).rows { row throws(StoreError) in "\(row.text(0)) '\(row.text(1))' \(row.int(2)) \(row.int(3))" }
        }
        #expect(try read() == ["2024-01-02 '' 380 1", "2024-01-02 'Food' 380 1", "2024-01-05 '' 250000 1"])
        try ledger.database.execute("UPDATE transactions SET category = 'Food' WHERE id = 2")
        try ledger.database.execute("UPDATE transactions SET status = 'booked' WHERE id = 4")
        #expect(try read() == ["2024-01-02 'Food' 760 2", "2024-01-05 '' 250000 1", "2024-01-06 '' 1000 1"])
        try ledger.database.execute("DELETE FROM transactions WHERE id = 1")
        #expect(try read() == ["2024-01-02 'Food' 380 1", "2024-01-05 '' 250000 1", "2024-01-06 '' 1000 1"])
        // (The checkpoints aren't recomputed by these raw edits; the report totals follow them.)
        #expect(ledger.check().items.first { $0.name == "report totals" }?.passed == true)
    }

    @Test("the account limit's columns start from the rows and balances already stored")
    func limitBackfill() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let old = try Ledger(path: path, upTo: 7)
            try fill(old, version: 7)
        }
        let ledger = try Ledger(path: path)
        let columns = try ledger.database.prepare("SELECT volume, largest_balance FROM accounts")
            .rows { row throws(StoreError) in [row.int(0), row.int(1)] }
        #expect(columns == [[251_760, 350_000]])
    }

    @Test("a ledger already past the limit upgrades, reads what it can and takes no more rows")
    func pastTheLimit() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let old = try Ledger(path: path, upTo: 7)
            try old.database.execute(
                """
                INSERT INTO accounts (id, name, kind, currency, created_at)
                    VALUES (1, 'Checking', 'asset', 'EUR', '2024-01-01T00:00:00Z');
                INSERT INTO transactions (account_id, day, amount, direction, currency, description, status,
                    fingerprint, discriminator)
                VALUES (1, '2024-01-02', 9223372036854775807, 'credit', 'EUR', 'Huge', 'booked', 1, 1),
                       (1, '2024-01-03', 9223372036854775807, 'credit', 'EUR', 'Huge', 'booked', 2, 1);
                INSERT INTO daily_totals VALUES (1, '2024-01-02', 9223372036854775807),
                    (1, '2024-01-03', 9223372036854775807);
                """)
        }
        let ledger = try Ledger(path: path)
        let account = try #require(try ledger.account(named: "Checking"))
        #expect(try ledger.transactions().count == 2)
        let refused = ledger.save(rows([makeDraft("Cent", 1, on: "2024-01-04")], account: account), importID: nil)
        #expect(refused != .saved(inserted: 1, duplicates: 0))
        #expect(ledger.check().items.first { $0.name == "account limits" }?.passed == false)
    }

    @Test("a ledger newer than this ledgerport is refused and left unchanged")
    func newerRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let ledger = try Ledger(path: path)
            try ledger.database.execute("PRAGMA user_version = 99")
        }
        #expect(throws: StoreError(.schemaTooNew(found: 99, known: Ledger.schemaVersion), at: .file(path))) {
            try Ledger(path: path)
        }
    }
}
