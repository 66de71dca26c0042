import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// Transfers on PostgreSQL (issue 21): the same pairs as SQLite's from the same rows, and several
/// matchings at once (imports ending together) store each pair once.
@Suite("transfers on PostgreSQL")
struct PostgresTransferTests {
    /// `count` transfers from Checking to Savings, a day apart, each of its own amount.
    static func drafts(_ count: Int) -> (out: [Draft], in: [Draft]) {
        let out = (0..<count).map { index in
            makeDraft("To savings \(index)", -Int64(1_000 + index), on: String(format: "2024-03-%02d", 1 + index % 20))
        }
        let into = (0..<count).map { index in
            makeDraft(
                "From checking \(index)", Int64(1_000 + index), on: String(format: "2024-03-%02d", 2 + index % 20),
                account: "Savings")
        }
        return (out, into)
    }

    /// A PostgreSQL ledger holding `count` transfers' rows, not yet paired.
    static func makeLedger(transfers count: Int) throws -> PostgresLedger {
        let (ledger, checking) = try PostgresBatchTests.makeLedger()
        let savings = try ledger.ensureAccount(named: "Savings", kind: .asset, currency: .EUR)
        let (out, into) = drafts(count)
        #expect(
            ledger.save(pendingRows(out, accountID: checking), importID: nil) == .saved(inserted: count, duplicates: 0))
        #expect(
            ledger.save(pendingRows(into, accountID: savings), importID: nil) == .saved(inserted: count, duplicates: 0))
        return ledger
    }

    @Test("matching pairs the rows SQLite pairs, and the listing is SQLite's")
    func sameAsSQLite() throws {
        let postgres = try Self.makeLedger(transfers: 12)
        let sqlite = try Ledger(path: ":memory:")
        let checking = try sqlite.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        let savings = try sqlite.ensureAccount(
            AccountReference(name: "Savings", currency: .EUR), fallbackCurrency: .EUR)
        let (out, into) = Self.drafts(12)
        #expect(sqlite.save(rows(out, account: checking), importID: nil) == .saved(inserted: 12, duplicates: 0))
        #expect(sqlite.save(rows(into, account: savings), importID: nil) == .saved(inserted: 12, duplicates: 0))
        let report = try postgres.matchTransfers(maxDays: 3)
        #expect(report == (try sqlite.matchTransfers(maxDays: 3)))
        #expect(report.added == 12)
        #expect(try postgres.transfers() == sqlite.transfers())
        #expect(try postgres.matchTransfers(maxDays: 3) == TransferMatchReport(added: 0, removed: 0, pairs: 12))
        // A refusal by hand holds on both.
        #expect(try postgres.splitTransfer(id: 1) == sqlite.splitTransfer(id: 1))
        #expect(try postgres.matchTransfers(maxDays: 3) == sqlite.matchTransfers(maxDays: 3))
        #expect(try postgres.transferCandidates(maxDays: 3) == sqlite.transferCandidates(maxDays: 3))
        #expect(try postgres.transfers().count == 11)
    }

    @Test("four matchings at once store each pair once: the later ones wait and find them made")
    func concurrentMatching() throws {
        let count = 60
        let ledger = try Self.makeLedger(transfers: count)
        let name = ledger.name
        let target = try postgresServer().connectionString
        let reports = WorkerResults<TransferMatchReport>()
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let worker = try PostgresLedger(connection: try PostgresConnection(target), name: name)
                    reports.add(try worker.matchTransfers(maxDays: 3))
                } catch {
                    reports.fail(error)
                }
            }
        }
        group.wait()
        #expect(reports.errors.isEmpty, "\(reports.errors)")
        #expect(reports.values.map(\.added).reduce(0, +) == count)
        #expect(reports.values.allSatisfy { $0.pairs == count && $0.removed == 0 })
        #expect(try integer(ledger.connection, "SELECT count(*) FROM transfers") == Int64(count))
    }

    @Test(
        "a deletion or an undo meeting a matching that pairs its row waits for it instead of deadlocking",
        arguments: [false, true])
    func deletionWaitsForMatching(undoes: Bool) throws {
        let ledger = try Self.makeLedger(transfers: 4)
        let name = ledger.name
        let target = try postgresServer().connectionString
        let savings = try integer(ledger.connection, "SELECT id FROM accounts WHERE name = 'Savings'")
        // An import of one row, for the undo.
        let importID = try ledger.beginImport(
            sourcePath: "may.csv", adapter: "csv", mapping: nil, adapterVersion: nil, adapterSHA256: nil, process: nil)
        let extra = pendingRows([makeDraft("Extra", -1, on: "2024-05-01")], accountID: savings)
        #expect(ledger.save(extra, importID: importID) == .saved(inserted: 1, duplicates: 0))
        let doomed = try integer(
            ledger.connection,
            undoes
                ? "SELECT id FROM transactions WHERE description = 'Extra'"
                : "SELECT min(id) FROM transactions WHERE account_id <> \(savings)")
        let partner = try integer(
            ledger.connection, "SELECT min(id) FROM transactions WHERE account_id = \(savings) AND id <> \(doomed)")
        // A matching in progress: it holds the table, as `matchTransfers` does for its transaction.
        let matching = try postgresConnection()
        try matching.execute("SET search_path TO \"\(name)\"")
        try matching.execute("BEGIN; LOCK TABLE transfers IN SHARE ROW EXCLUSIVE MODE")
        let results = WorkerResults<Int>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { done.signal() }
            do {
                let worker = try PostgresLedger(connection: try PostgresConnection(target), name: name)
                if undoes {
                    results.add(try worker.undoImport(importID, dryRun: false).deletedTransactions)
                } else {
                    results.add(try worker.deleteTransactions([doomed], dryRun: false).before.count)
                }
            } catch {
                results.fail(error)
            }
        }
        // (Tests run side by side on one server: the lock waited for is this ledger's table.)
        let watcher = try postgresConnection()
        try PostgresFaultTests.waitUntil("the change to wait for the table") {
            try integer(
                watcher,
                "SELECT count(*) FROM pg_locks WHERE relation = '\"\(name)\".transfers'::regclass AND NOT granted")
                == 1
        }
        // The matching pairs the row the change is about to delete. Had the change deleted it
        // before taking the table, this insert would wait for its row and the server would end
        // one of the two as a deadlock.
        try matching.query(
            "INSERT INTO transfers (out_id, in_id, state) VALUES ($1, $2, 'matched')",
            [String(doomed), String(partner)])
        try matching.execute("COMMIT")
        done.wait()
        #expect(results.errors.isEmpty, "\(results.errors)")
        #expect(results.values == [1])
        #expect(try integer(watcher, "SELECT count(*) FROM \"\(name)\".transactions WHERE id = \(doomed)") == 0)
        // Its pair went with it.
        #expect(try integer(watcher, "SELECT count(*) FROM \"\(name)\".transfers WHERE out_id = \(doomed)") == 0)
    }
}
