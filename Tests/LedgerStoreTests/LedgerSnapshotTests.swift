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

/// Two processes writing one ledger at once (threads with their own connections here). The race of
/// two processes creating one new file can't be shown in one process, whose connections share
/// their file locks; scripts/reliability/concurrency.py covers it.
@Suite("Ledger opened twice at once")
struct LedgerRaceTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Runs `body` on two threads at once and returns what each threw, if anything.
    private func twice(_ body: @escaping @Sendable (Int) throws -> Void) -> [String] {
        let failures = Failures()
        let group = DispatchGroup()
        for side in 0..<2 {
            group.enter()
            Thread {
                do { try body(side) } catch { failures.append("\(error)") }
                group.leave()
            }.start()
        }
        group.wait()
        return failures.all
    }

    @Test("two connections adding the same new accounts at once get the same rows (found by concurrency.py)")
    func accountsTogether() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("accounts.sqlite").path
        _ = try Ledger(path: path)
        let ids = Failures()
        let failures = twice { _ in
            let ledger = try Ledger(path: path)
            for index in 0..<200 {
                let account = try ledger.ensureAccount(
                    AccountReference(name: "Account \(index)", currency: .EUR), fallbackCurrency: .EUR)
                ids.append("\(index)=\(account.id)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(Set(ids.all).count == 200)
    }
}

/// Strings collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
