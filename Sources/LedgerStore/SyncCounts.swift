/// What applying a sync batch changed.
public struct SyncCounts: Sendable, Hashable {
    /// Rows (transactions, accounts or statement balances) that were new.
    public var inserted = 0
    /// Rows that existed and were rewritten.
    public var updated = 0
    /// Rows deleted, by id or because a snapshot no longer holds them.
    public var deleted = 0

    /// No changes.
    public init() {}
}
