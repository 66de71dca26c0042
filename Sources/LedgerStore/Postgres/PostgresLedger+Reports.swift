import LedgerCore

/// The reports on PostgreSQL (issue 21), as `Ledger+Reports.swift` and
/// `Ledger+BalanceHistory.swift` read them on SQLite: the same SQL (``ReportTally``) over the
/// per-day totals the import keeps (`report_totals`, `daily_totals`), added up by the same code.
extension PostgresLedger: ReportReading {
    /// Runs `body` in a read-only `REPEATABLE READ` transaction: one snapshot, whole batches only
    /// while imports commit. A transaction already open is joined.
    public func inSnapshot<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard !connection.isInTransaction else { return try body() }
        return try connection.inTransaction { () throws(StoreError) -> T in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            return try body()
        }
    }

    /// Income and spending of the booked rows a query selects (``ReportReading/report(_:)``).
    public func report(_ query: ReportQuery) throws(StoreError) -> [ReportLine] {
        let parameters =
            [query.window.start?.description, query.window.end?.description] + query.accounts.map { String($0.id) }
        return try inSnapshot { () throws(StoreError) -> [ReportLine] in
            var tally = ReportTally(
                query, accounts: query.grouping == .account ? try allAccounts() : [], location: location)
            let result = try connection.query(ReportTally.sql(query, placeholder: "$"), parameters)
            for row in result.rows {
                try tally.add(
                    month: try row.int(0), group: try row.optionalText(1), currency: try row.text(2),
                    isCredit: try row.int(3) != 0, amount: try sum(row, 4), rows: try row.int(5))
            }
            return try tally.lines { code throws(StoreError) in
                try storedCurrency(code, column: "transactions.currency")
            }
        }
    }

    /// The first and last day a booked row or a checkpoint of the accounts is on.
    public func bookedSpan(of accounts: [StoredAccount]) throws(StoreError) -> ClosedRange<Day>? {
        let filter = accounts.isEmpty ? "" : "WHERE account_id = ANY ($1::bigint[])"
        let result = try connection.query(
            """
            SELECT min(day COLLATE "C"), max(day COLLATE "C") FROM (
                SELECT day FROM daily_totals \(filter)
                UNION ALL SELECT as_of FROM checkpoints \(filter)) AS days
            """,
            accounts.isEmpty ? [] : [PostgresArray.text(accounts.map { String($0.id) })])
        guard let row = result.rows.first, let first = try row.optionalText(0), let last = try row.optionalText(1)
        else { return nil }
        return try storedDay(first)...storedDay(last)
    }

    /// The net of an account's booked transactions per day with a nonzero net, oldest first.
    public func dailyNets(of account: StoredAccount, from first: Day, through last: Day) throws(StoreError)
        -> [(day: Day, net: Int64)]
    {
        let result = try connection.query(
            """
            SELECT day, booked_net FROM daily_totals
            WHERE account_id = $1 AND day >= $2 AND day <= $3 AND booked_net <> 0 ORDER BY day COLLATE "C"
            """,
            [String(account.id), first.description, last.description])
        return try result.rows.map { row throws(StoreError) in (try storedDay(try row.text(0)), try row.int(1)) }
    }

    /// The ids of an account's pending transactions from `first` through `last`, by day and id.
    public func pendingTransactionIDs(of account: StoredAccount, from first: Day, through last: Day)
        throws(StoreError) -> [Int64]
    {
        let result = try connection.query(
            """
            SELECT id FROM transactions
            WHERE account_id = $1 AND status = 'pending' AND day >= $2 AND day <= $3 ORDER BY day COLLATE "C", id
            """,
            [String(account.id), first.description, last.description])
        return try result.rows.map { row throws(StoreError) in try row.int(0) }
    }

    // MARK: - Private

    /// A sum of amounts: PostgreSQL's `sum` of `bigint` is a `numeric` that doesn't overflow, so
    /// one past 64 bits is reported here as SQLite reports it.
    private func sum(_ row: PostgresRow, _ index: Int) throws(StoreError) -> Int64 {
        let text = try row.text(index)
        if let value = Int64(text) { return value }
        if text.utf8.allSatisfy({ $0 == 0x2D || ($0 >= 0x30 && $0 <= 0x39) }) {
            throw StoreError(.overflow("a report's total"), at: .file(location))
        }
        return try row.int(index)
    }
}
