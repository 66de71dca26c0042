import LedgerCore

extension Ledger {
    /// Records a balance a source states, replacing an earlier statement of the same kind and day.
    public func recordStatementBalance(_ balance: StatementBalance, account: StoredAccount, importID: Int64?)
        throws(StoreError)
    {
        try write {
            try recordBalance(balance.signedMinorUnits, account: account.id, at: balance.location)
            let upsert = try database.prepare(
                """
                INSERT INTO statement_balances (account_id, as_of, kind, amount, import_id) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (account_id, kind, as_of) DO UPDATE SET amount = excluded.amount,
                    import_id = excluded.import_id
                """)
            try upsert.run([
                .int(account.id), .text(balance.asOf.description), .text(balance.kind.rawValue),
                .int(balance.signedMinorUnits), .optional(importID),
            ])
        }
    }

    /// Compares the ledger with a statement balance at the end of a day, and stores the result.
    ///
    /// `expected` = the balance at the latest checkpoint before `asOf` + the net of booked
    /// transactions on the days after it up to and including `asOf`. With no earlier checkpoint
    /// the result is a baseline. The checkpoint re-baselines the account at `actual` either way.
    /// There is one checkpoint per account and day: checking the same day again replaces it, so
    /// re-running an import or a reconcile never writes twice.
    ///
    /// - Parameters:
    ///   - account: the account.
    ///   - asOf: the day at whose end `actual` holds.
    ///   - actual: the statement's balance, signed minor units.
    ///   - source: what prompted it.
    ///   - importID: the import that brought the balance, if any.
    ///   - yieldingToExisting: keep a checkpoint already on that day instead (for an opening balance
    ///     derived from a statement's rows, which gives way to another statement's closing balance,
    ///     so the result doesn't depend on which file was imported first).
    ///   - replacingSource: for a checkpoint by hand (`.manual` or `.opening` with no import),
    ///     replace one a source (a statement, an import or a sync) brought on that day; without it
    ///     such a checkpoint is refused, so a typo never silently overwrites a source's balance.
    /// - Throws: ``StoreError`` on overflow or a database failure; with
    ///   ``CorrectionRefusal/sourceCheckpoint(account:day:source:importID:amount:)`` when a
    ///   checkpoint by hand meets a source's and `replacingSource` is false (nothing written).
    @discardableResult
    public func checkpoint(
        _ account: StoredAccount, asOf: Day, actual: Int64, source: Checkpoint.Source, importID: Int64? = nil,
        yieldingToExisting: Bool = false, replacingSource: Bool = false
    ) throws(StoreError) -> Checkpoint {
        if yieldingToExisting, let existing = try checkpoints(of: account, before: asOf.next, limit: 1).first,
            existing.asOf == asOf, existing.source != .opening
        {
            return try explained(existing, of: account)
        }
        return try write {
            let isByHand = importID == nil && (source == .manual || source == .opening)
            if isByHand, !replacingSource, let existing = try checkpoint(of: account, on: asOf), existing.isFromSource {
                throw StoreError(.correctionRefused(.replacing(existing, of: account)), at: .file(path))
            }
            try recordBalance(actual, account: account.id, at: .file(path))
            let previous = try latestCheckpoint(of: account, before: asOf)
            let net = try self.net(of: account, after: previous?.asOf, through: asOf)
            let reconciliation = Reconciliation(previous: previous?.actual, net: net, actual: actual)
            guard let reconciliation else {
                throw StoreError(.overflow("the checkpoint of \(account.name) on \(asOf)"), at: .file(path))
            }
            let createdAt = Ledger.now()
            let upsert = try database.prepare(
                """
                INSERT INTO checkpoints (account_id, as_of, expected, actual, discrepancy, status, source, import_id,
                    created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (account_id, as_of) DO UPDATE SET expected = excluded.expected, actual = excluded.actual,
                    discrepancy = excluded.discrepancy, status = excluded.status,
                    source = CASE excluded.source WHEN 'opening' THEN checkpoints.source ELSE excluded.source END,
                    import_id = excluded.import_id, created_at = excluded.created_at
                """)
            try upsert.run([
                .int(account.id), .text(asOf.description), .optional(reconciliation.expected), .int(actual),
                .optional(reconciliation.discrepancy), .text(reconciliation.status.rawValue), .text(source.rawValue),
                .optional(importID), .text(createdAt),
            ])
            let id = try checkpointID(account: account, asOf: asOf)
            let checkpoint = Checkpoint(
                id: id, account: account.name, currency: account.currency, asOf: asOf,
                expected: reconciliation.expected, actual: actual, discrepancy: reconciliation.discrepancy,
                status: reconciliation.status, source: source, importID: importID, createdAt: createdAt)
            return try explained(checkpoint, of: account)
        }
    }

    /// Recomputes the expected balance of every checkpoint on or after a day, keeping each one's
    /// statement balance: rows imported later into an earlier window (an older statement imported
    /// after a newer one) then count where they belong, whatever the order of imports.
    ///
    /// All in one write transaction. A write that changes rows itself (a sync) refreshes inside its
    /// own transaction instead, through ``refreshCheckpoints(after:)``.
    ///
    /// - Returns: the checkpoints whose status or discrepancy changed.
    @discardableResult
    public func refreshCheckpoints(of account: StoredAccount, from day: Day) throws(StoreError) -> [Checkpoint] {
        // Nothing to recompute is the common case after an import: no write at all then.
        guard try !checkpoints(of: account, onOrAfter: day).isEmpty else { return [] }
        var changes = ChangedDays()
        changes.note(day, of: account)
        return try write { try refreshCheckpoints(after: changes) }
    }

    /// Recomputes, inside the caller's write transaction, each changed account's checkpoints on or
    /// after its earliest changed day: once per account however many rows changed, so that no
    /// window is stale once the transaction commits.
    ///
    /// Each checkpoint keeps its statement balance (`actual`); its expected balance is the previous
    /// checkpoint's statement balance plus the booked net since, as ``checkpoint(_:asOf:actual:source:importID:yieldingToExisting:)``
    /// computes it.
    ///
    /// - Returns: the checkpoints whose status or discrepancy changed, with their new figures.
    /// - Throws: ``StoreError`` on overflow or a database failure; the caller's transaction then
    ///   rolls back.
    func refreshCheckpoints(after changes: ChangedDays) throws(StoreError) -> [Checkpoint] {
        var changed: [Checkpoint] = []
        for (account, day) in changes.earliest.values.sorted(by: { $0.account.id < $1.account.id }) {
            let later = try checkpoints(of: account, onOrAfter: day)
            guard !later.isEmpty else { continue }
            var previous = try latestCheckpoint(of: account, before: day)
            let update = try database.prepare(
                "UPDATE checkpoints SET expected = ?, discrepancy = ?, status = ? WHERE id = ?")
            for old in later {
                let net = try self.net(of: account, after: previous?.asOf, through: old.asOf)
                guard let fresh = Reconciliation(previous: previous?.actual, net: net, actual: old.actual) else {
                    throw StoreError(.overflow("the checkpoint of \(account.name) on \(old.asOf)"), at: .file(path))
                }
                previous = old
                guard fresh.expected != old.expected || fresh.status != old.status else { continue }
                try update.run([
                    .optional(fresh.expected), .optional(fresh.discrepancy), .text(fresh.status.rawValue), .int(old.id),
                ])
                changed.append(old.refigured(by: fresh))
            }
        }
        return changed
    }

    /// The account's checkpoint on a day, if it has one.
    public func checkpoint(of account: StoredAccount, on day: Day) throws(StoreError) -> Checkpoint? {
        guard let found = try latestCheckpoint(of: account, before: day.next), found.asOf == day else { return nil }
        return found
    }

    /// The latest checkpoint strictly before a day, if any.
    public func latestCheckpoint(of account: StoredAccount, before day: Day) throws(StoreError) -> Checkpoint? {
        try checkpoints(of: account, before: day, limit: 1).first
    }

    /// An account's checkpoint history, newest first.
    public func checkpoints(of account: StoredAccount) throws(StoreError) -> [Checkpoint] {
        try checkpoints(of: account, before: nil, limit: -1)
    }

    private func checkpoints(of account: StoredAccount, before day: Day?, limit: Int) throws(StoreError)
        -> [Checkpoint]
    {
        let query = try database.prepare(
            """
            SELECT id, as_of, expected, actual, discrepancy, status, source, import_id, created_at
            FROM checkpoints WHERE account_id = ?1 AND as_of < coalesce(?2, '9999-99-99')
            ORDER BY as_of DESC LIMIT ?3
            """)
        return try query.rows([.int(account.id), .optional(day?.description), .int(Int64(limit))]) {
            row throws(StoreError) in try checkpoint(row, of: account)
        }
    }

    /// An account's checkpoints on or after a day, oldest first.
    private func checkpoints(of account: StoredAccount, onOrAfter day: Day) throws(StoreError) -> [Checkpoint] {
        let query = try database.prepare(
            """
            SELECT id, as_of, expected, actual, discrepancy, status, source, import_id, created_at
            FROM checkpoints WHERE account_id = ? AND as_of >= ? ORDER BY as_of
            """)
        return try query.rows([.int(account.id), .text(day.description)]) { row throws(StoreError) in
            try checkpoint(row, of: account)
        }
    }

    /// A checkpoint from a row of the queries above.
    private func checkpoint(_ row: Statement, of account: StoredAccount) throws(StoreError) -> Checkpoint {
        let dayText = row.text(1)
        guard let asOf = Day(iso: dayText),
            let status = Reconciliation.Status(rawValue: row.text(5)),
            let source = Checkpoint.Source(rawValue: row.text(6))
        else {
            throw StoreError(.corruptValue(column: "checkpoints", found: dayText), at: .file(path))
        }
        return Checkpoint(
            id: row.int(0), account: account.name, currency: account.currency, asOf: asOf,
            expected: row.optionalInt(2), actual: row.int(3), discrepancy: row.optionalInt(4), status: status,
            source: source, importID: row.optionalInt(7), createdAt: row.text(8))
    }

    private func checkpointID(account: StoredAccount, asOf: Day) throws(StoreError) -> Int64 {
        let query = try database.prepare("SELECT id FROM checkpoints WHERE account_id = ? AND as_of = ?")
        return try query.rows([.int(account.id), .text(asOf.description)]) { row throws(StoreError) in row.int(0) }
            .first ?? 0
    }
}
