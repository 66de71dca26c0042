import LedgerCore
import LedgerStore

extension ReconciliationReport {
    /// The most pending rows an account's part lists (the count says how many there are).
    public static let pendingRowLimit = 200
    /// The most rows a candidate lists (the count says how many it names).
    public static let candidateRowLimit = 12
    /// The most candidates a discrepancy lists, best first (the count says how many there are:
    /// a gap that is a multiple of 9 can match thousands of rows with two digits swapped).
    public static let candidateLimit = 25

    /// Reads a report from a ledger: per account, the daily booked totals, the checkpoints with
    /// their diagnostics (``Ledger/explained(_:of:)``, the same candidates `reconcile` lists) and
    /// the pending rows.
    ///
    /// The cost grows with the days and the checkpoints, not with the rows: the balance line comes
    /// from the per-day totals, and only a discrepancy's window is read row by row.
    ///
    /// - Parameters:
    ///   - ledger: the ledger.
    ///   - accounts: the accounts, in the order the report shows them.
    ///   - first: the first day, included; else each account's first day with a row or checkpoint.
    ///   - last: the last day, included; else each account's last such day.
    /// - Throws: ``StoreError`` when the ledger can't be read or a balance leaves 64 bits.
    public static func make(from ledger: any ReportReading, accounts: [StoredAccount], first: Day?, last: Day?)
        throws(StoreError) -> ReconciliationReport
    {
        var parts: [AccountReconciliation] = []
        for account in accounts {
            parts.append(try part(of: account, in: ledger, first: first, last: last))
        }
        return ReconciliationReport(accounts: parts)
    }

    /// The balance steps from an opening balance, the days' booked nets and the checkpoints'
    /// statement balances: each day's balance is the one before plus its net, and a checkpoint's
    /// day restarts from its statement balance.
    ///
    /// - Parameters:
    ///   - opening: the balance before the first day (`nil` counts from zero, as the ledger does
    ///     before its first checkpoint).
    ///   - nets: days and their booked nets, oldest first.
    ///   - statements: checkpoint days and their statement balances, oldest first.
    /// - Returns: the steps, or `nil` when a balance leaves 64 bits.
    public static func balanceSteps(opening: Int64?, nets: [(day: Day, net: Int64)], statements: [(Day, Int64)])
        -> [BalanceStep]?
    {
        var netByDay: [Day: Int64] = [:]
        for (day, net) in nets { netByDay[day] = net }
        var statementByDay: [Day: Int64] = [:]
        for (day, amount) in statements { statementByDay[day] = amount }
        var balance = opening ?? 0
        var steps: [BalanceStep] = []
        for day in Set(netByDay.keys).union(statementByDay.keys).sorted() {
            let (sum, overflow) = balance.addingReportingOverflow(netByDay[day] ?? 0)
            if overflow { return nil }
            steps.append(BalanceStep(day: day, balance: sum, restart: statementByDay[day]))
            balance = statementByDay[day] ?? sum
        }
        return steps
    }

    // MARK: - Private

    private static func part(of account: StoredAccount, in ledger: any ReportReading, first: Day?, last: Day?)
        throws(StoreError) -> AccountReconciliation
    {
        let span = try ledger.bookedSpan(of: [account])
        guard let start = first ?? span?.lowerBound ?? last, let end = last ?? span?.upperBound ?? first else {
            return AccountReconciliation(
                name: account.name, currency: account.currency, period: nil, openingBalance: nil, balances: [],
                checkpoints: [])
        }
        let period = start...max(start, end)
        let opening = try openingBalance(of: account, in: ledger, before: period.lowerBound, span: span)
        let stored = try ledger.checkpoints(of: account).reversed().filter { period.contains($0.asOf) }
        var checkpoints: [ReportCheckpoint] = []
        for checkpoint in stored {
            checkpoints.append(try entry(for: try ledger.explained(checkpoint, of: account), in: ledger))
        }
        let nets = try ledger.dailyNets(of: account, from: period.lowerBound, through: period.upperBound)
        guard
            let steps = balanceSteps(
                opening: opening, nets: nets, statements: checkpoints.map { ($0.day, $0.statement) })
        else {
            throw StoreError(.overflow("the balance of \(account.name)"), at: .file(ledger.shownLocation))
        }
        let pending = try ledger.pendingTransactions(
            of: account, from: period.lowerBound, through: period.upperBound, limit: pendingRowLimit)
        return AccountReconciliation(
            name: account.name, currency: account.currency, period: period, openingBalance: opening, balances: steps,
            checkpoints: checkpoints, pendingRows: pending.first.map(row), pendingCount: pending.count)
    }

    /// The balance at the end of the day before `first` as the ledger counts it: the latest
    /// checkpoint before it plus the booked rows since; else the booked rows before it; `nil`
    /// when there is neither.
    private static func openingBalance(
        of account: StoredAccount, in ledger: any ReportReading, before first: Day, span: ClosedRange<Day>?
    ) throws(StoreError) -> Int64? {
        if let checkpoint = try ledger.latestCheckpoint(of: account, before: first) {
            let net = try ledger.net(of: account, after: checkpoint.asOf, through: first.previous)
            let (sum, overflow) = checkpoint.actual.addingReportingOverflow(net)
            if overflow {
                throw StoreError(.overflow("the balance of \(account.name)"), at: .file(ledger.shownLocation))
            }
            return sum
        }
        guard let span, span.lowerBound < first else { return nil }
        return try ledger.balance(of: account, asOf: first.previous)
    }

    private static func entry(for checkpoint: Checkpoint, in ledger: any ReportReading) throws(StoreError)
        -> ReportCheckpoint
    {
        var candidates: [ReportCandidate] = []
        for candidate in checkpoint.diagnosis.candidates.prefix(candidateLimit) {
            let ids = Array(candidate.transactions.prefix(candidateRowLimit))
            let order = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            let rows = try ledger.transactions(ids: ids).sorted { (order[$0.id] ?? 0) < (order[$1.id] ?? 0) }
            candidates.append(
                ReportCandidate(
                    kind: candidate.kind, explains: candidate.explains, note: candidate.note, rows: rows.map(row),
                    rowCount: candidate.transactions.count))
        }
        return ReportCheckpoint(
            day: checkpoint.asOf, source: checkpoint.source.rawValue, statement: checkpoint.actual,
            expected: checkpoint.expected, discrepancy: checkpoint.discrepancy, status: checkpoint.status,
            pendingCount: checkpoint.pending.count, pendingSum: checkpoint.pending.sum,
            divergesOn: checkpoint.diagnosis.divergesOn, candidates: candidates,
            candidateCount: checkpoint.diagnosis.candidates.count)
    }

    private static func row(_ transaction: StoredTransaction) -> ReportRow {
        ReportRow(
            id: transaction.id, day: transaction.bookingDay, amount: transaction.signedMinorUnits,
            description: transaction.description, isPending: transaction.status == .pending,
            location: transaction.location?.description)
    }
}
