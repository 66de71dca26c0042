import LedgerCore

/// The import's door, whichever store holds the ledger: what `BatchImporter` and `import` call
/// on a SQLite file (``Ledger``) or a PostgreSQL ledger (``PostgresLedger``, issue 21).
///
/// The importer calls it per batch and per account, never per row: a row is checked, given its
/// account from the importer's own cache and appended to the batch without a call here, so the
/// dynamic call of an `any ImportStore` costs a few per 100 rows.
public protocol ImportStore: LedgerReading {
    /// The ledger's declared commodities: a file's units and `--currency` resolve through them.
    var commodities: CommodityTable { get }
    /// Whether a batch brings back rows `transactions delete` removed instead of skipping them.
    var restoresDeletedRows: Bool { get set }

    /// Opens a row in the imports log, with status `running`, and returns its id.
    func beginImport(
        sourcePath: String, adapter: String, mapping: String?, adapterVersion: String?, adapterSHA256: String?,
        process: ImportProcess?
    ) throws(StoreError) -> Int64

    /// Closes an import's row with its counts and how it ended.
    func finishImport(_ id: Int64, _ outcome: Ledger.ImportOutcome) throws(StoreError)

    /// Saves one batch whole or not at all: inserts, duplicates counted by the store's identity,
    /// withdrawals in order.
    func save(_ items: [BatchItem], importID: Int64?) -> BatchOutcome

    /// Finds or creates the account a source declares, and says whether this call created it.
    func ensureAccountNotingCreation(_ reference: AccountReference, fallbackCurrency: Currency)
        throws(StoreError) -> (account: StoredAccount, isNew: Bool)

    /// The stored account an import of this reference would use, without creating one.
    func existingAccount(matching reference: AccountReference) throws(StoreError) -> StoredAccount?

    /// Which rows of a batch the ledger already holds (a dry run's count of what is new).
    func isStored(_ rows: [PendingRow]) throws(StoreError) -> [Bool]

    /// Records a balance a source states.
    func recordStatementBalance(_ balance: StatementBalance, account: StoredAccount, importID: Int64?)
        throws(StoreError)

    /// A statement's checkpoint, stored and explained; with `yieldingToExisting`, a checkpoint
    /// already on that day (not an opening one) is kept instead.
    func importCheckpoint(
        _ account: StoredAccount, asOf: Day, actual: Int64, source: Checkpoint.Source, importID: Int64?,
        yieldingToExisting: Bool
    ) throws(StoreError) -> Checkpoint

    /// Recomputes the checkpoints on or after a day; returns those whose figures changed.
    @discardableResult
    func refreshCheckpoints(of account: StoredAccount, from day: Day) throws(StoreError) -> [Checkpoint]

    /// A checkpoint with its window's pending rows and the candidates for a discrepancy's cause.
    func explained(_ checkpoint: Checkpoint, of account: StoredAccount) throws(StoreError) -> Checkpoint

    /// Removes those of the given accounts that hold nothing; returns how many.
    @discardableResult
    func removeEmptyAccounts(_ ids: [Int64]) throws(StoreError) -> Int

    /// Whether a failure is the ledger's own (its file, lock or server), not a record's.
    func isLedgerFailure(_ error: StoreError) -> Bool
}

extension Ledger: ImportStore {
    /// A statement's checkpoint: ``checkpoint(_:asOf:actual:source:importID:yieldingToExisting:replacingSource:)``.
    public func importCheckpoint(
        _ account: StoredAccount, asOf: Day, actual: Int64, source: Checkpoint.Source, importID: Int64?,
        yieldingToExisting: Bool
    ) throws(StoreError) -> Checkpoint {
        try checkpoint(
            account, asOf: asOf, actual: actual, source: source, importID: importID,
            yieldingToExisting: yieldingToExisting)
    }

    /// Whether a failure is located at the ledger's file.
    public func isLedgerFailure(_ error: StoreError) -> Bool { error.location.file == path }
}
