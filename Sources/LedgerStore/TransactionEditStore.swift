import LedgerCore

/// `transactions edit` on a ledger, whichever store holds it (issue 21): corrects a transaction's
/// description, memo or status and sets by hand what rules would set, keeping its identity.
///
/// The edit is written once for both stores (``HandEditing``): which columns change and how is
/// worked out here as statements; a store only runs them inside its correction's transaction.
public protocol TransactionEditStore: CorrectionStore {
    /// Changes a transaction's description, memo, status or what rules set, keeping its identity
    /// (the fingerprint is not recomputed, so a re-import still finds it a duplicate). A status
    /// change between booked and pending moves it in or out of the per-day totals (the schema's
    /// trigger) and recomputes the checkpoints from its day. One database transaction.
    ///
    /// - Parameters:
    ///   - id: the transaction's id.
    ///   - edit: what to change.
    ///   - dryRun: do it, report, then roll back: nothing is written.
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/unknownTransactions(_:)`` for an unknown id.
    func editTransaction(_ id: Int64, _ edit: TransactionEdit, dryRun: Bool) throws(StoreError)
        -> TransactionCorrection
}

/// One statement of an edit by hand, in SQLite's numbered form (`?1`, `?2`, …; PostgreSQL runs it
/// with `$1`, `$2`, …), with its values. Bit masks come computed, so neither dialect needs `~`
/// on a parameter.
struct HandEditStatement: Equatable {
    /// A value bound to a placeholder.
    enum Value: Equatable {
        case text(String?)
        case int(Int64)
    }

    let sql: String
    let values: [Value]

    /// The statements that write `edit` on the transaction `id`, in order: the corrected
    /// description, memo and status (a `nil` keeps the column), then each value set by hand (the
    /// replaced category or payee kept as the source's in `source_category` or `source_payee`,
    /// migration 15) and each field released (the source's value back; none for note, tags and
    /// counter account).
    static func statements(_ id: Int64, _ edit: TransactionEdit) -> [HandEditStatement] {
        var statements = [
            HandEditStatement(
                sql: """
                    UPDATE transactions SET description = coalesce(?2, description), memo = coalesce(?3, memo),
                        status = coalesce(?4, status)
                    WHERE id = ?1
                    """,
                values: [.int(id), .text(edit.description), .text(edit.memo), .text(edit.status?.rawValue)])
        ]
        for field in RuleField.allCases {
            let bit = Int64(field.rawValue)
            let column = column(of: field)
            let hasSource = field == .category || field == .payee
            if let text = edit.values[field] {
                let value = Value.text(text.isEmpty ? nil : text)
                let keepSource =
                    hasSource
                    ? """
                    source_\(column) = CASE WHEN (rule_set | hand_set) & ?3 != 0
                        THEN source_\(column) ELSE \(column) END,
                    """ : ""
                statements.append(
                    HandEditStatement(
                        sql: """
                            UPDATE transactions SET \(keepSource)
                                \(column) = ?2, hand_set = hand_set | ?3, rule_set = rule_set & ?4
                            WHERE id = ?1
                            """,
                        values: [.int(id), value, .int(bit), .int(~bit)]))
            } else if edit.released.contains(field) {
                let restored =
                    hasSource
                    ? """
                    \(column) = CASE WHEN (rule_set | hand_set) & ?2 != 0 THEN source_\(column) ELSE \(column) END,
                        source_\(column) = NULL, hand_set = hand_set & ?3, rule_set = rule_set & ?3
                    """ : "\(column) = NULL, hand_set = hand_set & ?3"
                statements.append(
                    HandEditStatement(
                        sql: "UPDATE transactions SET \(restored) WHERE id = ?1 AND hand_set & ?2 != 0",
                        values: [.int(id), .int(bit), .int(~bit)]))
            }
        }
        return statements
    }

    /// The `transactions` column holding a field.
    private static func column(of field: RuleField) -> String {
        switch field {
        case .category: return "category"
        case .payee: return "payee"
        case .note: return "note"
        case .tags: return "tags"
        case .counterAccount: return "counter_account"
        }
    }
}

/// What a store does for an edit by hand; ``HandEditing/editedTransaction(_:_:dryRun:)`` is the
/// edit itself, written once.
protocol HandEditing: LedgerReading {
    /// Runs `body` in one write transaction: committed, or rolled back after it in a dry run.
    func correction<T>(dryRun: Bool, _ body: () throws(StoreError) -> T) throws(StoreError) -> T
    /// Holds the transaction's row (and its account's) until the end of the transaction, so no
    /// other writer changes it between the read of its old values and the edit.
    func holdForEdit(_ id: Int64) throws(StoreError)
    /// Runs one statement of the edit inside the transaction.
    func run(_ statement: HandEditStatement) throws(StoreError)
    /// Recomputes the checkpoints whose windows hold the changed days; returns those that changed.
    func refreshCheckpoints(after changes: ChangedDays) throws(StoreError) -> [Checkpoint]
}

extension HandEditing {
    /// The edit (``TransactionEditStore/editTransaction(_:_:dryRun:)``), the same on both stores.
    func editedTransaction(_ id: Int64, _ edit: TransactionEdit, dryRun: Bool) throws(StoreError)
        -> TransactionCorrection
    {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            try holdForEdit(id)
            guard let old = try transactions(ids: [id]).first else {
                throw StoreError(.correctionRefused(.unknownTransactions([id])), at: .file(shownLocation))
            }
            for statement in HandEditStatement.statements(id, edit) { try run(statement) }
            var correction = TransactionCorrection(before: [old])
            correction.after = try transactions(ids: [id])
            if let status = edit.status, status != old.status,
                let account = try allAccounts().first(where: { $0.name == old.account })
            {
                var changes = ChangedDays()
                changes.note(old.bookingDay, of: account)
                correction.refreshed = try refreshCheckpoints(after: changes)
            }
            return correction
        }
    }
}

extension Ledger: TransactionEditStore, HandEditing {
    public func editTransaction(_ id: Int64, _ edit: TransactionEdit, dryRun: Bool = false) throws(StoreError)
        -> TransactionCorrection
    {
        try editedTransaction(id, edit, dryRun: dryRun)
    }

    /// Nothing to hold: the correction's write transaction has the whole file.
    func holdForEdit(_ id: Int64) throws(StoreError) {}

    func run(_ statement: HandEditStatement) throws(StoreError) {
        try database.prepare(statement.sql).run(
            statement.values.map { value in
                switch value {
                case .text(let text): return .optional(text)
                case .int(let number): return .int(number)
                }
            })
    }
}
