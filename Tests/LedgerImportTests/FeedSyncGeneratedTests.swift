import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

/// Runs `scripts/bench/gen_feed.py`; `false` when python3 is not there to run it.
private func generateFeed(_ arguments: [String]) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
        ["python3", Fixture.repositoryRoot.appendingPathComponent("scripts/bench/gen_feed.py").path] + arguments
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
}

private let hasPython: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "pass"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

@Suite("FeedSync, generated feeds")
struct FeedSyncGeneratedTests {
    @Test(
        "a generated feed synced in steps, killed between batches, reconciles and ends like a sync from scratch",
        .enabled(if: hasPython, "needs python3 to run scripts/bench/gen_feed.py"))
    func generatedSteps() throws {
        let folder = NSTemporaryDirectory() + "gen-feed-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let feed = folder + "/feed"
        #expect(try generateFeed([feed, "--transactions", "600", "--batches", "12", "--balance-every", "2"]))
        let ledger = try Ledger(path: ":memory:")
        var report = try FeedSync(ledger: ledger, batchLimit: 5).sync(folderAt: feed)
        #expect(report.isInterrupted)
        for _ in 0..<3 {
            #expect(try generateFeed([feed, "--append", "4", "--per-batch", "30", "--balance-every", "2"]))
            report = try FeedSync(ledger: ledger, batchLimit: 7).sync(folderAt: feed)
        }
        repeat { report = try FeedSync(ledger: ledger).sync(folderAt: feed) } while !report.isComplete
        let again = try FeedSync(ledger: ledger).sync(folderAt: feed)
        #expect(again.batches == 0)

        let fresh = try Ledger(path: ":memory:")
        let scratch = try FeedSync(ledger: fresh).sync(folderAt: feed)
        #expect(scratch.isComplete)
        #expect(try ledgerLines(ledger) == ledgerLines(fresh))
        // The generator's balances are the sums of its booked transactions: every account's
        // current balance is its newest statement balance.
        for account in try ledger.allAccounts() {
            let newest = try #require(try ledger.newestStatementBalance(of: account))
            #expect(try ledger.balance(of: account, asOf: newest.asOf) == newest.signedMinorUnits)
        }
    }
}
