import Foundation
import LedgerCore
import Testing

@testable import LedgerStore

/// A damaged ledger is never written to as if it were sound (issue 11, defect 7), and
/// `Ledger.check()` finds both file damage and broken ledger invariants.
@Suite("Ledger integrity")
struct LedgerIntegrityTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-damage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var path: String { folder.appendingPathComponent("ledger.sqlite").path }

    /// A ledger file with 2,000 rows in one account, checkpointed and closed (the WAL folded in).
    func makeLedgerFile() throws {
        let ledger = try Ledger(path: path)
        let account = try ledger.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        let drafts = (0..<2_000).map { (index: Int) -> Draft in
            let amount: Int64 = index % 7 == 0 ? 5_000 : -Int64(index + 1)
            return makeDraft("Row \(index)", amount, on: "2024-01-\(10 + index % 20)")
        }
        for start in stride(from: 0, to: drafts.count, by: 100) {
            _ = ledger.save(rows(Array(drafts[start..<start + 100]), account: account), importID: nil)
        }
        try ledger.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Flips one bit of the page-type byte of an index's root page.
    func flipBit(inRootOf index: String) throws {
        let ledger = try Ledger(path: path)
        let root = try ledger.database.prepare("SELECT rootpage FROM sqlite_schema WHERE name = ?")
            .rows([.text(index)]) { row throws(StoreError) in row.int(0) }[0]
        let pageSize = try ledger.database.prepare("PRAGMA page_size").rows { row throws(StoreError) in row.int(0) }[0]
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let offset = UInt64((root - 1) * pageSize)
        try handle.seek(toOffset: offset)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: [byte ^ 0x01])
    }

    @Test("after a bit flip in the identity index, a write is refused naming the file and how to recover")
    func bitFlipRefusesWrites() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeLedgerFile()
        try flipBit(inRootOf: "transactions_identity")
        let ledger = try Ledger(path: path)
        let account = try #require(try ledger.account(named: "Checking"))
        let before = ledger.commitCount
        guard
            case .notSaved(let error) = ledger.save(
                rows([makeDraft("Row 1", -2, on: "2024-01-11")], account: account), importID: nil)
        else {
            Issue.record("a damaged ledger must refuse the write")
            return
        }
        #expect(error.message.contains("the ledger \(path) is damaged"))
        #expect(error.message.contains("nothing was written"))
        #expect(error.message.contains("sqlite3 \(path) .dump > ledger.sql"))
        #expect(ledger.commitCount == before)
        let result = ledger.check()
        #expect(!result.isSound)
        #expect(result.items.first { $0.name == "file" }?.passed == false)
    }

    /// How many rows hold a category, read on a connection of its own (the table, not the
    /// damaged index).
    func categorisedRows() throws -> Int64 {
        let reader = try Database(path: path, readOnly: true, create: false)
        return try reader.prepare("SELECT count(*) FROM transactions NOT INDEXED WHERE category IS NOT NULL")
            .rows { row throws(StoreError) in row.int(0) }[0]
    }

    @Test(
        "rules apply on a damaged ledger is refused and writes nothing, whichever of the work and the check ends first",
        arguments: [Ledger.SoundnessCheckOrder.checkFinishesFirst, .writeFinishesFirst, nil])
    func damagedLedgerRefusesRules(order: Ledger.SoundnessCheckOrder?) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeLedgerFile()
        try flipBit(inRootOf: "transactions_identity")
        let ledger = try Ledger(path: path)
        ledger.soundnessCheckOrder = order
        let before = ledger.commitCount
        var assigned = 0
        var changes = 0
        #expect {
            _ = try ledger.applyRules(
                assign: { _ in
                    assigned += 1
                    return RuleAssignment(ruleIDs: ["groceries"], category: "Groceries")
                }, change: { _ in changes += 1 })
        } throws: { error in
            (error as? StoreError)?.message.contains("the ledger \(path) is damaged") == true
        }
        #expect(ledger.commitCount == before)
        #expect(try categorisedRows() == 0)
        // The work did run beside the check (all of it, when the check waited for it).
        if order == .writeFinishesFirst { #expect(assigned == 2_000 && changes == 4_000) }
    }

    @Test(
        "a save into a damaged ledger is refused and writes nothing, whichever of the work and the check ends first",
        arguments: [Ledger.SoundnessCheckOrder.checkFinishesFirst, .writeFinishesFirst, nil])
    func damagedLedgerRefusesSave(order: Ledger.SoundnessCheckOrder?) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeLedgerFile()
        try flipBit(inRootOf: "transactions_identity")
        let ledger = try Ledger(path: path)
        ledger.soundnessCheckOrder = order
        let account = try #require(try ledger.account(named: "Checking"))
        let before = ledger.commitCount
        guard
            case .notSaved(let error) = ledger.save(
                rows([makeDraft("Row 2001", -2, on: "2024-02-11")], account: account), importID: nil)
        else {
            Issue.record("a damaged ledger must refuse the write")
            return
        }
        #expect(error.message.contains("the ledger \(path) is damaged"))
        #expect(ledger.commitCount == before)
        let reader = try Database(path: path, readOnly: true, create: false)
        let count = try reader.prepare("SELECT count(*) FROM transactions NOT INDEXED")
            .rows { row throws(StoreError) in row.int(0) }[0]
        #expect(count == 2_000)
    }

    @Test(
        "on a sound ledger the checked write commits, whichever of the work and the check ends first",
        arguments: [Ledger.SoundnessCheckOrder.checkFinishesFirst, .writeFinishesFirst, nil])
    func soundLedgerCommits(order: Ledger.SoundnessCheckOrder?) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeLedgerFile()
        let ledger = try Ledger(path: path)
        ledger.soundnessCheckOrder = order
        let result = try ledger.applyRules(assign: { _ in
            RuleAssignment(ruleIDs: ["groceries"], category: "Groceries")
        })
        #expect(result.changed == 2_000)
        #expect(ledger.isVerifiedSound)
        #expect(try categorisedRows() == 2_000)
    }

    @Test("account changes on a damaged ledger are refused and write nothing: a rename, a merge that moves rows")
    func damagedLedgerRefusesAccountChanges() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeLedgerFile()
        let setup = try Ledger(path: path)
        _ = try setup.ensureAccount(AccountReference(name: "Savings", currency: .EUR), fallbackCurrency: .EUR)
        try setup.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try flipBit(inRootOf: "transactions_identity")
        for change in ["rename", "merge"] {
            let ledger = try Ledger(path: path)
            let checking = try #require(try ledger.account(named: "Checking"))
            let savings = try #require(try ledger.account(named: "Savings"))
            let before = ledger.commitCount
            #expect {
                if change == "rename" {
                    try ledger.renameAccount(checking, to: "Current")
                } else {
                    _ = try ledger.mergeAccount(checking, into: savings)
                }
            } throws: { error in
                (error as? StoreError)?.message.contains("the ledger \(path) is damaged") == true
            }
            #expect(ledger.commitCount == before, "\(change)")
        }
        let reader = try Database(path: path, readOnly: true, create: false)
        let names = try reader.prepare("SELECT name FROM accounts ORDER BY name").rows { row throws(StoreError) in
            row.text(0)
        }
        #expect(names == ["Checking", "Savings"])
        let moved = try reader.prepare(
            """
            SELECT count(*) FROM transactions NOT INDEXED
            WHERE account_id = (SELECT id FROM accounts WHERE name = 'Savings')
            """
        ).rows { row throws(StoreError) in row.int(0) }[0]
        #expect(moved == 0)
    }

    @Test("a connection checks the file at its first write only")
    func checkedOncePerConnection() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeLedgerFile()
        let ledger = try Ledger(path: path)
        _ = try ledger.applyRules(assign: { _ in RuleAssignment() })
        #expect(ledger.isVerifiedSound)
        #expect(ledger.soundnessCheck == nil)
        try ledger.write { try ledger.database.execute("UPDATE accounts SET institution = 'Bank'") }
        #expect(ledger.soundnessCheck == nil)
    }

    @Test("a sound ledger passes every check")
    func soundLedger() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeLedgerFile()
        let ledger = try Ledger(path: path)
        let account = try #require(try ledger.account(named: "Checking"))
        try ledger.checkpoint(account, asOf: Day(iso: "2024-01-09")!, actual: 0, source: .opening)
        try ledger.checkpoint(account, asOf: Day(iso: "2024-01-31")!, actual: 12, source: .manual)
        let result = ledger.check()
        #expect(result.isSound, "\(result.items.filter { !$0.passed })")
        #expect(
            result.items.map(\.name) == [
                "file", "daily totals", "report totals", "checkpoints", "identity", "values", "currencies",
                "commodities", "account limits",
            ])
    }

    @Test(
        "a broken invariant is found by its check",
        arguments: [
            ("daily totals", "UPDATE daily_totals SET booked_net = booked_net + 1 WHERE day = '2024-01-12'"),
            ("report totals", "UPDATE report_totals SET rows = rows + 1 WHERE day = '2024-01-12'"),
            ("report totals", "DELETE FROM report_totals WHERE day = '2024-01-12'"),
            ("checkpoints", "UPDATE checkpoints SET expected = expected + 1 WHERE as_of = '2024-01-31'"),
            (
                "identity",
                """
                DROP INDEX transactions_identity;
                INSERT INTO transactions (account_id, day, amount, direction, currency, description, status,
                    fingerprint, discriminator)
                SELECT account_id, day, amount, direction, currency, description, status, fingerprint, discriminator
                FROM transactions WHERE id = 5
                """
            ),
            ("values", "PRAGMA ignore_check_constraints = ON; UPDATE transactions SET amount = -5 WHERE id = 3"),
            ("values", "UPDATE transactions SET day = '2024-02-30' WHERE id = 3"),
            ("currencies", "UPDATE transactions SET currency = 'USD' WHERE id = 7"),
            ("account limits", "UPDATE accounts SET volume = volume + 1"),
        ])
    func brokenInvariant(check: String, sql: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeLedgerFile()
        let ledger = try Ledger(path: path)
        let account = try #require(try ledger.account(named: "Checking"))
        try ledger.checkpoint(account, asOf: Day(iso: "2024-01-09")!, actual: 0, source: .opening)
        try ledger.checkpoint(account, asOf: Day(iso: "2024-01-31")!, actual: 12, source: .manual)
        try ledger.database.execute(sql)
        let result = ledger.check()
        #expect(!result.isSound)
        #expect(result.items.filter { !$0.passed }.map(\.name).contains(check))
        #expect(result.items.first { $0.name == "file" }?.passed == true)
    }
}
