import LedgerCore

/// What the reports read from a ledger, whichever store holds it (issue 21): `report` (income and
/// spending, the net worth) and `report reconcile` (the balance line, checkpoints, pending rows).
///
/// Each store keeps only its SQL: the sums of a report are added up by ``ReportTally``, and the
/// net worth and the pending rows are computed once, here, from what both stores read.
public protocol ReportReading: LedgerReading {
    /// Runs `body` against one snapshot of the ledger: figures that belong together come from
    /// the same moment while imports commit. A snapshot already open is joined.
    func inSnapshot<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T

    /// Income and spending of the booked rows a query selects, by its grouping and currency,
    /// transfers left out (`docs/reports.md`); lines by month, then group (rows with no category
    /// first), then currency.
    ///
    /// - Throws: ``StoreError`` when the ledger can't be read, a sum overflows, or it holds a
    ///   currency that is neither ISO 4217 nor declared.
    func report(_ query: ReportQuery) throws(StoreError) -> [ReportLine]

    /// The first and last day a booked row or a checkpoint of the accounts (every account when
    /// empty) is on, or `nil` when there are none.
    func bookedSpan(of accounts: [StoredAccount]) throws(StoreError) -> ClosedRange<Day>?

    /// The net of an account's booked transactions per day, for the days from `first` through
    /// `last` (both included) that have a nonzero net, oldest first.
    func dailyNets(of account: StoredAccount, from first: Day, through last: Day) throws(StoreError)
        -> [(day: Day, net: Int64)]

    /// The ids of an account's pending transactions from `first` through `last` (both included),
    /// by day and storage order.
    func pendingTransactionIDs(of account: StoredAccount, from first: Day, through last: Day) throws(StoreError)
        -> [Int64]

    /// The latest checkpoint of the account strictly before `day`.
    func latestCheckpoint(of account: StoredAccount, before day: Day) throws(StoreError) -> Checkpoint?

    /// A checkpoint with its window's pending rows and, for a discrepancy, the candidates for its cause.
    func explained(_ checkpoint: Checkpoint, of account: StoredAccount) throws(StoreError) -> Checkpoint
}

extension ReportReading {
    /// The signed sum of an account's booked transactions through `day` (every day without one).
    public func balance(of account: StoredAccount, asOf day: Day? = nil) throws(StoreError) -> Int64 {
        try net(of: account, after: nil, through: day)
    }

    /// An account's pending transactions from `first` through `last`: how many there are, and
    /// the first `limit` of them by day and storage order.
    public func pendingTransactions(of account: StoredAccount, from first: Day, through last: Day, limit: Int)
        throws(StoreError) -> (count: Int, first: [StoredTransaction])
    {
        let ids = try pendingTransactionIDs(of: account, from: first, through: last)
        let shown = try transactions(ids: Array(ids.prefix(limit)))
        let order = Dictionary(uniqueKeysWithValues: ids.prefix(limit).enumerated().map { ($1, $0) })
        return (ids.count, shown.sorted { (order[$0.id] ?? 0) < (order[$1.id] ?? 0) })
    }

    /// The net worth at the end of each day, per currency: every account's balance (or the
    /// `accounts`' only) as ``checkpointedBalance(of:)`` counts it at that day (the latest
    /// checkpoint on or before it, plus the booked rows after the checkpoint through the day; else
    /// the booked rows through the day), added per currency. Points come by day, then currency; a
    /// currency appears at a day once any of its accounts has a row or a checkpoint on or before it.
    ///
    /// Each account reads its checkpoints once and the per-day totals between two points, so the
    /// cost grows with the days, not with the rows. Read in one snapshot.
    ///
    /// - Parameters:
    ///   - days: the days, in any order.
    ///   - accounts: the accounts to add, or every account when empty.
    /// - Throws: ``StoreError`` when the ledger can't be read or a sum leaves 64 bits.
    public func netWorth(at days: [Day], accounts: [StoredAccount] = []) throws(StoreError) -> [NetWorthPoint] {
        let days = Array(Set(days)).sorted()
        return try inSnapshot { () throws(StoreError) -> [NetWorthPoint] in
            let chosen = accounts.isEmpty ? try allAccounts() : accounts
            var sums: [Day: [Currency: Int64]] = [:]
            for account in chosen {
                let balances = try balances(of: account, at: days)
                for (day, balance) in zip(days, balances) {
                    guard let balance else { continue }
                    let (sum, overflow) = sums[day, default: [:]][account.currency, default: 0]
                        .addingReportingOverflow(balance)
                    if overflow {
                        throw StoreError(
                            .overflow("the net worth in \(account.currency.code)"), at: .file(shownLocation))
                    }
                    sums[day, default: [:]][account.currency] = sum
                }
            }
            return days.flatMap { day in
                (sums[day] ?? [:]).sorted { $0.key.code < $1.key.code }.map { currency, amount in
                    NetWorthPoint(day: day, currency: currency, amount: amount)
                }
            }
        }
    }

    // MARK: - Private

    /// An account's balance at the end of each day (sorted), `nil` before its first row or
    /// checkpoint; each step adds the net since the step before unless a checkpoint lies between.
    private func balances(of account: StoredAccount, at days: [Day]) throws(StoreError) -> [Int64?] {
        let checkpoints = try self.checkpoints(of: account).reversed()
        let first = try bookedSpan(of: [account])?.lowerBound
        var result: [Int64?] = []
        var previous: (day: Day, balance: Int64, checkpoint: Day?)?
        for day in days {
            guard let first, first <= day else {
                result.append(nil)
                continue
            }
            let checkpoint = checkpoints.last { $0.asOf <= day }
            let balance: Int64
            if let previous, previous.checkpoint == checkpoint?.asOf {
                balance = try adding(net(of: account, after: previous.day, through: day), to: previous.balance, account)
            } else if let checkpoint {
                balance = try adding(
                    net(of: account, after: checkpoint.asOf, through: day), to: checkpoint.actual, account)
            } else {
                balance = try self.balance(of: account, asOf: day)
            }
            previous = (day, balance, checkpoint?.asOf)
            result.append(balance)
        }
        return result
    }

    private func adding(_ net: Int64, to balance: Int64, _ account: StoredAccount) throws(StoreError) -> Int64 {
        let (sum, overflow) = balance.addingReportingOverflow(net)
        if overflow { throw StoreError(.overflow("the balance of \(account.name)"), at: .file(shownLocation)) }
        return sum
    }
}
