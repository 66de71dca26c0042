import LedgerCore

extension Ledger {
    /// Finds or creates the account a source declares.
    ///
    /// An account with the reference's ``AccountReference/key`` is that account, whatever its name
    /// now; otherwise the account of that name is. A new account takes the reference's kind and
    /// currency (or `fallbackCurrency`); if its name is taken by an account with another key, the
    /// name gains the key's last four characters. An existing account must hold the same currency;
    /// one found by its key takes the name the source now declares, unless the person chose its
    /// name (see ``renameAccount(_:to:dryRun:)``).
    ///
    /// - Throws: ``StoreError`` on a currency clash or a database failure.
    public func ensureAccount(_ reference: AccountReference, fallbackCurrency: Currency) throws(StoreError)
        -> StoredAccount
    {
        try ensureAccountNotingCreation(reference, fallbackCurrency: fallbackCurrency).account
    }

    /// Finds or creates the account a source declares, as ``ensureAccount(_:fallbackCurrency:)``
    /// does, and says whether this call created it.
    ///
    /// An import keeps the accounts it created, so that a stop before any of their rows is kept
    /// removes them again (``removeEmptyAccounts(_:)``).
    ///
    /// - Returns: the account, and `true` when this call inserted it.
    /// - Throws: ``StoreError`` on a currency clash or a database failure.
    public func ensureAccountNotingCreation(_ reference: AccountReference, fallbackCurrency: Currency)
        throws(StoreError) -> (account: StoredAccount, isNew: Bool)
    {
        if let existing = try existingAccount(for: reference) {
            try checkCurrency(of: existing, against: reference)
            guard Ledger.declaresNewName(reference, for: existing) else { return (existing, false) }
        }
        let result: (account: StoredAccount, isNew: Bool) = try write {
            // Another process may have created it since the look above; under the write lock,
            // looking again is final.
            if let existing = try existingAccount(for: reference) {
                try checkCurrency(of: existing, against: reference)
                return (try followSourceName(of: existing, declared: reference), false)
            }
            return (try insertAccount(reference, fallbackCurrency: fallbackCurrency), true)
        }
        if commodityTable.currency(code: result.account.currency.code) == nil { try loadCommodities() }
        return result
    }

    /// Removes those of the given accounts that hold nothing: no transaction, statement balance,
    /// checkpoint or deleted-row tombstone. All in one write transaction.
    ///
    /// An import calls it with the accounts it created when it stops before keeping any of their
    /// rows, so that a stopped import leaves no empty account behind. An account that something
    /// else has written to since holds something, and stays.
    ///
    /// - Parameter ids: the accounts' ids.
    /// - Returns: how many accounts were removed.
    /// - Throws: ``StoreError`` on a database failure.
    @discardableResult
    public func removeEmptyAccounts(_ ids: [Int64]) throws(StoreError) -> Int {
        guard !ids.isEmpty else { return 0 }
        defer { try? loadCommodities() }
        return try write {
            let delete = try database.prepare(
                """
                DELETE FROM accounts WHERE id = ?1
                    AND NOT EXISTS (SELECT 1 FROM transactions WHERE account_id = ?1)
                    AND NOT EXISTS (SELECT 1 FROM statement_balances WHERE account_id = ?1)
                    AND NOT EXISTS (SELECT 1 FROM checkpoints WHERE account_id = ?1)
                    AND NOT EXISTS (SELECT 1 FROM transaction_tombstones WHERE account_id = ?1)
                """)
            var removed = 0
            for id in ids {
                try delete.run([.int(id)])
                removed += Int(database.changes)
            }
            try removeUnheldSourceCommodities()
            return removed
        }
    }

    /// The stored account a reference names: by key, then by name (unless that account belongs to
    /// another key), if any.
    func existingAccount(for reference: AccountReference) throws(StoreError) -> StoredAccount? {
        if let key = reference.key, let byKey = try account(key: key) { return byKey }
        guard let byName = try account(named: reference.name) else { return nil }
        if let key = reference.key, byName.key != nil, byName.key != key { return nil }
        return byName
    }

    /// Inserts a new account (the caller holds the write transaction).
    func insertAccount(_ reference: AccountReference, fallbackCurrency: Currency) throws(StoreError) -> StoredAccount {
        var name = reference.name
        if let key = reference.key, try account(named: name) != nil { name += " ••••" + key.suffix(4) }
        let currency = reference.currency ?? fallbackCurrency
        try register(currency, at: .file(path))
        let insert = try database.prepare(
            """
            INSERT INTO accounts (name, kind, currency, institution, masked_number, created_at, source_key)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.run([
            .text(name), .text(reference.kind.rawValue), .text(currency.code), .optional(reference.institution),
            .optional(reference.maskedNumber), .text(Ledger.now()), .optional(reference.key),
        ])
        return StoredAccount(
            id: database.lastInsertRowID, name: name, kind: reference.kind, currency: currency,
            institution: reference.institution, maskedNumber: reference.maskedNumber, key: reference.key)
    }

    func checkCurrency(of existing: StoredAccount, against reference: AccountReference) throws(StoreError) {
        if let clash = Ledger.currencyClash(of: existing, against: reference, at: path) { throw clash }
    }

    /// The error for a declaration whose currency differs from the stored account's (or names its
    /// commodity with other digits), located at `location`; `nil` when they agree. Both stores
    /// check with it.
    static func currencyClash(of existing: StoredAccount, against reference: AccountReference, at location: String)
        -> StoreError?
    {
        if let currency = reference.currency, currency.code == existing.currency.code,
            currency.minorDigits != existing.currency.minorDigits
        {
            return StoreError(
                .commodityConflict(
                    code: currency.code, declared: currency.minorDigits, existing: existing.currency.minorDigits),
                at: .file(location))
        }
        if let currency = reference.currency, currency != existing.currency {
            return StoreError(
                .currencyMismatch(
                    account: existing.name, accountCurrency: existing.currency.code, found: currency.code),
                at: .file(location))
        }
        return nil
    }

    /// The account with this source key, if any.
    public func account(key: String) throws(StoreError) -> StoredAccount? {
        let query = try database.prepare(
            "SELECT id, name, kind, currency, institution, masked_number, source_key FROM accounts WHERE source_key = ?"
        )
        return try query.rows([.text(key)]) { row throws(StoreError) in try storedAccount(row) }.first
    }

    /// The account with this name, if any.
    public func account(named name: String) throws(StoreError) -> StoredAccount? {
        let query = try database.prepare(
            "SELECT id, name, kind, currency, institution, masked_number, source_key FROM accounts WHERE name = ?")
        return try query.rows([.text(name)]) { row throws(StoreError) in try storedAccount(row) }.first
    }

    /// Every account, by name.
    public func allAccounts() throws(StoreError) -> [StoredAccount] {
        let query = try database.prepare(
            "SELECT id, name, kind, currency, institution, masked_number, source_key FROM accounts ORDER BY name")
        return try query.rows { row throws(StoreError) in try storedAccount(row) }
    }

    /// The account in a row's columns `first` to `first + 6` (id, name, kind, currency,
    /// institution, masked number, source key).
    func storedAccount(_ row: Statement, from first: Int32 = 0) throws(StoreError) -> StoredAccount {
        let kindText = row.text(first + 2)
        guard let kind = AccountKind(rawValue: kindText) else {
            throw StoreError(.corruptValue(column: "accounts.kind", found: kindText), at: .file(path))
        }
        let currency = try storedCurrency(row.text(first + 3), column: "accounts.currency")
        return StoredAccount(
            id: row.int(first), name: row.text(first + 1), kind: kind, currency: currency,
            institution: row.optionalText(first + 4), maskedNumber: row.optionalText(first + 5),
            key: row.optionalText(first + 6))
    }
}
