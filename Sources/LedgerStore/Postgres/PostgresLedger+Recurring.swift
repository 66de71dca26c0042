import LedgerCore

/// Recurring rules on PostgreSQL (issue 21): the rules, the catch-up and the timeline's inputs as
/// ``RecurringStoring`` makes them on both stores, with this store's statements. A write holds
/// every rule's row (`FOR UPDATE`, in id order) for its transaction, so two catch-ups at once
/// (two imports ending together) charge each day once: the second waits, then finds the charges.
extension PostgresLedger: RecurringStore, RecurringStoring {
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

    public func catchUpRecurring(through day: Day) throws(StoreError) -> CatchUpResult {
        try caughtUp(through: day)
    }

    public func timelineInputs(window: DayWindow, account: StoredAccount?, today: Day) throws(StoreError)
        -> (recorded: [TimelineEntry], rules: [TimelineRule])
    {
        try readTimeline(window: window, account: account, today: today)
    }

    // MARK: - The store's part (RecurringStoring)

    func recurringWrite<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try correction(dryRun: false) { () throws(StoreError) in
            try connection.query("SELECT id FROM recurring_rules ORDER BY id FOR UPDATE")
            return try body()
        }
    }

    func recurringRead<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.inTransaction { () throws(StoreError) in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            return try body()
        }
    }

    func storedRules(named name: String?) throws(StoreError) -> [RecurringRule] {
        let result = try connection.query(
            """
            SELECT \(RecurringRule.columns) FROM recurring_rules r
            WHERE \(name == nil ? "TRUE" : "r.name = $1") ORDER BY r.name COLLATE "C"
            """,
            name.map { [$0] } ?? [])
        let accounts = Dictionary(try allAccounts().map { ($0.id, $0) }) { first, _ in first }
        return try result.rows.map { row throws(StoreError) in
            let accountID = try row.int(14)
            guard let account = accounts[accountID] else {
                throw StoreError(
                    .corruptValue(column: "recurring_rules.account_id", found: String(accountID)), at: .file(location))
            }
            return try RecurringRule.stored(row, account: account, at: location)
        }
    }

    func storedCharges(ofRule ruleID: Int64?) throws(StoreError) -> [RecurringCharge] {
        let result = try connection.query(
            """
            SELECT \(RecurringCharge.columnsAndJoins)
            WHERE \(ruleID == nil ? "c.state = 'scheduled'" : "c.rule_id = $1") ORDER BY c.due_day, r.name COLLATE "C"
            """,
            ruleID.map { [String($0)] } ?? [])
        return try result.rows.map { row throws(StoreError) in
            try RecurringCharge.stored(
                row, currency: try storedCurrency(try row.text(7), column: "recurring_charges.currency"), at: location)
        }
    }

    func insertRule(_ rule: NewRecurringRule) throws(StoreError) -> Bool {
        let result = try connection.query(
            """
            INSERT INTO recurring_rules (name, account_id, amount, direction, unit, interval, first_day, until_day,
                category, settle, tolerance, window_days, created_at)
            SELECT $1, a.id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 FROM accounts a
            WHERE a.id = $13 AND a.currency = $14
            """,
            [
                rule.name, String(rule.amount.minorUnits), rule.direction.rawValue, rule.recurrence.unit.rawValue,
                String(rule.recurrence.interval), rule.recurrence.first.description,
                rule.recurrence.until?.description, rule.category, rule.settlement.rawValue, String(rule.tolerance),
                String(rule.windowDays), Ledger.now(), String(rule.accountID), rule.amount.currency.code,
            ])
        return result.affectedRows == 1
    }

    func writeRule(
        _ id: Int64, amount: Int64, unit: Recurrence.Unit, interval: Int, until: Day?, category: String?,
        tolerance: Int64, windowDays: Int
    ) throws(StoreError) {
        try connection.query(
            """
            UPDATE recurring_rules SET amount = $1, unit = $2, interval = $3, until_day = $4, category = $5,
                tolerance = $6, window_days = $7
            WHERE id = $8
            """,
            [
                String(amount), unit.rawValue, String(interval), until?.description, category, String(tolerance),
                String(windowDays), String(id),
            ])
    }

    func writeStop(of id: Int64, on day: Day) throws(StoreError) {
        try connection.query("UPDATE recurring_rules SET stopped_on = $1 WHERE id = $2", [day.description, String(id)])
    }

    func deleteBookedRow(_ id: Int64) throws(StoreError) -> Int {
        try connection.query("DELETE FROM transactions WHERE id = $1", [String(id)]).affectedRows
    }

    func deleteRule(_ id: Int64) throws(StoreError) {
        try connection.query("DELETE FROM recurring_rules WHERE id = $1", [String(id)])
    }

    func insertCharge(_ charge: RecurringCharge) throws(StoreError) -> Int64 {
        let result = try connection.query(
            """
            INSERT INTO recurring_charges (rule_id, due_day, amount, direction, currency, label, category, state,
                transaction_id)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id
            """,
            [
                String(charge.ruleID), charge.dueDay.description, String(charge.amount.minorUnits),
                charge.direction.rawValue, charge.amount.currency.code, charge.label, charge.category,
                charge.state.rawValue, charge.transactionID.map { String($0) },
            ])
        guard let row = result.rows.first else {
            throw StoreError(.corruptValue(column: "recurring_charges.id", found: "none"), at: .file(location))
        }
        return try row.int(0)
    }

    func writeMark(of id: Int64, to day: Day) throws(StoreError) {
        try connection.query("UPDATE recurring_rules SET mark_day = $1 WHERE id = $2", [day.description, String(id)])
    }

    /// Through the batches' row-by-row insert, inside the catch-up's transaction.
    func storeChargeRow(_ row: PendingRow) throws(StoreError) -> Int64? {
        let deleted = try tombstones(in: try connection.query(Self.tombstonesSQL))
        _ = try writeRowByRow([.insert(row)], importID: nil, tombstones: deleted)
        let found = try connection.query(
            "SELECT id FROM transactions WHERE account_id = $1 AND external_id = $2",
            [String(row.accountID), row.draft.externalID])
        return try found.rows.first?.int(0)
    }

    func settlingCandidates(
        of rule: RecurringRule, _ charge: RecurringCharge, amounts: ClosedRange<Int64>, days: ClosedRange<Day>
    ) throws(StoreError) -> [(id: Int64, day: Day, amount: Int64)] {
        let result = try connection.query(
            """
            SELECT t.id, t.day, t.amount FROM transactions t
            WHERE t.account_id = $1 AND t.direction = $2 AND t.status = 'booked' AND t.currency = $3
                AND t.amount BETWEEN $4 AND $5 AND t.day BETWEEN $6 AND $7
                AND NOT EXISTS (SELECT 1 FROM recurring_charges c WHERE c.transaction_id = t.id)
            """,
            [
                String(rule.account.id), charge.direction.rawValue, charge.amount.currency.code,
                String(amounts.lowerBound), String(amounts.upperBound), days.lowerBound.description,
                days.upperBound.description,
            ])
        return try result.rows.map { row throws(StoreError) in
            (try row.int(0), try storedDay(try row.text(1), column: "transactions.day"), try row.int(2))
        }
    }

    func writeSettlement(of chargeID: Int64, by rowID: Int64) throws(StoreError) {
        try connection.query(
            "UPDATE recurring_charges SET state = 'settled', transaction_id = $1 WHERE id = $2",
            [String(rowID), String(chargeID)])
    }

    func recordedRows(in window: DayWindow, account: StoredAccount?) throws(StoreError)
        -> [(rowID: Int64, entry: TimelineEntry)]
    {
        let result = try connection.query(
            """
            SELECT t.id, t.day, a.name, t.amount, t.direction, t.currency, t.description, t.category
            FROM transactions t JOIN accounts a ON a.id = t.account_id
            WHERE ($1::text IS NULL OR t.day >= $1) AND ($2::text IS NULL OR t.day < $2)
                AND ($3::bigint IS NULL OR t.account_id = $3)
            ORDER BY t.id
            """,
            [window.start?.description, window.end?.description, account.map { String($0.id) }])
        return try result.rows.map { row throws(StoreError) in
            let amount = try row.int(3)
            return (
                try row.int(0),
                TimelineEntry(
                    id: "t:\(try row.int(0))", kind: .recorded,
                    day: try storedDay(try row.text(1), column: "transactions.day"),
                    account: try row.text(2), amount: try row.text(4) == "credit" ? amount : -amount,
                    currency: try storedCurrency(try row.text(5), column: "transactions.currency"),
                    description: try row.text(6), category: try row.optionalText(7))
            )
        }
    }

    func chargeRows() throws(StoreError) -> [(rowID: Int64, ruleID: Int64, dueDay: String)] {
        let result = try connection.query(
            "SELECT transaction_id, rule_id, due_day FROM recurring_charges WHERE transaction_id IS NOT NULL")
        return try result.rows.map { row throws(StoreError) in (try row.int(0), try row.int(1), try row.text(2)) }
    }
}
