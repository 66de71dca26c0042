import LedgerCore

/// Recurring rules, their charges, the catch-up and the timeline's inputs, whichever store holds
/// the ledger (issue 21; `docs/recurring.md`).
///
/// What does not depend on the SQL is written once (``RecurringStoring``): decoding a rule or a
/// charge, the refusals, which due days are charged and how, which row settles a scheduled
/// charge, and the timeline's stable ids. A store keeps only its statements.
public protocol RecurringStore: ImportStore {
    /// Stores a new rule (no charge yet: ``catchUpRecurring(through:)`` writes them).
    ///
    /// - Throws: ``StoreError`` `.recurringRefused` when the name is taken or the amount's
    ///   currency is not the account's.
    @discardableResult
    func addRecurringRule(_ rule: NewRecurringRule) throws(StoreError) -> RecurringRule
    /// Every rule, by name.
    func recurringRules() throws(StoreError) -> [RecurringRule]
    /// The rule with this name, if any.
    func recurringRule(named name: String) throws(StoreError) -> RecurringRule?
    /// Changes a rule's future (`nil` keeps a value; for `until` and `category`, `.some(nil)` clears it).
    func editRecurringRule(
        _ rule: RecurringRule, amount: Money?, unit: Recurrence.Unit?, interval: Int?, until: Day??, category: String??,
        tolerance: Int64?, windowDays: Int?
    ) throws(StoreError) -> RecurringRule
    /// Stops a rule: no charge falls after `day`; its charges stay.
    func stopRecurringRule(_ rule: RecurringRule, on day: Day) throws(StoreError)
    /// Deletes a rule (with `withCharges`, its charges and the rows it booked too).
    ///
    /// - Returns: how many charges and booked rows were deleted.
    func deleteRecurringRule(_ rule: RecurringRule, withCharges: Bool) throws(StoreError) -> (charges: Int, rows: Int)
    /// A rule's charges, by due day.
    func recurringCharges(of rule: RecurringRule) throws(StoreError) -> [RecurringCharge]
    /// Every charge that is not a ledger row yet (scheduled), by due day.
    func scheduledCharges() throws(StoreError) -> [RecurringCharge]
    /// Writes every rule's due charges through `day` and settles scheduled ones, in one transaction.
    func catchUpRecurring(through day: Day) throws(StoreError) -> CatchUpResult
    /// The recorded money in a window and every rule as the timeline's merge sees it.
    func timelineInputs(window: DayWindow, account: StoredAccount?, today: Day) throws(StoreError)
        -> (recorded: [TimelineEntry], rules: [TimelineRule])
}

/// A result row, whichever store read it: typed readers by column, from 0.
protocol StoredRow {
    func text(_ index: Int) throws(StoreError) -> String
    func optionalText(_ index: Int) throws(StoreError) -> String?
    func int(_ index: Int) throws(StoreError) -> Int64
    func optionalInt(_ index: Int) throws(StoreError) -> Int64?
}

extension PostgresRow: StoredRow {}

/// A SQLite row as a ``StoredRow``.
struct SQLiteRow: StoredRow {
    let statement: Statement

    func text(_ index: Int) -> String { statement.text(Int32(index)) }
    func optionalText(_ index: Int) -> String? { statement.optionalText(Int32(index)) }
    func int(_ index: Int) -> Int64 { statement.int(Int32(index)) }
    func optionalInt(_ index: Int) -> Int64? { statement.optionalInt(Int32(index)) }
}

extension RecurringRule {
    /// The rule's columns, in the order ``stored(_:account:at:)`` reads them, then its account's id.
    static let columns = """
        r.id, r.name, r.amount, r.direction, r.unit, r.interval, r.first_day, r.until_day, r.category, r.settle,
            r.tolerance, r.window_days, r.mark_day, r.stopped_on, r.account_id
        """

    /// A rule from a row of ``columns``, its values checked.
    static func stored(_ row: some StoredRow, account: StoredAccount, at location: String) throws(StoreError)
        -> RecurringRule
    {
        let corrupt = { (column: String, found: String) in
            StoreError(.corruptValue(column: "recurring_rules.\(column)", found: found), at: .file(location))
        }
        func day(_ index: Int, _ name: String) throws(StoreError) -> Day? {
            guard let text = try row.optionalText(index) else { return nil }
            guard let day = Day(iso: text) else { throw corrupt(name, text) }
            return day
        }
        guard let direction = Direction(rawValue: try row.text(3)) else { throw corrupt("direction", try row.text(3)) }
        guard let unit = Recurrence.Unit(rawValue: try row.text(4)) else { throw corrupt("unit", try row.text(4)) }
        guard let first = try day(6, "first_day") else { throw corrupt("first_day", "NULL") }
        let interval = try row.int(5)
        guard
            let recurrence = Recurrence(
                unit: unit, interval: Int(truncatingIfNeeded: interval), first: first, until: try day(7, "until_day"))
        else {
            throw corrupt("interval", String(interval))
        }
        guard let settlement = Settlement(rawValue: try row.text(9)) else { throw corrupt("settle", try row.text(9)) }
        return RecurringRule(
            id: try row.int(0), name: try row.text(1), account: account,
            amount: Money(minorUnits: try row.int(2), currency: account.currency), direction: direction,
            recurrence: recurrence, category: try row.optionalText(8), settlement: settlement,
            tolerance: try row.int(10), windowDays: Int(truncatingIfNeeded: try row.int(11)),
            mark: try day(12, "mark_day"), stoppedOn: try day(13, "stopped_on"))
    }
}

extension RecurringCharge {
    /// A charge's columns, in the order ``stored(_:currency:at:)`` reads them, and the joins they need.
    static let columnsAndJoins = """
        c.id, c.rule_id, r.name, a.name, c.due_day, c.amount, c.direction, c.currency, c.label, c.category,
            c.state, c.transaction_id
        FROM recurring_charges c JOIN recurring_rules r ON r.id = c.rule_id JOIN accounts a ON a.id = r.account_id
        """

    /// A charge from a row of ``columnsAndJoins``, its values checked (`currency` is column 7's).
    static func stored(_ row: some StoredRow, currency: Currency, at location: String) throws(StoreError)
        -> RecurringCharge
    {
        let corrupt = { (column: String, found: String) in
            StoreError(.corruptValue(column: "recurring_charges.\(column)", found: found), at: .file(location))
        }
        guard let day = Day(iso: try row.text(4)) else { throw corrupt("due_day", try row.text(4)) }
        guard let direction = Direction(rawValue: try row.text(6)) else { throw corrupt("direction", try row.text(6)) }
        guard let state = State(rawValue: try row.text(10)) else { throw corrupt("state", try row.text(10)) }
        return RecurringCharge(
            id: try row.int(0), ruleID: try row.int(1), rule: try row.text(2), account: try row.text(3), dueDay: day,
            amount: Money(minorUnits: try row.int(5), currency: currency), direction: direction,
            label: try row.text(8), category: try row.optionalText(9), state: state,
            transactionID: try row.optionalInt(11))
    }
}

/// What a store does for recurring rules; the rest is written once, below.
protocol RecurringStoring: LedgerReading {
    /// Runs `body` in one write transaction, committed.
    func recurringWrite<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T
    /// Runs `body` against one snapshot.
    func recurringRead<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T
    /// Every rule (or the one named `name`), by name in byte order.
    func storedRules(named name: String?) throws(StoreError) -> [RecurringRule]
    /// A rule's charges, or with `nil` every scheduled charge; by due day, then rule name.
    func storedCharges(ofRule ruleID: Int64?) throws(StoreError) -> [RecurringCharge]
    /// Inserts a rule when its account holds the amount's currency; whether it did.
    func insertRule(_ rule: NewRecurringRule) throws(StoreError) -> Bool
    /// Writes a rule's edited future.
    func writeRule(
        _ id: Int64, amount: Int64, unit: Recurrence.Unit, interval: Int, until: Day?, category: String?,
        tolerance: Int64, windowDays: Int
    ) throws(StoreError)
    /// Writes the day a rule stopped.
    func writeStop(of id: Int64, on day: Day) throws(StoreError)
    /// Deletes a transaction a rule booked; how many rows went (0 or 1).
    func deleteBookedRow(_ id: Int64) throws(StoreError) -> Int
    /// Deletes a rule (its charges go with it).
    func deleteRule(_ id: Int64) throws(StoreError)
    /// Inserts a charge (its `id` is ignored) and returns its id.
    func insertCharge(_ charge: RecurringCharge) throws(StoreError) -> Int64
    /// Moves a rule's mark.
    func writeMark(of id: Int64, to day: Day) throws(StoreError)
    /// Stores a booked charge's row inside the catch-up's transaction, through the batches' insert;
    /// its id, or `nil` when it was not stored (a row `transactions delete` removed).
    func storeChargeRow(_ row: PendingRow) throws(StoreError) -> Int64?
    /// The booked rows no charge holds that could settle `charge` of `rule`: same account,
    /// direction and currency, the amount and day within the given bounds (both included).
    func settlingCandidates(
        of rule: RecurringRule, _ charge: RecurringCharge, amounts: ClosedRange<Int64>, days: ClosedRange<Day>
    ) throws(StoreError) -> [(id: Int64, day: Day, amount: Int64)]
    /// Marks a charge settled by a row.
    func writeSettlement(of chargeID: Int64, by rowID: Int64) throws(StoreError)
    /// The rows in a window (of one account when given), each with its row id; the entries' ids
    /// are `t:ID`.
    func recordedRows(in window: DayWindow, account: StoredAccount?) throws(StoreError)
        -> [(rowID: Int64, entry: TimelineEntry)]
    /// The rows charges hold, with the charge's rule and due day.
    func chargeRows() throws(StoreError) -> [(rowID: Int64, ruleID: Int64, dueDay: String)]
    /// Recomputes the checkpoints whose windows hold the changed days; returns those that changed.
    func refreshCheckpoints(after changes: ChangedDays) throws(StoreError) -> [Checkpoint]
}

extension RecurringStoring {
    func addedRule(_ rule: NewRecurringRule) throws(StoreError) -> RecurringRule {
        try recurringWrite { () throws(StoreError) in
            if try !storedRules(named: rule.name).isEmpty {
                throw refused("a recurring rule is named \"\(rule.name)\" already")
            }
            guard try insertRule(rule) else {
                throw refused("the amount's currency \(rule.amount.currency.code) is not the account's")
            }
        }
        guard let stored = try storedRules(named: rule.name).first else {
            throw refused("the rule \"\(rule.name)\" was not stored")
        }
        return stored
    }

    func editedRule(
        _ rule: RecurringRule, amount: Money?, unit: Recurrence.Unit?, interval: Int?, until: Day??, category: String??,
        tolerance: Int64?, windowDays: Int?
    ) throws(StoreError) -> RecurringRule {
        try recurringWrite { () throws(StoreError) in
            try writeRule(
                rule.id, amount: (amount ?? rule.amount).minorUnits, unit: unit ?? rule.recurrence.unit,
                interval: interval ?? rule.recurrence.interval, until: until ?? rule.recurrence.until,
                category: category ?? rule.category, tolerance: tolerance ?? rule.tolerance,
                windowDays: windowDays ?? rule.windowDays)
        }
        guard let edited = try storedRules(named: rule.name).first else {
            throw refused("the rule \"\(rule.name)\" is gone")
        }
        return edited
    }

    func deletedRule(_ rule: RecurringRule, withCharges: Bool) throws(StoreError) -> (charges: Int, rows: Int) {
        try recurringWrite { () throws(StoreError) in
            let charges = try storedCharges(ofRule: rule.id)
            guard withCharges || charges.isEmpty else {
                throw refused(
                    "\"\(rule.name)\" has \(charges.count) charge\(charges.count == 1 ? "" : "s"); stop it to keep "
                        + "them, or delete it --with-charges")
            }
            var changes = ChangedDays()
            var rows = 0
            for charge in charges where charge.state == .booked {
                guard let id = charge.transactionID else { continue }
                changes.note(charge.dueDay, of: rule.account)
                rows += try deleteBookedRow(id)
            }
            try deleteRule(rule.id)
            _ = try refreshCheckpoints(after: changes)
            return (charges.count, rows)
        }
    }

    /// The catch-up (``RecurringStore/catchUpRecurring(through:)``): a day the rule already has a
    /// charge on is skipped and the mark only moves forward, so running it again writes nothing.
    /// A `book` rule's charge is a booked row (identity `recurring:RULE:DAY`); an `import` rule's
    /// is scheduled, never counted until a row settles it.
    func caughtUp(through day: Day) throws(StoreError) -> CatchUpResult {
        try recurringWrite { () throws(StoreError) in
            var result = CatchUpResult()
            var changes = ChangedDays()
            for rule in try storedRules(named: nil) {
                let last = rule.lastDay.map { min($0, day) } ?? day
                let charged = Set(try storedCharges(ofRule: rule.id).map(\.dueDay))
                for due in rule.recurrence.dueDays(after: rule.mark, through: last) where !charged.contains(due) {
                    var rowID: Int64?
                    if rule.settlement == .book {
                        rowID = try bookCharge(of: rule, on: due)
                        changes.note(due, of: rule.account)
                    }
                    let unsaved = RecurringCharge(
                        id: 0, ruleID: rule.id, rule: rule.name, account: rule.account.name, dueDay: due,
                        amount: rule.amount, direction: rule.direction, label: rule.name, category: rule.category,
                        state: rule.settlement == .book ? .booked : .scheduled, transactionID: rowID)
                    let id = try insertCharge(unsaved)
                    result.written.append(
                        RecurringCharge(
                            id: id, ruleID: rule.id, rule: rule.name, account: rule.account.name, dueDay: due,
                            amount: rule.amount, direction: rule.direction, label: rule.name, category: rule.category,
                            state: unsaved.state, transactionID: rowID))
                }
                if rule.mark.map({ $0 < day }) ?? true { try writeMark(of: rule.id, to: day) }
            }
            result.settled = try settleScheduledCharges()
            result.refreshed = try refreshCheckpoints(after: changes)
            return result
        }
    }

    /// The timeline's inputs (``RecurringStore/timelineInputs(window:account:today:)``), read
    /// from one snapshot. A charge that happened keeps the id it had while upcoming: `r:RULE:DAY`.
    func readTimeline(window: DayWindow, account: StoredAccount?, today: Day) throws(StoreError)
        -> (recorded: [TimelineEntry], rules: [TimelineRule])
    {
        try recurringRead { () throws(StoreError) in
            let stableIDs = Dictionary(try chargeRows().map { ($0.rowID, "r:\($0.ruleID):\($0.dueDay)") }) { a, _ in a }
            var recorded = try recordedRows(in: window, account: account).map { row in
                let entry = row.entry
                return TimelineEntry(
                    id: stableIDs[row.rowID] ?? entry.id, kind: entry.kind, day: entry.day, account: entry.account,
                    amount: entry.amount, currency: entry.currency, description: entry.description,
                    category: entry.category)
            }
            let rules = try storedRules(named: nil).filter { account == nil || $0.account.id == account?.id }
            let windows = Dictionary(rules.map { ($0.id, $0.windowDays) }) { first, _ in first }
            for charge in try storedCharges(ofRule: nil)
            where windows[charge.ruleID] != nil && window.contains(charge.dueDay) {
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
                let charged = Set(try storedCharges(ofRule: rule.id).map(\.dueDay))
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

    // MARK: - Private

    /// Stores a `book` rule's charge as a booked row and returns its id.
    private func bookCharge(of rule: RecurringRule, on day: Day) throws(StoreError) -> Int64 {
        let draft = Draft(
            account: rule.account.name, bookingDay: day, amount: rule.amount, direction: rule.direction,
            description: rule.name, category: rule.category, externalID: "recurring:\(rule.id):\(day)",
            location: SourceLocation(file: "recurring rule \(rule.name)", line: 0, column: 0))
        let row = PendingRow(draft: draft, accountID: rule.account.id, fingerprint: draft.fingerprint, occurrence: 1)
        guard let id = try storeChargeRow(row) else {
            throw refused("the charge of \"\(rule.name)\" on \(day) was not stored")
        }
        return id
    }

    /// Links each scheduled charge to the booked row that settles it: same account and direction,
    /// the amount within the rule's tolerance, the day within its window, and no other charge's
    /// row. The closest day wins, then the closest amount, then the row stored first, so the
    /// same ledger always settles the same way.
    private func settleScheduledCharges() throws(StoreError) -> [RecurringCharge] {
        let rules = Dictionary(try storedRules(named: nil).map { ($0.id, $0) }) { first, _ in first }
        var settled: [RecurringCharge] = []
        for charge in try storedCharges(ofRule: nil) {
            guard let rule = rules[charge.ruleID] else { continue }
            let amount = charge.amount.minorUnits
            let (low, lowOverflow) = amount.subtractingReportingOverflow(rule.tolerance)
            let (high, highOverflow) = amount.addingReportingOverflow(rule.tolerance)
            guard let first = charge.dueDay.adding(days: -rule.windowDays),
                let last = charge.dueDay.adding(days: rule.windowDays)
            else { continue }
            let amounts = (lowOverflow ? Int64.min : low)...(highOverflow ? Int64.max : high)
            guard amounts.lowerBound <= amounts.upperBound, first <= last else { continue }
            let candidates = try settlingCandidates(of: rule, charge, amounts: amounts, days: first...last)
            let due = charge.dueDay.daysSinceEpoch
            let best = candidates.min { a, b in
                let (dayA, dayB) = (abs(a.day.daysSinceEpoch - due), abs(b.day.daysSinceEpoch - due))
                if dayA != dayB { return dayA < dayB }
                let (amountA, amountB) = (
                    a.amount.distance(to: amount).magnitude, b.amount.distance(to: amount).magnitude
                )
                if amountA != amountB { return amountA < amountB }
                return a.id < b.id
            }
            guard let best else { continue }
            try writeSettlement(of: charge.id, by: best.id)
            settled.append(
                RecurringCharge(
                    id: charge.id, ruleID: charge.ruleID, rule: charge.rule, account: charge.account,
                    dueDay: charge.dueDay, amount: charge.amount, direction: charge.direction, label: charge.label,
                    category: charge.category, state: .settled, transactionID: best.id))
        }
        return settled
    }

    private func refused(_ message: String) -> StoreError {
        StoreError(.recurringRefused(message), at: .file(shownLocation))
    }
}
