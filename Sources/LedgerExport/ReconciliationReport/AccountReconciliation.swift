import LedgerCore

/// One account's part of a ``ReconciliationReport``.
public struct AccountReconciliation: Sendable, Hashable {
    /// The account's name.
    public var name: String
    /// Its currency (or declared commodity): every amount here is in its minor units.
    public var currency: Currency
    /// The days drawn, both included; `nil` when the account has no row or checkpoint in them.
    public var period: ClosedRange<Day>?
    /// The ledger's balance at the end of the day before the period, when it has one.
    public var openingBalance: Int64?
    /// The days the ledger's balance changes or a checkpoint falls on, oldest first.
    public var balances: [BalanceStep]
    /// The checkpoints in the period, oldest first.
    public var checkpoints: [ReportCheckpoint]
    /// The period's pending rows, oldest first (at most ``ReconciliationReport/pendingRowLimit``).
    public var pendingRows: [ReportRow]
    /// How many pending rows the period holds, shown or not.
    public var pendingCount: Int

    /// Creates an account's part.
    public init(
        name: String, currency: Currency, period: ClosedRange<Day>?, openingBalance: Int64?, balances: [BalanceStep],
        checkpoints: [ReportCheckpoint], pendingRows: [ReportRow] = [], pendingCount: Int = 0
    ) {
        self.name = name
        self.currency = currency
        self.period = period
        self.openingBalance = openingBalance
        self.balances = balances
        self.checkpoints = checkpoints
        self.pendingRows = pendingRows
        self.pendingCount = pendingCount
    }

    /// How many of its checkpoints have a status.
    public func count(of status: Reconciliation.Status) -> Int {
        checkpoints.count { $0.status == status }
    }

    /// The sizes of its discrepancies added, in minor units; `nil` when that leaves 64 bits.
    public var unexplained: Int64? {
        let gaps = checkpoints.compactMap(\.discrepancy)
        // The size of Int64.min is one past Int64.max: no sum to give.
        guard !gaps.contains(Int64.min) else { return nil }
        return Money.sum(gaps.map { abs($0) })
    }

    /// The days the ledger first departs from a statement's balances, oldest first, once each.
    public var divergenceDays: [Day] {
        Array(Set(checkpoints.compactMap(\.divergesOn))).sorted()
    }
}

/// The ledger's balance at the end of a day, as the checkpoints count it.
public struct BalanceStep: Sendable, Hashable {
    /// The day.
    public var day: Day
    /// The balance at its end before any checkpoint that day: the previous checkpoint's
    /// statement balance plus the booked rows since (a checkpoint's expected balance), in minor
    /// units.
    public var balance: Int64
    /// The statement balance the ledger restarts from when a checkpoint falls on the day.
    public var restart: Int64?

    /// Creates a step.
    public init(day: Day, balance: Int64, restart: Int64? = nil) {
        self.day = day
        self.balance = balance
        self.restart = restart
    }

    /// The balance the day ends with: the restart when there is one.
    public var closing: Int64 { restart ?? balance }
}
