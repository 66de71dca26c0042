import Foundation
import LedgerCore
import Testing

@testable import LedgerStore

/// A reader beside a writer in another connection (another process, in real use): figures read
/// together come from one snapshot.
@Suite("Ledger reads beside a writer")
struct LedgerSnapshotTests {
    @Test("queries run inside one read see one snapshot while another connection commits")
    func oneSnapshot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ledger.sqlite").path
        let writer = try Ledger(path: path)
        let reader = try Ledger(path: path)
        let account = try writer.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        _ = writer.save(rows([makeDraft("Rent", -90_000, on: "2024-01-01")], account: account), importID: nil)

        let (before, after, balance) = try reader.read {
            let before = try reader.transactions().count
            _ = writer.save(rows([makeDraft("Coffee", -380, on: "2024-01-02")], account: account), importID: nil)
            return (before, try reader.transactions().count, try reader.currentBalance(of: account))
        }
        #expect(before == 1 && after == 1)
        #expect(balance == -90_000)
        #expect(try reader.transactions().count == 2)
        let summary = try #require(try reader.accountSummaries().first)
        #expect(summary.transactionCount == 2 && summary.balance == -90_380)
    }
}
