import LedgerCore

/// `rules apply`'s pass over stored rows, one row at a time in id order: each row's fields as rules
/// read them (``RuleInput``: the source's payee, not one a rule or a person set), what the rules
/// set now, and what that changes. A field a person set by hand (`hand_set`) is never changed; a
/// field a rule no longer sets goes back to the source's value (none for note, tags and counter
/// account).
///
/// The rows that change wait in a ``Chunk`` until the caller takes it (``take()``) and writes it;
/// the counts and the report totals' category moves add up over the whole pass. The rows may come
/// through the writer's own connection or through a second one on another thread
/// (``RuleReadAhead``): the pass holds nothing of either.
struct RuleRowPass {
    /// The rows changed since the last ``RuleRowPass/take()``, in id order, and each of their
    /// values' changes.
    struct Chunk: Sendable {
        var updates: [(id: Int64, state: StoredRuleRow.State)] = []
        var changes: [RuleChange] = []
    }

    /// The columns ``read(_:assign:)`` reads, in its order.
    static let columns = """
        t.id, t.account_id, t.day, t.amount, t.direction, t.currency, t.description, t.memo,
            t.category, t.payee, t.source_category, t.source_payee, t.rule_set, t.hand_set,
            t.rule_ids, t.note, t.tags, t.counter_account, t.import_id, t.status
        """

    /// The counts so far.
    var application: RuleApplication {
        var application = counts
        for (index, field) in RuleField.allCases.enumerated() where fieldCounts[index] > 0 {
            application.changedFields[field] = fieldCounts[index]
        }
        return application
    }
    /// The booked rows' category moves so far, for `report_totals`.
    private(set) var moves = ReportTotalMoves()
    /// The id of the last row read (0 before the first).
    private(set) var lastID: Int64 = 0
    private var chunk = Chunk()
    private var counts = RuleApplication()
    /// Changed values per field, in ``RuleField/allCases`` order (no dictionary look-up a row).
    private var fieldCounts = [Int](repeating: 0, count: RuleField.allCases.count)
    /// Whether ``Chunk/changes`` lists each changed value, or the changes are only counted.
    private let reportsChanges: Bool
    private var sources: RuleRowSources
    private let commodities: CommodityTable
    private let path: String
    /// The row read before, whose account name and currency are used when this row has the same
    /// (a ledger's rows are mostly one account's in one currency).
    private var previous: RuleInput?

    /// A pass reading account and import names through `sources`, and units through `commodities`
    /// (read in the same transaction). `path` names the ledger in errors; `reportsChanges` lists
    /// each changed value in the chunks (a dry run shows them), else they are only counted.
    init(sources: RuleRowSources, commodities: CommodityTable, path: String, reportsChanges: Bool = true) {
        self.sources = sources
        self.commodities = commodities
        self.path = path
        self.reportsChanges = reportsChanges
    }

    /// Reads one row (selected with ``columns``), asks `assign` what the rules set on it, and
    /// keeps what changes.
    ///
    /// Each row is assigned and compared as it is read, so that the values it holds already
    /// (most, when the rules file changed a little) are kept without building their strings, and
    /// an unchanged row leaves nothing behind.
    ///
    /// - Throws: ``StoreError`` `.corruptValue` for a row whose day, direction, currency or
    ///   account can't be read.
    mutating func read<Row: RuleRowColumns>(_ row: Row, assign: (RuleInput) -> RuleAssignment) throws(StoreError) {
        let input = try input(of: row)
        let assignment = assign(input)
        let stored = try storedRuleRow(row, input: input, expected: assignment)
        previous = input
        counts.read += 1
        lastID = stored.id
        let next = stored.reassigned(by: assignment, kept: &counts.keptByHand)
        guard next != stored.state else { return }
        counts.changed += 1
        // The rules that fired first, then each field in order.
        if reportsChanges, stored.state.ruleIDs != next.ruleIDs {
            chunk.changes.append(
                RuleChange(
                    transactionID: stored.id, field: "rules", before: stored.state.ruleIDs, after: next.ruleIDs))
        }
        for (index, field) in RuleField.allCases.enumerated() {
            let before = stored.state[field]
            let now = next[field]
            guard before != now else { continue }
            fieldCounts[index] += 1
            if reportsChanges {
                chunk.changes.append(RuleChange(transactionID: stored.id, field: field.key, before: before, after: now))
            }
        }
        if next.category != stored.state.category, try row.holds(19, "booked") {
            moves.move(
                account: try row.int(1), day: input.bookingDay, currency: input.amount.currency.code,
                isCredit: input.direction == .credit, amount: input.amount.minorUnits, from: stored.state.category,
                to: next.category)
        }
        chunk.updates.append((stored.id, next))
    }

    /// The rows changed since the last call, and their changes.
    mutating func take() -> Chunk {
        defer { chunk = Chunk() }
        return chunk
    }

    /// A row's fields as rules read them: the source's payee, not one a rule or a person set.
    mutating func input<Row: RuleRowColumns>(of row: Row) throws(StoreError) -> RuleInput {
        guard let day = try row.day(2) else {
            throw StoreError(.corruptValue(column: "transactions.day", found: try row.text(2)), at: .file(path))
        }
        let direction: Direction
        if try row.holds(4, "debit") {
            direction = .debit
        } else if try row.holds(4, "credit") {
            direction = .credit
        } else {
            throw StoreError(.corruptValue(column: "transactions.direction", found: try row.text(4)), at: .file(path))
        }
        let currency: Currency
        if let known = previous?.amount.currency, try row.holds(5, known.code) {
            currency = known
        } else if let found = commodities.currency(code: try row.text(5)) {
            currency = found
        } else {
            throw StoreError(.corruptValue(column: "transactions.currency", found: try row.text(5)), at: .file(path))
        }
        let replaced = Int(try row.int(12)) | Int(try row.int(13))
        let payee = try replaced & RuleField.payee.rawValue != 0 ? row.optionalText(11) : row.optionalText(9)
        let source = try sources.source(ofImport: try row.optionalInt(18))
        return RuleInput(
            account: try sources.name(ofAccount: try row.int(1)), bookingDay: day,
            amount: Money(minorUnits: try row.int(3), currency: currency), direction: direction,
            description: try row.text(6), memo: try row.text(7), payee: payee, format: source.format,
            mapping: source.mapping)
    }

    /// What rules and hands set on a row, beside its `input`. A value the row holds that
    /// `expected` sets too is that value's string, not a new one.
    private func storedRuleRow<Row: RuleRowColumns>(_ row: Row, input: RuleInput, expected: RuleAssignment)
        throws(StoreError) -> StoredRuleRow
    {
        func text(_ column: Int32, expected: String?) throws(StoreError) -> String? {
            if try row.isNull(column) { return nil }
            guard let expected else { return try row.text(column) }
            return try row.text(column, reusing: expected)
        }
        let ruleMask = Int(try row.int(12))
        let handMask = Int(try row.int(13))
        let replaced = ruleMask | handMask
        let category = try text(8, expected: expected.category)
        let payee = try text(9, expected: expected.payee)
        let ruleIDs =
            try row.isNull(14)
            ? nil : expected.ruleIDs.count == 1 ? text(14, expected: expected.ruleIDs[0]) : row.text(14)
        let replacesCategory = replaced & RuleField.category.rawValue != 0
        let sourcePayee = try replaced & RuleField.payee.rawValue != 0 ? row.optionalText(11) : nil
        let keptCategory = try replacesCategory ? row.optionalText(10) : nil
        let state = StoredRuleRow.State(
            category: category, payee: payee, note: try text(15, expected: expected.note),
            tags: try text(16, expected: expected.tags.map { $0.joined(separator: " ") }),
            counterAccount: try text(17, expected: expected.counterAccount), ruleIDs: ruleIDs, ruleMask: ruleMask,
            sourceCategory: keptCategory, sourcePayee: sourcePayee)
        let sourceCategory = replacesCategory ? keptCategory : category
        return StoredRuleRow(
            id: try row.int(0), state: state, handMask: handMask, sourceCategory: sourceCategory,
            sourcePayee: input.payee)
    }
}
