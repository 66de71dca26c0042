import LedgerCore

/// Recurring rules: stored, edited for the future only, stopped or deleted (`docs/recurring.md`).
extension Ledger {
    /// Stores a new rule (no charge yet: `catchUpRecurring(through:)` writes them).
    ///
    /// - Throws: ``StoreError`` `.recurringRefused` when the name is taken or the amount's
    ///   currency is not the account's.
    @discardableResult
    public func addRecurringRule(_ rule: NewRecurringRule) throws(StoreError) -> RecurringRule {
        try write {
            if try recurringRule(named: rule.name) != nil {
                throw StoreError(
                    .recurringRefused("a recurring rule is named \"\(rule.name)\" already"), at: .file(path))
            }
            let insert = try database.prepare(
                """
                INSERT INTO recurring_rules (name, account_id, amount, direction, unit, interval, first_day, until_day,
                    category, settle, tolerance, window_days, created_at)
                SELECT ?, a.id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM accounts a WHERE a.id = ? AND a.currency = ?
                """)
            try insert.run([
                .text(rule.name), .int(rule.amount.minorUnits), .text(rule.direction.rawValue),
                .text(rule.recurrence.unit.rawValue), .int(Int64(rule.recurrence.interval)),
                .text(rule.recurrence.first.description), .optional(rule.recurrence.until?.description),
                .optional(rule.category), .text(rule.settlement.rawValue), .int(rule.tolerance),
                .int(Int64(rule.windowDays)), .text(Ledger.now()), .int(rule.accountID),
                .text(rule.amount.currency.code),
            ])
            guard database.changes == 1 else {
                throw StoreError(
                    .recurringRefused("the amount's currency \(rule.amount.currency.code) is not the account's"),
                    at: .file(path))
            }
        }
        guard let stored = try recurringRule(named: rule.name) else {
            throw StoreError(.recurringRefused("the rule \"\(rule.name)\" was not stored"), at: .file(path))
        }
        return stored
    }

    /// Every rule, by name.
    public func recurringRules() throws(StoreError) -> [RecurringRule] {
        try recurringRules(where: "1", [])
    }

    /// The rule with this name, if any.
    public func recurringRule(named name: String) throws(StoreError) -> RecurringRule? {
        try recurringRules(where: "r.name = ?", [.text(name)]).first
    }

    /// Changes a rule's future: its price, rhythm, last day, category or settling window. Charges
    /// already written keep what they were written with, and the mark stays, so a new rhythm
    /// never bills a day the mark has passed.
    public func editRecurringRule(
        _ rule: RecurringRule, amount: Money?, unit: Recurrence.Unit?, interval: Int?, until: Day??, category: String??,
        tolerance: Int64?, windowDays: Int?
    ) throws(StoreError) -> RecurringRule {
        try write {
            let update = try database.prepare(
                """
                UPDATE recurring_rules SET amount = ?, unit = ?, interval = ?, until_day = ?, category = ?,
                    tolerance = ?, window_days = ?
                WHERE id = ?
                """)
            try update.run([
                .int((amount ?? rule.amount).minorUnits), .text((unit ?? rule.recurrence.unit).rawValue),
                .int(Int64(interval ?? rule.recurrence.interval)),
                .optional((until ?? rule.recurrence.until)?.description), .optional(category ?? rule.category),
                .int(tolerance ?? rule.tolerance), .int(Int64(windowDays ?? rule.windowDays)), .int(rule.id),
            ])
        }
        guard let edited = try recurringRule(named: rule.name) else {
            throw StoreError(.recurringRefused("the rule \"\(rule.name)\" is gone"), at: .file(path))
        }
        return edited
    }

    /// Stops a rule: no charge falls after `day`; its charges stay.
    public func stopRecurringRule(_ rule: RecurringRule, on day: Day) throws(StoreError) {
        try write {
            try database.prepare("UPDATE recurring_rules SET stopped_on = ? WHERE id = ?").run([
                .text(day.description), .int(rule.id),
            ])
        }
    }

    /// Deletes a rule. With `withCharges`, its charges go too, and the transactions it booked;
    /// rows an import brought (settled charges) stay, since they are the bank's. Without, a rule
    /// that has charges is refused: stop it to keep them.
    ///
    /// - Returns: how many charges and booked rows were deleted.
    public func deleteRecurringRule(_ rule: RecurringRule, withCharges: Bool) throws(StoreError)
        -> (charges: Int, rows: Int)
    {
        try write {
            let charges = try recurringCharges(of: rule)
            guard withCharges || charges.isEmpty else {
                throw StoreError(
                    .recurringRefused(
                        "\"\(rule.name)\" has \(charges.count) charge\(charges.count == 1 ? "" : "s"); stop it to keep "
                            + "them, or delete it --with-charges"), at: .file(path))
            }
            let booked = charges.filter { $0.state == .booked }.compactMap(\.transactionID)
            var changes = ChangedDays()
            for charge in charges where charge.state == .booked && charge.transactionID != nil {
                changes.note(charge.dueDay, of: rule.account)
            }
            let deleteRow = try database.prepare("DELETE FROM transactions WHERE id = ?")
            var rows = 0
            for id in booked {
                try deleteRow.run([.int(id)])
                rows += Int(database.changes)
            }
            try database.prepare("DELETE FROM recurring_rules WHERE id = ?").run([.int(rule.id)])
            _ = try refreshCheckpoints(after: changes)
            return (charges.count, rows)
        }
    }

    /// A rule's charges, by due day.
    public func recurringCharges(of rule: RecurringRule) throws(StoreError) -> [RecurringCharge] {
        try recurringCharges(where: "c.rule_id = ?", [.int(rule.id)])
    }

    /// Every charge that is not a ledger row yet (scheduled), by due day.
    public func scheduledCharges() throws(StoreError) -> [RecurringCharge] {
        try recurringCharges(where: "c.state = 'scheduled'", [])
    }

    // MARK: - Reading

    func recurringRules(where condition: String, _ bindings: [Binding]) throws(StoreError) -> [RecurringRule] {
        let query = try database.prepare(
            """
            SELECT r.id, r.name, r.amount, r.direction, r.unit, r.interval, r.first_day, r.until_day, r.category,
                r.settle, r.tolerance, r.window_days, r.mark_day, r.stopped_on,
                a.id, a.name, a.kind, a.currency, a.institution, a.masked_number, a.source_key
            FROM recurring_rules r JOIN accounts a ON a.id = r.account_id
            WHERE \(condition) ORDER BY r.name
            """)
        return try query.rows(bindings) { row throws(StoreError) in
            let account = try storedAccount(row, from: 14)
            let corrupt = { (column: String, found: String) in
                StoreError(.corruptValue(column: "recurring_rules.\(column)", found: found), at: .file(self.path))
            }
            guard let direction = Direction(rawValue: row.text(3)) else { throw corrupt("direction", row.text(3)) }
            guard let unit = Recurrence.Unit(rawValue: row.text(4)) else { throw corrupt("unit", row.text(4)) }
            guard let first = Day(iso: row.text(6)) else { throw corrupt("first_day", row.text(6)) }
            let optionalDay = { (column: Int32, name: String) throws(StoreError) -> Day? in
                guard let text = row.optionalText(column) else { return nil }
                guard let day = Day(iso: text) else { throw corrupt(name, text) }
                return day
            }
            let until = try optionalDay(7, "until_day")
            guard let recurrence = Recurrence(unit: unit, interval: Int(row.int(5)), first: first, until: until) else {
                throw corrupt("interval", String(row.int(5)))
            }
            guard let settlement = RecurringRule.Settlement(rawValue: row.text(9)) else {
                throw corrupt("settle", row.text(9))
            }
            let mark = try optionalDay(12, "mark_day")
            let stopped = try optionalDay(13, "stopped_on")
            return RecurringRule(
                id: row.int(0), name: row.text(1), account: account,
                amount: Money(minorUnits: row.int(2), currency: account.currency), direction: direction,
                recurrence: recurrence, category: row.optionalText(8), settlement: settlement, tolerance: row.int(10),
                windowDays: Int(row.int(11)), mark: mark, stoppedOn: stopped)
        }
    }

    func recurringCharges(where condition: String, _ bindings: [Binding]) throws(StoreError) -> [RecurringCharge] {
        let query = try database.prepare(
            """
            SELECT c.id, c.rule_id, r.name, a.name, c.due_day, c.amount, c.direction, c.currency, c.label, c.category,
                c.state, c.transaction_id
            FROM recurring_charges c JOIN recurring_rules r ON r.id = c.rule_id JOIN accounts a ON a.id = r.account_id
            WHERE \(condition) ORDER BY c.due_day, r.name
            """)
        return try query.rows(bindings) { row throws(StoreError) in
            let corrupt = { (column: String, found: String) in
                StoreError(.corruptValue(column: "recurring_charges.\(column)", found: found), at: .file(self.path))
            }
            guard let day = Day(iso: row.text(4)) else { throw corrupt("due_day", row.text(4)) }
            guard let direction = Direction(rawValue: row.text(6)) else { throw corrupt("direction", row.text(6)) }
            let currency = try storedCurrency(row.text(7), column: "recurring_charges.currency")
            guard let state = RecurringCharge.State(rawValue: row.text(10)) else {
                throw corrupt("state", row.text(10))
            }
            return RecurringCharge(
                id: row.int(0), ruleID: row.int(1), rule: row.text(2), account: row.text(3), dueDay: day,
                amount: Money(minorUnits: row.int(5), currency: currency), direction: direction, label: row.text(8),
                category: row.optionalText(9), state: state, transactionID: row.optionalInt(11))
        }
    }
}
