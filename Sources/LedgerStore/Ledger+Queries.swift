import LedgerCore

extension Ledger {
    /// Transactions in a window of booking days, by account, day and the order they were stored.
    ///
    /// Gathers every row in memory: a listing of unknown size reads them one at a time with
    /// ``transactions(matching:_:)`` instead.
    ///
    /// - Parameters:
    ///   - account: only this account's, or every account's when `nil`.
    ///   - window: includes `start`, excludes `end`; open bounds take everything.
    public func transactions(account: StoredAccount? = nil, in window: DayWindow = DayWindow(start: nil, end: nil))
        throws(StoreError) -> [StoredTransaction]
    {
        var result: [StoredTransaction] = []
        try transactions(matching: TransactionQuery(account: account, window: window)) { result.append($0) }
        return result
    }

    /// Hands the transactions a query selects to `body` one at a time, in the query's order
    /// (account name, booking day, the order they were stored), holding none of them.
    ///
    /// Memory stays flat however many rows there are: each row is read from SQLite, matched,
    /// handed over and dropped. With no text filter the query's limit is SQL's `LIMIT`; with one,
    /// reading stops at the limit's last match. The rows come from one statement, so they are one
    /// snapshot of the ledger even while an import commits.
    ///
    /// ```swift
    /// try ledger.transactions(matching: TransactionQuery(search: TextSearch("coffee"), limit: 10)) { row in
    ///     print(row.description)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - query: the account, days, texts and limit.
    ///   - body: called with each transaction, in order.
    /// - Returns: how many rows were read from the database, matched or not: the work done.
    /// - Throws: ``StoreError`` when the database can't be read or holds a value that isn't valid.
    @discardableResult
    public func transactions(matching query: TransactionQuery, _ body: (StoredTransaction) -> Void)
        throws(StoreError) -> Int
    {
        var previousAccount: String?
        return try transactionRows(matching: query) { row throws(StoreError) in
            let transaction = try row.stored(previousAccount: previousAccount)
            previousAccount = transaction.account
            body(transaction)
        }
    }

    /// Hands the rows a query selects to `body` one at a time, as ``transactions(matching:_:)``
    /// does, without building a ``StoredTransaction``: each ``TransactionRow`` holds its texts as
    /// SQLite's bytes, valid only during the call (an export copies them into its output).
    ///
    /// - Returns: how many rows were read from the database, matched or not.
    /// - Throws: ``StoreError`` when the database can't be read or holds a value that isn't valid,
    ///   and whatever `body` throws.
    @discardableResult
    public func transactionRows(
        matching query: TransactionQuery, _ body: (TransactionRow) throws(StoreError) -> Void
    ) throws(StoreError) -> Int {
        // A ledger with no split rows (most) skips the look for them on every row; the file a row
        // came from is looked up once per import, not joined on every row.
        let hasSplits =
            try database.prepare("SELECT EXISTS (SELECT 1 FROM transaction_splits)")
            .rows { row throws(StoreError) in row.int(0) != 0 }.first ?? true
        let statement = try database.prepare(
            """
            SELECT t.id, a.name, t.day, t.transaction_day, t.amount, t.direction, t.currency, t.description,
                t.memo, t.status, t.external_id, t.statement_balance, t.import_id, t.source_line, t.source_column,
                t.payee, t.category,
                \(hasSplits ? "EXISTS (SELECT 1 FROM transaction_splits s WHERE s.transaction_id = t.id)" : "0"),
                t.rule_ids, t.note, t.tags, t.counter_account, t.hand_set,
                \(query.category == nil || !hasSplits ? "NULL" : "(SELECT group_concat(s.category, char(31)) FROM transaction_splits s WHERE s.transaction_id = t.id)")
            FROM transactions t
            JOIN accounts a ON a.id = t.account_id
            WHERE \(query.account == nil ? "?1 IS NULL" : "t.account_id = ?1")
                AND t.day >= coalesce(?2, '') AND t.day < coalesce(?3, '9999-99-99')
                AND t.id > ?5
            ORDER BY a.name, t.day, t.id
            LIMIT ?4
            """)
        let sqlLimit = query.filtersText ? nil : query.limit
        let bindings: [Binding] = [
            .optional(query.account?.id), .optional(query.window.start?.description),
            .optional(query.window.end?.description), .int(sqlLimit.map(Int64.init) ?? -1),
            .int(query.afterID ?? -1),
        ]
        if query.limit == 0 { return 0 }
        var matched = 0
        var previousCurrency: Currency?
        var importPaths = try ImportPaths(ledger: self)
        return try statement.forEachRow(bindings) { row throws(StoreError) in
            if query.filtersText {
                guard query.matches(description: row.text(7), memo: row.text(8), payee: row.optionalText(15)),
                    query.matches(category: row.optionalText(16), splitCategories: row.optionalText(23))
                else { return true }
            }
            let transaction = try TransactionRow(
                row, ledger: self, importPaths: &importPaths, previousCurrency: previousCurrency)
            previousCurrency = transaction.amount.currency
            try body(transaction)
            matched += 1
            return query.limit.map { matched < $0 } ?? true
        }
    }

    /// The transactions with these ids, in id order (unknown ids are left out).
    public func transactions(ids: [Int64]) throws(StoreError) -> [StoredTransaction] {
        guard !ids.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let query = try database.prepare(
            """
            SELECT t.id, a.name, t.day, t.transaction_day, t.amount, t.direction, t.currency, t.description,
                t.memo, t.status, t.external_id, t.statement_balance, t.import_id, t.source_line, t.source_column,
                t.payee, t.category, EXISTS (SELECT 1 FROM transaction_splits s WHERE s.transaction_id = t.id),
                t.rule_ids, t.note, t.tags, t.counter_account, t.hand_set
            FROM transactions t
            JOIN accounts a ON a.id = t.account_id
            WHERE t.id IN (\(placeholders))
            ORDER BY t.id
            """)
        var importPaths = try ImportPaths(ledger: self)
        return try query.rows(ids.map(Binding.int)) { row throws(StoreError) in
            try TransactionRow(row, ledger: self, importPaths: &importPaths, previousCurrency: nil).stored()
        }
    }

    /// The signed sum of booked transactions on days after `after` up to and including `through`.
    ///
    /// Sums the per-day totals the triggers keep (see the migration "daily booked totals"), so the
    /// cost grows with the number of days, not of transactions. SQLite's `sum` fails on overflow
    /// rather than wrapping.
    public func net(of account: StoredAccount, after: Day?, through: Day?) throws(StoreError) -> Int64 {
        let query = try database.prepare(
            """
            SELECT coalesce(sum(booked_net), 0) FROM daily_totals
            WHERE account_id = ?1 AND day > coalesce(?2, '') AND day <= coalesce(?3, '9999-12-31')
            """)
        let sums = try query.rows([.int(account.id), .optional(after?.description), .optional(through?.description)]) {
            row throws(StoreError) in row.int(0)
        }
        return sums.first ?? 0
    }

    /// The account's balance now: the latest checkpoint's statement balance plus the booked
    /// transactions after its day, or the sum of all booked transactions when it has no checkpoint.
    public func currentBalance(of account: StoredAccount) throws(StoreError) -> Int64 {
        try read { try checkpointedBalance(of: account) }
    }

    /// Every account with its current balance (see ``currentBalance(of:)``) and transaction count.
    ///
    /// The counts and balances are read from one snapshot, so they agree even while an import
    /// commits batches.
    public func accountSummaries() throws(StoreError) -> [AccountSummary] {
        try read {
            let query = try database.prepare(
                """
                SELECT a.id, a.name, a.kind, a.currency, a.institution, a.masked_number, a.source_key,
                    0, count(t.id)
                FROM accounts a LEFT JOIN transactions t ON t.account_id = a.id
                GROUP BY a.id ORDER BY a.name
                """)
            let summaries = try query.rows { row throws(StoreError) in
                AccountSummary(account: try storedAccount(row), balance: row.int(7), transactionCount: Int(row.int(8)))
            }
            var result: [AccountSummary] = []
            for var summary in summaries {
                summary.balance = try currentBalance(of: summary.account)
                result.append(summary)
            }
            return result
        }
    }

    /// A split row's lines, in order (read only for rows that have some).
    func splits(of transactionID: Int64, currency: Currency) throws(StoreError) -> [SplitLine] {
        let query = try prepared(
            """
            SELECT category, memo, amount, direction FROM transaction_splits
            WHERE transaction_id = ? ORDER BY position
            """)
        return try query.rows([.int(transactionID)]) { row throws(StoreError) in
            let amount = row.int(2)
            guard amount >= 0, let direction = Direction(rawValue: row.text(3)) else {
                throw StoreError(
                    .corruptValue(column: "transaction_splits", found: "\(amount) \(row.text(3))"), at: .file(path))
            }
            return SplitLine(
                category: row.optionalText(0), memo: row.text(1),
                amount: Money(minorUnits: amount, currency: currency), direction: direction)
        }
    }
}

/// The file each import read, looked up once per import during one listing.
struct ImportPaths {
    private let statement: Statement
    private var paths: [Int64: String?] = [:]
    /// The last import asked about and its path: rows come in runs of one import.
    private var last: (id: Int64, path: String?)?

    init(ledger: Ledger) throws(StoreError) {
        statement = try ledger.prepared("SELECT source_path FROM imports WHERE id = ?")
    }

    /// The import's source path, or `nil` for an id no import has.
    mutating func path(of importID: Int64) throws(StoreError) -> String? {
        if let last, last.id == importID { return last.path }
        if let known = paths[importID] {
            last = (importID, known)
            return known
        }
        let found = try statement.rows([.int(importID)]) { row throws(StoreError) in row.text(0) }.first
        paths[importID] = found
        last = (importID, found)
        return found
    }
}
