import LedgerCore

/// The commodities on PostgreSQL (issue 21), as `Ledger+Commodities.swift` keeps them on SQLite,
/// by the same rule (``CommodityDeclaration``).
extension PostgresLedger: CommodityStore {
    /// Every declared commodity, by code in byte order, read in one snapshot.
    public func storedCommodities() throws(StoreError) -> [StoredCommodity] {
        try inSnapshot { () throws(StoreError) -> [StoredCommodity] in
            let result = try connection.query(
                """
                SELECT c.code, c.minor_digits, c.declared_by, c.declared_at,
                    (SELECT count(*) FROM accounts a WHERE a.currency = c.code)
                FROM commodities c ORDER BY c.code COLLATE "C"
                """)
            return try result.rows.map { row throws(StoreError) in
                try StoredCommodity(
                    code: try row.text(0), digits: try row.int(1), declaredBy: try row.text(2),
                    declaredAt: try row.text(3), accounts: try row.int(4), location: location)
            }
        }
    }

    /// Declares a commodity in one transaction that locks its row (or, for a new code, the
    /// declarations of the ledger), so two processes declaring one code at once are taken in turn.
    @discardableResult
    public func declareCommodity(_ commodity: Currency) throws(StoreError) -> Bool {
        guard !commodity.isISO else { return false }
        let changed = try connection.inTransaction { () throws(StoreError) -> Bool in
            try connection.query(
                "SELECT pg_advisory_xact_lock(hashtext($1))", ["ledgerport:" + name + ":commodity:" + commodity.code])
            let found = try connection.query(
                "SELECT minor_digits FROM commodities WHERE code = $1 FOR UPDATE", [commodity.code])
            let existing = try found.rows.first.map { row throws(StoreError) in Int(try row.int(0)) }
            let declaration = try CommodityDeclaration.of(commodity, existing: existing, location: location) {
                () throws(StoreError) -> Int in
                let held = try connection.query(
                    "SELECT count(*) FROM accounts WHERE currency = $1", [commodity.code])
                return Int(try held.rows.first?.int(0) ?? 0)
            }
            if declaration == .claim {
                try connection.query("UPDATE commodities SET declared_by = 'user' WHERE code = $1", [commodity.code])
                return false
            }
            try connection.query(
                """
                INSERT INTO commodities (code, minor_digits, declared_by, declared_at) VALUES ($1, $2, 'user', $3)
                ON CONFLICT (code) DO UPDATE SET minor_digits = excluded.minor_digits, declared_by = 'user'
                """,
                [commodity.code, String(commodity.minorDigits), Ledger.now()])
            return true
        }
        try loadCommodities()
        return changed
    }
}
