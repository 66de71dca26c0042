import LedgerCore

/// What the HTML reconciliation report shows: per account, the ledger's balance over a period,
/// the checkpoints with their statement balances, the pending rows, and each discrepancy's
/// candidates (`ledgerport report reconcile`, docs/report-html.md).
///
/// Plain values: ``make(from:accounts:first:last:)`` reads them from a ledger, and
/// ``ReconciliationPage`` turns them into a page without touching a database.
public struct ReconciliationReport: Sendable, Hashable {
    /// The accounts, in the order they were asked for.
    public var accounts: [AccountReconciliation]

    /// Creates a report.
    public init(accounts: [AccountReconciliation]) {
        self.accounts = accounts
    }

    /// The first and last day any account's part covers, or `nil` when none covers a day.
    public var period: ClosedRange<Day>? {
        let periods = accounts.compactMap(\.period)
        guard let first = periods.map(\.lowerBound).min(), let last = periods.map(\.upperBound).max() else {
            return nil
        }
        return first...last
    }

    /// How many checkpoints in the report reconciled.
    public var reconciledCount: Int { accounts.reduce(0) { $0 + $1.count(of: .reconciled) } }
    /// How many checkpoints in the report show a discrepancy.
    public var discrepancyCount: Int { accounts.reduce(0) { $0 + $1.count(of: .discrepancy) } }
    /// How many checkpoints in the report are baselines (nothing to compare with).
    public var baselineCount: Int { accounts.reduce(0) { $0 + $1.count(of: .baseline) } }

    /// The sizes of the discrepancies added per currency, by currency code: what no checkpoint
    /// explains. `nil` for a currency whose sum leaves 64 bits.
    public var unexplained: [(currency: Currency, amount: Int64?)] {
        var sums: [String: (Currency, Int64?)] = [:]
        for account in accounts {
            let code = account.currency.code
            let previous: Int64? = sums[code].map(\.1) ?? 0
            guard let previous, let own = account.unexplained else {
                sums[code] = (account.currency, nil)
                continue
            }
            let (sum, overflow) = previous.addingReportingOverflow(own)
            sums[code] = (account.currency, overflow ? nil : sum)
        }
        return sums.sorted { $0.key < $1.key }.map { ($0.value.0, $0.value.1) }
    }
}
