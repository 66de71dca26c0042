import FeedAdapter
import Foundation
import LedgerCore
import LedgerImport
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// A sync killed between its last batch and its checkpoints (scripts/reliability/crash.py --sync
/// found it: the rerun had no new batch, so it ran no checkpoint, and the ledger kept 1 of 3).
@Suite("FeedSync after a kill")
struct FeedSyncCrashTests {
    private let samplePath = Fixture.repositoryRoot.appendingPathComponent("samples/feed").path

    private func checkpointLines(_ ledger: Ledger) throws -> [String] {
        try ledger.allAccounts().flatMap { account in
            try ledger.checkpoints(of: account).map { checkpoint in
                "\(account.name) \(checkpoint.asOf) \(checkpoint.actual) \(checkpoint.status)"
            }
        }.sorted()
    }

    @Test("a sync rerun with nothing new runs the checkpoints a killed sync never ran")
    func checkpointsAfterKill() throws {
        let reference = try checkpointLines(syncedFromScratch(samplePath))
        #expect(!reference.isEmpty)

        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: samplePath)
        // What a kill after the last batch's commit and before the checkpoints leaves behind.
        try ledger.database.execute("DELETE FROM checkpoints")
        let rerun = try FeedSync(ledger: ledger).sync(folderAt: samplePath)
        #expect(rerun.streams.allSatisfy { $0.batches == 0 })
        #expect(rerun.checkpoints.count == reference.count)
        #expect(try checkpointLines(ledger) == reference)

        // Once they exist, a sync with nothing new runs none again.
        #expect(try FeedSync(ledger: ledger).sync(folderAt: samplePath).checkpoints.isEmpty)
    }
}
