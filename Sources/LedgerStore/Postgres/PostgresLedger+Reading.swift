import LedgerCore

/// The listings on PostgreSQL (issue 21): accounts, the imports log, checkpoints and transactions,
/// read as `Ledger+Queries.swift`, `Ledger+Accounts.swift` and `Ledger+Imports.swift` read them on
/// SQLite, with the same order and the same values.
///
/// Names sort with `COLLATE "C"` (byte order, as SQLite's `BINARY`), whatever the database's own
/// collation. The text filters of a ``TransactionQuery`` run here in Swift, as on SQLite, so both
/// stores match a row alike. A transactions listing reads its rows through a cursor, a chunk at a
/// time (``rowsPerFetch``), in one read-only snapshot.
extension PostgresLedger: LedgerReading {
    private static let accountColumns = "a.id, a.name, a.kind, a.currency, a.institution, a.masked_number, a.source_key"

    /// The account with this name, if any.
    public func account(named name: String) throws(StoreError) -> StoredAccount? {
        let result = try connection.query("SELECT \(Self.accountColumns) FROM accounts a WHERE a.name = $1", [name])
        return try result.rows.first.map { row throws(StoreError) in try storedAccount(row) }
    }

    /// The account with this source key, if any.
    public func account(key: String) throws(StoreError) -> StoredAccount? {
        let result = try connection.query(
            "SELECT \(Self.accountColumns) FROM accounts a WHERE a.source_key = $1", [key])
        return try result.rows.first.map { row throws(StoreError) in try storedAccount(row) }
    }

    /// Every account, by name.
    public func allAccounts() throws(StoreError) -> [StoredAccount] {
        let result = try connection.query("SELECT \(Self.accountColumns) FROM accounts a ORDER BY a.name COLLATE \"C\"")
        return try result.rows.map { row throws(StoreError) in try storedAccount(row) }
    }

    /// Every account with its current balance and transaction count, read in one snapshot
    /// (a read-only `REPEATABLE READ` transaction), so they agree while imports commit.
    public func accountSummaries() throws(StoreError) -> [AccountSummary] {
        try connection.inTransaction { () throws(StoreError) in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let result = try connection.query(
                """
                SELECT \(Self.accountColumns), (SELECT count(*) FROM transactions t WHERE t.account_id = a.id)
                FROM accounts a ORDER BY a.name COLLATE "C"
                """)
            var summaries: [AccountSummary] = []
            for row in result.rows {
                let account = try storedAccount(row)
                summaries.append(
                    AccountSummary(
                        account: account, balance: try checkpointedBalance(of: account),
                        transactionCount: Int(try row.int(7))))
            }
            return summaries
        }
    }

    /// The signed sum of booked transactions on days after `after` up to and including `through`.
    public func net(of account: StoredAccount, after: Day?, through: Day?) throws(StoreError) -> Int64 {
        try net(of: account.id, after: after, through: through)
    }

    /// The imports log, newest first.
    public func imports() throws(StoreError) -> [ImportRecord] {
        let result = try connection.query(
            """
            SELECT id, started_at, finished_at, source_path, sha256, adapter, mapping, read, inserted,
                duplicates, batches, status, failure, process_id, host, undone_at, adapter_version, adapter_sha256
            FROM imports ORDER BY id DESC
            """)
        return try result.rows.map { row throws(StoreError) in
            let statusText = try row.text(11)
            guard let status = ImportRecord.Status(rawValue: statusText) else {
                throw StoreError(.corruptValue(column: "imports.status", found: statusText), at: .file(location))
            }
            var process: ImportProcess?
            if let id = try row.optionalInt(13).flatMap(Int32.init(exactly:)), let host = try row.optionalText(14) {
                process = ImportProcess(id: id, host: host)
            }
            return ImportRecord(
                id: try row.int(0), startedAt: try row.text(1), finishedAt: try row.optionalText(2),
                sourcePath: try row.text(3), sha256: try row.optionalText(4), adapter: try row.text(5),
                mapping: try row.optionalText(6), read: Int(try row.int(7)), inserted: Int(try row.int(8)),
                duplicates: Int(try row.int(9)), batches: Int(try row.int(10)), status: status,
                failure: try row.optionalText(12), process: process, undoneAt: try row.optionalText(15),
                adapterVersion: try row.optionalText(16), adapterSHA256: try row.optionalText(17))
        }
    }

    /// Hands the transactions a query selects to `body`, in order (account name, booking day,
    /// the order they were stored), matched by the query's text filters as on SQLite.
    ///
    /// - Returns: how many rows were read from the server, matched or not.
    @discardableResult
    public func transactions(matching query: TransactionQuery, _ body: (StoredTransaction) -> Void)
        throws(StoreError) -> Int
    {
        if query.limit == 0 { return 0 }
        let sqlLimit = query.filtersText ? nil : query.limit
        let sql = """
            DECLARE ledgerport_listing NO SCROLL CURSOR FOR
            SELECT \(Self.listingColumns)
            FROM transactions t
            JOIN accounts a ON a.id = t.account_id
            LEFT JOIN imports i ON i.id = t.import_id
            WHERE ($1::bigint IS NULL OR t.account_id = $1)
                AND t.day >= coalesce($2, '') AND t.day < coalesce($3, '9999-99-99')
                AND t.id > coalesce($5::bigint, -1)
            ORDER BY a.name COLLATE "C", t.day, t.id
            LIMIT $4
            """
        let parameters = [
            query.account.map { String($0.id) }, query.window.start?.description, query.window.end?.description,
            sqlLimit.map { String($0) }, query.afterID.map { String($0) },
        ]
        // One snapshot (an export's, when it holds one open), read through a cursor a chunk at a
        // time: memory holds one chunk of rows. The cursor is closed for the next listing.
        return try inSnapshot { () throws(StoreError) -> Int in
            try connection.query(sql, parameters)
            var matched = 0
            var read = 0
            reading: while true {
                let chunk = try connection.query("FETCH \(rowsPerFetch) FROM ledgerport_listing")
                for row in chunk.rows {
                    read += 1
                    if query.filtersText {
                        guard
                            query.matches(
                                description: try row.text(7), memo: try row.text(8), payee: try row.optionalText(15)),
                            query.matches(
                                category: try row.optionalText(16), splitCategories: try row.optionalText(23))
                        else { continue }
                    }
                    body(try storedTransaction(row))
                    matched += 1
                    if let limit = query.limit, matched >= limit { break reading }
                }
                if chunk.rows.count < rowsPerFetch { break reading }
            }
            try connection.execute("CLOSE ledgerport_listing")
            return read
        }
    }

    /// The transactions with these ids, in id order (unknown ids are left out).
    public func transactions(ids: [Int64]) throws(StoreError) -> [StoredTransaction] {
        guard !ids.isEmpty else { return [] }
        let result = try connection.query(
            """
            SELECT \(Self.listingColumns)
            FROM transactions t
            JOIN accounts a ON a.id = t.account_id
            LEFT JOIN imports i ON i.id = t.import_id
            WHERE t.id = ANY ($1::bigint[])
            ORDER BY t.id
            """,
            [PostgresArray.text(ids.map { String($0) })])
        return try result.rows.map { row throws(StoreError) in try storedTransaction(row) }
    }

    /// A listing's columns, in the order ``storedTransaction(_:)`` reads them.
    private static let listingColumns = """
        t.id, a.name, t.day, t.transaction_day, t.amount, t.direction, t.currency, t.description,
            t.memo, t.status, t.external_id, t.statement_balance, t.import_id, t.source_line, t.source_column,
            t.payee, t.category, EXISTS (SELECT 1 FROM transaction_splits s WHERE s.transaction_id = t.id),
            t.rule_ids, t.note, t.tags, t.counter_account, t.hand_set,
            (SELECT string_agg(s.category, chr(31) ORDER BY s.position) FROM transaction_splits s
                WHERE s.transaction_id = t.id),
            i.source_path
        """

    // MARK: - Inside the store

    /// The unit a stored code names: ISO 4217, else a declared commodity (read again once, in
    /// case another process declared it since).
    ///
    /// - Throws: ``StoreError`` `.corruptValue` naming `column` when the code is neither.
    func storedCurrency(_ code: String, column: String) throws(StoreError) -> Currency {
        if let currency = commodityTable.currency(code: code) { return currency }
        try loadCommodities()
        guard let currency = commodityTable.currency(code: code) else {
            throw StoreError(.corruptValue(column: column, found: code), at: .file(location))
        }
        return currency
    }

    /// Reads the declared commodities into ``commodityTable``, as SQLite's `loadCommodities`.
    func loadCommodities() throws(StoreError) {
        let result = try connection.query("SELECT code, minor_digits FROM commodities")
        var table = CommodityTable()
        for row in result.rows {
            // A row that is no commodity declares nothing, as on SQLite.
            guard
                let commodity = try? Currency.declared(
                    code: try row.text(0), minorDigits: Int(try row.int(1)), at: .file(location))
            else { continue }
            try? table.declare(commodity, at: .file(location))
        }
        commodityTable = table
    }

    /// The account in a row's first seven columns (id, name, kind, currency, institution, masked
    /// number, source key).
    func storedAccount(_ row: PostgresRow) throws(StoreError) -> StoredAccount {
        let kindText = try row.text(2)
        guard let kind = AccountKind(rawValue: kindText) else {
            throw StoreError(.corruptValue(column: "accounts.kind", found: kindText), at: .file(location))
        }
        return StoredAccount(
            id: try row.int(0), name: try row.text(1), kind: kind,
            currency: try storedCurrency(try row.text(3), column: "accounts.currency"),
            institution: try row.optionalText(4), maskedNumber: try row.optionalText(5), key: try row.optionalText(6))
    }

    // MARK: - Private

    /// A transaction from a row of the listing's columns.
    private func storedTransaction(_ row: PostgresRow) throws(StoreError) -> StoredTransaction {
        func corrupt(_ column: String, _ found: String) -> StoreError {
            StoreError(.corruptValue(column: column, found: found), at: .file(location))
        }
        let dayText = try row.text(2)
        guard let day = Day(iso: dayText) else { throw corrupt("transactions.day", dayText) }
        let transactionDay = try row.optionalText(3).flatMap { Day(iso: $0) }
        let currency = try storedCurrency(try row.text(6), column: "transactions.currency")
        let minorUnits = try row.int(4)
        guard minorUnits >= 0 else { throw corrupt("transactions.amount", String(minorUnits)) }
        let directionText = try row.text(5)
        guard let direction = Direction(rawValue: directionText) else {
            throw corrupt("transactions.direction", directionText)
        }
        let statusText = try row.text(9)
        guard let status = TransactionStatus(rawValue: statusText) else {
            throw corrupt("transactions.status", statusText)
        }
        let id = try row.int(0)
        let amount = Money(minorUnits: minorUnits, currency: currency)
        let source = try row.optionalText(24).map { file throws(StoreError) in
            SourceLocation(
                file: file, line: Int(try row.optionalInt(13) ?? 0), column: Int(try row.optionalInt(14) ?? 0))
        }
        let hasSplits = try row.text(17) == "t"
        let handMask = Int(try row.optionalInt(22) ?? 0)
        return StoredTransaction(
            id: id, account: try row.text(1), bookingDay: day, transactionDay: transactionDay, amount: amount,
            direction: direction, description: try row.text(7), memo: try row.text(8),
            payee: try row.optionalText(15), category: try row.optionalText(16),
            splits: hasSplits ? try splits(of: id, currency: currency) : [],
            ruleIDs: try row.optionalText(18).map { $0.split(separator: ",").map(String.init) } ?? [],
            note: try row.optionalText(19),
            tags: try row.optionalText(20).map { $0.split(separator: " ").map(String.init) } ?? [],
            counterAccount: try row.optionalText(21), handSet: handMask == 0 ? [] : RuleField.fields(in: handMask),
            status: status, externalID: try row.optionalText(10), statementBalance: try row.optionalInt(11),
            location: source)
    }

    /// A split row's lines, in order.
    private func splits(of transactionID: Int64, currency: Currency) throws(StoreError) -> [SplitLine] {
        let result = try connection.query(
            "SELECT category, memo, amount, direction FROM transaction_splits WHERE transaction_id = $1 ORDER BY position",
            [String(transactionID)])
        return try result.rows.map { row throws(StoreError) in
            let amount = try row.int(2)
            let directionText = try row.text(3)
            guard amount >= 0, let direction = Direction(rawValue: directionText) else {
                throw StoreError(
                    .corruptValue(column: "transaction_splits", found: "\(amount) \(directionText)"),
                    at: .file(location))
            }
            return SplitLine(
                category: try row.optionalText(0), memo: try row.text(1),
                amount: Money(minorUnits: amount, currency: currency), direction: direction)
        }
    }
}
