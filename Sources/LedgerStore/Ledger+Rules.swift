import LedgerCore

extension Ledger {
    /// Sets what rules say on stored rows again, after the rules file changed.
    ///
    /// Rules read each row's fields as the source gave them (``RuleInput``: the source's payee,
    /// not one a rule or a person set). A field a person set by hand (`hand_set`) is never
    /// changed; a field a rule no longer sets goes back to the source's value (none for note,
    /// tags and counter account). Rows are read and updated in chunks of 10,000 by id, all in
    /// one database transaction.
    ///
    /// - Parameters:
    ///   - account: only this account's rows, or every account's when `nil`.
    ///   - window: includes `start`, excludes `end`.
    ///   - dryRun: work everything out and report it, then roll back: nothing is written.
    ///   - assign: what the rules set on a row (``RuleEvaluator/assignment(for:)``).
    ///   - change: called with each value that changes, in id order.
    /// - Returns: the counts.
    /// - Throws: ``StoreError`` when the database can't be read or written; nothing is changed then.
    public func applyRules(
        account: StoredAccount? = nil, in window: DayWindow = DayWindow(start: nil, end: nil), dryRun: Bool = false,
        assign: (RuleInput) -> RuleAssignment, change: (RuleChange) -> Void = { _ in }
    ) throws(StoreError) -> RuleApplication {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            // The connection's triggers are off while rows are updated: each one-row UPDATE would run
            // the report totals' trigger in a frame of its own (about 40,000 instructions a changed
            // row). The rows' category moves are summed here and written once per key instead.
            // Rules change no column another trigger watches (day, amount, direction, status,
            // account), so the report totals' is the only one that would fire.
            try database.setTriggers(enabled: false)
            let outcome: Result<RuleApplication, StoreError>
            do throws(StoreError) {
                outcome = .success(
                    try applyRulesWithoutTriggers(account: account, in: window, assign: assign, change: change))
            } catch {
                outcome = .failure(error)
            }
            try database.setTriggers(enabled: true)
            return try outcome.get()
        }
    }

    /// A stored row's fields as rules read them, for `rules explain`: `nil` for an unknown id.
    public func ruleInput(ofTransaction id: Int64) throws(StoreError) -> RuleInput? {
        let select = try database.prepare("SELECT \(Self.ruleRowColumns) FROM transactions t WHERE t.id = ?1")
        var sources = try RuleRowSources(ledger: self)
        return try select.rows([.int(id)]) { row throws(StoreError) in
            try ruleInput(row, sources: &sources, previous: nil)
        }.first
    }

    // MARK: - Private

    /// ``applyRules(account:in:dryRun:assign:change:)``'s work inside its transaction, with the
    /// connection's triggers off: the rows' updates, and the report totals their category moves
    /// change, written once per key at the end.
    private func applyRulesWithoutTriggers(
        account: StoredAccount?, in window: DayWindow, assign: (RuleInput) -> RuleAssignment,
        change: (RuleChange) -> Void
    ) throws(StoreError) -> RuleApplication {
        // The account's name and the import's adapter and mapping are looked up once each
        // (``RuleRowSources``), not joined on every row.
        let select = try database.prepare(
            """
            SELECT \(Self.ruleRowColumns)
            FROM transactions t
            WHERE t.id > ?1 AND (?2 IS NULL OR t.account_id = ?2)
                AND t.day >= coalesce(?3, '') AND t.day < coalesce(?4, '9999-99-99')
            ORDER BY t.id
            LIMIT 10000
            """)
        let update = try database.prepare(
            """
            UPDATE transactions SET category = ?2, payee = ?3, note = ?4, tags = ?5, counter_account = ?6,
                rule_ids = ?7, rule_set = ?8, source_category = ?9, source_payee = ?10
            WHERE id = ?1
            """)
        var application = RuleApplication()
        var sources = try RuleRowSources(ledger: self)
        var moves = ReportTotalMoves()
        var after: Int64 = 0
        // The changed rows of a chunk, written once its SELECT is done (SQLite leaves
        // undefined what a query still stepping sees of rows changed under it).
        var updates: [(id: Int64, state: StoredRuleRow.State)] = []
        while true {
            // Each row is assigned and compared as it is read, so that the values it holds
            // already (most, when the rules file changed a little) are kept without building
            // their strings, and an unchanged row leaves nothing behind.
            var previous: RuleInput?
            var read = 0
            updates.removeAll(keepingCapacity: true)
            try select.forEachRow([
                .int(after), .optional(account?.id), .optional(window.start?.description),
                .optional(window.end?.description),
            ]) { row throws(StoreError) in
                let input = try ruleInput(row, sources: &sources, previous: previous)
                let assignment = assign(input)
                let stored = try storedRuleRow(row, input: input, expected: assignment)
                previous = input
                read += 1
                after = stored.id
                let next = stored.reassigned(by: assignment, kept: &application.keptByHand)
                guard next != stored.state else { return true }
                application.changed += 1
                for (field, before, now) in stored.state.differences(to: next) {
                    if let field { application.changedFields[field, default: 0] += 1 }
                    let key = field?.key ?? "rules"
                    change(RuleChange(transactionID: stored.id, field: key, before: before, after: now))
                }
                if next.category != stored.state.category, row.holds(19, "booked") {
                    moves.move(
                        account: row.int(1), day: input.bookingDay, currency: input.amount.currency.code,
                        isCredit: input.direction == .credit, amount: input.amount.minorUnits,
                        from: stored.state.category, to: next.category)
                }
                updates.append((stored.id, next))
                return true
            }
            guard read > 0 else { break }
            application.read += read
            // Bound one by one: no array of bindings made for each changed row.
            for (id, next) in updates {
                update.reset()
                try update.bind(1, id)
                try update.bind(2, next.category)
                try update.bind(3, next.payee)
                try update.bind(4, next.note)
                try update.bind(5, next.tags)
                try update.bind(6, next.counterAccount)
                try update.bind(7, next.ruleIDs)
                try update.bind(8, Int64(next.ruleMask))
                try update.bind(9, next.sourceCategory)
                try update.bind(10, next.sourcePayee)
                while try update.step() {}
            }
        }
        let (sums, overflowed) = moves.sums()
        if overflowed { throw StoreError(.overflow("a report total"), at: .file(path)) }
        try upsertReportTotals(sums)
        return application
    }

    /// The columns ``ruleInput(_:sources:previous:)`` and ``storedRuleRow(_:input:expected:)`` read.
    private static let ruleRowColumns = """
        t.id, t.account_id, t.day, t.amount, t.direction, t.currency, t.description, t.memo,
            t.category, t.payee, t.source_category, t.source_payee, t.rule_set, t.hand_set,
            t.rule_ids, t.note, t.tags, t.counter_account, t.import_id, t.status
        """

    /// A row's fields as rules read them: the source's payee, not one a rule or a person set.
    /// `previous` is the row read before, whose account name and currency are used when this
    /// row has the same (a ledger's rows are mostly one account's in one currency).
    private func ruleInput(
        _ row: Statement, sources: inout RuleRowSources, previous: RuleInput?
    ) throws(StoreError) -> RuleInput {
        guard let day = row.day(2) else {
            throw StoreError(.corruptValue(column: "transactions.day", found: row.text(2)), at: .file(path))
        }
        let direction: Direction
        if row.holds(4, "debit") {
            direction = .debit
        } else if row.holds(4, "credit") {
            direction = .credit
        } else {
            throw StoreError(.corruptValue(column: "transactions.direction", found: row.text(4)), at: .file(path))
        }
        let currency =
            if let known = previous?.amount.currency, row.holds(5, known.code) { known } else {
                try storedCurrency(row.text(5), column: "transactions.currency")
            }
        let replaced = Int(row.int(12)) | Int(row.int(13))
        let payee = replaced & RuleField.payee.rawValue != 0 ? row.optionalText(11) : row.optionalText(9)
        let source = try sources.source(ofImport: row.optionalInt(18))
        return RuleInput(
            account: try sources.name(ofAccount: row.int(1)), bookingDay: day,
            amount: Money(minorUnits: row.int(3), currency: currency), direction: direction,
            description: row.text(6), memo: row.text(7), payee: payee, format: source.format,
            mapping: source.mapping)
    }

    /// What rules and hands set on a row, beside its `input`. A value the row holds that
    /// `expected` sets too is that value's string, not a new one.
    private func storedRuleRow(
        _ row: Statement, input: RuleInput, expected: RuleAssignment
    ) throws(StoreError) -> StoredRuleRow {
        func text(_ column: Int32, expected: String?) -> String? {
            if row.isNull(column) { return nil }
            return expected.map { row.text(column, reusing: $0) } ?? row.text(column)
        }
        let ruleMask = Int(row.int(12))
        let handMask = Int(row.int(13))
        let replaced = ruleMask | handMask
        let category = text(8, expected: expected.category)
        let payee = text(9, expected: expected.payee)
        let ruleIDs =
            row.isNull(14) ? nil : expected.ruleIDs.count == 1 ? text(14, expected: expected.ruleIDs[0]) : row.text(14)
        let state = StoredRuleRow.State(
            category: category, payee: payee, note: text(15, expected: expected.note),
            tags: text(16, expected: expected.tags.map { $0.joined(separator: " ") }),
            counterAccount: text(17, expected: expected.counterAccount), ruleIDs: ruleIDs, ruleMask: ruleMask,
            sourceCategory: replaced & RuleField.category.rawValue != 0 ? row.optionalText(10) : nil,
            sourcePayee: replaced & RuleField.payee.rawValue != 0 ? row.optionalText(11) : nil)
        let sourceCategory = replaced & RuleField.category.rawValue != 0 ? row.optionalText(10) : category
        return StoredRuleRow(
            id: row.int(0), state: state, handMask: handMask, sourceCategory: sourceCategory,
            sourcePayee: input.payee)
    }
}

/// The account names and the imports' adapters and mappings a rules read needs, each looked up
/// once.
private struct RuleRowSources {
    private var accounts: [Int64: String] = [:]
    private let imports: Statement
    private var sources: [Int64: (format: String?, mapping: String?)] = [:]
    private var last: (id: Int64, source: (format: String?, mapping: String?))?
    private let path: String

    init(ledger: Ledger) throws(StoreError) {
        path = ledger.path
        let names = try ledger.database.prepare("SELECT id, name FROM accounts").rows {
            row throws(StoreError) in (row.int(0), row.text(1))
        }
        for (id, name) in names { accounts[id] = name }
        imports = try ledger.prepared("SELECT adapter, mapping FROM imports WHERE id = ?")
    }

    func name(ofAccount id: Int64) throws(StoreError) -> String {
        guard let name = accounts[id] else {
            throw StoreError(.corruptValue(column: "transactions.account_id", found: String(id)), at: .file(path))
        }
        return name
    }

    /// The adapter and mapping of an import (none for a row no import stored, or an unknown id,
    /// as the outer join gave before).
    mutating func source(ofImport id: Int64?) throws(StoreError) -> (format: String?, mapping: String?) {
        guard let id else { return (nil, nil) }
        if let last, last.id == id { return last.source }
        let source: (format: String?, mapping: String?)
        if let known = sources[id] {
            source = known
        } else {
            source =
                try imports.rows([.int(id)]) { row throws(StoreError) in
                    (format: row.optionalText(0), mapping: row.optionalText(1))
                }.first ?? (nil, nil)
            sources[id] = source
        }
        last = (id, source)
        return source
    }
}

/// A stored row as `rules apply` reads it: its fields for the rules, and what rules and hands set.
private struct StoredRuleRow {
    struct State: Equatable {
        /// The values, one per ``RuleField`` (not an array: a row's state is made without an
        /// allocation of its own).
        var category: String?
        var payee: String?
        var note: String?
        var tags: String?
        var counterAccount: String?
        var ruleIDs: String?
        var ruleMask: Int
        /// The source's category and payee, kept while a rule or a person replaces them.
        var sourceCategory: String?
        var sourcePayee: String?

        subscript(field: RuleField) -> String? {
            get {
                switch field {
                case .category: return category
                case .payee: return payee
                case .note: return note
                case .tags: return tags
                case .counterAccount: return counterAccount
                }
            }
            set {
                switch field {
                case .category: category = newValue
                case .payee: payee = newValue
                case .note: note = newValue
                case .tags: tags = newValue
                case .counterAccount: counterAccount = newValue
                }
            }
        }

        /// What differs, field by field (`nil`: the rule ids), as text.
        func differences(to other: State) -> [(RuleField?, String?, String?)] {
            var result: [(RuleField?, String?, String?)] = []
            if ruleIDs != other.ruleIDs { result.append((nil, ruleIDs, other.ruleIDs)) }
            for field in RuleField.allCases {
                let before = self[field]
                let after = other[field]
                if before != after { result.append((field, before, after)) }
            }
            return result
        }
    }

    let id: Int64
    let state: State
    let handMask: Int
    let sourceCategory: String?
    let sourcePayee: String?

    /// The state the rules' assignment gives, keeping every hand-set field (counted in `kept`
    /// when the rules would have changed it).
    func reassigned(by assignment: RuleAssignment, kept: inout Int) -> State {
        var next = state
        next.ruleIDs =
            switch assignment.ruleIDs.count {
            case 0: nil
            case 1: assignment.ruleIDs[0]
            default: assignment.ruleIDs.joined(separator: ",")
            }
        next.ruleMask = 0
        for field in RuleField.allCases {
            let wanted = assignment.text(of: field)
            if handMask & field.rawValue != 0 {
                if let wanted, wanted != state[field] { kept += 1 }
                continue
            }
            if let wanted {
                next[field] = wanted
                next.ruleMask |= field.rawValue
            } else {
                switch field {
                case .category: next[field] = sourceCategory
                case .payee: next[field] = sourcePayee
                default: next[field] = nil
                }
            }
        }
        let replaced = next.ruleMask | handMask
        next.sourceCategory = replaced & RuleField.category.rawValue != 0 ? sourceCategory : nil
        next.sourcePayee = replaced & RuleField.payee.rawValue != 0 ? sourcePayee : nil
        return next
    }
}
