import FeedAdapter
import LedgerCore
import LedgerStore

/// One stream's progress during a sync: where it starts, the token chain it must continue, and
/// its report.
struct StreamSyncer {
    let stream: FeedStream
    let stored: SyncPosition?
    let epoch: String
    var report: FeedStreamReport
    /// The first batch to apply, once planned (`nil`: nothing to do).
    private(set) var startSeq: Int?
    private var startsWithSnapshot = false
    private var lastSeq: Int?
    private var lastToken: String?
    /// Whether a batch stopped the stream.
    private(set) var isFailed = false
    /// The stream's position the next group of batches continues: the stored one read before the
    /// plan, then the last batch of each group written. The store compares it with the position
    /// it finds under the write lock, so batches another sync applied meanwhile are not applied
    /// twice.
    private(set) var position: SyncPosition?

    init(stream: FeedStream, stored: SyncPosition?, epoch: String) {
        self.stream = stream
        self.stored = stored
        self.epoch = epoch
        self.position = stored
        self.report = FeedStreamReport(stream: stream)
        report.lastSeq = stored?.lastSeq
    }

    /// Whether the stream may still take batches.
    var isActive: Bool { !isFailed && startSeq != nil }

    /// Decides where to start (see ``FeedSyncPlan``).
    mutating func plan(seqs: [Int], previousToken: (Int) throws -> String?, isReset: (Int) throws -> Bool) throws {
        let plan = try FeedSyncPlan.make(
            stored: stored, epoch: epoch, seqs: seqs, previousToken: previousToken, isReset: isReset)
        startSeq = plan.startSeq
        startsWithSnapshot = plan.startsWithSnapshot
        if let reason = plan.resyncReason {
            report.resynced = true
            report.reason = reason
        }
    }

    /// Checks that a batch continues the chain and moves the chain on to it; returns whether it
    /// is applied as a snapshot.
    ///
    /// - Throws: ``FeedError`` for a missing sequence number or a `previousToken` that does not
    ///   continue the batch before.
    mutating func accept(_ batch: FeedBatch) throws(FeedError) -> Bool {
        guard let start = startSeq else { return false }
        let isSnapshot: Bool
        if let lastSeq {
            guard batch.seq == lastSeq + 1 else {
                throw FeedError(.sequenceGap(after: lastSeq, next: batch.seq), at: batch.location)
            }
            guard batch.previousToken == lastToken else {
                throw FeedError(
                    .invalidValue(
                        found: "previousToken \(batch.previousToken.map { "\"\($0)\"" } ?? "null")",
                        expected: "\"\(lastToken ?? "")\", the newToken of batch \(lastSeq)"),
                    at: batch.location, jsonPath: "$.previousToken")
            }
            isSnapshot = batch.reset
        } else {
            guard batch.seq == start else {
                throw FeedError(.sequenceGap(after: start - 1, next: batch.seq), at: batch.location)
            }
            isSnapshot = startsWithSnapshot || batch.reset
        }
        lastSeq = batch.seq
        lastToken = batch.newToken
        return isSnapshot
    }

    /// Records a group of batches written in one transaction; the counts cover only the batches
    /// this sync applied (not those another sync had applied first).
    mutating func committed(_ group: PendingGroup, counts: SyncCounts) {
        position = group.changes.last?.position ?? position
        report.rejected += group.rejected(inLast: counts.batches)
        report.lastSeq = group.batches.last?.seq ?? report.lastSeq
        report.batches += counts.batches
        report.inserted += counts.inserted
        report.updated += counts.updated
        report.deleted += counts.deleted
    }

    /// Stops the stream at an error.
    mutating func fail(_ error: any Error, at fallback: SourceLocation? = nil) {
        isFailed = true
        if let located = error as? any LocatedError {
            report.failure = FeedSyncFailure(located)
        } else if let start = error as? FeedSyncPlan.NoStart {
            report.failure = FeedSyncFailure(location: fallback ?? .file(stream.path), reason: start.message)
        } else {
            report.failure = FeedSyncFailure(location: fallback ?? .file(stream.path), reason: "\(error)")
        }
    }
}
