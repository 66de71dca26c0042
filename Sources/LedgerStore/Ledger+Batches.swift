import LedgerCore

extension Ledger {
    /// Saves a batch in one database transaction: whole, or not at all.
    ///
    /// A row whose identity is already stored (same source id, or same fingerprint and
    /// occurrence) is skipped and counted as a duplicate. Any other failure rolls the whole batch
    /// back and answers `.notSaved` with the reason, located at the record that failed when one did.
    ///
    /// - Parameters:
    ///   - rows: the batch, in source order.
    ///   - importID: the import run the rows come from, if any.
    public func save(_ rows: [PendingRow], importID: Int64?) -> BatchOutcome {
        do {
            let inserted = try write {
                let statement = try preparedInsert()
                var inserted = 0
                for row in rows {
                    do throws(StoreError) {
                        try bindInsert(statement, row, importID: importID)
                        try statement.step()
                    } catch {
                        // Point at the record that failed rather than at the database file.
                        throw StoreError(error.reason, at: row.draft.location)
                    }
                    if database.changes > 0 { inserted += 1 }
                }
                statement.reset()
                return inserted
            }
            return .saved(inserted: inserted, duplicates: rows.count - inserted)
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
                external_id, fingerprint, discriminator, statement_balance, import_id, source_line, source_column)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT DO NOTHING
            """)
        insertStatement = statement
        return statement
    }

    private func bindInsert(_ statement: Statement, _ row: PendingRow, importID: Int64?) throws(StoreError) {
        let draft = row.draft
        statement.reset()
        try statement.bind(1, row.accountID)
        try statement.bind(2, draft.bookingDay.description)
        try statement.bind(3, draft.transactionDay?.description)
        try statement.bind(4, draft.amount.minorUnits)
        try statement.bind(5, draft.direction.rawValue)
        try statement.bind(6, draft.amount.currency.code)
        try statement.bind(7, draft.description)
        try statement.bind(8, draft.memo)
        try statement.bind(9, draft.status.rawValue)
        try statement.bind(10, draft.externalID)
        try statement.bind(11, row.fingerprint)
        try statement.bind(12, row.discriminator)
        try statement.bind(13, draft.runningBalance)
        try statement.bind(14, importID)
        try statement.bind(15, Int64(draft.location.line))
        try statement.bind(16, Int64(draft.location.column))
    }
}
