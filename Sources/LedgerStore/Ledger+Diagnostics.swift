import LedgerCore

extension Ledger: CheckpointExplaining {
    /// A checkpoint with its window's pending rows and, when it shows a discrepancy, the
    /// candidates for its cause.
    ///
    /// The window is the days after the previous checkpoint up to and including this one's. The
    /// statement's end-of-day balances come from the rows' stated running balances and from the
    /// statement balances recorded for those days.
    public func explained(_ checkpoint: Checkpoint, of account: StoredAccount) throws(StoreError) -> Checkpoint {
        try explanation(of: checkpoint, for: account)
    }

    /// One transaction by id, if it exists.
    public func transaction(id: Int64) throws(StoreError) -> StoredTransaction? {
        try transactions(ids: [id]).first
    }

    /// The most pending transaction ids a summary lists.
    static let pendingIDLimit = 1_000

    /// The window's pending rows: count, exact sum, and the first ids.
    ///
    /// `day > coalesce(?2, '')` rather than `(?2 IS NULL OR day > ?2)`: the `OR` form hides the
    /// day range from the identity index, so every checkpoint scanned the whole account.
    func pendingSummary(of account: StoredAccount, after: Day?, through: Day) throws(StoreError)
        -> PendingSummary
    {
        let query = try database.prepare(
            """
            SELECT id, CASE direction WHEN 'credit' THEN amount ELSE -amount END FROM transactions
            WHERE account_id = ?1 AND day > coalesce(?2, '') AND day <= ?3 AND status = 'pending'
            ORDER BY day, id
            """)
        let rows = try query.rows([.int(account.id), .optional(after?.description), .text(through.description)]) {
            row throws(StoreError) in (row.int(0), row.int(1))
        }
        guard let sum = Money.sum(rows.map(\.1)) else {
            throw StoreError(.overflow("the pending rows of \(account.name)"), at: .file(path))
        }
        return PendingSummary(
            count: rows.count, sum: sum, transactions: rows.prefix(Ledger.pendingIDLimit).map(\.0))
    }

    /// The window's rows as the diagnostics read them, by day and storage order.
    func diagnosticRows(of account: StoredAccount, after: Day?, through: Day) throws(StoreError)
        -> [DiagnosticRow]
    {
        let query = try database.prepare(
            """
            SELECT id, day, amount, direction, status, description, statement_balance FROM transactions
            WHERE account_id = ?1 AND day > coalesce(?2, '') AND day <= ?3
            ORDER BY day, id
            """)
        return try query.rows([.int(account.id), .optional(after?.description), .text(through.description)]) {
            row throws(StoreError) in
            guard let day = Day(iso: row.text(1)) else {
                throw StoreError(.corruptValue(column: "transactions.day", found: row.text(1)), at: .file(path))
            }
            let amount = row.int(2)
            return DiagnosticRow(
                id: row.int(0), day: day, signedMinorUnits: row.text(3) == "credit" ? amount : -amount,
                isPending: row.text(4) != "booked", description: row.text(5), statementBalance: row.optionalInt(6))
        }
    }

    /// Ledger-kind statement balances recorded for the window's days.
    func statedBalances(of account: StoredAccount, after: Day, through: Day) throws(StoreError) -> [Day: Int64] {
        let query = try database.prepare(
            """
            SELECT as_of, amount FROM statement_balances
            WHERE account_id = ? AND kind = 'ledger' AND as_of > ? AND as_of <= ?
            """)
        var result: [Day: Int64] = [:]
        for (day, amount) in try query.rows(
            [.int(account.id), .text(after.description), .text(through.description)],
            {
                row throws(StoreError) in (Day(iso: row.text(0)), row.int(1))
            })
        {
            if let day { result[day] = amount }
        }
        return result
    }
}
