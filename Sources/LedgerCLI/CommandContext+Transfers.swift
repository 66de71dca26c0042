import LedgerStore

extension CommandContext {
    /// The ledger whose transfers the `transfers` commands list and change, whichever store holds
    /// it (it must exist: the same refusal as ``importStore(creatingIfMissing:)``'s).
    func transferStore() throws -> any TransferStore {
        guard target.isPostgres else { return try ledger() }
        _ = try importStore()
        return try postgresLedger()
    }

    /// Pairs transfers again after a write that added or removed rows (`import`, `sync`,
    /// `transactions delete`, `imports undo`), with the default window of days, in a transaction
    /// of its own, whichever store holds the ledger.
    func matchTransfersAfterWrite() throws {
        _ = try transferStore().matchTransfers(maxDays: Ledger.transferDays)
    }
}
