/// What applying sync batches changed.
public struct SyncCounts: Sendable, Hashable {
    /// Rows (transactions, accounts or statement balances) that were new.
    public var inserted = 0
    /// Rows that existed and were rewritten.
    public var updated = 0
    /// Rows deleted, by id or because a snapshot no longer holds them.
    public var deleted = 0
    /// Batches applied.
    public var batches = 0
    /// Batches left alone because the stream's stored position had already passed them: another
    /// sync of the same feed applied them while this one waited for the write lock.
    public var alreadyApplied = 0
    /// Checkpoints recomputed because rows of their windows changed (or their statement balance
    /// was restated), with their new figures: those whose status or discrepancy changed.
    public var refreshed: [Checkpoint] = []

    /// No changes.
    public init() {}
}
