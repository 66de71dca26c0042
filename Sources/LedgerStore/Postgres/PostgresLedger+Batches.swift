import LedgerCore

extension PostgresLedger {
    /// Saves a batch of new rows in one transaction: whole, or not at all.
    ///
    /// The rows are inserted with `INSERT … ON CONFLICT DO NOTHING RETURNING id`: all at once, in
    /// a few statements a batch (see `PostgresLedger+BatchStatements.swift`), or one row at a time
    /// when rows of the batch meet each other or the batch fails that way. The server's unique
    /// indexes on (account, external id) and on (account, day, fingerprint, discriminator) decide
    /// identity, and a row the server did not insert is a duplicate. Duplicates are counted from
    /// what the server reports, never from a look before the insert, so two processes importing
    /// overlapping files at the same moment store the union exactly once: the second insert of a
    /// row waits for the first one's transaction and then does nothing.
    ///
    /// In the same transaction the batch adds its booked rows to `daily_totals` and
    /// `report_totals`, its amounts to its accounts' volumes (checked against the account limit,
    /// as on SQLite), notes the duplicates an import met (`import_claims`) and adds its counts to
    /// the import's row. A batch the server rolls back for a deadlock or a serialization failure
    /// with another writer is tried again (nothing of it was stored); any other failure answers
    /// `.notSaved`, located at the record that failed when one did.
    ///
    /// As on SQLite, a booked row whose source id (or, without one, whose exact identity) a stored
    /// pending row has books that row in place (counted in `booked`; the triggers move the
    /// totals), and a booked row whose id a booked row of another day or amount has stops the
    /// batch (``StoreError/Reason/idReused(id:stored:found:)``).
    ///
    /// A row `transactions delete` removed is skipped and counted in `deletedBefore`, unless
    /// ``restoresDeletedRows``; an id inserted as a part of an entry stored whole (or the reverse)
    /// stops the batch (``StoreError/Reason/splitFamily(id:storedID:stored:found:)``).
    ///
    /// Not yet on PostgreSQL (issue 21): commodities registered by a write.
    ///
    /// - Parameters:
    ///   - rows: the batch, in source order.
    ///   - importID: the import run the rows come from, if any.
    public func save(_ rows: [PendingRow], importID: Int64?) -> BatchOutcome {
        save(rows.map(BatchItem.insert), importID: importID)
    }

    /// Saves a batch of new rows and withdrawals, applied in order in one transaction, as
    /// the rows' `save` does.
    ///
    /// A withdrawal deletes the account's transaction with that external id (the triggers take it
    /// off the totals), and is a no-op when there is none, so a re-import changes nothing.
    public func save(_ items: [BatchItem], importID: Int64?) -> BatchOutcome {
        // A batch of new rows goes by copy, in three round trips (`PostgresLedger+BatchCopy.swift`).
        do {
            if let counts = try savedByCopy(items, importID: importID) {
                noteStored(counts.inserted)
                return .saved(inserted: counts.inserted, duplicates: 0)
            }
        } catch {
            return .notSaved(error)
        }
        // The statements look rows up: their plans want the statistics an `ANALYZE` still running
        // is gathering.
        statisticsGathered()
        var attempt = 1
        // Rows that meet each other inside the batch are handled one by one, in order.
        var isRowByRow = writesRowByRow || !Self.isDistinct(items)
        while true {
            do {
                // The tombstones are read with the BEGIN, in one round trip.
                let counts = try connection.inTransaction(reading: Self.tombstonesSQL) {
                    (stored: PostgresResult) throws(StoreError) -> BatchCounts in
                    let deleted = try self.tombstones(in: stored)
                    return isRowByRow
                        ? try writeRowByRow(items, importID: importID, tombstones: deleted)
                        : try writeInStatements(items, importID: importID, tombstones: deleted)
                }
                noteStored(counts.inserted)
                return .saved(
                    inserted: counts.inserted, duplicates: counts.duplicates, withdrawn: counts.withdrawn,
                    deletedBefore: counts.deletedBefore, booked: counts.booked)
            } catch {
                if error.sqlState?.isRetryable == true, attempt < Self.attemptsPerBatch {
                    attempt += 1
                    continue
                }
                if !isRowByRow, connection.isOpen {
                    // Nothing of the batch was stored: the row-by-row door tries it again and, if
                    // it fails, says which record failed and why, as it always did. A connection
                    // the server closed or that broke is reported as it failed: a retry on it
                    // would only say that there is no connection.
                    isRowByRow = true
                    attempt = 1
                    continue
                }
                return .notSaved(error)
            }
        }
    }

    /// Finds or creates the account `name`, and answers its id.
    ///
    /// Two processes creating it at once make one account: the insert does nothing when the name
    /// is taken, and the account is then read.
    ///
    /// - Throws: ``StoreError`` when the account exists with another currency, or on a server failure.
    public func ensureAccount(named name: String, kind: AccountKind, currency: Currency) throws(StoreError) -> Int64 {
        let insert = try connection.query(
            """
            INSERT INTO accounts (name, kind, currency, created_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (name) DO NOTHING RETURNING id
            """,
            [name, kind.rawValue, currency.code, Ledger.now()])
        if let row = insert.rows.first { return try row.int(0) }
        let found = try connection.query("SELECT id, currency FROM accounts WHERE name = $1", [name])
        guard let row = found.rows.first else {
            throw StoreError(.unknownAccount(name), at: .file(location))
        }
        let stored = try row.text(1)
        guard stored == currency.code else {
            throw StoreError(
                .currencyMismatch(account: name, accountCurrency: stored, found: currency.code), at: .file(location))
        }
        return try row.int(0)
    }

    // MARK: - The batch's writes (shared with the batched door and the sync)

    /// What one batch did: rows inserted, counted as duplicates, skipped as deleted before, and
    /// stored pending rows booked.
    struct BatchCounts {
        var inserted = 0
        var duplicates = 0
        var withdrawn = 0
        var deletedBefore = 0
        var booked = 0
    }

    /// Applies the items in order, one statement per row, then writes what they add up to;
    /// answers what became of them. The reference the batched door (``writeInStatements``)
    /// falls back on: it locates a failure at its record.
    func writeRowByRow(_ items: [BatchItem], importID: Int64?, tombstones: Tombstones) throws(StoreError)
        -> BatchCounts
    {
        var totals = DailyTotals()
        var inserts = 0
        var inserted = 0
        var booked = 0
        var deletedBefore = 0
        var withdrawn = 0
        for item in items {
            let row: PendingRow
            switch item {
            case .insert(let pending):
                row = pending
            case .withdraw(let accountID, let externalID, let location):
                // The rows inserted so far must be in the totals before the delete trigger takes
                // the withdrawn row off them.
                try addTotals(totals)
                totals = DailyTotals()
                withdrawn += try withdraw(accountID: accountID, externalID: externalID, at: location)
                continue
            }
            inserts += 1
            if try tombstones.skips(row, restoring: restoresDeletedRows, forget: forget) {
                deletedBefore += 1
                continue
            }
            let category = row.assignment?.category ?? row.draft.category
            let result: PostgresResult
            do throws(StoreError) {
                result = try connection.query(Self.insertSQL, Self.parameters(of: row, importID: importID))
            } catch {
                // Point at the record that failed rather than at the server.
                throw StoreError(error.reason, at: row.draft.location)
            }
            if let stored = result.rows.first {
                inserted += 1
                if let externalID = row.draft.externalID { try checkSplitFamily(of: row, id: externalID) }
                totals.add(row, isNew: true, category: category)
                if !row.draft.splits.isEmpty { try insertSplits(of: row, transactionID: try stored.int(0)) }
            } else {
                if try bookStoredRow(as: row) != .duplicate {
                    booked += 1
                    totals.add(row, isNew: false, category: category)
                }
                if let importID { try claim(row, for: importID) }
            }
        }
        var counts = BatchCounts(
            inserted: inserted, duplicates: 0, withdrawn: withdrawn, deletedBefore: deletedBefore, booked: booked)
        try finish(&counts, totals: totals, inserts: inserts, importID: importID)
        return counts
    }

    /// The batch's last totals, with its counts added to its import's row: works out the
    /// duplicates (the rows neither inserted, booked in place nor deleted before) first.
    func finish(_ counts: inout BatchCounts, totals: DailyTotals, inserts: Int, importID: Int64?) throws(StoreError) {
        counts.duplicates = inserts - counts.inserted - counts.deletedBefore - counts.booked
        let imported = importID.map {
            ImportCounts(importID: $0, read: inserts, inserted: counts.inserted, duplicates: counts.duplicates)
        }
        try addTotals(totals, adding: imported)
    }

    /// What a batch adds to its import's row.
    struct ImportCounts {
        var importID: Int64
        var read: Int
        var inserted: Int
        var duplicates: Int
    }

    /// Deletes the account's row with a withdrawn external id; answers how many went (0 or 1).
    func withdraw(accountID: Int64, externalID: String, at location: SourceLocation) throws(StoreError) -> Int {
        do throws(StoreError) {
            let delete = try connection.query(
                "DELETE FROM transactions WHERE account_id = $1 AND external_id = $2", [String(accountID), externalID])
            return delete.affectedRows
        } catch {
            throw StoreError(error.reason, at: location)
        }
    }

    private static let insertSQL = """
        INSERT INTO transactions (
            account_id, day, transaction_day, amount, direction, currency, description, memo, status,
            external_id, fingerprint, discriminator, statement_balance, import_id, source_line, source_column,
            payee, category, rule_ids, note, tags, counter_account, rule_set, source_category, source_payee)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
            $22, $23, $24, $25)
        ON CONFLICT DO NOTHING
        RETURNING id
        """

    /// The insert's 25 values, in text, as SQLite's store binds them (`bindInsert`), in the
    /// order of ``insertColumns``.
    static func parameters(of row: PendingRow, importID: Int64?) -> [String?] {
        var values = BatchColumnTexts()
        writeColumns(of: row, importID: importID, into: &values)
        return values.texts
    }

    /// Hands the insert's 25 values of `row` to `sink`, in the order of ``insertColumns``: the one
    /// list of them, which the statements (``parameters(of:importID:)``) and the copy
    /// (``copyText(of:importID:)``) both write.
    static func writeColumns(of row: PendingRow, importID: Int64?, into sink: inout some BatchColumnSink) {
        let draft = row.draft
        sink.integer(row.accountID)
        sink.day(draft.bookingDay)
        sink.day(draft.transactionDay)
        sink.integer(draft.amount.minorUnits)
        sink.text(draft.direction == .credit ? "credit" : "debit")
        sink.text(draft.amount.currency.code)
        sink.text(draft.descriptionText)
        sink.text(draft.memo)
        sink.text(draft.status == .booked ? "booked" : "pending")
        sink.text(draft.externalID)
        sink.integer(row.fingerprint)
        sink.integer(row.discriminator)
        sink.integer(draft.runningBalance)
        sink.integer(importID)
        sink.integer(Int64(draft.location.line))
        sink.integer(Int64(draft.location.column))
        guard let assignment = row.assignment, !assignment.isEmpty else {
            sink.text(draft.payee)
            sink.text(draft.category)
            for _ in 0..<4 { sink.text(nil) }
            sink.integer(0)
            sink.text(nil)
            sink.text(nil)
            return
        }
        // A value a rule sets replaces the source's, which is kept beside it (migration 15).
        sink.text(assignment.payee ?? draft.payee)
        sink.text(assignment.category ?? draft.category)
        sink.text(assignment.ruleIDs.joined(separator: ","))
        sink.text(assignment.note)
        sink.text(assignment.text(of: .tags))
        sink.text(assignment.counterAccount)
        sink.integer(Int64(RuleField.mask(assignment.fields)))
        sink.text(assignment.category == nil ? nil : draft.category)
        sink.text(assignment.payee == nil ? nil : draft.payee)
    }

    /// Stores the split lines of a row just inserted, in order, beside it.
    private func insertSplits(of row: PendingRow, transactionID: Int64) throws(StoreError) {
        do throws(StoreError) {
            for (index, split) in row.draft.splits.enumerated() {
                try connection.query(
                    """
                    INSERT INTO transaction_splits (transaction_id, position, category, memo, amount, direction)
                    VALUES ($1, $2, $3, $4, $5, $6)
                    """,
                    [
                        String(transactionID), String(index + 1), split.category, split.memo,
                        String(split.amount.minorUnits), split.direction == .credit ? "credit" : "debit",
                    ])
            }
        } catch {
            throw StoreError(error.reason, at: row.draft.location)
        }
    }

    /// Checks the batch against the account limit, then, in one statement, adds it to the
    /// accounts' volumes, adds the inserted booked rows to the per-day and report totals and,
    /// given `imported`, the batch's counts to its import's row.
    ///
    /// Keys are written in one order (accounts by id, days in order), so that two batches
    /// writing the same keys wait for each other instead of deadlocking.
    func addTotals(_ totals: DailyTotals, adding imported: ImportCounts? = nil) throws(StoreError) {
        guard let parameters = try totalsParameters(totals, adding: imported) else { return }
        try connection.queryPrepared(Self.totalsSQL, parameters)
    }

    /// The parameters of ``totalsSQL`` for `totals` and `imported`, after the account limit's
    /// check (which locks and reads each account's row, unless `locked` holds it: read under the
    /// same lock earlier in the transaction); `nil` when there is nothing to write.
    func totalsParameters(
        _ totals: DailyTotals, adding imported: ImportCounts?, locked: [Int64: LockedAccount] = [:]
    ) throws(StoreError) -> [String?]? {
        let volumes = try checkedVolumes(totals.additions, locked: locked)
        let (nets, sums, overflowed) = totals.sums()
        if overflowed { throw StoreError(.overflow("a day's net"), at: .file(location)) }
        guard !volumes.isEmpty || !nets.isEmpty || imported != nil else { return nil }
        let days = nets.sorted {
            ($0.key.account, $0.key.day.description) < ($1.key.account, $1.key.day.description)
        }
        let reports = sums.sorted { left, right in
            let (a, b) = (left.key, right.key)
            return (a.day.description, a.account, a.currency, a.isCredit ? 0 : 1, a.category)
                < (b.day.description, b.account, b.currency, b.isCredit ? 0 : 1, b.category)
        }
        // The accounts' rows are locked already (`checkedVolumes`); the totals' keys go in in
        // the orders above (`WITH ORDINALITY`).
        return [
            PostgresArray.text(volumes.map { String($0.account) }),
            PostgresArray.text(volumes.map { String($0.volume) }),
            PostgresArray.text(volumes.map { String($0.largest) }),
            imported.map { String($0.read) }, imported.map { String($0.inserted) },
            imported.map { String($0.duplicates) }, imported.map { String($0.importID) },
            PostgresArray.text(days.map { String($0.key.account) }),
            PostgresArray.text(days.map { $0.key.day.description }),
            PostgresArray.text(days.map { String($0.value) }),
            PostgresArray.text(reports.map { $0.key.day.description }),
            PostgresArray.text(reports.map { String($0.key.account) }),
            PostgresArray.text(reports.map { $0.key.currency }),
            PostgresArray.text(reports.map { $0.key.isCredit ? "credit" : "debit" }),
            PostgresArray.text(reports.map { $0.key.category }),
            PostgresArray.text(reports.map { String($0.value.amount) }),
            PostgresArray.text(reports.map { String($0.value.rows) }),
        ]
    }

    /// Adds a batch to its accounts' volumes, its import's counts and the per-day and report
    /// totals, in one statement (``totalsParameters(_:adding:locked:)``).
    static let totalsSQL = """
        WITH volumes AS (
            UPDATE accounts AS a SET volume = v.volume, largest_balance = greatest(a.largest_balance, v.largest)
            FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS v(id, volume, largest)
            WHERE a.id = v.id
        ), counted AS (
            UPDATE imports SET read = read + $4::bigint, inserted = inserted + $5::bigint,
                duplicates = duplicates + $6::bigint, batches = batches + 1
            WHERE id = $7::bigint
        ), daily AS (
            INSERT INTO daily_totals (account_id, day, booked_net)
            SELECT account_id, day, booked_net FROM unnest($8::bigint[], $9::text[], $10::bigint[])
                WITH ORDINALITY AS r(account_id, day, booked_net, ordinal)
            ORDER BY ordinal
            ON CONFLICT (account_id, day) DO UPDATE SET booked_net = daily_totals.booked_net + excluded.booked_net
        )
        INSERT INTO report_totals (day, account_id, currency, direction, category, amount, rows)
        SELECT day, account_id, currency, direction, category, amount, rows
        FROM unnest($11::text[], $12::bigint[], $13::text[], $14::text[], $15::text[], $16::bigint[], $17::bigint[])
            WITH ORDINALITY AS r(day, account_id, currency, direction, category, amount, rows, ordinal)
        ORDER BY ordinal
        ON CONFLICT (day, account_id, currency, direction, category)
        DO UPDATE SET amount = report_totals.amount + excluded.amount, rows = report_totals.rows + excluded.rows
        """

    /// Checks additions against the account limit and writes the accounts' new volumes and
    /// largest balances (a write that adds no totals: a sync's balances, a checkpoint).
    func recordAdditions(_ additions: AccountAdditions) throws(StoreError) {
        for (account, volume, largest) in try checkedVolumes(additions) {
            try connection.queryPrepared(
                "UPDATE accounts SET volume = $1, largest_balance = greatest(largest_balance, $2) WHERE id = $3",
                [String(volume), String(largest), String(account)])
        }
    }

    /// The account limit, as SQLite's `recordAdditions`: each account's row is locked and read,
    /// the batch's entries checked in order; answers each account's new volume and largest
    /// balance, for the caller to write in the same transaction.
    ///
    /// The lock is `FOR NO KEY UPDATE`, the one the `UPDATE` takes anyway: every inserted row's
    /// foreign key holds `FOR KEY SHARE` on its account, which `FOR UPDATE` would wait for, so two
    /// batches of one account would each wait for the other's rows.
    private func checkedVolumes(_ additions: AccountAdditions, locked: [Int64: LockedAccount] = [:])
        throws(StoreError) -> [(account: Int64, volume: Int64, largest: Int64)]
    {
        var volumes: [(account: Int64, volume: Int64, largest: Int64)] = []
        for (account, entries) in additions.byAccount.sorted(by: { $0.key < $1.key }) {
            let state: LockedAccount
            if let known = locked[account] {
                state = known
            } else {
                let found = try connection.queryPrepared(
                    "SELECT name, currency, volume, largest_balance FROM accounts WHERE id = $1 FOR NO KEY UPDATE",
                    [String(account)])
                guard let row = found.rows.first else {
                    throw StoreError(.unknownAccount("id \(account)"), at: entries.first?.location ?? .file(location))
                }
                state = try LockedAccount(row)
            }
            let (name, currency) = (state.name, state.currency)
            var volume: Int64? = state.volume
            var largest: Int64? = state.largest
            for entry in entries {
                if entry.isNew, let current = volume {
                    let (sum, overflow) = current.addingReportingOverflow(entry.amount)
                    volume = overflow ? nil : sum
                }
                if let balance = entry.balance, let current = largest {
                    largest = Int64(exactly: balance.magnitude).map { max(current, $0) }
                }
                guard let volume, let largest, Ledger.isWithinLimit(volume: volume, largestBalance: largest) else {
                    throw StoreError(
                        .accountLimit(account: name, currency: currency, volume: volume, balance: largest),
                        at: entry.location)
                }
            }
            guard let volume, let largest else { continue }
            volumes.append((account, volume, largest))
        }
        return volumes
    }
}

/// An account's row as a batch locked and read it (`FOR NO KEY UPDATE`): what the account limit
/// is checked against.
struct LockedAccount {
    var name: String
    var currency: String
    var volume: Int64
    var largest: Int64

    /// Reads `name, currency, volume, largest_balance` from `row`, starting at column `first`.
    init(_ row: PostgresRow, from first: Int = 0) throws(StoreError) {
        name = try row.text(first)
        currency = try row.text(first + 1)
        volume = try row.int(first + 2)
        largest = try row.int(first + 3)
    }
}

/// Where ``PostgresLedger/writeColumns(of:importID:into:)`` writes a row's values.
protocol BatchColumnSink {
    mutating func integer(_ value: Int64?)
    mutating func day(_ value: Day?)
    mutating func text(_ value: String?)
    mutating func text(_ value: DraftText)
}

/// A row's values as the statements send them: text, `nil` for NULL.
struct BatchColumnTexts: BatchColumnSink {
    var texts: [String?] = []

    init() { texts.reserveCapacity(25) }

    mutating func integer(_ value: Int64?) { texts.append(value.map { String($0) }) }
    mutating func day(_ value: Day?) { texts.append(value?.description) }
    mutating func text(_ value: String?) { texts.append(value) }
    mutating func text(_ value: DraftText) { texts.append(value.string) }
}
