import LedgerCore

/// `ledgerport check` on PostgreSQL (issue 21): the ledger's own invariants, read as
/// `Ledger+Integrity.swift` reads them on SQLite and judged and worded by the same code
/// (``LedgerInvariant``), and in place of SQLite's file check, the ledger's indexes checked with
/// the server's `amcheck` extension when the database has it and the role may run it; else the
/// storage is reported as not checked, never as passed.
extension PostgresLedger: LedgerChecking {
    /// Checks the ledger: its indexes (``indexFindings()``), then each invariant in a read-only
    /// snapshot of its own.
    public func check() -> LedgerCheck {
        var storage = LedgerCheck.Item(
            name: "indexes", summary: "the server's amcheck (bt_index_check) on the ledger's B-tree indexes",
            findings: [])
        do {
            switch try indexFindings() {
            case .checked(let findings): storage.findings = findings
            case .notChecked(let reason): storage.notChecked = reason
            }
        } catch {
            storage.findings = ["could not run: \(error.message)"]
        }
        let invariants = LedgerInvariant.allCases.map { invariant in
            invariant.item { () throws(StoreError) -> [String] in
                try inSnapshot { () throws(StoreError) -> [String] in try findings(invariant) }
            }
        }
        return LedgerCheck(
            path: location, items: [storage] + invariants,
            recovery: "To recover: restore the server's backup of the ledger (`pg_dump -n \(name)` makes one, "
                + "`pg_restore` brings it back); or import the source files again into a new ledger "
                + "(`ledgerport --ledger NEW import …`)")
    }

    // MARK: - Private

    /// What the index check came to.
    private enum IndexCheck {
        case checked([String])
        case notChecked(String)
    }

    /// Runs `amcheck`'s `bt_index_check` (with `heapallindexed`: every row is in each index) on
    /// each B-tree index of the ledger's schema, each in a transaction of its own, when the
    /// database has the extension; a role that may not run it leaves the indexes unchecked.
    private func indexFindings() throws(StoreError) -> IndexCheck {
        let found = try connection.query(
            """
            SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
            WHERE e.extname = 'amcheck'
            """)
        guard let schema = try found.rows.first?.text(0) else {
            return .notChecked(
                "the server's storage is not checked by ledgerport: the database has no amcheck extension "
                    + "(`CREATE EXTENSION amcheck` by its owner lets `check` verify the ledger's indexes)")
        }
        let indexes = try connection.query(
            """
            SELECT c.oid, c.relname FROM pg_index i
            JOIN pg_class c ON c.oid = i.indexrelid
            JOIN pg_am am ON am.oid = c.relam
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND am.amname = 'btree' AND i.indisvalid
            ORDER BY c.relname COLLATE "C"
            """,
            [name])
        let quotedSchema = "\"" + schema.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        var findings: [String] = []
        for row in indexes.rows {
            let (oid, index) = (try row.text(0), try row.text(1))
            do throws(StoreError) {
                try connection.inTransaction { () throws(StoreError) in
                    try connection.query("SELECT \(quotedSchema).bt_index_check($1::oid, true)", [oid])
                }
            } catch {
                if error.sqlState == SQLState(rawValue: "42501") {  // insufficient_privilege
                    return .notChecked(
                        "the server's storage is not checked by ledgerport: this role may not run amcheck's "
                            + "bt_index_check (its owner can `GRANT EXECUTE` on it)")
                }
                findings.append("index \(index): \(error.message)")
            }
        }
        return .checked(findings)
    }

    /// What the ledger's rows break of an invariant.
    private func findings(_ invariant: LedgerInvariant) throws(StoreError) -> [String] {
        switch invariant {
        case .dailyTotals:
            return try rows(
                """
                SELECT * FROM (
                    SELECT a.name, r.day, r.net, d.booked_net
                    FROM (SELECT account_id, day, sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END) AS net
                          FROM transactions WHERE status = 'booked' GROUP BY account_id, day) r
                    LEFT JOIN daily_totals d ON d.account_id = r.account_id AND d.day = r.day
                    LEFT JOIN accounts a ON a.id = r.account_id
                    WHERE d.booked_net IS DISTINCT FROM r.net
                    UNION ALL
                    SELECT a.name, d.day, 0, d.booked_net FROM daily_totals d LEFT JOIN accounts a ON a.id = d.account_id
                    WHERE d.booked_net <> 0 AND NOT EXISTS (
                        SELECT 1 FROM transactions t
                        WHERE t.account_id = d.account_id AND t.day = d.day AND t.status = 'booked')
                ) AS found (name, day, net, stored)
                ORDER BY name COLLATE "C" NULLS FIRST, day COLLATE "C"
                """
            ) { row throws(StoreError) in
                LedgerInvariant.dailyTotal(
                    account: try row.optionalText(0), day: try row.text(1), net: try row.int(2),
                    stored: try row.optionalInt(3))
            }
        case .reportTotals:
            return try rows(
                """
                WITH r AS (
                    SELECT day, account_id, currency, direction, coalesce(category, '') AS category,
                        sum(amount) AS amount, count(*) AS rows
                    FROM transactions WHERE status = 'booked'
                    GROUP BY day, account_id, currency, direction, coalesce(category, ''))
                SELECT * FROM (
                    SELECT a.name, r.day, r.currency, r.direction, r.category, r.amount, r.rows, t.amount, t.rows
                    FROM r LEFT JOIN report_totals t ON t.day = r.day AND t.account_id = r.account_id
                        AND t.currency = r.currency AND t.direction = r.direction AND t.category = r.category
                    LEFT JOIN accounts a ON a.id = r.account_id
                    WHERE t.amount IS DISTINCT FROM r.amount OR t.rows IS DISTINCT FROM r.rows
                    UNION ALL
                    SELECT a.name, t.day, t.currency, t.direction, t.category, 0, 0, t.amount, t.rows
                    FROM report_totals t LEFT JOIN accounts a ON a.id = t.account_id
                    WHERE (t.amount <> 0 OR t.rows <> 0) AND NOT EXISTS (
                        SELECT 1 FROM transactions x
                        WHERE x.account_id = t.account_id AND x.day = t.day AND x.status = 'booked'
                            AND x.currency = t.currency AND x.direction = t.direction
                            AND coalesce(x.category, '') = t.category)
                ) AS found (name, day, currency, direction, category, amount, rows, stored_amount, stored_rows)
                ORDER BY name COLLATE "C" NULLS FIRST, day COLLATE "C"
                LIMIT 20
                """
            ) { row throws(StoreError) in
                LedgerInvariant.reportTotal(
                    account: try row.optionalText(0), day: try row.text(1), currency: try row.text(2),
                    direction: try row.text(3), category: try row.text(4), rows: (try row.int(5), try row.int(6)),
                    stored: try row.optionalInt(7).map { amount throws(StoreError) in
                        (amount, try row.optionalInt(8) ?? 0)
                    })
            }
        case .checkpoints:
            let checkpoints = try rows(
                LedgerInvariant.checkpointsSQL(orderedBy: "a.name COLLATE \"C\" NULLS FIRST, c.as_of COLLATE \"C\"")
            ) { row throws(StoreError) in
                LedgerInvariant.StoredCheckpoint(
                    name: try row.optionalText(0), asOf: try row.text(1), expected: try row.optionalInt(2),
                    actual: try row.int(3), discrepancy: try row.optionalInt(4), status: try row.text(5),
                    previous: try row.optionalInt(6), previousDay: try row.optionalText(7), account: try row.int(8))
            }
            return try LedgerInvariant.checkpointFindings(checkpoints) { checkpoint throws(StoreError) -> Int64 in
                let result = try connection.query(
                    LedgerInvariant.checkpointNetSQL(placeholder: "$"),
                    [String(checkpoint.account), checkpoint.previousDay, checkpoint.asOf])
                return try result.rows.first?.int(0) ?? 0
            }
        case .identity:
            return try rows(
                """
                SELECT a.name, t.day, count(*), 'fingerprint and occurrence' FROM transactions t
                LEFT JOIN accounts a ON a.id = t.account_id
                GROUP BY t.account_id, a.name, t.day, t.fingerprint, t.discriminator HAVING count(*) > 1
                UNION ALL
                SELECT a.name, min(t.day), count(*), 'source id' FROM transactions t
                LEFT JOIN accounts a ON a.id = t.account_id
                WHERE t.external_id IS NOT NULL
                GROUP BY t.account_id, a.name, t.external_id HAVING count(*) > 1
                """
            ) { row throws(StoreError) in
                LedgerInvariant.identity(
                    account: try row.optionalText(0), day: try row.text(1), count: try row.int(2),
                    shared: try row.text(3))
            }
        case .values:
            // A day is a real calendar day: the pattern, then the day of the month within its month
            // (worked out without a cast that would fail on a bad day).
            return try rows(
                """
                SELECT id, CASE
                    WHEN amount < 0 THEN 'amount ' || amount
                    WHEN direction NOT IN ('credit', 'debit') THEN 'direction ' || quote_literal(direction)
                    WHEN status NOT IN ('booked', 'pending') THEN 'status ' || quote_literal(status)
                    ELSE 'day ' || quote_literal(day) END
                FROM transactions
                WHERE amount < 0 OR direction NOT IN ('credit', 'debit') OR status NOT IN ('booked', 'pending')
                    OR NOT CASE WHEN day ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'
                            AND substr(day, 1, 4) <> '0000'
                        THEN substr(day, 9, 2)::int <= extract(day FROM make_date(substr(day, 1, 4)::int,
                            substr(day, 6, 2)::int, 1) + interval '1 month - 1 day')
                        ELSE false END
                LIMIT 100
                """
            ) { row throws(StoreError) in "transaction \(try row.int(0)): \(try row.text(1))" }
        case .currencies:
            return try rows(
                """
                SELECT t.id, t.currency, a.name, a.currency FROM transactions t
                LEFT JOIN accounts a ON a.id = t.account_id
                WHERE a.id IS NULL OR t.currency IS DISTINCT FROM a.currency
                LIMIT 100
                """
            ) { row throws(StoreError) in
                LedgerInvariant.currency(
                    transaction: try row.int(0), currency: try row.text(1), account: try row.optionalText(2),
                    accountCurrency: try row.optionalText(3))
            }
        case .commodities:
            let declarations = try rows("SELECT code, minor_digits FROM commodities ORDER BY code COLLATE \"C\"") {
                row throws(StoreError) in (code: try row.text(0), digits: Int(try row.int(1)))
            }
            let holders = try rows(
                """
                SELECT 'account "' || name || '"', currency FROM accounts
                UNION ALL
                SELECT count(*) || ' transactions', currency FROM transactions GROUP BY currency
                """
            ) { row throws(StoreError) in (holder: try row.text(0), code: try row.text(1)) }
            return LedgerInvariant.commodityFindings(declarations: declarations, holders: holders, location: location)
        case .accountLimits:
            let volumes = try rows(
                """
                SELECT a.name, a.volume, a.largest_balance,
                    (SELECT coalesce(sum(amount >> 32), 0) FROM transactions WHERE account_id = a.id),
                    (SELECT coalesce(sum(amount & 4294967295), 0) FROM transactions WHERE account_id = a.id)
                FROM accounts a ORDER BY a.name COLLATE "C"
                """
            ) { row throws(StoreError) in
                LedgerInvariant.StoredVolume(
                    name: try row.text(0), volume: try row.optionalInt(1), largest: try row.optionalInt(2),
                    high: try row.int(3), low: try row.int(4))
            }
            return LedgerInvariant.limitFindings(volumes)
        }
    }

    /// The rows of a query without parameters, each made into a value.
    private func rows<T>(_ sql: String, _ make: (PostgresRow) throws(StoreError) -> T) throws(StoreError) -> [T] {
        try connection.query(sql).rows.map { row throws(StoreError) in try make(row) }
    }
}
