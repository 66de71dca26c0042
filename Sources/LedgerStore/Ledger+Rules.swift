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
            let select = try database.prepare(
                """
                SELECT t.id, a.name, t.day, t.amount, t.direction, t.currency, t.description, t.memo,
                    t.category, t.payee, t.source_category, t.source_payee, t.rule_set, t.hand_set,
                    t.rule_ids, t.note, t.tags, t.counter_account, i.adapter, i.mapping
                FROM transactions t
                JOIN accounts a ON a.id = t.account_id
                LEFT JOIN imports i ON i.id = t.import_id
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
            var after: Int64 = 0
            while true {
                let rows = try select.rows([
                    .int(after), .optional(account?.id), .optional(window.start?.description),
                    .optional(window.end?.description),
                ]) { row throws(StoreError) in try storedRuleRow(row) }
                guard let last = rows.last else { break }
                after = last.id
                for row in rows {
                    application.read += 1
                    let next = row.reassigned(by: assign(row.input), kept: &application.keptByHand)
                    guard next != row.state else { continue }
                    application.changed += 1
                    for (field, before, now) in row.state.differences(to: next) {
                        if let field { application.changedFields[field, default: 0] += 1 }
                        change(
                            RuleChange(transactionID: row.id, field: field?.key ?? "rules", before: before, after: now))
                    }
                    try update.run([
                        .int(row.id), .optional(next[.category]), .optional(next[.payee]), .optional(next[.note]),
                        .optional(next[.tags]), .optional(next[.counterAccount]), .optional(next.ruleIDs),
                        .int(Int64(next.ruleMask)), .optional(next.sourceCategory), .optional(next.sourcePayee),
                    ])
                }
            }
            return application
        }
    }

    /// A stored row's fields as rules read them, for `rules explain`: `nil` for an unknown id.
    public func ruleInput(ofTransaction id: Int64) throws(StoreError) -> RuleInput? {
        let select = try database.prepare(
            """
            SELECT t.id, a.name, t.day, t.amount, t.direction, t.currency, t.description, t.memo,
                t.category, t.payee, t.source_category, t.source_payee, t.rule_set, t.hand_set,
                t.rule_ids, t.note, t.tags, t.counter_account, i.adapter, i.mapping
            FROM transactions t
            JOIN accounts a ON a.id = t.account_id
            LEFT JOIN imports i ON i.id = t.import_id
            WHERE t.id = ?1
            """)
        return try select.rows([.int(id)]) { row throws(StoreError) in try storedRuleRow(row).input }.first
    }

    // MARK: - Private

    private func storedRuleRow(_ row: Statement) throws(StoreError) -> StoredRuleRow {
        let dayText = row.text(2)
        guard let day = Day(iso: dayText) else {
            throw StoreError(.corruptValue(column: "transactions.day", found: dayText), at: .file(path))
        }
        guard let direction = Direction(rawValue: row.text(4)) else {
            throw StoreError(.corruptValue(column: "transactions.direction", found: row.text(4)), at: .file(path))
        }
        let currency = try storedCurrency(row.text(5), column: "transactions.currency")
        let ruleMask = Int(row.int(12))
        let handMask = Int(row.int(13))
        let replaced = ruleMask | handMask
        let category = row.optionalText(8)
        let payee = row.optionalText(9)
        let state = StoredRuleRow.State(
            values: [category, payee, row.optionalText(15), row.optionalText(16), row.optionalText(17)],
            ruleIDs: row.optionalText(14), ruleMask: ruleMask,
            sourceCategory: replaced & RuleField.category.rawValue != 0 ? row.optionalText(10) : nil,
            sourcePayee: replaced & RuleField.payee.rawValue != 0 ? row.optionalText(11) : nil)
        let sourcePayee = replaced & RuleField.payee.rawValue != 0 ? row.optionalText(11) : payee
        let sourceCategory = replaced & RuleField.category.rawValue != 0 ? row.optionalText(10) : category
        let input = RuleInput(
            account: row.text(1), bookingDay: day, amount: Money(minorUnits: row.int(3), currency: currency),
            direction: direction, description: row.text(6), memo: row.text(7), payee: sourcePayee,
            format: row.optionalText(18), mapping: row.optionalText(19))
        return StoredRuleRow(
            id: row.int(0), input: input, state: state, handMask: handMask, sourceCategory: sourceCategory,
            sourcePayee: sourcePayee)
    }
}

/// A stored row as `rules apply` reads it: its fields for the rules, and what rules and hands set.
private struct StoredRuleRow {
    struct State: Equatable {
        /// The values in ``RuleField/allCases`` order.
        var values: [String?]
        var ruleIDs: String?
        var ruleMask: Int
        /// The source's category and payee, kept while a rule or a person replaces them.
        var sourceCategory: String?
        var sourcePayee: String?

        subscript(field: RuleField) -> String? {
            get { values[field.slot] }
            set { values[field.slot] = newValue }
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
    let input: RuleInput
    let state: State
    let handMask: Int
    let sourceCategory: String?
    let sourcePayee: String?

    /// The state the rules' assignment gives, keeping every hand-set field (counted in `kept`
    /// when the rules would have changed it).
    func reassigned(by assignment: RuleAssignment, kept: inout Int) -> State {
        var next = state
        next.ruleIDs = assignment.ruleIDs.isEmpty ? nil : assignment.ruleIDs.joined(separator: ",")
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

extension RuleField {
    /// The field's place in ``allCases``.
    fileprivate var slot: Int {
        switch self {
        case .category: return 0
        case .payee: return 1
        case .note: return 2
        case .tags: return 3
        case .counterAccount: return 4
        }
    }
}
