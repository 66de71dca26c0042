import LedgerCore
import LedgerStore

/// One account's part of an export: its checkpoints still to assert, its baseline difference
/// still to write, and the row held back until the next one shows whether it ends its day.
struct AccountPlan {
    let account: StoredAccount
    let bank: String
    let includesPending: Bool
    /// Checkpoints to assert, oldest first; the first is removed once written.
    var checkpoints: [Checkpoint] = []
    /// The first checkpoint's day and its difference from the rows up to it, until written.
    var baseline: (day: Day, amount: Int64)?
    /// The last row read, with its entry: written once the next row (or the end) comes.
    var held: (row: StoredTransaction, entry: JournalEntry)?
    /// Pending rows up to this day are counted in `pendingTotal` (`nil`: none yet, from the start).
    var pendingAfter: Day?
    var pendingTotal: Int64 = 0
    var pendingMaxID: Int64 = .max
    private var nextCheckpoint = 0

    init(account: StoredAccount, bank: String, includesPending: Bool) {
        self.account = account
        self.bank = bank
        self.includesPending = includesPending
    }

    /// Writes what comes before a row on `day` (or, with `nil`, everything left): the held row,
    /// with the assertion of a checkpoint on its day; checkpoints on earlier days as entries of
    /// their own; the baseline difference when its day has come.
    mutating func advance(to day: Day?, ledger: any ExportReading, state: inout ExportOutput) throws {
        // The held row is moved out, not copied (a copy retains each of its strings).
        if var held = self.held.take() {
            // Another row of the same day following means this one doesn't end its day.
            if day != held.row.bookingDay, let checkpoint = checkpoint(on: held.row.bookingDay) {
                held.entry.postings[0].assertion = try assertedBalance(checkpoint, ledger: ledger)
                nextCheckpoint += 1
            }
            try state.write(held.entry, row: held.row)
        }
        while nextCheckpoint < checkpoints.count, day.map({ checkpoints[nextCheckpoint].asOf < $0 }) ?? true {
            let checkpoint = checkpoints[nextCheckpoint]
            try writeBaseline(through: checkpoint.asOf, state: &state)
            let entry = JournalEntry(
                kind: .assertion, day: checkpoint.asOf, description: "Statement balance",
                id: "checkpoint:\(checkpoint.id)",
                currency: account.currency,
                postings: [
                    .init(account: bank, amount: 0, assertion: try assertedBalance(checkpoint, ledger: ledger))
                ])
            try state.write(entry, row: nil)
            nextCheckpoint += 1
        }
        if let day {
            try writeBaseline(through: day, state: &state)
        } else if let baseline {
            try writeBaseline(through: baseline.day, state: &state)
        }
    }

    /// The entry of a stored row: the bank's posting, then the counter-account's (one per split
    /// line for a split row): the counter-account a rule or a hand edit set, else the one of the
    /// row's category, else `Expenses:Unknown` / `Income:Unknown`.
    func entry(for row: StoredTransaction, counterAccounts: inout CounterAccounts) -> JournalEntry {
        let signed = row.signedMinorUnits
        var postings: [JournalEntry.Posting]
        if row.splits.isEmpty {
            // A counter-account a rule or a hand edit set is the journal account itself.
            let counter =
                row.counterAccount.flatMap { $0.isEmpty ? nil : $0 }
                ?? counterAccounts.name(category: row.category, direction: row.direction)
            // Both at once: the array is allocated once, at its size.
            postings = [.init(account: bank, amount: signed), .init(account: counter, amount: -signed)]
        } else {
            postings = [.init(account: bank, amount: signed)]
            for line in row.splits {
                postings.append(
                    .init(
                        account: counterAccounts.name(category: line.category, direction: line.direction),
                        amount: -line.amount.signedMinorUnits(line.direction)))
            }
        }
        return JournalEntry(
            kind: .row, day: row.bookingDay, isPending: row.status == .pending,
            payee: row.payee == row.description ? nil : row.payee,
            description: row.description, memo: row.memo, id: String(row.id), currency: row.amount.currency,
            postings: postings)
    }

    /// An entry to fill with ``fill(_:from:counterAccounts:)``, kept from row to row.
    func rowEntry(on day: Day) -> JournalEntry {
        JournalEntry(
            kind: .row, day: day, description: "", id: "", currency: account.currency,
            postings: [.init(account: bank, amount: 0), .init(account: bank, amount: 0)])
    }

    /// Makes `entry` (from ``rowEntry(on:)``) the entry of a row read as bytes, one without split
    /// lines, as ``entry(for:counterAccounts:)`` makes it; its texts and id are the row's, written
    /// from the row's bytes. Reuses the entry's postings: no allocation per row. (Static: called
    /// on the plan, a closure's captured variable, a method would copy the plan for every row.)
    static func fill(_ entry: inout JournalEntry, from row: ExportRow, counterAccounts: inout CounterAccounts) {
        let signed = row.signedMinorUnits
        entry.day = row.bookingDay
        entry.isPending = row.status == .pending
        entry.currency = row.currency
        entry.postings[0].amount = signed
        if let set = row.counterAccount, !set.isEmpty {
            entry.postings[1].account = counterAccounts.name(set: set)
        } else {
            entry.postings[1].account = counterAccounts.name(category: row.category, direction: row.direction)
        }
        entry.postings[1].amount = -signed
    }

    /// Whether a checkpoint on `day` is the next to assert: a row of that day is then held back,
    /// since it may end the day and carry the assertion. (Mutating only to be read in place: see
    /// ``fill(_:from:counterAccounts:)``.)
    mutating func awaitsCheckpoint(on day: Day) -> Bool { checkpoint(on: day) != nil }

    /// An opening entry: `amount` into the bank account from `Equity:Opening-Balances`.
    func opening(on day: Day, amount: Int64, description: String) -> JournalEntry {
        JournalEntry(
            kind: .opening, day: day, description: description, id: "opening:\(account.id):\(day)",
            currency: account.currency,
            postings: [
                .init(account: bank, amount: amount), .init(account: JournalNames.openingBalances, amount: -amount),
            ])
    }

    /// The checkpoint on `day` still to assert, if it is the next one.
    private func checkpoint(on day: Day) -> Checkpoint? {
        guard nextCheckpoint < checkpoints.count, checkpoints[nextCheckpoint].asOf == day else { return nil }
        return checkpoints[nextCheckpoint]
    }

    /// The statement's balance plus the pending rows up to its day that the output holds.
    private mutating func assertedBalance(_ checkpoint: Checkpoint, ledger: any ExportReading) throws -> Int64 {
        guard includesPending else { return checkpoint.actual }
        if pendingAfter.map({ $0 < checkpoint.asOf }) ?? true {
            pendingTotal += try ledger.pendingNet(
                of: account, after: pendingAfter, through: checkpoint.asOf, maxID: pendingMaxID)
            pendingAfter = checkpoint.asOf
        }
        return checkpoint.actual + pendingTotal
    }

    private mutating func writeBaseline(through day: Day, state: inout ExportOutput) throws {
        guard let baseline, baseline.day <= day else { return }
        try state.write(
            opening(on: baseline.day, amount: baseline.amount, description: "Opening balance (first statement)"),
            row: nil)
        self.baseline = nil
    }
}
