import LedgerCore

/// A checkpoint's explanation on PostgreSQL (issue 21), as `Ledger+Diagnostics.swift` gives it on
/// SQLite: the window's pending rows, and for a discrepancy the candidates for its cause, found
/// by the same ``DiscrepancyDiagnostics`` over the same rows.
extension PostgresLedger: CheckpointExplaining {
    /// A checkpoint with its window's pending rows and, when it shows a discrepancy, the
    /// candidates for its cause.
    public func explained(_ checkpoint: Checkpoint, of account: StoredAccount) throws(StoreError) -> Checkpoint {
        try explanation(of: checkpoint, for: account)
    }

    /// The latest checkpoint of the account strictly before `day`.
    public func latestCheckpoint(of account: StoredAccount, before day: Day) throws(StoreError) -> Checkpoint? {
        try checkpoints(of: account).first { $0.asOf < day }
    }

    // MARK: - What the explanation reads (CheckpointExplaining)

    func pendingSummary(of account: StoredAccount, after: Day?, through: Day) throws(StoreError)
        -> PendingSummary
    {
        let result = try connection.query(
            """
            SELECT id, CASE direction WHEN 'credit' THEN amount ELSE -amount END FROM transactions
            WHERE account_id = $1 AND day > coalesce($2, '') AND day <= $3 AND status = 'pending'
            ORDER BY day, id
            """,
            [String(account.id), after?.description, through.description])
        let rows = try result.rows.map { row throws(StoreError) in (try row.int(0), try row.int(1)) }
        guard let sum = Money.sum(rows.map(\.1)) else {
            throw StoreError(.overflow("the pending rows of \(account.name)"), at: .file(location))
        }
        return PendingSummary(count: rows.count, sum: sum, transactions: rows.prefix(Ledger.pendingIDLimit).map(\.0))
    }

    func diagnosticRows(of account: StoredAccount, after: Day?, through: Day) throws(StoreError)
        -> [DiagnosticRow]
    {
        let result = try connection.query(
            """
            SELECT id, day, amount, direction, status, description, statement_balance FROM transactions
            WHERE account_id = $1 AND day > coalesce($2, '') AND day <= $3
            ORDER BY day, id
            """,
            [String(account.id), after?.description, through.description])
        return try result.rows.map { row throws(StoreError) in
            let dayText = try row.text(1)
            guard let day = Day(iso: dayText) else {
                throw StoreError(.corruptValue(column: "transactions.day", found: dayText), at: .file(location))
            }
            let amount = try row.int(2)
            return DiagnosticRow(
                id: try row.int(0), day: day, signedMinorUnits: try row.text(3) == "credit" ? amount : -amount,
                isPending: try row.text(4) != "booked", description: try row.text(5),
                statementBalance: try row.optionalInt(6))
        }
    }

    func statedBalances(of account: StoredAccount, after: Day, through: Day) throws(StoreError)
        -> [Day: Int64]
    {
        let result = try connection.query(
            """
            SELECT as_of, amount FROM statement_balances
            WHERE account_id = $1 AND kind = 'ledger' AND as_of > $2 AND as_of <= $3
            """,
            [String(account.id), after.description, through.description])
        var balances: [Day: Int64] = [:]
        for row in result.rows {
            if let day = Day(iso: try row.text(0)) { balances[day] = try row.int(1) }
        }
        return balances
    }
}
