import LedgerCore

/// What a feed sync (`FeedSync`, `ledgerport sync`) calls on a ledger, whichever store holds it:
/// the stream positions, the batches applied with their position in one transaction, the
/// accounts a feed keys, and the newest statement balances for its checkpoints. The import's
/// door (``ImportStore``) gives the checkpoint itself.
public protocol SyncStore: ImportStore {
    /// Every stored stream position, by stream key.
    func syncPositions() throws(StoreError) -> [String: SyncPosition]

    /// Applies consecutive batches of one stream in one transaction with the stream's position,
    /// skipping those the stored position has passed.
    @discardableResult
    func applySync(_ batches: [SyncBatch], after start: SyncPosition?) throws(StoreError) -> SyncCounts

    /// The account with this source key, if any.
    func account(key: String) throws(StoreError) -> StoredAccount?

    /// The newest statement balance of a kind recorded for an account, if any.
    func newestStatementBalance(of account: StoredAccount, kind: StatementBalance.Kind) throws(StoreError)
        -> (asOf: Day, signedMinorUnits: Int64)?
}

extension Ledger: SyncStore {}

extension PostgresLedger: SyncStore {}
