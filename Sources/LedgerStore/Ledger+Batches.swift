import LedgerCore

extension Ledger {
    /// Saves a batch of new rows in one database transaction: whole, or not at all.
    ///
    /// A row whose identity is already stored (same source id, or same fingerprint and
    /// occurrence) is skipped and counted as a duplicate, with two exceptions by source id: a
    /// booked row whose id the account holds as a pending row books that row in place (counted in
    /// `booked`), and a booked row whose id the account holds as a booked row of another day or
    /// amount stops the batch (``StoreError/Reason/idReused(id:stored:found:)``). Any other failure rolls the whole batch
    /// back and answers `.notSaved` with the reason, located at the record that failed when one did.
    ///
    /// - Parameters:
    ///   - rows: the batch, in source order.
    ///   - importID: the import run the rows come from, if any.
    public func save(_ rows: [PendingRow], importID: Int64?) -> BatchOutcome {
        save(rows.map(BatchItem.insert), importID: importID)
    }

    /// Saves a batch of new rows and withdrawals, applied in order in one database transaction.
    ///
    /// With an `importID`, the import's row in the log gains the batch's counts in the same
    /// transaction, so the log shows what was kept however the run ends (stopped on a lock,
    /// interrupted, killed). A withdrawal deletes the account's transaction with that external id, and is a no-op when
    /// there is none (already withdrawn, or never imported), so a re-import changes nothing.
    public func save(_ items: [BatchItem], importID: Int64?) -> BatchOutcome {
        do {
            var registers = false
            let (inserted, deleted, inserts, deletedBefore, booked) = try joiningWrite {
                let statement = try preparedInsert()
                // Each unit the batch writes is declared, in this transaction (see ``register(_:at:)``).
                var lastCurrency: Currency?
                var inserted = 0
                var deleted = 0
                var inserts = 0
                var deletedBefore = 0
                var booked = 0
                var totals = DailyTotals()
                let tombstones = try tombstones()
                // The items are read where they are: an array's iterator copies each item, retaining
                // and releasing each of its strings; a buffer's elements are borrowed.
                try items.withUnsafeBufferPointer { buffer in
                    for index in buffer.indices {
                        switch buffer[index] {
                        case .insert(let row):
                            inserts += 1
                            if try tombstones.skips(row, restoring: restoresDeletedRows, forget: forget) {
                                deletedBefore += 1
                                continue
                            }
                            if row.draft.amount.currency != lastCurrency {
                                lastCurrency = row.draft.amount.currency
                                if try register(row.draft.amount.currency, at: row.draft.location) { registers = true }
                            }
                            do throws(StoreError) {
                                try bindInsert(statement, row, importID: importID)
                                try statement.step()
                            } catch {
                                // Point at the record that failed rather than at the database file.
                                throw StoreError(error.reason, at: row.draft.location)
                            }
                            if database.changes > 0 {
                                inserted += 1
                                if let externalID = row.draft.externalID {
                                    try checkSplitFamily(of: row, id: externalID)
                                }
                                totals.add(row, isNew: true, category: row.storedCategory)
                                if !row.draft.splits.isEmpty { try insertSplits(of: row) }
                            } else {
                                if try bookStoredRow(as: row) {
                                    booked += 1
                                    totals.add(row, isNew: false, category: row.storedCategory)
                                }
                                if let importID { try claim(row, for: importID) }
                            }
                        case .withdraw(let accountID, let externalID, let location):
                            // The rows inserted so far in this batch must be in the totals before
                            // the delete trigger subtracts the withdrawn row from them.
                            try addToDailyTotals(totals)
                            totals = DailyTotals()
                            do throws(StoreError) {
                                let delete = try database.prepare(
                                    "DELETE FROM transactions WHERE account_id = ? AND external_id = ?")
                                try delete.run([.int(accountID), .text(externalID)])
                                deleted += Int(database.changes)
                            } catch {
                                throw StoreError(error.reason, at: location)
                            }
                        }
                    }
                }
                statement.reset()
                try addToDailyTotals(totals)
                let duplicates = inserts - inserted - deletedBefore - booked
                if let importID {
                    try logBatch(importID, read: inserts, inserted: inserted, duplicates: duplicates)
                }
                return (inserted, deleted, inserts, deletedBefore, booked)
            }
            if registers { try loadCommodities() }
            return .saved(
                inserted: inserted, duplicates: inserts - inserted - deletedBefore - booked, withdrawn: deleted,
                deletedBefore: deletedBefore, booked: booked)
        } catch {
            return .notSaved(error)
        }
    }

    private func preparedInsert() throws(StoreError) -> Statement {
        if let insertStatement { return insertStatement }
        let statement = try database.prepare(
            """
            INSERT INTO transactions (
                account_id, day, transaction_day, amount, direction, currency, description, memo, status,
                external_id, fingerprint, discriminator, statement_balance, import_id, source_line, source_column,
                payee, category, rule_ids, note, tags, counter_account, rule_set, source_category, source_payee)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT DO NOTHING
            """)
        insertStatement = statement
        return statement
    }

    /// A row not inserted because its identity is stored: when a stored row of the account has its
    /// source id, a booked row books a stored pending one in place (day, amount, texts, status and
    /// identity become the booked row's; the schema's triggers move the per-day totals) and
    /// answers `true`; a booked row that meets a booked one of another day or amount is an error
    /// naming both. Everything else is a duplicate (`false`): a pending row is older news than
    /// any stored row with its id.
    private func bookStoredRow(as row: PendingRow) throws(StoreError) -> Bool {
        guard row.draft.status == .booked else { return false }
        guard let externalID = row.draft.externalID else { return try bookPendingTwin(as: row) }
        let find = try prepared(
            """
            SELECT t.id, t.day, t.amount, t.direction, t.status, t.source_line, t.source_column, i.id, i.source_path
            FROM transactions t LEFT JOIN imports i ON i.id = t.import_id
            WHERE t.account_id = ?1 AND t.external_id = ?2
            """)
        let found = try find.rows([.int(row.accountID), .text(externalID)]) { stored throws(StoreError) in
            (
                id: stored.int(0), day: stored.text(1), amount: stored.int(2), isCredit: stored.text(3) == "credit",
                isPending: stored.text(4) == "pending", line: stored.optionalInt(5), column: stored.optionalInt(6),
                importID: stored.optionalInt(7), path: stored.optionalText(8)
            )
        }
        guard let stored = found.first else { return false }
        let draft = row.draft
        if stored.isPending {
            let book = try prepared(
                """
                UPDATE transactions SET day = ?2, transaction_day = ?3, amount = ?4, direction = ?5, description = ?6,
                    memo = ?7, status = 'booked', fingerprint = ?8, discriminator = ?9, statement_balance = ?10,
                    source_line = ?11, source_column = ?12, payee = coalesce(?13, payee),
                    category = coalesce(?14, category)
                WHERE id = ?1
                """)
            do throws(StoreError) {
                try book.run([
                    .int(stored.id), .text(draft.bookingDay.description), .optional(draft.transactionDay?.description),
                    .int(draft.amount.minorUnits), .text(draft.direction == .credit ? "credit" : "debit"),
                    .text(draft.description), .text(draft.memo), .int(row.fingerprint), .int(row.discriminator),
                    .optional(draft.runningBalance), .int(Int64(draft.location.line)),
                    .int(Int64(draft.location.column)), .optional(draft.payee), .optional(draft.category),
                ])
            } catch {
                throw StoreError(error.reason, at: draft.location)
            }
            return true
        }
        let storedSigned = stored.isCredit ? stored.amount : -stored.amount
        guard stored.day != draft.bookingDay.description || storedSigned != draft.signedMinorUnits else {
            return false
        }
        func amount(_ signed: Int64) -> String {
            Money.format(signed, currency: draft.amount.currency) + " " + draft.amount.currency.code
        }
        var origin = stored.importID.map { "import \($0)" } ?? "entered without an import"
        if let path = stored.path {
            origin +=
                ", "
                + SourceLocation(file: path, line: Int(stored.line ?? 0), column: Int(stored.column ?? 0))
                .description
        }
        throw StoreError(
            .idReused(
                id: externalID, stored: "\(stored.day) \(amount(storedSigned)), \(origin)",
                found: "\(draft.bookingDay) \(amount(draft.signedMinorUnits))"),
            at: draft.location)
    }

    /// An inserted row whose id is a part (`<id>/<n>`, a camt batch's payment) of an entry the
    /// account holds whole under `<id>`, or the whole (`<id>`) of an entry whose parts it holds
    /// (`<id>/1`), is an error naming both: the two files show one batch at two levels of detail,
    /// and keeping both would count its payments twice.
    private func checkSplitFamily(of row: PendingRow, id: String) throws(StoreError) {
        var relative = id + "/1"
        if let slash = id.lastIndex(of: "/"), slash != id.startIndex {
            let index = id[id.index(after: slash)...]
            if let first = index.first, first != "0", index.allSatisfy({ $0.isASCII && $0.isNumber }) {
                relative = String(id[..<slash])
            }
        }
        let find = try prepared(
            """
            SELECT t.day, t.amount, t.direction, t.source_line, t.source_column, i.id, i.source_path
            FROM transactions t LEFT JOIN imports i ON i.id = t.import_id
            WHERE t.account_id = ?1 AND t.external_id = ?2
            """)
        let found = try find.rows([.int(row.accountID), .text(relative)]) { stored throws(StoreError) in
            let signed = stored.text(2) == "credit" ? stored.int(1) : -stored.int(1)
            return storedRowText(
                day: stored.text(0), signed: signed, currency: row.draft.amount.currency, line: stored.optionalInt(3),
                column: stored.optionalInt(4), importID: stored.optionalInt(5), path: stored.optionalText(6))
        }
        guard let stored = found.first else { return }
        let draft = row.draft
        throw StoreError(
            .splitFamily(
                id: id, storedID: relative, stored: stored,
                found: "\(draft.bookingDay) \(Money.format(draft.signedMinorUnits, currency: draft.amount.currency)) "
                    + draft.amount.currency.code),
            at: draft.location)
    }

    /// A stored row as errors name it: `2024-03-02 -10.00 EUR, import 3, d1.sta:5:1`.
    private func storedRowText(
        day: String, signed: Int64, currency: Currency, line: Int64?, column: Int64?, importID: Int64?, path: String?
    ) -> String {
        var text = "\(day) \(Money.format(signed, currency: currency)) \(currency.code), "
        text += importID.map { "import \($0)" } ?? "entered without an import"
        if let path {
            text += ", " + SourceLocation(file: path, line: Int(line ?? 0), column: Int(column ?? 0)).description
        }
        return text
    }

    /// A booked row without a source id whose identity (day, fingerprint, occurrence) a stored
    /// pending row has: that row becomes booked, taking the booked row's texts and location.
    private func bookPendingTwin(as row: PendingRow) throws(StoreError) -> Bool {
        let draft = row.draft
        let book = try prepared(
            """
            UPDATE transactions SET status = 'booked', description = ?5, memo = ?6, statement_balance = ?7,
                source_line = ?8, source_column = ?9, payee = coalesce(?10, payee), category = coalesce(?11, category),
                transaction_day = coalesce(?12, transaction_day)
            WHERE account_id = ?1 AND day = ?2 AND fingerprint = ?3 AND discriminator = ?4 AND status = 'pending'
            """)
        do throws(StoreError) {
            try book.run([
                .int(row.accountID), .text(draft.bookingDay.description), .int(row.fingerprint),
                .int(row.discriminator), .text(draft.description), .text(draft.memo), .optional(draft.runningBalance),
                .int(Int64(draft.location.line)), .int(Int64(draft.location.column)), .optional(draft.payee),
                .optional(draft.category), .optional(draft.transactionDay?.description),
            ])
        } catch {
            throw StoreError(error.reason, at: draft.location)
        }
        return database.changes > 0
    }

    /// Forgets a deleted row's identity as the row is restored (`import --restore-deleted`).
    private func forget(_ row: PendingRow) throws(StoreError) {
        let forget = try prepared(
            """
            DELETE FROM transaction_tombstones WHERE account_id = ?1 AND ((day = ?2 AND fingerprint = ?3
                AND discriminator = ?4) OR external_id = ?5)
            """)
        try forget.run([
            .int(row.accountID), .text(row.draft.bookingDay.description), .int(row.fingerprint),
            .int(row.discriminator), .optional(row.draft.externalID),
        ])
    }

    /// Notes that an import met a row already stored (a duplicate), so that undoing the import
    /// that brought it first hands the row over instead of deleting it. Runs for duplicates only:
    /// a new row costs nothing here. The identity index answers the lookup on its own (no table
    /// read); a row with a source id found under another day is looked up by that id instead.
    private func claim(_ row: PendingRow, for importID: Int64) throws(StoreError) {
        let byIdentity = try prepared(
            """
            INSERT OR IGNORE INTO import_claims (transaction_id, import_id)
            SELECT id, ?1 FROM transactions
            WHERE account_id = ?2 AND day = ?3 AND fingerprint = ?4 AND discriminator = ?5
            """)
        do throws(StoreError) {
            try byIdentity.run([
                .int(importID), .int(row.accountID), .text(row.draft.bookingDay.description), .int(row.fingerprint),
                .int(row.discriminator),
            ])
            guard database.changes == 0, let externalID = row.draft.externalID else { return }
            let byExternalID = try prepared(
                """
                INSERT OR IGNORE INTO import_claims (transaction_id, import_id)
                SELECT id, ?1 FROM transactions WHERE account_id = ?2 AND external_id = ?3
                """)
            try byExternalID.run([.int(importID), .int(row.accountID), .text(externalID)])
        } catch {
            throw StoreError(error.reason, at: row.draft.location)
        }
    }

    private func bindInsert(_ statement: Statement, _ row: PendingRow, importID: Int64?) throws(StoreError) {
        // `row.draft` is read in place: a copy of the draft would retain and release each of its strings.
        // Every parameter is bound below, so the statement is only rewound, its bindings not cleared.
        statement.rewind()
        try statement.bind(1, row.accountID)
        try statement.bind(2, row.draft.bookingDay)
        try statement.bind(3, row.draft.transactionDay)
        try statement.bind(4, row.draft.amount.minorUnits)
        try statement.bind(5, constant: row.draft.direction == .credit ? "credit" : "debit")
        try statement.bind(6, row.draft.amount.currency.code)
        try statement.bind(7, row.draft.descriptionText)
        try statement.bind(8, row.draft.memo)
        try statement.bind(9, constant: row.draft.status == .booked ? "booked" : "pending")
        try statement.bind(10, row.draft.externalID)
        try statement.bind(11, row.fingerprint)
        try statement.bind(12, row.discriminator)
        try statement.bind(13, row.draft.runningBalance)
        try statement.bind(14, importID)
        try statement.bind(15, Int64(row.draft.location.line))
        try statement.bind(16, Int64(row.draft.location.column))
        guard let assignment = row.assignment, !assignment.isEmpty else {
            try statement.bind(17, row.draft.payee)
            try statement.bind(18, row.draft.category)
            for index: Int32 in 19...22 { try statement.bindNull(index) }
            try statement.bindNull(24)
            try statement.bindNull(25)
            try statement.bind(23, Int64(0))
            return
        }
        // A value a rule sets replaces the source's, which is kept beside it (migration 15).
        try statement.bind(17, assignment.payee ?? row.draft.payee)
        try statement.bind(18, row.storedCategory)
        try statement.bind(19, assignment.ruleIDs.joined(separator: ","))
        try statement.bind(20, assignment.note)
        try statement.bind(21, assignment.text(of: .tags))
        try statement.bind(22, assignment.counterAccount)
        try statement.bind(23, Int64(RuleField.mask(assignment.fields)))
        try statement.bind(24, assignment.category == nil ? nil : row.draft.category)
        try statement.bind(25, assignment.payee == nil ? nil : row.draft.payee)
    }

    /// Stores the split lines of the row just inserted, in order, beside it.
    private func insertSplits(of row: PendingRow) throws(StoreError) {
        let transactionID = database.lastInsertRowID
        let insert = try prepared(
            """
            INSERT INTO transaction_splits (transaction_id, position, category, memo, amount, direction)
            VALUES (?, ?, ?, ?, ?, ?)
            """)
        do throws(StoreError) {
            for (index, split) in row.draft.splits.enumerated() {
                try insert.run([
                    .int(transactionID), .int(Int64(index + 1)), .optional(split.category), .text(split.memo),
                    .int(split.amount.minorUnits), .text(split.direction == .credit ? "credit" : "debit"),
                ])
            }
        } catch {
            throw StoreError(error.reason, at: row.draft.location)
        }
    }

    /// Checks a write's rows against the account limit (see ``recordAdditions(_:)``), then adds
    /// the newly inserted booked rows' nets to the per-day totals, one upsert per account and day.
    ///
    /// Call it inside the transaction that wrote the rows, after them. Updates and deletes need no
    /// call for the totals (triggers keep them), but rows updated in place are checked against the
    /// limit here too.
    ///
    /// - Throws: ``StoreError`` located at the record that would take its account past the limit.
    func addToDailyTotals(_ totals: DailyTotals) throws(StoreError) {
        try recordAdditions(totals.additions)
        let (nets, sums, overflowed) = totals.sums()
        guard !nets.isEmpty else { return }
        if overflowed { throw StoreError(.overflow("a day's net"), at: .file(path)) }
        let upsert = try prepared(
            """
            INSERT INTO daily_totals (account_id, day, booked_net) VALUES (?, ?, ?)
            ON CONFLICT (account_id, day) DO UPDATE SET booked_net = booked_net + excluded.booked_net
            """)
        for (key, net) in nets {
            try upsert.run([.int(key.account), .text(key.day.description), .int(net)])
        }
        try upsertReportTotals(sums)
    }

    /// Adds each key's amount and rows to `report_totals`, creating the keys it doesn't hold.
    ///
    /// The keys go in the table's order (day first), so that each upsert finds its page next to
    /// the last one's: in a dictionary's order, `rules apply`'s 89,000 keys on a 1,000,000-row
    /// ledger each land on a page of their own.
    func upsertReportTotals(_ sums: [DailyTotals.ReportKey: DailyTotals.ReportSum]) throws(StoreError) {
        let report = try prepared(
            """
            INSERT INTO report_totals (day, account_id, currency, direction, category, amount, rows)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (day, account_id, currency, direction, category)
            DO UPDATE SET amount = amount + excluded.amount, rows = rows + excluded.rows
            """)
        let changed = sums.filter { $0.value.amount != 0 || $0.value.rows != 0 }.sorted { $0.key < $1.key }
        for (key, sum) in changed {
            report.reset()
            try report.bind(1, key.day)
            try report.bind(2, key.account)
            try report.bind(3, key.currency)
            try report.bind(4, constant: key.isCredit ? "credit" : "debit")
            try report.bind(5, key.category)
            try report.bind(6, sum.amount)
            try report.bind(7, sum.rows)
            while try report.step() {}
        }
    }
}

extension PendingRow {
    /// The category an import stores for the row: a rule's, else the source's.
    fileprivate var storedCategory: String? { assignment?.category ?? draft.category }
}
