import LedgerCore

extension Ledger {
    /// The commodities the ledger declares beyond ISO 4217 (`BTC` with 8 decimals), as read when
    /// the ledger was opened or last written; importers hand it to adapters
    /// (``AdapterOptions/commodities``).
    public var commodities: CommodityTable { commodityTable }

    /// Every declared commodity, by code, with who declared it and how many accounts hold it.
    ///
    /// - Throws: ``StoreError`` on a database failure or a stored row this version can't read.
    public func storedCommodities() throws(StoreError) -> [StoredCommodity] {
        try read { () throws(StoreError) in
            let query = try database.prepare(
                """
                SELECT c.code, c.minor_digits, c.declared_by, c.declared_at,
                    (SELECT count(*) FROM accounts a WHERE a.currency = c.code)
                FROM commodities c ORDER BY c.code
                """)
            return try query.rows { row throws(StoreError) in
                try StoredCommodity(
                    code: row.text(0), digits: row.int(1), declaredBy: row.text(2), declaredAt: row.text(3),
                    accounts: row.int(4), location: path)
            }
        }
    }

    /// Declares a commodity (`ledgerport commodities add BTC --digits 8`).
    ///
    /// Declaring an ISO 4217 currency with its own digits, or a commodity again with the same
    /// digits, changes nothing. A commodity no account holds yet may take other digits; one in use
    /// may not, since stored amounts are never rescaled.
    ///
    /// - Parameter commodity: from ``Currency/declared(code:minorDigits:at:)``.
    /// - Returns: `true` when the ledger changed.
    /// - Throws: ``StoreError`` `.commodityInUse`, or a database failure.
    @discardableResult
    public func declareCommodity(_ commodity: Currency) throws(StoreError) -> Bool {
        guard !commodity.isISO else { return false }
        let changed = try write { () throws(StoreError) -> Bool in
            let declaration = try CommodityDeclaration.of(
                commodity, existing: try storedDigits(of: commodity.code), location: path
            ) { () throws(StoreError) -> Int in
                try database.prepare("SELECT count(*) FROM accounts WHERE currency = ?")
                    .rows([.text(commodity.code)]) { row throws(StoreError) in Int(row.int(0)) }.first ?? 0
            }
            if declaration == .claim {
                try database.prepare("UPDATE commodities SET declared_by = 'user' WHERE code = ?").run([
                    .text(commodity.code)
                ])
                return false
            }
            try database.prepare(
                """
                INSERT INTO commodities (code, minor_digits, declared_by, declared_at) VALUES (?, ?, 'user', ?)
                ON CONFLICT (code) DO UPDATE SET minor_digits = excluded.minor_digits, declared_by = 'user'
                """
            ).run([.text(commodity.code), .int(Int64(commodity.minorDigits)), .text(Ledger.now())])
            return true
        }
        try loadCommodities()
        return changed
    }

    // MARK: - Inside the store

    /// Reads the declared commodities into ``commodities``.
    func loadCommodities() throws(StoreError) {
        let query = try database.prepare("SELECT code, minor_digits FROM commodities")
        let rows = try query.rows { row throws(StoreError) in (row.text(0), Int(row.int(1))) }
        var table = CommodityTable()
        for (code, digits) in rows {
            // A row that is no commodity (an ISO code with other digits, a bad code) declares
            // nothing; `ledgerport check` names it.
            guard let commodity = try? Currency.declared(code: code, minorDigits: digits, at: .file(path)) else {
                continue
            }
            try? table.declare(commodity, at: .file(path))
        }
        commodityTable = table
    }

    /// The unit a stored code names: ISO 4217, else a declared commodity (read again once, in
    /// case another process declared it since).
    ///
    /// - Throws: ``StoreError`` `.corruptValue` naming `column` when the code is neither.
    func storedCurrency(_ code: String, column: String) throws(StoreError) -> Currency {
        if let currency = commodityTable.currency(code: code) { return currency }
        try loadCommodities()
        guard let currency = commodityTable.currency(code: code) else {
            throw StoreError(.corruptValue(column: column, found: code), at: .file(path))
        }
        return currency
    }

    /// Makes sure a unit being written is declared, inside the caller's write transaction: an ISO
    /// currency needs nothing; a commodity the ledger lacks is registered (a mapping or option
    /// declared it), so that a rolled-back write leaves no registration behind.
    ///
    /// - Returns: whether it registered the commodity (the caller reloads ``commodities`` after
    ///   the commit).
    /// - Throws: ``StoreError`` `.commodityConflict`, located at `location`, when the ledger has
    ///   the code with other digits.
    @discardableResult
    func register(_ currency: Currency, at location: SourceLocation) throws(StoreError) -> Bool {
        guard !currency.isISO else { return false }
        if let existing = try storedDigits(of: currency.code) {
            guard existing == currency.minorDigits else {
                throw StoreError(
                    .commodityConflict(code: currency.code, declared: currency.minorDigits, existing: existing),
                    at: location)
            }
            return false
        }
        let insert = try prepared(
            "INSERT INTO commodities (code, minor_digits, declared_by, declared_at) VALUES (?, ?, 'source', ?)")
        try insert.run([.text(currency.code), .int(Int64(currency.minorDigits)), .text(Ledger.now())])
        return true
    }

    /// Removes commodities a source registered that no account holds any more (inside the
    /// caller's write): a stopped import that removes its empty accounts leaves none behind.
    func removeUnheldSourceCommodities() throws(StoreError) {
        try prepared(
            """
            DELETE FROM commodities WHERE declared_by = 'source'
                AND NOT EXISTS (SELECT 1 FROM accounts WHERE currency = commodities.code)
            """
        ).run()
    }

    /// Units stored in accounts or rows that are neither ISO 4217 nor declared, and declarations
    /// that declare nothing (an ISO code with other digits, a code no commodity may have), for
    /// `ledgerport check`.
    func commodityFindings() throws(StoreError) -> [String] {
        let declarations = try database.prepare("SELECT code, minor_digits FROM commodities ORDER BY code")
            .rows { row throws(StoreError) in (code: row.text(0), digits: Int(row.int(1))) }
        let holders = try database.prepare(
            """
            SELECT 'account "' || name || '"', currency FROM accounts
            UNION ALL
            SELECT count(*) || ' transactions', currency FROM transactions NOT INDEXED GROUP BY currency
            """
        ).rows { row throws(StoreError) in (holder: row.text(0), code: row.text(1)) }
        return LedgerInvariant.commodityFindings(declarations: declarations, holders: holders, location: path)
    }

    /// The digits the ledger stores for a code, if any.
    private func storedDigits(of code: String) throws(StoreError) -> Int? {
        let query = try prepared("SELECT minor_digits FROM commodities WHERE code = ?")
        return try query.rows([.text(code)]) { row throws(StoreError) in Int(row.int(0)) }.first
    }
}
