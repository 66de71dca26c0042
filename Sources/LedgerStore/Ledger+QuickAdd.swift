import LedgerCore

/// One transaction typed by a person (`ledgerport add`), stored through the same door as imports.
extension Ledger {
    /// The latest transaction (by day, then as stored) whose payee or description is `title`,
    /// ignoring ASCII case: its id, day, account and category.
    public func latestTransaction(titled title: String) throws(StoreError)
        -> (id: Int64, day: String, account: String, category: String?)?
    {
        let query = try database.prepare(
            """
            SELECT t.id, t.day, a.name, t.category FROM transactions t JOIN accounts a ON a.id = t.account_id
            WHERE t.description = ?1 COLLATE NOCASE OR t.payee = ?1 COLLATE NOCASE
            ORDER BY t.day DESC, t.id DESC LIMIT 1
            """)
        return try query.rows([.text(title)]) { row throws(StoreError) in
            (row.int(0), row.text(1), row.text(2), row.optionalText(3))
        }.first
    }

    /// Stores one typed transaction as an import of its own (adapter `add`), so the imports log
    /// shows it and `imports undo` takes it back.
    ///
    /// A typed row has no id of its own: it takes the next occurrence number among the account's
    /// rows of the same day and fingerprint, so two identical coffees typed on one day are two rows.
    ///
    /// - Parameter process: the process writing, for the imports log (`ImportProcess.current`).
    /// - Returns: the stored row's id; `nil` when another process stored a row with the same
    ///   identity between the count and the write (nothing stored; run it again).
    /// - Throws: ``StoreError`` when the write fails (nothing stored).
    public func addTransaction(_ draft: Draft, accountID: Int64, process: ImportProcess?) throws(StoreError) -> Int64? {
        let importID = try beginImport(
            sourcePath: draft.location.file, adapter: "add", mapping: nil, process: process)
        let fingerprint = draft.fingerprint
        let count = try database.prepare(
            """
            SELECT coalesce(max(discriminator), 0) FROM transactions
            WHERE account_id = ? AND day = ? AND fingerprint = ? AND discriminator > 0
            """
        ).rows([.int(accountID), .text(draft.bookingDay.description), .int(fingerprint)]) { row throws(StoreError) in
            row.int(0)
        }
        let occurrence = Int(count.first ?? 0) + 1
        let row = PendingRow(draft: draft, accountID: accountID, fingerprint: fingerprint, occurrence: occurrence)
        var outcome = ImportOutcome(
            sha256: nil, mapping: nil, read: 1, inserted: 0, duplicates: 0, batches: 0, status: .stopped, failure: nil)
        switch save([row], importID: importID) {
        case .saved(let inserted, let duplicates, _, _, _):
            outcome.inserted = inserted
            outcome.duplicates = duplicates
            outcome.batches = 1
            if inserted == 1 {
                outcome.status = .complete
            } else {
                outcome.failure = "another process stored the same row at the same moment"
            }
        case .notSaved(let error):
            outcome.failure = error.message
            try? finishImport(importID, outcome)
            throw error
        }
        try finishImport(importID, outcome)
        guard outcome.status == .complete else { return nil }
        let id = try database.prepare(
            "SELECT id FROM transactions WHERE account_id = ? AND day = ? AND fingerprint = ? AND discriminator = ?"
        ).rows([
            .int(accountID), .text(draft.bookingDay.description), .int(fingerprint), .int(Int64(occurrence)),
        ]) { row throws(StoreError) in row.int(0) }
        return id.first
    }
}
