import LedgerCore

extension Ledger {
    /// Income and spending of the booked rows a query selects, by its grouping and currency,
    /// transfers left out (`docs/reports.md`).
    ///
    /// Income is the credits' amounts added and spending the debits', each by direction, never by
    /// sign; two currencies are never added. Pending rows are left out, as balances leave them.
    /// Every grouping but payee sums the per-day totals (migration 17, `report_totals`) and takes
    /// off the rows of matched transfers in the window, so the cost grows with the days and
    /// categories, not with the rows; grouping by payee reads the rows. Lines come by month, then
    /// group (rows with no category first), then currency. A sum that leaves 64 bits is an error
    /// (SQLite's `sum` and the additions here report overflow), never a wrapped figure.
    ///
    /// - Throws: ``StoreError`` when the database can't be read, a sum overflows, or it holds a
    ///   currency that is neither ISO 4217 nor declared.
    public func report(_ query: ReportQuery) throws(StoreError) -> [ReportLine] {
        let accounts = query.accounts.map { Binding.int($0.id) }
        let bounds: [Binding] = [.optional(query.window.start?.description), .optional(query.window.end?.description)]
        return try read {
            var tally = ReportTally(
                query, accounts: query.grouping == .account ? try allAccounts() : [], location: path)
            let sql = ReportTally.sql(query, placeholder: "?")
            try database.prepare(sql).forEachRow(bounds + accounts) { row throws(StoreError) in
                try tally.add(
                    month: row.int(0), group: query.grouping == .account ? String(row.int(1)) : row.optionalText(1),
                    currency: row.text(2), isCredit: row.int(3) != 0, amount: row.int(4), rows: row.int(5))
                return true
            }
            return try tally.lines { code throws(StoreError) in
                try storedCurrency(code, column: "transactions.currency")
            }
        }
    }

    /// The first and last day a booked row or a checkpoint of the accounts (every account when
    /// empty) is on, or `nil` when there are none: the span a net worth over time covers.
    public func bookedSpan(of accounts: [StoredAccount] = []) throws(StoreError) -> ClosedRange<Day>? {
        let filter =
            accounts.isEmpty ? "" : "WHERE account_id IN (\(Self.placeholders(accounts.count, from: 1)))"
        let query = try database.prepare(
            """
            SELECT min(day), max(day) FROM (
                SELECT day FROM daily_totals \(filter)
                UNION ALL SELECT as_of FROM checkpoints \(filter))
            """)
        let found = try query.rows(accounts.map { Binding.int($0.id) }) { row throws(StoreError) in
            (row.optionalText(0), row.optionalText(1))
        }
        guard let (first, last) = found.first, let first, let last else { return nil }
        return try spanDay(first)...spanDay(last)
    }

    // MARK: - Private

    private func spanDay(_ text: String) throws(StoreError) -> Day {
        guard let day = Day(iso: text) else {
            throw StoreError(.corruptValue(column: "day", found: text), at: .file(path))
        }
        return day
    }

    /// `?N, ?N+1, …`: `count` numbered placeholders.
    private static func placeholders(_ count: Int, from first: Int) -> String {
        (first..<(first + count)).map { "?\($0)" }.joined(separator: ", ")
    }
}
