import LedgerCore

/// The changes by hand a ledger takes whichever store holds it (issue 21): so far a checkpoint
/// by hand (`reconcile --balance`/`--opening`), the deletion of one (`checkpoints delete`), the
/// deletion of transactions (`transactions delete`) and taking an import back (`imports undo`). Each is one transaction, and a dry run
/// does it all, reports, and rolls back.
public protocol CorrectionStore: ImportStore {
    /// Takes an import back: removes exactly the rows it added (those another import also
    /// brought are handed to it), its statement balances and checkpoints, then recomputes the
    /// checkpoints whose windows changed; the import stays in the log, marked undone.
    ///
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/unknownImport(_:)`` for an unknown id.
    func undoImport(_ id: Int64, dryRun: Bool) throws(StoreError) -> ImportUndo

    /// Deletes transactions by id and remembers their identities, so that a re-import skips
    /// them; recomputes the checkpoints from the earliest day deleted.
    ///
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/unknownTransactions(_:)`` when an id is
    ///   unknown (nothing is deleted).
    func deleteTransactions(_ ids: [Int64], dryRun: Bool) throws(StoreError) -> TransactionCorrection

    /// The account's checkpoint on a day, if it has one.
    func checkpoint(of account: StoredAccount, on day: Day) throws(StoreError) -> Checkpoint?

    /// Stores a checkpoint by hand (`.manual`, or `.opening` with `isOpening`) and explains it;
    /// one a source brought on that day (a statement, a feed) is refused unless `replacingSource`.
    ///
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/sourceCheckpoint(account:day:source:importID:amount:)``
    ///   when a source's checkpoint is on that day and `replacingSource` is false (nothing written).
    @discardableResult
    func checkpointByHand(
        _ account: StoredAccount, asOf: Day, actual: Int64, isOpening: Bool, replacingSource: Bool
    ) throws(StoreError) -> Checkpoint

    /// Deletes an account's checkpoint on a day and recomputes the later ones.
    ///
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/noCheckpoint(account:day:)`` when the
    ///   account has none that day; on any failure nothing is changed.
    func deleteCheckpoint(of account: StoredAccount, on day: Day, dryRun: Bool) throws(StoreError)
        -> CheckpointDeletion
}

extension Ledger: CorrectionStore {
    /// A checkpoint by hand: ``checkpoint(_:asOf:actual:source:importID:yieldingToExisting:replacingSource:)``.
    public func checkpointByHand(
        _ account: StoredAccount, asOf: Day, actual: Int64, isOpening: Bool, replacingSource: Bool
    ) throws(StoreError) -> Checkpoint {
        try checkpoint(
            account, asOf: asOf, actual: actual, source: isOpening ? .opening : .manual,
            replacingSource: replacingSource)
    }
}
