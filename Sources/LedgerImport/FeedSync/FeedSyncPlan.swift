import FeedAdapter
import LedgerStore

/// Where a stream's sync starts, decided from the stored position and the feed's sequence
/// numbers (sync rules 2 and 3).
///
/// - No stored position: start at batch 1, or, when the feed no longer has it (compacted), at
///   its newest `reset` snapshot.
/// - A stored position whose epoch, sequence and token all continue: start right after it.
/// - Otherwise the stored token is invalid (FinanceKit's `historyTokenInvalid`): the epoch
///   changed, the next batch is missing, the stream went back, or the next batch's
///   `previousToken` is not the stored token. Resync from the newest `reset` snapshot, or from
///   batch 1 when there is none, applying the first batch as a snapshot.
struct FeedSyncPlan: Equatable {
    /// The first batch to apply, or `nil` when there is nothing new.
    var startSeq: Int?
    /// Whether the first batch replaces the stream's rows (a fresh start or a resync).
    var startsWithSnapshot: Bool
    /// Why the stored position was discarded, when it was.
    var resyncReason: String?

    static let upToDate = FeedSyncPlan(startSeq: nil, startsWithSnapshot: false, resyncReason: nil)

    /// A stream whose history cannot be read from any start: it does not begin at 1 and holds no
    /// snapshot.
    struct NoStart: Error {
        var firstSeq: Int

        var message: String {
            "the stream's first batch is \(firstSeq), not 1, and none of its batches is a reset snapshot; "
                + "expected the history from batch 1 or from a snapshot"
        }
    }

    /// Decides where to start.
    ///
    /// - Parameters:
    ///   - stored: the stream's stored position, if any.
    ///   - epoch: the feed's current epoch.
    ///   - seqs: the stream's sequence numbers, ascending.
    ///   - previousToken: reads a batch's `previousToken` (only the one after the stored position).
    ///   - isReset: whether a batch is a snapshot (asked newest first, only when needed).
    /// - Throws: ``NoStart``, or whatever the two readers throw.
    static func make(
        stored: SyncPosition?, epoch: String, seqs: [Int], previousToken: (Int) throws -> String?,
        isReset: (Int) throws -> Bool
    ) throws -> FeedSyncPlan {
        guard let last = seqs.last, let first = seqs.first else { return .upToDate }
        guard let stored else {
            if first == 1 { return FeedSyncPlan(startSeq: 1, startsWithSnapshot: true, resyncReason: nil) }
            return FeedSyncPlan(startSeq: try newestStart(seqs, isReset), startsWithSnapshot: true, resyncReason: nil)
        }
        let reason: String
        if stored.epoch != epoch {
            reason = "the feed's epoch changed from \(stored.epoch) to \(epoch)"
        } else if last < stored.lastSeq {
            reason = "the stream now ends at batch \(last), before batch \(stored.lastSeq) already applied"
        } else if last == stored.lastSeq {
            return .upToDate
        } else if !seqs.contains(stored.lastSeq + 1) {
            reason = "batch \(stored.lastSeq + 1) is missing after batch \(stored.lastSeq) already applied"
        } else if try previousToken(stored.lastSeq + 1) != stored.lastToken {
            reason = "batch \(stored.lastSeq + 1)'s previousToken is not the token stored for batch \(stored.lastSeq)"
        } else {
            return FeedSyncPlan(startSeq: stored.lastSeq + 1, startsWithSnapshot: false, resyncReason: nil)
        }
        return FeedSyncPlan(startSeq: try newestStart(seqs, isReset), startsWithSnapshot: true, resyncReason: reason)
    }

    /// The newest reset snapshot, else batch 1.
    private static func newestStart(_ seqs: [Int], _ isReset: (Int) throws -> Bool) throws -> Int {
        for seq in seqs.reversed() where try isReset(seq) { return seq }
        guard let first = seqs.first, first == 1 else { throw NoStart(firstSeq: seqs.first ?? 0) }
        return 1
    }
}
