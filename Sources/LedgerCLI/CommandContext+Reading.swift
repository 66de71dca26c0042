import LedgerStore

extension CommandContext {
    /// The ledger the reports and `export` read (and keep the export marks in), whichever store
    /// holds it; it must exist, as for ``reader()``.
    ///
    /// - Throws: ``RuntimeError`` "no ledger at PATH" for a missing ledger; a ``StoreError`` when
    ///   the server can't be reached or the ledger can't be opened.
    func readingStore() throws -> any ExportReading {
        guard target.isPostgres else { return try ledger() }
        _ = try importStore()
        return try postgresLedger()
    }
}

extension CommandContext {
    /// The ledger `check` checks, whichever store holds it; it must exist, as for ``reader()``.
    func checkedStore() throws -> any LedgerChecking {
        guard target.isPostgres else { return try ledger() }
        _ = try importStore()
        return try postgresLedger()
    }
}
