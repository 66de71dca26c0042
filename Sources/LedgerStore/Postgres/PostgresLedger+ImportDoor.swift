import LedgerCore

/// What an import needs of a PostgreSQL ledger beside the batch door (issue 21), as on SQLite:
/// the account a source declares (found by key, then by name; created once however many
/// importers race), a dry run's look-up of stored rows, statement balances, the checkpoint's
/// explanation, and the clean-up of accounts a stopped import created.
extension PostgresLedger: ImportStore {
    /// The ledger's declared commodities.
    public var commodities: CommodityTable { commodityTable }

    /// Finds or creates the account a source declares, and says whether this call created it.
    ///
    /// The rule is SQLite's (``Ledger/ensureAccountNotingCreation(_:fallbackCurrency:)``): by key,
    /// else by name unless that account belongs to another key; a new account whose name is
    /// taken gains the key's last four characters. The insert does nothing when another importer
    /// took the name a moment before; the account is then read again.
    ///
    /// - Throws: ``StoreError`` on a currency clash or a server failure.
    public func ensureAccountNotingCreation(_ reference: AccountReference, fallbackCurrency: Currency)
        throws(StoreError) -> (account: StoredAccount, isNew: Bool)
    {
        if let existing = try existingAccount(matching: reference) {
            return (try followSourceName(of: existing, declared: reference), false)
        }
        let inserted = try connection.inTransaction { () throws(StoreError) -> StoredAccount? in
            try insertAccount(reference, fallbackCurrency: fallbackCurrency)
        }
        if let inserted {
            if commodityTable.currency(code: inserted.currency.code) == nil { try loadCommodities() }
            return (inserted, true)
        }
        // Another importer created it first.
        guard let existing = try existingAccount(matching: reference) else {
            throw StoreError(.unknownAccount(reference.name), at: .file(location))
        }
        return (existing, false)
    }

    /// The stored account an import of this reference would use, without creating one.
    ///
    /// - Throws: ``StoreError`` when the stored account keeps another currency, or on a server failure.
    public func existingAccount(matching reference: AccountReference) throws(StoreError) -> StoredAccount? {
        var found: StoredAccount?
        if let key = reference.key, let byKey = try account(key: key) {
            found = byKey
        } else if let byName = try account(named: reference.name),
            reference.key == nil || byName.key == nil || byName.key == reference.key
        {
            found = byName
        }
        guard let found else { return nil }
        if let clash = Ledger.currencyClash(of: found, against: reference, at: location) { throw clash }
        return found
    }

    /// Which rows of a batch the ledger already holds, by the identity the door enforces, in
    /// one statement (the rows as arrays, in order).
    public func isStored(_ rows: [PendingRow]) throws(StoreError) -> [Bool] {
        guard !rows.isEmpty else { return [] }
        let result = try connection.query(
            """
            SELECT EXISTS (
                    SELECT 1 FROM transactions t WHERE t.account_id = r.account AND t.day = r.day
                        AND t.fingerprint = r.fingerprint AND t.discriminator = r.discriminator)
                OR (r.external_id IS NOT NULL AND EXISTS (
                    SELECT 1 FROM transactions t WHERE t.account_id = r.account AND t.external_id = r.external_id))
            FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::text[]) WITH ORDINALITY
                AS r(account, day, fingerprint, discriminator, external_id, place)
            ORDER BY r.place
            """,
            [
                PostgresArray.text(rows.map { String($0.accountID) }),
                PostgresArray.text(rows.map { $0.draft.bookingDay.description }),
                PostgresArray.text(rows.map { String($0.fingerprint) }),
                PostgresArray.text(rows.map { String($0.discriminator) }),
                PostgresArray.text(rows.map { $0.draft.externalID }),
            ])
        return try result.rows.map { row throws(StoreError) in try row.text(0) == "t" }
    }

    /// Records a balance a source states, replacing an earlier statement of the same kind and day.
    public func recordStatementBalance(_ balance: StatementBalance, account: StoredAccount, importID: Int64?)
        throws(StoreError)
    {
        try connection.inTransaction { () throws(StoreError) in
            var additions = AccountAdditions()
            additions.addBalance(balance.signedMinorUnits, account: account.id, at: balance.location)
            try recordAdditions(additions)
            try connection.query(
                """
                INSERT INTO statement_balances (account_id, as_of, kind, amount, import_id) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (account_id, kind, as_of) DO UPDATE SET amount = excluded.amount,
                    import_id = excluded.import_id
                """,
                [
                    String(account.id), balance.asOf.description, balance.kind.rawValue,
                    String(balance.signedMinorUnits), importID.map { String($0) },
                ])
        }
    }

    /// A statement's checkpoint, as ``checkpoint(_:asOf:actual:source:importID:)`` stores it;
    /// with `yieldingToExisting`, a checkpoint already on that day (not an opening one) is kept
    /// instead, as on SQLite. Returned with its explanation.
    public func importCheckpoint(
        _ account: StoredAccount, asOf: Day, actual: Int64, source: Checkpoint.Source, importID: Int64?,
        yieldingToExisting: Bool
    ) throws(StoreError) -> Checkpoint {
        if yieldingToExisting, let existing = try checkpoints(of: account).first(where: { $0.asOf <= asOf }),
            existing.asOf == asOf, existing.source != .opening
        {
            return try explained(existing, of: account)
        }
        let stored = try checkpoint(account, asOf: asOf, actual: actual, source: source, importID: importID)
        return try explained(stored, of: account)
    }

    /// Recomputes the checkpoints on or after a day, in one transaction.
    ///
    /// - Returns: the checkpoints whose status or discrepancy changed.
    @discardableResult
    public func refreshCheckpoints(of account: StoredAccount, from day: Day) throws(StoreError) -> [Checkpoint] {
        guard try checkpoints(of: account).contains(where: { $0.asOf >= day }) else { return [] }
        var changes = ChangedDays()
        changes.note(day, of: account)
        return try connection.inTransaction { () throws(StoreError) in
            try connection.query("SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE", [String(account.id)])
            return try refreshCheckpoints(after: changes)
        }
    }

    /// Removes those of the given accounts that hold nothing (no transaction, statement balance,
    /// checkpoint or tombstone), in one transaction.
    ///
    /// - Returns: how many were removed.
    @discardableResult
    public func removeEmptyAccounts(_ ids: [Int64]) throws(StoreError) -> Int {
        guard !ids.isEmpty else { return 0 }
        let result = try connection.query(
            """
            DELETE FROM accounts a WHERE a.id = ANY ($1::bigint[])
                AND NOT EXISTS (SELECT 1 FROM transactions WHERE account_id = a.id)
                AND NOT EXISTS (SELECT 1 FROM statement_balances WHERE account_id = a.id)
                AND NOT EXISTS (SELECT 1 FROM checkpoints WHERE account_id = a.id)
                AND NOT EXISTS (SELECT 1 FROM transaction_tombstones WHERE account_id = a.id)
            """,
            [PostgresArray.text(ids.map { String($0) })])
        return result.affectedRows
    }

    /// Whether a failure is the ledger's own (its server, its connection), not a record's.
    public func isLedgerFailure(_ error: StoreError) -> Bool {
        error.location.file == location || error.location.file == connection.shownTarget
    }

    // MARK: - Inside the store

    /// Inserts a new account inside the caller's transaction (a name taken by an account of
    /// another key gains the key's last four characters, as on SQLite), registering a commodity
    /// it holds; `nil` when another writer took the name first (nothing inserted).
    func insertAccount(_ reference: AccountReference, fallbackCurrency: Currency) throws(StoreError) -> StoredAccount? {
        var name = reference.name
        if let key = reference.key, try account(named: name) != nil { name += " ••••" + key.suffix(4) }
        let currency = reference.currency ?? fallbackCurrency
        try register(currency)
        let inserted = try connection.query(
            """
            INSERT INTO accounts (name, kind, currency, institution, masked_number, created_at, source_key)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT DO NOTHING RETURNING id
            """,
            [
                name, reference.kind.rawValue, currency.code, reference.institution, reference.maskedNumber,
                Ledger.now(), reference.key,
            ])
        guard let row = inserted.rows.first else { return nil }
        return StoredAccount(
            id: try row.int(0), name: name, kind: reference.kind, currency: currency,
            institution: reference.institution, maskedNumber: reference.maskedNumber, key: reference.key)
    }

    /// Gives a source-keyed account the name its source declares now, unless the person chose
    /// its name or another account has that name (SQLite's `followSourceName`).
    func followSourceName(of existing: StoredAccount, declared reference: AccountReference)
        throws(StoreError) -> StoredAccount
    {
        guard Ledger.declaresNewName(reference, for: existing) else { return existing }
        let updated = try connection.query(
            """
            UPDATE accounts SET name = $1 WHERE id = $2 AND named_by_user = 0
                AND NOT EXISTS (SELECT 1 FROM accounts WHERE name = $1)
            """,
            [reference.name, String(existing.id)])
        guard updated.affectedRows == 1 else { return existing }
        var renamed = existing
        renamed.name = reference.name
        return renamed
    }

    // MARK: - Private

    /// Declares a commodity a source brought, inside the caller's transaction (an ISO currency
    /// needs nothing); a commodity declared with other digits is a conflict.
    func register(_ currency: Currency) throws(StoreError) {
        guard !currency.isISO else { return }
        try connection.query(
            """
            INSERT INTO commodities (code, minor_digits, declared_by, declared_at) VALUES ($1, $2, 'source', $3)
            ON CONFLICT (code) DO NOTHING
            """,
            [currency.code, String(currency.minorDigits), Ledger.now()])
        let stored = try connection.query("SELECT minor_digits FROM commodities WHERE code = $1", [currency.code])
        if let row = stored.rows.first, Int(try row.int(0)) != currency.minorDigits {
            throw StoreError(
                .commodityConflict(code: currency.code, declared: currency.minorDigits, existing: Int(try row.int(0))),
                at: .file(location))
        }
    }
}
