import LedgerCore

/// The catch-up pass: each rule's due charges after its mark, written exactly once, and
/// scheduled charges settled by the rows imports brought (`docs/recurring.md`).
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
        var result = CatchUpResult()
        try write {
            var changes = ChangedDays()
            let insertCharge = try database.prepare(
                """
                INSERT INTO recurring_charges (rule_id, due_day, amount, direction, currency, label, category, state,
                    transaction_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let moveMark = try database.prepare("UPDATE recurring_rules SET mark_day = ? WHERE id = ?")
            for rule in try recurringRules() {
                let last = rule.lastDay.map { min($0, day) } ?? day
                let charged = Set(try recurringCharges(of: rule).map(\.dueDay))
                for due in rule.recurrence.dueDays(after: rule.mark, through: last) where !charged.contains(due) {
                    var rowID: Int64?
                    if rule.settlement == .book {
                        rowID = try bookCharge(of: rule, on: due)
                        changes.note(due, of: rule.account)
                    }
                    let state: RecurringCharge.State = rule.settlement == .book ? .booked : .scheduled
                    try insertCharge.run([
                        .int(rule.id), .text(due.description), .int(rule.amount.minorUnits),
                        .text(rule.direction.rawValue), .text(rule.amount.currency.code), .text(rule.name),
                        .optional(rule.category), .text(state.rawValue), .optional(rowID),
                    ])
                    result.written.append(
                        RecurringCharge(
                            id: database.lastInsertRowID, ruleID: rule.id, rule: rule.name, account: rule.account.name,
                            dueDay: due, amount: rule.amount, direction: rule.direction, label: rule.name,
                            category: rule.category, state: state, transactionID: rowID))
                }
                if rule.mark.map({ $0 < day }) ?? true {
                    try moveMark.run([.text(day.description), .int(rule.id)])
                }
            }
            result.settled = try settleScheduledCharges()
            result.refreshed = try refreshCheckpoints(after: changes)
        }
        return result
    }

    // MARK: - Private

    /// Stores a `book` rule's charge as a booked row through the same insert as imports (inside
    /// the catch-up's transaction) and returns its id.
    private func bookCharge(of rule: RecurringRule, on day: Day) throws(StoreError) -> Int64 {
        let externalID = "recurring:\(rule.id):\(day)"
        let draft = Draft(
            account: rule.account.name, bookingDay: day, amount: rule.amount, direction: rule.direction,
            description: rule.name, category: rule.category, externalID: externalID,
            location: SourceLocation(file: "recurring rule \(rule.name)", line: 0, column: 0))
        let row = PendingRow(draft: draft, accountID: rule.account.id, fingerprint: draft.fingerprint, occurrence: 1)
        if case .notSaved(let error) = save([row], importID: nil) { throw error }
        let found = try database.prepare("SELECT id FROM transactions WHERE account_id = ? AND external_id = ?")
            .rows([.int(rule.account.id), .text(externalID)]) { row throws(StoreError) in row.int(0) }
        guard let id = found.first else {
            throw StoreError(
                .recurringRefused("the charge of \"\(rule.name)\" on \(day) was not stored"), at: .file(path))
        }
        return id
    }

    /// Links each scheduled charge to the booked row that settles it: same account and direction,
    /// the amount within the rule's tolerance, the day within its window, and no other charge's
    /// row. The closest day wins, then the closest amount, then the row stored first, so the
    /// same ledger always settles the same way.
    private func settleScheduledCharges() throws(StoreError) -> [RecurringCharge] {
        let find = try database.prepare(
            """
            SELECT t.id FROM transactions t
            WHERE t.account_id = ?1 AND t.direction = ?2 AND t.status = 'booked' AND t.currency = ?3
                AND t.amount BETWEEN ?4 - ?5 AND ?4 + ?5
                AND t.day BETWEEN date(?6, '-' || ?7 || ' days') AND date(?6, '+' || ?7 || ' days')
                AND NOT EXISTS (SELECT 1 FROM recurring_charges c WHERE c.transaction_id = t.id)
            ORDER BY abs(julianday(t.day) - julianday(?6)), abs(t.amount - ?4), t.id
            LIMIT 1
            """)
        let settle = try database.prepare(
            "UPDATE recurring_charges SET state = 'settled', transaction_id = ? WHERE id = ?")
        let rules = Dictionary(try recurringRules().map { ($0.id, $0) }) { first, _ in first }
        var settled: [RecurringCharge] = []
        for charge in try scheduledCharges() {
            guard let rule = rules[charge.ruleID] else { continue }
            let row = try find.rows([
                .int(rule.account.id), .text(charge.direction.rawValue), .text(charge.amount.currency.code),
                .int(charge.amount.minorUnits), .int(rule.tolerance), .text(charge.dueDay.description),
                .int(Int64(rule.windowDays)),
            ]) { row throws(StoreError) in row.int(0) }
            guard let id = row.first else { continue }
            try settle.run([.int(id), .int(charge.id)])
            settled.append(
                RecurringCharge(
                    id: charge.id, ruleID: charge.ruleID, rule: charge.rule, account: charge.account,
                    dueDay: charge.dueDay, amount: charge.amount, direction: charge.direction, label: charge.label,
                    category: charge.category, state: .settled, transactionID: id))
        }
        return settled
    }
}

/// The timeline's inputs, read from the ledger (`ledgerport upcoming`).
extension Ledger {
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
        try read {
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
            // A charge that happened keeps the id it had while upcoming: its row is `r:RULE:DAY`.
            let chargeIDs = try database.prepare(
                "SELECT transaction_id, rule_id, due_day FROM recurring_charges WHERE transaction_id IS NOT NULL"
            ).rows { row throws(StoreError) in (row.int(0), "r:\(row.int(1)):\(row.text(2))") }
            let stableIDs = Dictionary(chargeIDs) { first, _ in first }
            var recorded = try query.rows(bindings) { row throws(StoreError) in
                let currency = try storedCurrency(row.text(5), column: "transactions.currency")
                guard let day = Day(iso: row.text(1)) else {
                    throw StoreError(.corruptValue(column: "transactions.day", found: row.text(1)), at: .file(path))
                }
                let amount = row.text(4) == "credit" ? row.int(3) : -row.int(3)
                return TimelineEntry(
                    id: stableIDs[row.int(0)] ?? "t:\(row.int(0))", kind: .recorded, day: day, account: row.text(2),
                    amount: amount,
                    currency: currency, description: row.text(6), category: row.optionalText(7))
            }
            let rules = try recurringRules().filter { account == nil || $0.account.id == account?.id }
            let windows = Dictionary(rules.map { ($0.id, $0.windowDays) }) { first, _ in first }
            for charge in try scheduledCharges() where windows[charge.ruleID] != nil && window.contains(charge.dueDay) {
                let missed = charge.isMissed(today: today, windowDays: windows[charge.ruleID] ?? 0)
                recorded.append(
                    TimelineEntry(
                        id: "r:\(charge.ruleID):\(charge.dueDay)", kind: missed ? .missed : .scheduled,
                        day: charge.dueDay, account: charge.account,
                        amount: charge.amount.signedMinorUnits(charge.direction), currency: charge.amount.currency,
                        description: charge.label, category: charge.category))
            }
            var timelineRules: [TimelineRule] = []
            for rule in rules {
                let charged = Set(try recurringCharges(of: rule).map(\.dueDay))
                let bounded = Recurrence(
                    unit: rule.recurrence.unit, interval: rule.recurrence.interval, first: rule.recurrence.first,
                    until: rule.lastDay)
                timelineRules.append(
                    TimelineRule(
                        id: rule.id, name: rule.name, account: rule.account.name,
                        recurrence: bounded ?? rule.recurrence, mark: rule.mark,
                        amount: rule.amount.signedMinorUnits(rule.direction), currency: rule.amount.currency,
                        category: rule.category, chargedDays: charged, stopped: bounded == nil))
            }
            return (recorded, timelineRules)
        }
    }
}
