import LedgerCore

/// Recurring rules on SQLite: stored, edited for the future only, stopped or deleted
/// (`docs/recurring.md`). The rules' logic is ``RecurringStoring``'s, shared with PostgreSQL;
/// here are its statements.
extension Ledger: RecurringStore, RecurringStoring {
    @discardableResult
    public func addRecurringRule(_ rule: NewRecurringRule) throws(StoreError) -> RecurringRule {
        try addedRule(rule)
    }

    public func recurringRules() throws(StoreError) -> [RecurringRule] {
        try storedRules(named: nil)
    }

    public func recurringRule(named name: String) throws(StoreError) -> RecurringRule? {
        try storedRules(named: name).first
    }

    /// Changes a rule's future: its price, rhythm, last day, category or settling window. Charges
    /// already written keep what they were written with, and the mark stays, so a new rhythm
    /// never bills a day the mark has passed.
    public func editRecurringRule(
        _ rule: RecurringRule, amount: Money?, unit: Recurrence.Unit?, interval: Int?, until: Day??, category: String??,
        tolerance: Int64?, windowDays: Int?
    ) throws(StoreError) -> RecurringRule {
        try editedRule(
            rule, amount: amount, unit: unit, interval: interval, until: until, category: category,
            tolerance: tolerance, windowDays: windowDays)
    }

    public func stopRecurringRule(_ rule: RecurringRule, on day: Day) throws(StoreError) {
        try recurringWrite { () throws(StoreError) in try writeStop(of: rule.id, on: day) }
    }

    /// Deletes a rule. With `withCharges`, its charges go too, and the transactions it booked;
    /// rows an import brought (settled charges) stay, since they are the bank's. Without, a rule
    /// that has charges is refused: stop it to keep them.
    public func deleteRecurringRule(_ rule: RecurringRule, withCharges: Bool) throws(StoreError)
        -> (charges: Int, rows: Int)
    {
        try deletedRule(rule, withCharges: withCharges)
    }

    public func recurringCharges(of rule: RecurringRule) throws(StoreError) -> [RecurringCharge] {
        try storedCharges(ofRule: rule.id)
    }

    public func scheduledCharges() throws(StoreError) -> [RecurringCharge] {
        try storedCharges(ofRule: nil)
    }

    // MARK: - The store's part (RecurringStoring)

    func recurringWrite<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try write { () throws(StoreError) in try body() }
    }

    func recurringRead<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try read { () throws(StoreError) in try body() }
    }

    func storedRules(named name: String?) throws(StoreError) -> [RecurringRule] {
        let query = try database.prepare(
            """
            SELECT \(RecurringRule.columns), a.id, a.name, a.kind, a.currency, a.institution, a.masked_number,
                a.source_key
            FROM recurring_rules r JOIN accounts a ON a.id = r.account_id
            WHERE \(name == nil ? "1" : "r.name = ?") ORDER BY r.name
            """)
        return try query.rows(name.map { [.text($0)] } ?? []) { row throws(StoreError) in
            try RecurringRule.stored(SQLiteRow(statement: row), account: try storedAccount(row, from: 15), at: path)
        }
    }

    func storedCharges(ofRule ruleID: Int64?) throws(StoreError) -> [RecurringCharge] {
        let query = try database.prepare(
            """
            SELECT \(RecurringCharge.columnsAndJoins)
            WHERE \(ruleID == nil ? "c.state = 'scheduled'" : "c.rule_id = ?") ORDER BY c.due_day, r.name
            """)
        return try query.rows(ruleID.map { [.int($0)] } ?? []) { row throws(StoreError) in
            try RecurringCharge.stored(
                SQLiteRow(statement: row),
                currency: try storedCurrency(row.text(7), column: "recurring_charges.currency"),
                at: path)
        }
    }

    func insertRule(_ rule: NewRecurringRule) throws(StoreError) -> Bool {
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
        return database.changes == 1
    }

    func writeRule(
        _ id: Int64, amount: Int64, unit: Recurrence.Unit, interval: Int, until: Day?, category: String?,
        tolerance: Int64, windowDays: Int
    ) throws(StoreError) {
        try database.prepare(
            """
            UPDATE recurring_rules SET amount = ?, unit = ?, interval = ?, until_day = ?, category = ?,
                tolerance = ?, window_days = ?
            WHERE id = ?
            """
        ).run([
            .int(amount), .text(unit.rawValue), .int(Int64(interval)), .optional(until?.description),
            .optional(category), .int(tolerance), .int(Int64(windowDays)), .int(id),
        ])
    }

    func writeStop(of id: Int64, on day: Day) throws(StoreError) {
        try database.prepare("UPDATE recurring_rules SET stopped_on = ? WHERE id = ?").run([
            .text(day.description), .int(id),
        ])
    }

    func deleteBookedRow(_ id: Int64) throws(StoreError) -> Int {
        try prepared("DELETE FROM transactions WHERE id = ?").run([.int(id)])
        return Int(database.changes)
    }

    func deleteRule(_ id: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM recurring_rules WHERE id = ?").run([.int(id)])
    }
}
