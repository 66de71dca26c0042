import LedgerCore

/// Checkpoints on PostgreSQL (issue 21): the ledger's balance compared with a statement's at the
/// end of a day, as `Ledger+Checkpoints.swift` stores them on SQLite.
///
/// A checkpoint is computed and written in one transaction with the account's row locked
/// (`FOR NO KEY UPDATE`, the lock a batch's account limit takes), so two writers of one account
/// compute its checkpoints one after the other. A sync recomputes the checkpoints its changes
/// touch inside its own transaction (``refreshCheckpoints(after:)``).
///
/// Not yet on PostgreSQL: a checkpoint's pending rows and diagnosis (``Checkpoint/pending``,
/// ``Checkpoint/diagnosis`` stay empty), and the options of SQLite's `checkpoint` for opening
/// balances and checkpoints by hand.
extension PostgresLedger {
    /// Compares the ledger with a statement balance at the end of a day, and stores the result,
    /// replacing the account's checkpoint on that day if it has one.
    ///
    /// `expected` = the balance at the latest checkpoint before `asOf` + the net of booked
    /// transactions on the days after it up to and including `asOf`; with no earlier checkpoint
    /// the result is a baseline.
    ///
    /// - Parameters:
    ///   - account: the account.
    ///   - asOf: the day at whose end `actual` holds.
    ///   - actual: the statement's balance, signed minor units.
    ///   - source: what prompted it.
    ///   - importID: the import that brought the balance, if any.
    /// - Throws: ``StoreError`` on overflow, past the account limit, or on a server failure.
    @discardableResult
    public func checkpoint(
        _ account: StoredAccount, asOf: Day, actual: Int64, source: Checkpoint.Source, importID: Int64? = nil
    ) throws(StoreError) -> Checkpoint {
        try connection.inTransaction { () throws(StoreError) in
            try writeCheckpoint(account, asOf: asOf, actual: actual, source: source, importID: importID)
        }
    }

    /// Computes and stores a checkpoint inside the caller's transaction (see
    /// ``checkpoint(_:asOf:actual:source:importID:)``).
    func writeCheckpoint(
        _ account: StoredAccount, asOf: Day, actual: Int64, source: Checkpoint.Source, importID: Int64?
    ) throws(StoreError) -> Checkpoint {
        var additions = AccountAdditions()
        additions.addBalance(actual, account: account.id, at: .file(location))
        try recordAdditions(additions)
        let previous = try checkpoints(of: account, before: asOf, limit: 1).first
        let net = try self.net(of: account.id, after: previous?.asOf, through: asOf)
        guard let reconciliation = Reconciliation(previous: previous?.actual, net: net, actual: actual) else {
            throw StoreError(.overflow("the checkpoint of \(account.name) on \(asOf)"), at: .file(location))
        }
        let createdAt = Ledger.now()
        let stored = try connection.query(
            """
            INSERT INTO checkpoints (account_id, as_of, expected, actual, discrepancy, status, source, import_id,
                created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            ON CONFLICT (account_id, as_of) DO UPDATE SET expected = excluded.expected, actual = excluded.actual,
                discrepancy = excluded.discrepancy, status = excluded.status,
                source = CASE excluded.source WHEN 'opening' THEN checkpoints.source ELSE excluded.source END,
                import_id = excluded.import_id, created_at = excluded.created_at
            RETURNING id, source
            """,
            [
                String(account.id), asOf.description, reconciliation.expected.map { String($0) }, String(actual),
                reconciliation.discrepancy.map { String($0) }, reconciliation.status.rawValue, source.rawValue,
                importID.map { String($0) }, createdAt,
            ])
        guard let row = stored.rows.first, let storedSource = Checkpoint.Source(rawValue: try row.text(1)) else {
            throw StoreError(.corruptValue(column: "checkpoints.source", found: "none"), at: .file(location))
        }
        return Checkpoint(
            id: try row.int(0), account: account.name, currency: account.currency, asOf: asOf,
            expected: reconciliation.expected, actual: actual, discrepancy: reconciliation.discrepancy,
            status: reconciliation.status, source: storedSource, importID: importID, createdAt: createdAt)
    }

    /// An account's checkpoint history, newest first.
    public func checkpoints(of account: StoredAccount) throws(StoreError) -> [Checkpoint] {
        try checkpoints(of: account, before: nil, limit: nil)
    }

    /// Recomputes, inside the caller's transaction, each changed account's checkpoints on or
    /// after its earliest changed day, as SQLite's `refreshCheckpoints(after:)`: each keeps its
    /// statement balance; its expected balance is the previous checkpoint's plus the booked net
    /// since.
    ///
    /// - Returns: the checkpoints whose status or discrepancy changed, with their new figures.
    func refreshCheckpoints(after changes: ChangedDays) throws(StoreError) -> [Checkpoint] {
        var changed: [Checkpoint] = []
        for (account, day) in changes.earliest.values.sorted(by: { $0.account.id < $1.account.id }) {
            let later = try checkpoints(of: account, onOrAfter: day)
            guard !later.isEmpty else { continue }
            var previous = try checkpoints(of: account, before: day, limit: 1).first
            for old in later {
                let net = try self.net(of: account.id, after: previous?.asOf, through: old.asOf)
                guard let fresh = Reconciliation(previous: previous?.actual, net: net, actual: old.actual) else {
                    throw StoreError(.overflow("the checkpoint of \(account.name) on \(old.asOf)"), at: .file(location))
                }
                previous = old
                guard fresh.expected != old.expected || fresh.status != old.status else { continue }
                try connection.query(
                    "UPDATE checkpoints SET expected = $1, discrepancy = $2, status = $3 WHERE id = $4",
                    [
                        fresh.expected.map { String($0) }, fresh.discrepancy.map { String($0) }, fresh.status.rawValue,
                        String(old.id),
                    ])
                changed.append(old.refigured(by: fresh))
            }
        }
        return changed
    }

    // MARK: - Private

    /// The booked net of an account on the days after `after` up to and including `through`.
    func net(of account: Int64, after: Day?, through: Day?) throws(StoreError) -> Int64 {
        let result = try connection.query(
            """
            SELECT coalesce(sum(booked_net), 0) FROM daily_totals
            WHERE account_id = $1 AND day > coalesce($2, '') AND day <= coalesce($3, '9999-12-31')
            """,
            [String(account), after?.description, through?.description])
        guard let row = result.rows.first else { return 0 }
        return try row.int(0)
    }

    private static let checkpointColumns =
        "id, as_of, expected, actual, discrepancy, status, source, import_id, created_at"

    /// The account's checkpoints strictly before a day (all without one), newest first.
    private func checkpoints(of account: StoredAccount, before day: Day?, limit: Int?) throws(StoreError)
        -> [Checkpoint]
    {
        let result = try connection.query(
            """
            SELECT \(Self.checkpointColumns) FROM checkpoints
            WHERE account_id = $1 AND as_of < coalesce($2, '9999-99-99') ORDER BY as_of DESC LIMIT $3
            """,
            [String(account.id), day?.description, limit.map { String($0) }])
        return try result.rows.map { row throws(StoreError) in try checkpoint(row, of: account) }
    }

    /// The account's checkpoints on or after a day, oldest first.
    private func checkpoints(of account: StoredAccount, onOrAfter day: Day) throws(StoreError) -> [Checkpoint] {
        let result = try connection.query(
            "SELECT \(Self.checkpointColumns) FROM checkpoints WHERE account_id = $1 AND as_of >= $2 ORDER BY as_of",
            [String(account.id), day.description])
        return try result.rows.map { row throws(StoreError) in try checkpoint(row, of: account) }
    }

    /// A checkpoint from a row of the queries above.
    private func checkpoint(_ row: PostgresRow, of account: StoredAccount) throws(StoreError) -> Checkpoint {
        let dayText = try row.text(1)
        guard let asOf = Day(iso: dayText), let status = Reconciliation.Status(rawValue: try row.text(5)),
            let source = Checkpoint.Source(rawValue: try row.text(6))
        else {
            throw StoreError(.corruptValue(column: "checkpoints", found: dayText), at: .file(location))
        }
        return Checkpoint(
            id: try row.int(0), account: account.name, currency: account.currency, asOf: asOf,
            expected: try row.optionalInt(2), actual: try row.int(3), discrepancy: try row.optionalInt(4),
            status: status, source: source, importID: try row.optionalInt(7), createdAt: try row.text(8))
    }
}
