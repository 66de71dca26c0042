import LedgerStore

/// The stores of the changes by hand (`add`, `transactions edit`, `accounts rename`/`set`/`merge`), whichever store holds the
/// ledger (issue 21): the SQLite file or the PostgreSQL ledger, which must exist.
extension CommandContext {
    /// The ledger `add` stores a typed transaction in.
    ///
    /// - Throws: ``RuntimeError`` "no ledger at PATH" when there is none; a ``StoreError`` when
    ///   the server can't be reached or the ledger can't be opened.
    func quickAddStore() throws -> any QuickAddStore {
        guard target.isPostgres else { return try ledger() }
        _ = try importStore()
        return try postgresLedger()
    }

    /// The ledger `transactions edit` corrects a transaction in (errors as ``quickAddStore()``).
    func transactionEditStore() throws -> any TransactionEditStore {
        guard target.isPostgres else { return try ledger() }
        _ = try importStore()
        return try postgresLedger()
    }

    /// The ledger `accounts rename`, `set` and `merge` change (errors as ``quickAddStore()``).
    func accountChangeStore() throws -> any AccountChangeStore {
        guard target.isPostgres else { return try ledger() }
        _ = try importStore()
        return try postgresLedger()
    }
}
