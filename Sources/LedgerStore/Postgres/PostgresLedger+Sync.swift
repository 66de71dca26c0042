import LedgerCore

/// Feed positions on PostgreSQL (issue 21): what `Ledger+Sync.swift` stores for a feed stream
/// (`sync_state`: epoch, last sequence number, last token), written in the transaction that
/// applies the stream's batches.
///
/// **Exactly once beside another sync.** The transaction first locks the stream's position row
/// (`SELECT … FOR UPDATE`) and reads it under the lock: a second sync of the same feed waits there
/// until the first commits, then reads the position the first wrote, and leaves the batches that
/// position has passed alone (``SyncCounts/alreadyApplied``), as on SQLite. A stream's first sync
/// has no row to lock: two first syncs at once both apply, and the second one's writes meet the
/// first one's (a unique index on the rows or the position) once it commits; the server refuses
/// the second, which is rolled back and tried again, and then finds the batches applied.
///
/// Accounts a batch declares (``SyncBatch/accounts``) are created, or renamed as their source now
/// names them, in the same transaction, as on SQLite.
extension PostgresLedger {
    /// Every stored stream position, by stream key.
    public func syncPositions() throws(StoreError) -> [String: SyncPosition] {
        let result = try connection.query("SELECT stream, epoch, last_seq, last_token FROM sync_state")
        var positions: [String: SyncPosition] = [:]
        for row in result.rows {
            positions[try row.text(0)] = SyncPosition(
                epoch: try row.text(1), lastSeq: Int(try row.int(2)), lastToken: try row.text(3))
        }
        return positions
    }

    /// The stored position of one stream, if any.
    public func syncPosition(of stream: String) throws(StoreError) -> SyncPosition? {
        try position(of: stream, locking: false)
    }

    /// Applies consecutive batches of one stream, in order, in one transaction, with the stream's
    /// position after the last: whole or not at all, as SQLite's `applySync(_:after:)`.
    ///
    /// The batches' rows are upserted by external id (an update keeps the row's id), deletions
    /// run after the upserts, a snapshot (``SyncBatch/replacesTransactions``) deletes the
    /// account's other rows with an external id, and statement balances are recorded (a booked
    /// balance restated for a day with a sync checkpoint moves that checkpoint's statement
    /// balance). The checkpoints whose windows the changes touch are recomputed in the same
    /// transaction (see ``refreshCheckpoints(after:)``).
    ///
    /// - Parameters:
    ///   - batches: consecutive batches of one stream.
    ///   - start: the stream's position the batches were planned from (`nil`: it had none).
    /// - Returns: what was applied, and the checkpoints whose figures changed.
    /// - Throws: ``StoreError``: nothing of the batches is stored.
    @discardableResult
    public func applySync(_ batches: [SyncBatch], after start: SyncPosition?) throws(StoreError) -> SyncCounts {
        guard let stream = batches.first?.stream else { return SyncCounts() }
        precondition(batches.allSatisfy { $0.stream == stream }, "one call applies batches of one stream")
        var attempt = 1
        while true {
            do {
                return try connection.inTransaction { () throws(StoreError) in
                    try applyLocked(batches, stream: stream, after: start)
                }
            } catch {
                // A deadlock, or another first sync of the stream that committed first.
                let isRetryable = error.sqlState?.isRetryable == true || error.sqlState == .uniqueViolation
                guard isRetryable, attempt < Self.attemptsPerBatch else { throw error }
                attempt += 1
            }
        }
    }

    // MARK: - Private

    private func applyLocked(_ batches: [SyncBatch], stream: String, after start: SyncPosition?)
        throws(StoreError) -> SyncCounts
    {
        let stored = try position(of: stream, locking: true)
        let new = Ledger.batchesStillNew(batches, after: start, stored: stored)
        var counts = SyncCounts()
        counts.alreadyApplied = batches.count - new.count
        var changes = ChangedDays()
        var hasPosition = stored != nil
        for batch in new {
            try apply(batch, counts: &counts, changes: &changes)
            try write(batch.position, of: stream, isNew: !hasPosition)
            hasPosition = true
        }
        counts.batches = new.count
        counts.refreshed = try refreshCheckpoints(after: changes)
        return counts
    }

    /// The stream's stored position; `locking` holds its row until the transaction ends.
    private func position(of stream: String, locking: Bool) throws(StoreError) -> SyncPosition? {
        let result = try connection.query(
            "SELECT epoch, last_seq, last_token FROM sync_state WHERE stream = $1" + (locking ? " FOR UPDATE" : ""),
            [stream])
        guard let row = result.rows.first else { return nil }
        return SyncPosition(epoch: try row.text(0), lastSeq: Int(try row.int(1)), lastToken: try row.text(2))
    }

    /// Writes the stream's position: a plain insert for a stream without one, so that a second
    /// first sync of it fails on the key instead of writing over the first.
    private func write(_ position: SyncPosition, of stream: String, isNew: Bool) throws(StoreError) {
        let values = [
            stream, position.epoch, String(position.lastSeq), position.lastToken, Ledger.syncTimestamp(),
        ]
        if isNew {
            try connection.query(
                """
                INSERT INTO sync_state (stream, epoch, last_seq, last_token, updated_at) VALUES ($1, $2, $3, $4, $5)
                """, values)
        } else {
            try connection.query(
                "UPDATE sync_state SET epoch = $2, last_seq = $3, last_token = $4, updated_at = $5 WHERE stream = $1",
                values)
        }
    }

    /// Writes one batch's changes inside the current transaction, noting the days whose
    /// checkpoints they make stale.
    private func apply(_ batch: SyncBatch, counts: inout SyncCounts, changes: inout ChangedDays) throws(StoreError) {
        try upsertAccounts(batch.accounts, counts: &counts)
        guard let account = batch.account else { return }
        try upsert(batch.upserts, of: account, counts: &counts, changes: &changes)
        if batch.replacesTransactions {
            let keep = batch.upserts.compactMap(\.draft.externalID)
            let deleted = try connection.query(
                """
                DELETE FROM transactions WHERE account_id = $1 AND external_id IS NOT NULL
                    AND NOT (external_id = ANY ($2::text[]))
                RETURNING day
                """,
                [String(account.id), PostgresArray.text(keep)])
            for row in deleted.rows { changes.note(try storedDay(row.text(0)), of: account) }
            counts.deleted += deleted.rows.count
        }
        for id in batch.deletions {
            let deleted = try connection.query(
                "DELETE FROM transactions WHERE account_id = $1 AND external_id = $2 RETURNING day",
                [String(account.id), id])
            for row in deleted.rows { changes.note(try storedDay(row.text(0)), of: account) }
            counts.deleted += deleted.rows.count
        }
        try record(batch.balances, account: account, counts: &counts, changes: &changes)
    }

    /// Creates each declared account, or renames one found by its key as its source now names it
    /// (SQLite's `upsertAccounts`), inside the sync's transaction.
    private func upsertAccounts(_ accounts: [AccountReference], counts: inout SyncCounts) throws(StoreError) {
        for reference in accounts {
            guard let currency = reference.currency else {
                throw StoreError(.corruptValue(column: "accounts.currency", found: "none"), at: .file(location))
            }
            if let existing = try existingAccount(matching: reference) {
                _ = try followSourceName(of: existing, declared: reference)
                counts.updated += 1
            } else {
                guard try insertAccount(reference, fallbackCurrency: currency) != nil else {
                    // Another writer took the name: the sync is rolled back and tried again.
                    throw StoreError(
                        .postgres(
                            function: "applySync", sqlState: .uniqueViolation,
                            message: "account \(reference.name) was created by another writer", sql: nil,
                            target: connection.shownTarget),
                        at: .file(location))
                }
                counts.inserted += 1
            }
        }
    }

    /// The newest statement balance of a kind recorded for an account, if any.
    public func newestStatementBalance(of account: StoredAccount, kind: StatementBalance.Kind = .ledger)
        throws(StoreError) -> (asOf: Day, signedMinorUnits: Int64)?
    {
        let result = try connection.query(
            "SELECT as_of, amount FROM statement_balances WHERE account_id = $1 AND kind = $2 ORDER BY as_of DESC LIMIT 1",
            [String(account.id), kind.rawValue])
        guard let row = result.rows.first else { return nil }
        let text = try row.text(0)
        guard let day = Day(iso: text) else {
            throw StoreError(.corruptValue(column: "statement_balances.as_of", found: text), at: .file(location))
        }
        return (day, try row.int(1))
    }

    /// Inserts each row, or updates the account's row with its external id (locked while read).
    private func upsert(
        _ rows: [PendingRow], of account: StoredAccount, counts: inout SyncCounts, changes: inout ChangedDays
    ) throws(StoreError) {
        var totals = DailyTotals()
        for row in rows {
            let draft = row.draft
            guard let externalID = draft.externalID else {
                throw StoreError(.corruptValue(column: "transactions.external_id", found: "none"), at: draft.location)
            }
            var values: [String?] = [
                draft.bookingDay.description, draft.transactionDay?.description, String(draft.amount.minorUnits),
                draft.direction == .credit ? "credit" : "debit", draft.amount.currency.code, draft.description,
                draft.memo, draft.status == .booked ? "booked" : "pending", String(row.fingerprint),
                String(row.discriminator), String(draft.location.line), String(draft.location.column), draft.payee,
            ]
            var isNew = false
            do throws(StoreError) {
                let found = try connection.query(
                    "SELECT id, day FROM transactions WHERE account_id = $1 AND external_id = $2 FOR UPDATE",
                    [String(row.accountID), externalID])
                if let existing = found.rows.first {
                    // An update may move the row to another window: both its old and its new day change.
                    changes.note(try storedDay(existing.text(1)), of: account)
                    values.append(try existing.text(0))
                    try connection.query(
                        """
                        UPDATE transactions SET day = $1, transaction_day = $2, amount = $3, direction = $4,
                            currency = $5, description = $6, memo = $7, status = $8, fingerprint = $9,
                            discriminator = $10, source_line = $11, source_column = $12, payee = $13
                        WHERE id = $14
                        """, values)
                    counts.updated += 1
                } else {
                    values += [String(row.accountID), externalID]
                    try connection.query(
                        """
                        INSERT INTO transactions (
                            day, transaction_day, amount, direction, currency, description, memo, status, fingerprint,
                            discriminator, source_line, source_column, payee, account_id, external_id)
                        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
                        """, values)
                    counts.inserted += 1
                    isNew = true
                }
            } catch {
                throw StoreError(error.reason, at: draft.location)
            }
            changes.note(draft.bookingDay, of: account)
            // Inserts feed the totals here; the schema's triggers keep them for updates. A sync
            // stores no category.
            totals.add(row, isNew: isNew, category: nil)
        }
        try addTotals(totals)
    }

    /// Records statement balances (checked against the account limit). A booked balance restated
    /// for a day that already has a sync checkpoint moves that checkpoint's statement balance
    /// with it, and its window (and those after it) are recomputed with the other changes.
    private func record(
        _ balances: [StatementBalance], account: StoredAccount, counts: inout SyncCounts, changes: inout ChangedDays
    ) throws(StoreError) {
        for balance in balances {
            var additions = AccountAdditions()
            additions.addBalance(balance.signedMinorUnits, account: account.id, at: balance.location)
            try recordAdditions(additions)
            let day = balance.asOf.description
            let amount = String(balance.signedMinorUnits)
            let stored = try connection.query(
                "SELECT amount FROM statement_balances WHERE account_id = $1 AND kind = $2 AND as_of = $3",
                [String(account.id), balance.kind.rawValue, day])
            try connection.query(
                """
                INSERT INTO statement_balances (account_id, as_of, kind, amount, import_id) VALUES ($1, $2, $3, $4, NULL)
                ON CONFLICT (account_id, kind, as_of) DO UPDATE SET amount = excluded.amount, import_id = NULL
                """,
                [String(account.id), day, balance.kind.rawValue, amount])
            guard let previous = stored.rows.first else {
                counts.inserted += 1
                continue
            }
            counts.updated += 1
            guard try previous.int(0) != balance.signedMinorUnits, balance.kind == .ledger else { continue }
            let restated = try connection.query(
                """
                UPDATE checkpoints SET actual = $1
                WHERE account_id = $2 AND as_of = $3 AND source = 'sync' AND actual <> $1
                """,
                [amount, String(account.id), day])
            if restated.affectedRows > 0 { changes.note(balance.asOf, of: account) }
        }
    }

    /// A day read back from the server's column (named `day` unless said).
    func storedDay(_ text: String, column: String = "day") throws(StoreError) -> Day {
        try Day(stored: text, column: column, in: location)
    }
}
