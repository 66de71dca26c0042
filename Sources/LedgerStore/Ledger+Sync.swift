import Foundation
import LedgerCore

extension Ledger {
    /// Every stored stream position, by stream key.
    public func syncPositions() throws(StoreError) -> [String: SyncPosition] {
        let query = try database.prepare("SELECT stream, epoch, last_seq, last_token FROM sync_state")
        var positions: [String: SyncPosition] = [:]
        let rows = try query.rows([]) { row throws(StoreError) in
            (row.text(0), SyncPosition(epoch: row.text(1), lastSeq: Int(row.int(2)), lastToken: row.text(3)))
        }
        for (stream, position) in rows { positions[stream] = position }
        return positions
    }

    /// The stored position of one stream, if any.
    public func syncPosition(of stream: String) throws(StoreError) -> SyncPosition? {
        let query = try database.prepare("SELECT epoch, last_seq, last_token FROM sync_state WHERE stream = ?")
        return try query.rows([.text(stream)]) { row throws(StoreError) in
            SyncPosition(epoch: row.text(0), lastSeq: Int(row.int(1)), lastToken: row.text(2))
        }.first
    }

    /// Applies one batch and records the stream's new position, in one database transaction.
    ///
    /// A crash before the commit leaves neither the changes nor the position, so the batch is
    /// applied again on the next sync; after it, both are there and the batch is skipped. The
    /// position is never stored ahead of its data. Within the batch, deletions run after the
    /// upserts, so a deleted id wins.
    ///
    /// - Parameters:
    ///   - batch: the batch.
    ///   - start: the stream's position the batch was planned from (see ``applySync(_:after:)``).
    /// - Throws: ``StoreError``: nothing of the batch is stored.
    @discardableResult
    public func applySync(_ batch: SyncBatch, after start: SyncPosition?) throws(StoreError) -> SyncCounts {
        try applySync([batch], after: start)
    }

    /// Applies consecutive batches of one stream, in order, in one database transaction; the
    /// stream's position after each is written with it, so the committed position is the last
    /// batch's.
    ///
    /// Fewer, larger commits write each touched page once instead of once per batch. Whole or
    /// not at all: a crash or a failure leaves the position before the first of them.
    ///
    /// **Exactly once beside another sync.** Once it holds the write lock, the call reads the
    /// stream's stored position again: another sync of the same feed may have moved it since
    /// `start` was read. Batches that position has already passed are left alone (counted in
    /// ``SyncCounts/alreadyApplied``), and only the rest are applied and counted. The stored
    /// position has passed a batch when it is one of the batches' own positions (everything up to
    /// it is applied), or, in the same epoch, a later sequence number than the last batch's. A
    /// stored position that is `start`, or that the batches don't continue at all (a resync from a
    /// snapshot), leaves every batch to apply.
    ///
    /// **Checkpoints stay current.** The checkpoints whose windows the changes touch are
    /// recomputed in the same transaction, once per account: from the earliest booking day of any
    /// row inserted, updated (its old and its new day) or deleted, or of a restated booked
    /// statement balance. So no checkpoint is stale after the commit, whatever day a feed changes.
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
        return try write {
            let stored = try syncPosition(of: stream)
            let new = Ledger.batchesStillNew(batches, after: start, stored: stored)
            var counts = SyncCounts()
            counts.alreadyApplied = batches.count - new.count
            var changes = ChangedDays()
            for batch in new { try apply(batch, counts: &counts, changes: &changes) }
            counts.batches = new.count
            counts.refreshed = try refreshCheckpoints(after: changes)
            return counts
        }
    }

    /// The batches a stored position has not passed yet (see ``applySync(_:after:)``).
    static func batchesStillNew(_ batches: [SyncBatch], after start: SyncPosition?, stored: SyncPosition?)
        -> ArraySlice<SyncBatch>
    {
        guard let stored, stored != start else { return batches[...] }
        if let index = batches.lastIndex(where: { $0.position == stored }) {
            return batches[(index + 1)...]
        }
        if let last = batches.last?.position, stored.epoch == last.epoch, stored.lastSeq > last.lastSeq {
            return []
        }
        return batches[...]
    }

    /// The newest statement balance of a kind for an account: its day and signed amount.
    public func newestStatementBalance(of account: StoredAccount, kind: StatementBalance.Kind = .ledger)
        throws(StoreError) -> (asOf: Day, signedMinorUnits: Int64)?
    {
        let query = try database.prepare(
            "SELECT as_of, amount FROM statement_balances WHERE account_id = ? AND kind = ? ORDER BY as_of DESC LIMIT 1"
        )
        let rows = try query.rows([.int(account.id), .text(kind.rawValue)]) { row throws(StoreError) in
            (row.text(0), row.int(1))
        }
        guard let (text, amount) = rows.first else { return nil }
        guard let day = Day(iso: text) else {
            throw StoreError(.corruptValue(column: "statement_balances.as_of", found: text), at: .file(path))
        }
        return (day, amount)
    }

    // MARK: - Private

    /// Writes one batch's changes and position inside the current transaction, noting the days
    /// whose checkpoints the changes make stale.
    private func apply(_ batch: SyncBatch, counts: inout SyncCounts, changes: inout ChangedDays) throws(StoreError) {
        try upsertAccounts(batch.accounts, counts: &counts)
        if let account = batch.account {
            try upsertTransactions(batch.upserts, of: account, counts: &counts, changes: &changes)
            if batch.replacesTransactions {
                try deleteTransactions(
                    of: account, notIn: batch.upserts.compactMap(\.draft.externalID), counts: &counts,
                    changes: &changes)
            }
            try deleteTransactions(of: account, externalIDs: batch.deletions, counts: &counts, changes: &changes)
            try recordBalances(batch.balances, account: account, counts: &counts, changes: &changes)
        }
        let save = try database.prepare(
            """
            INSERT INTO sync_state (stream, epoch, last_seq, last_token, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (stream) DO UPDATE SET epoch = excluded.epoch, last_seq = excluded.last_seq,
                last_token = excluded.last_token, updated_at = excluded.updated_at
            """)
        try save.run([
            .text(batch.stream), .text(batch.position.epoch), .int(Int64(batch.position.lastSeq)),
            .text(batch.position.lastToken), .text(Ledger.syncTimestamp()),
        ])
    }

    /// The current time as `YYYY-MM-DDTHH:MM:SSZ`, the text ``now()`` writes, without building an
    /// ICU formatter for every batch (a sync writes one timestamp per batch).
    static func syncTimestamp() -> String {
        let seconds = Int64(Date().timeIntervalSince1970.rounded(.down))
        guard let day = Day(secondsSinceEpoch: seconds, offsetSeconds: 0) else { return now() }
        let time = Int(seconds - Int64(day.daysSinceEpoch) * 86_400)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(day)T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    private func upsertAccounts(_ accounts: [AccountReference], counts: inout SyncCounts) throws(StoreError) {
        for reference in accounts {
            guard let currency = reference.currency else {
                throw StoreError(.corruptValue(column: "accounts.currency", found: "none"), at: .file(path))
            }
            if let existing = try existingAccount(for: reference) {
                try checkCurrency(of: existing, against: reference)
                _ = try followSourceName(of: existing, declared: reference)
                counts.updated += 1
            } else {
                _ = try insertAccount(reference, fallbackCurrency: currency)
                counts.inserted += 1
            }
        }
    }

    private func upsertTransactions(
        _ rows: [PendingRow], of account: StoredAccount, counts: inout SyncCounts, changes: inout ChangedDays
    ) throws(StoreError) {
        guard !rows.isEmpty else { return }
        let find = try database.prepare("SELECT id, day FROM transactions WHERE account_id = ? AND external_id = ?")
        let insert = try database.prepare(
            """
            INSERT INTO transactions (
                day, transaction_day, amount, direction, currency, description, memo, status, fingerprint,
                discriminator, source_line, source_column, payee, account_id, external_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let update = try database.prepare(
            """
            UPDATE transactions SET day = ?, transaction_day = ?, amount = ?, direction = ?, currency = ?,
                description = ?, memo = ?, status = ?, fingerprint = ?, discriminator = ?, source_line = ?,
                source_column = ?, payee = ?
            WHERE id = ?
            """)
        // Inserts feed the per-day totals here; the schema's triggers keep them for updates and deletes.
        var totals = DailyTotals()
        for row in rows {
            guard let externalID = row.draft.externalID else {
                throw StoreError(
                    .corruptValue(column: "transactions.external_id", found: "none"), at: row.draft.location)
            }
            let existing = try find.rows([.int(row.accountID), .text(externalID)]) { found throws(StoreError) in
                (id: found.int(0), day: found.text(1))
            }.first
            // An update may move the row to another window: both its old and its new day change.
            if let existing { changes.note(try storedDay(existing.day), of: account) }
            changes.note(row.draft.bookingDay, of: account)
            let statement = existing == nil ? insert : update
            do throws(StoreError) {
                statement.reset()
                try bindRow(statement, row)
                if let existing {
                    try statement.bind(14, existing.id)
                } else {
                    try statement.bind(14, row.accountID)
                    try statement.bind(15, externalID)
                }
                try statement.step()
            } catch {
                throw StoreError(error.reason, at: row.draft.location)
            }
            if existing == nil { counts.inserted += 1 } else { counts.updated += 1 }
            // A sync stores no category (the insert above has none).
            totals.add(row, isNew: existing == nil, category: nil)
        }
        try addToDailyTotals(totals)
    }

    private func bindRow(_ statement: Statement, _ row: PendingRow) throws(StoreError) {
        let draft = row.draft
        try statement.bind(1, draft.bookingDay.description)
        try statement.bind(2, draft.transactionDay?.description)
        try statement.bind(3, draft.amount.minorUnits)
        try statement.bind(4, draft.direction.rawValue)
        try statement.bind(5, draft.amount.currency.code)
        try statement.bind(6, draft.descriptionText)
        try statement.bind(7, draft.memo)
        try statement.bind(8, draft.status.rawValue)
        try statement.bind(9, row.fingerprint)
        try statement.bind(10, row.discriminator)
        try statement.bind(11, Int64(draft.location.line))
        try statement.bind(12, Int64(draft.location.column))
        try statement.bind(13, draft.payee)
    }

    private func deleteTransactions(
        of account: StoredAccount, externalIDs: [String], counts: inout SyncCounts, changes: inout ChangedDays
    ) throws(StoreError) {
        guard !externalIDs.isEmpty else { return }
        let delete = try database.prepare(
            "DELETE FROM transactions WHERE account_id = ? AND external_id = ? RETURNING day")
        for id in externalIDs {
            let days = try delete.rows([.int(account.id), .text(id)]) { row throws(StoreError) in row.text(0) }
            for day in days { changes.note(try storedDay(day), of: account) }
            counts.deleted += days.count
        }
    }

    /// Deletes the account's rows with an external id outside `keep` (a snapshot's ids).
    private func deleteTransactions(
        of account: StoredAccount, notIn keep: [String], counts: inout SyncCounts, changes: inout ChangedDays
    ) throws(StoreError) {
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS sync_keep (external_id TEXT PRIMARY KEY)")
        try database.execute("DELETE FROM temp.sync_keep")
        let add = try database.prepare("INSERT OR IGNORE INTO temp.sync_keep (external_id) VALUES (?)")
        for id in keep { try add.run([.text(id)]) }
        let delete = try database.prepare(
            """
            DELETE FROM transactions WHERE account_id = ? AND external_id IS NOT NULL
                AND external_id NOT IN (SELECT external_id FROM temp.sync_keep)
            RETURNING day
            """)
        let days = try delete.rows([.int(account.id)]) { row throws(StoreError) in row.text(0) }
        if let earliest = days.min() { changes.note(try storedDay(earliest), of: account) }
        counts.deleted += days.count
        try database.execute("DELETE FROM temp.sync_keep")
    }

    /// Records statement balances. A booked balance restated for a day that already has a sync
    /// checkpoint moves that checkpoint's statement balance with it, and its window (and those
    /// after it) are recomputed with the transaction's other changes.
    private func recordBalances(
        _ balances: [StatementBalance], account: StoredAccount, counts: inout SyncCounts,
        changes: inout ChangedDays
    ) throws(StoreError) {
        guard !balances.isEmpty else { return }
        let find = try database.prepare(
            "SELECT amount FROM statement_balances WHERE account_id = ? AND kind = ? AND as_of = ?")
        let upsert = try database.prepare(
            """
            INSERT INTO statement_balances (account_id, as_of, kind, amount, import_id) VALUES (?, ?, ?, ?, NULL)
            ON CONFLICT (account_id, kind, as_of) DO UPDATE SET amount = excluded.amount, import_id = NULL
            """)
        let restate = try database.prepare(
            "UPDATE checkpoints SET actual = ?1 WHERE account_id = ?2 AND as_of = ?3 AND source = 'sync' AND actual != ?1"
        )
        for balance in balances {
            try recordBalance(balance.signedMinorUnits, account: account.id, at: balance.location)
            let day = balance.asOf.description
            let key: [Binding] = [.int(account.id), .text(balance.kind.rawValue), .text(day)]
            let stored = try find.rows(key) { row throws(StoreError) in row.int(0) }.first
            try upsert.run([.int(account.id), .text(day), .text(balance.kind.rawValue), .int(balance.signedMinorUnits)])
            if stored == nil { counts.inserted += 1 } else { counts.updated += 1 }
            if let stored, stored != balance.signedMinorUnits, balance.kind == .ledger {
                try restate.run([.int(balance.signedMinorUnits), .int(account.id), .text(day)])
                if database.changes > 0 { changes.note(balance.asOf, of: account) }
            }
        }
    }

    /// A day read back from a column (by default `transactions.day`).
    func storedDay(_ text: String, column: String = "transactions.day") throws(StoreError) -> Day {
        try Day(stored: text, column: column, in: path)
    }
}
