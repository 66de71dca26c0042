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
    /// Rejected transactions per batch, in the batches' order.
    var rejections: [Int] = []
    var rows = 0

    var isFull: Bool { rows >= PendingGroup.rowLimit || batches.count >= PendingGroup.batchLimit }

    /// The rejected transactions of the group's last `count` batches (the ones a write applied,
    /// when another sync had applied the first ones).
    func rejected(inLast count: Int) -> Int { rejections.suffix(count).reduce(0, +) }

    mutating func add(_ batch: FeedBatch, _ change: SyncBatch, rejected: Int) {
        batches.append(batch)
        changes.append(change)
        rejections.append(rejected)
        rows += change.upserts.count + change.deletions.count + change.balances.count + change.accounts.count
    }
}
