import LedgerCore

/// A store that can explain a checkpoint: what each backend reads of a checkpoint's window, and
/// the explanation made of it once for both (``explanation(of:for:)``).
protocol CheckpointExplaining {
    /// The latest checkpoint of the account strictly before `day`.
    func latestCheckpoint(of account: StoredAccount, before day: Day) throws(StoreError) -> Checkpoint?
    /// The window's pending rows: how many and their net.
    func pendingSummary(of account: StoredAccount, after: Day?, through: Day) throws(StoreError) -> PendingSummary
    /// The window's rows as the diagnostics read them, by day and storage order.
    func diagnosticRows(of account: StoredAccount, after: Day?, through: Day) throws(StoreError) -> [DiagnosticRow]
    /// The statement's end-of-day balances in the window: the rows' stated running balances and
    /// the statement balances recorded for those days.
    func statedBalances(of account: StoredAccount, after: Day, through: Day) throws(StoreError) -> [Day: Int64]
}

extension CheckpointExplaining {
    /// A checkpoint with its window's pending rows and, when it shows a discrepancy, the
    /// candidates for its cause.
    ///
    /// The window is the days after the previous checkpoint up to and including this one's.
    func explanation(of checkpoint: Checkpoint, for account: StoredAccount) throws(StoreError) -> Checkpoint {
        var result = checkpoint
        let previous = try latestCheckpoint(of: account, before: checkpoint.asOf)
        result.pending = try pendingSummary(of: account, after: previous?.asOf, through: checkpoint.asOf)
        guard let discrepancy = checkpoint.discrepancy, discrepancy != 0, let previous else { return result }
        let rows = try diagnosticRows(of: account, after: previous.asOf, through: checkpoint.asOf)
        var balances = try statedBalances(of: account, after: previous.asOf, through: checkpoint.asOf)
        balances[checkpoint.asOf] = checkpoint.actual
        let diagnostics = DiscrepancyDiagnostics(
            discrepancy: discrepancy, openingBalance: previous.actual, rows: rows, statementBalances: balances,
            currency: account.currency)
        result.diagnosis = diagnostics.diagnose()
        return result
    }
}
