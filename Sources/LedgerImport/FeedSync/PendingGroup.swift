import FeedAdapter
import LedgerStore

/// A stream's batches checked and converted, waiting to be written in one transaction.
struct PendingGroup {
    /// The most rows, and batches, one transaction takes: enough to write each touched page once
    /// for a whole incremental sync, small enough that a crash replays little.
    static let rowLimit = 10_000
    static let batchLimit = 100

    var batches: [FeedBatch] = []
    var changes: [SyncBatch] = []
    var rejected = 0
    var rows = 0

    var isFull: Bool { rows >= PendingGroup.rowLimit || batches.count >= PendingGroup.batchLimit }

    mutating func add(_ batch: FeedBatch, _ change: SyncBatch, rejected: Int) {
        batches.append(batch)
        changes.append(change)
        self.rejected += rejected
        rows += change.upserts.count + change.deletions.count + change.balances.count + change.accounts.count
    }
}
