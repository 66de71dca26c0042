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
}
