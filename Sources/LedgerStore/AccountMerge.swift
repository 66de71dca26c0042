/// What merging one account into another did, or in a dry run would do.
public struct AccountMerge: Sendable, Hashable {
    /// The account merged away (it no longer exists unless this was a dry run).
    public var from: StoredAccount
    /// The account that holds everything now.
    public var into: StoredAccount
    /// Transactions moved into `into`.
    public var movedTransactions = 0
    /// Transactions of `from` that `into` already held (same identity or same source id): dropped.
    public var duplicateTransactions = 0
    /// Statement balances moved.
    public var movedBalances = 0
    /// Statement balances of `from` on a day and of a kind `into` already has: dropped, `into`'s kept.
    public var duplicateBalances = 0
    /// Checkpoints moved.
    public var movedCheckpoints = 0
    /// Checkpoints of `from` on a day `into` already has one for: dropped, `into`'s kept.
    public var duplicateCheckpoints = 0
    /// Whether `from`'s link to its source (a feed account's key) moved to `into`.
    public var movedSourceKey = false
    /// `into`'s checkpoints whose figures changed, recomputed from the earliest day moved.
    public var refreshed: [Checkpoint] = []

    /// Creates an empty result for a merge of `from` into `into`.
    public init(from: StoredAccount, into: StoredAccount) {
        self.from = from
        self.into = into
    }
}
