import LedgerCore

extension Ledger {
    /// Finds or creates the account a source declares.
    ///
    /// A new account takes the reference's kind and currency (or `fallbackCurrency`). An existing
    /// one keeps what it has, but must hold the same currency.
    ///
    /// - Throws: ``StoreError`` on a currency clash or a database failure.
    public func ensureAccount(_ reference: AccountReference, fallbackCurrency: Currency) throws(StoreError)
        -> StoredAccount
    {
        if let existing = try account(named: reference.name) {
            if let currency = reference.currency, currency != existing.currency {
                throw StoreError(
                    .currencyMismatch(
                        account: existing.name, accountCurrency: existing.currency.code, found: currency.code),
                    at: .file(path))
            }
            return existing
        }
        let currency = reference.currency ?? fallbackCurrency
        return try write {
            let insert = try database.prepare(
                """
                INSERT INTO accounts (name, kind, currency, institution, masked_number, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """)
            try insert.run([
                .text(reference.name), .text(reference.kind.rawValue), .text(currency.code),
                .optional(reference.institution), .optional(reference.maskedNumber), .text(Ledger.now()),
            ])
            return StoredAccount(
                id: database.lastInsertRowID, name: reference.name, kind: reference.kind, currency: currency,
                institution: reference.institution, maskedNumber: reference.maskedNumber)
        }
    }

    /// The account with this name, if any.
    public func account(named name: String) throws(StoreError) -> StoredAccount? {
        let query = try database.prepare(
            "SELECT id, name, kind, currency, institution, masked_number FROM accounts WHERE name = ?")
        return try query.rows([.text(name)]) { row throws(StoreError) in try storedAccount(row) }.first
    }

    /// Every account, by name.
    public func allAccounts() throws(StoreError) -> [StoredAccount] {
        let query = try database.prepare(
            "SELECT id, name, kind, currency, institution, masked_number FROM accounts ORDER BY name")
        return try query.rows { row throws(StoreError) in try storedAccount(row) }
    }

    func storedAccount(_ row: Statement) throws(StoreError) -> StoredAccount {
        let kindText = row.text(2)
        guard let kind = AccountKind(rawValue: kindText) else {
            throw StoreError(.corruptValue(column: "accounts.kind", found: kindText), at: .file(path))
        }
        let code = row.text(3)
        guard let currency = Currency(code: code) else {
            throw StoreError(.corruptValue(column: "accounts.currency", found: code), at: .file(path))
        }
        return StoredAccount(
            id: row.int(0), name: row.text(1), kind: kind, currency: currency, institution: row.optionalText(4),
            maskedNumber: row.optionalText(5))
    }
}
