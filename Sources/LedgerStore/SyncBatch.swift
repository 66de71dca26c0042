import LedgerCore

/// What one feed batch (or the snapshot that starts a resync) does to the ledger, with the stream
/// position it brings. ``Ledger/applySync(_:after:)`` writes all of it in one database transaction.
public struct SyncBatch: Sendable {
    /// The stream's key in `sync_state` (`accounts`, `transactions/<accountID>`).
    public var stream: String
    /// The position after this batch.
    public var position: SyncPosition
    /// Accounts the batch declares; created when missing, otherwise left as they are.
    public var accounts: [AccountReference]
    /// The account the transactions and balances belong to.
    public var account: StoredAccount?
    /// Transactions to insert, or to update when a row with the same external id exists.
    public var upserts: [PendingRow]
    /// External ids of transactions to delete (an unknown id is a no-op).
    public var deletions: [String]
    /// Whether `upserts` is the account's complete set of transactions (a transaction stream's
    /// snapshot): every row of the account with an external id that `upserts` does not hold is
    /// deleted. Leave it `false` for accounts and balances.
    public var replacesTransactions: Bool
    /// Statement balances to record (replacing one of the same account, kind and day).
    public var balances: [StatementBalance]

    /// Creates a batch.
    public init(
        stream: String, position: SyncPosition, accounts: [AccountReference] = [], account: StoredAccount? = nil,
        upserts: [PendingRow] = [], deletions: [String] = [], replacesTransactions: Bool = false,
        balances: [StatementBalance] = []
    ) {
        self.stream = stream
        self.position = position
        self.accounts = accounts
        self.account = account
        self.upserts = upserts
        self.deletions = deletions
        self.replacesTransactions = replacesTransactions
        self.balances = balances
    }
}
