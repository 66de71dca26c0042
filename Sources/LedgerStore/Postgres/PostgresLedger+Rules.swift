import LedgerCore

/// `rules apply` and `rules explain` on PostgreSQL (issue 21): the same pass over the rows as on
/// SQLite (``RuleRowPass``), read through a cursor a chunk at a time (``rowsPerFetch``) inside the
/// one transaction, each chunk's changed rows written in one statement.
///
/// The cursor locks each row it hands over (`FOR NO KEY UPDATE`) until the transaction ends, so a
/// second `rules apply` on the same rows waits, then reads them as the first one left them and
/// finds nothing more to change: two at once leave the ledger as one would. The report totals
/// follow a changed category through the schema's trigger, in the same transaction.
extension PostgresLedger: RuleStore {
    /// Sets what rules say on stored rows again, as ``Ledger/applyRules(account:in:dryRun:assign:change:)``
    /// does on SQLite; `assign` is called on the caller's thread.
    public func applyRules(
        account: StoredAccount?, in window: DayWindow, dryRun: Bool,
        assign: @escaping (RuleInput) -> RuleAssignment, change: ((RuleChange) -> Void)?
    ) throws(StoreError) -> RuleApplication {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            // Units read in this transaction: a commodity another process declared is known.
            try loadCommodities()
            var pass = RuleRowPass(
                sources: try ruleRowSources(), commodities: commodityTable, path: location,
                reportsChanges: change != nil)
            try connection.query(
                """
                DECLARE ledgerport_rules NO SCROLL CURSOR FOR
                SELECT \(RuleRowPass.columns)
                FROM transactions t
                WHERE ($1::bigint IS NULL OR t.account_id = $1)
                    AND t.day COLLATE "C" >= coalesce($2, '') AND t.day COLLATE "C" < coalesce($3, '9999-99-99')
                ORDER BY t.id
                FOR NO KEY UPDATE OF t
                """,
                [account.map { String($0.id) }, window.start?.description, window.end?.description])
            while true {
                let fetched = try connection.query("FETCH \(rowsPerFetch) FROM ledgerport_rules")
                for row in fetched.rows { try pass.read(PostgresRuleRow(row: row), assign: assign) }
                let chunk = pass.take()
                if let change { for each in chunk.changes { change(each) } }
                try writeRuleRows(chunk.updates)
                if fetched.rows.count < rowsPerFetch { break }
            }
            try connection.execute("CLOSE ledgerport_rules")
            return pass.application
        }
    }

    /// A stored row's fields as rules read them, for `rules explain`: `nil` for an unknown id.
    public func ruleInput(ofTransaction id: Int64) throws(StoreError) -> RuleInput? {
        let result = try connection.query(
            "SELECT \(RuleRowPass.columns) FROM transactions t WHERE t.id = $1", [String(id)])
        guard let row = result.rows.first else { return nil }
        try loadCommodities()
        var pass = RuleRowPass(sources: try ruleRowSources(), commodities: commodityTable, path: location)
        return try pass.input(of: PostgresRuleRow(row: row))
    }

    // MARK: - Private

    /// The accounts' names, read once, and the imports' adapters and mappings, read as asked.
    private func ruleRowSources() throws(StoreError) -> RuleRowSources {
        var names: [Int64: String] = [:]
        for row in try connection.query("SELECT id, name FROM accounts").rows {
            names[try row.int(0)] = try row.text(1)
        }
        let connection = connection
        return RuleRowSources(accounts: names, path: location) { id throws(StoreError) in
            let found = try connection.query("SELECT adapter, mapping FROM imports WHERE id = $1", [String(id)])
            guard let row = found.rows.first else { return nil }
            return (format: try row.optionalText(0), mapping: try row.optionalText(1))
        }
    }

    /// Writes a chunk's changed rows in one statement, each column sent as one array.
    private func writeRuleRows(_ updates: [(id: Int64, state: StoredRuleRow.State)]) throws(StoreError) {
        guard !updates.isEmpty else { return }
        func column(_ value: (StoredRuleRow.State) -> String?) -> String? {
            PostgresArray.text(updates.map { value($0.state) })
        }
        try connection.queryPrepared(
            """
            UPDATE transactions t SET category = v.category, payee = v.payee, note = v.note, tags = v.tags,
                counter_account = v.counter_account, rule_ids = v.rule_ids, rule_set = v.rule_set,
                source_category = v.source_category, source_payee = v.source_payee
            FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                $8::bigint[], $9::text[], $10::text[])
                AS v(id, category, payee, note, tags, counter_account, rule_ids, rule_set, source_category, source_payee)
            WHERE t.id = v.id
            """,
            [
                PostgresArray.text(updates.map { String($0.id) }), column(\.category), column(\.payee),
                column(\.note), column(\.tags), column(\.counterAccount), column(\.ruleIDs),
                column { String($0.ruleMask) }, column(\.sourceCategory), column(\.sourcePayee),
            ])
    }
}

/// A row of a PostgreSQL result as ``RuleRowPass`` reads it; a value that is not what the schema
/// promises (a NULL where none may be, text where a number must be) throws.
struct PostgresRuleRow: RuleRowColumns {
    let row: PostgresRow

    func isNull(_ column: Int32) throws(StoreError) -> Bool { try row.optionalText(Int(column)) == nil }
    func int(_ column: Int32) throws(StoreError) -> Int64 { try row.int(Int(column)) }
    func optionalInt(_ column: Int32) throws(StoreError) -> Int64? { try row.optionalInt(Int(column)) }
    func text(_ column: Int32) throws(StoreError) -> String { try row.text(Int(column)) }
    func optionalText(_ column: Int32) throws(StoreError) -> String? { try row.optionalText(Int(column)) }

    func text(_ column: Int32, reusing known: String) throws(StoreError) -> String {
        let value = try row.text(Int(column))
        return value == known ? known : value
    }

    func holds(_ column: Int32, _ text: String) throws(StoreError) -> Bool {
        try row.optionalText(Int(column)) == text
    }

    func day(_ column: Int32) throws(StoreError) -> Day? {
        try row.optionalText(Int(column)).flatMap { Day(iso: $0) }
    }
}
