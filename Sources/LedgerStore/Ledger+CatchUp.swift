import LedgerCore

/// The catch-up pass and the timeline's inputs on SQLite (`docs/recurring.md`): the logic is
/// ``RecurringStoring``'s, shared with PostgreSQL; here are its statements.
extension Ledger {
    /// Writes every rule's due charges after its mark through `day`, moves each mark to `day`, and
    /// settles scheduled charges with matching booked rows, all in one transaction.
    ///
    /// A day the rule already has a charge on is skipped, and the mark only moves forward, so
    /// running it again writes nothing. A `book` rule's charge is a booked row (identity
    /// `recurring:RULE:DAY`), copying the rule's price, label and category now; an `import`
    /// rule's charge is scheduled, never counted until a row settles it. Checkpoints on or after
    /// a booked charge's day are recomputed in the same transaction.
    public func catchUpRecurring(through day: Day) throws(StoreError) -> CatchUpResult {
        try caughtUp(through: day)
    }

    /// The recorded money in a window (booked and pending rows, scheduled charges, missed ones),
    /// and every rule as the merge sees it.
    ///
    /// - Parameters:
    ///   - window: the days shown.
    ///   - account: only this account, when given.
    ///   - today: the day a scheduled charge's window is judged against (missed or still scheduled).
    public func timelineInputs(window: DayWindow, account: StoredAccount?, today: Day) throws(StoreError)
        -> (recorded: [TimelineEntry], rules: [TimelineRule])
    {
        try readTimeline(window: window, account: account, today: today)
    }

    // MARK: - The store's part (RecurringStoring)

    func insertCharge(_ charge: RecurringCharge) throws(StoreError) -> Int64 {
        try prepared(
            """
            INSERT INTO recurring_charges (rule_id, due_day, amount, direction, currency, label, category, state,
                transaction_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).run([
            .int(charge.ruleID), .text(charge.dueDay.description), .int(charge.amount.minorUnits),
            .text(charge.direction.rawValue), .text(charge.amount.currency.code), .text(charge.label),
            .optional(charge.category), .text(charge.state.rawValue), .optional(charge.transactionID),
        ])
        return database.lastInsertRowID
    }

    func writeMark(of id: Int64, to day: Day) throws(StoreError) {
        try prepared("UPDATE recurring_rules SET mark_day = ? WHERE id = ?").run([.text(day.description), .int(id)])
    }

    /// Through the same insert as imports, joining the catch-up's transaction.
    func storeChargeRow(_ row: PendingRow) throws(StoreError) -> Int64? {
        if case .notSaved(let error) = save([row], importID: nil) { throw error }
        return try prepared("SELECT id FROM transactions WHERE account_id = ? AND external_id = ?")
            .rows([.int(row.accountID), .optional(row.draft.externalID)]) { row throws(StoreError) in row.int(0) }
            .first
    }

    func settlingCandidates(
        of rule: RecurringRule, _ charge: RecurringCharge, amounts: ClosedRange<Int64>, days: ClosedRange<Day>
    ) throws(StoreError) -> [(id: Int64, day: Day, amount: Int64)] {
        try prepared(
            """
            SELECT t.id, t.day, t.amount FROM transactions t
            WHERE t.account_id = ? AND t.direction = ? AND t.status = 'booked' AND t.currency = ?
                AND t.amount BETWEEN ? AND ? AND t.day BETWEEN ? AND ?
                AND NOT EXISTS (SELECT 1 FROM recurring_charges c WHERE c.transaction_id = t.id)
            """
        ).rows([
            .int(rule.account.id), .text(charge.direction.rawValue), .text(charge.amount.currency.code),
            .int(amounts.lowerBound), .int(amounts.upperBound), .text(days.lowerBound.description),
            .text(days.upperBound.description),
        ]) { row throws(StoreError) in (row.int(0), try correctedDay(row.text(1)), row.int(2)) }
    }

    func writeSettlement(of chargeID: Int64, by rowID: Int64) throws(StoreError) {
        try prepared("UPDATE recurring_charges SET state = 'settled', transaction_id = ? WHERE id = ?").run([
            .int(rowID), .int(chargeID),
        ])
    }

    func recordedRows(in window: DayWindow, account: StoredAccount?) throws(StoreError)
        -> [(rowID: Int64, entry: TimelineEntry)]
    {
        var conditions = ["1"]
        var bindings: [Binding] = []
        if let start = window.start {
            conditions.append("t.day >= ?")
            bindings.append(.text(start.description))
        }
        if let end = window.end {
            conditions.append("t.day < ?")
            bindings.append(.text(end.description))
        }
        if let account {
            conditions.append("t.account_id = ?")
            bindings.append(.int(account.id))
        }
        let query = try database.prepare(
            """
            SELECT t.id, t.day, a.name, t.amount, t.direction, t.currency, t.description, t.category
            FROM transactions t JOIN accounts a ON a.id = t.account_id
            WHERE \(conditions.joined(separator: " AND "))
            """)
        return try query.rows(bindings) { row throws(StoreError) in
            let currency = try storedCurrency(row.text(5), column: "transactions.currency")
            guard let day = Day(iso: row.text(1)) else {
                throw StoreError(.corruptValue(column: "transactions.day", found: row.text(1)), at: .file(path))
            }
            let amount = row.text(4) == "credit" ? row.int(3) : -row.int(3)
            return (
                row.int(0),
                TimelineEntry(
                    id: "t:\(row.int(0))", kind: .recorded, day: day, account: row.text(2), amount: amount,
                    currency: currency, description: row.text(6), category: row.optionalText(7))
            )
        }
    }

    func chargeRows() throws(StoreError) -> [(rowID: Int64, ruleID: Int64, dueDay: String)] {
        try database.prepare(
            "SELECT transaction_id, rule_id, due_day FROM recurring_charges WHERE transaction_id IS NOT NULL"
        ).rows { row throws(StoreError) in (row.int(0), row.int(1), row.text(2)) }
    }
}
