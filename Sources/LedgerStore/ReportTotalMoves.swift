import LedgerCore

/// What rows whose category moved take from one `report_totals` key and give to another, summed
/// by key: for a write that updates rows with the report totals' trigger off (`rules apply`), and
/// writes each key's change once at the end instead (``Ledger/upsertReportTotals(_:)``).
struct ReportTotalMoves {
    /// Each key's change: amount in minor units and rows, negative where rows left it.
    private(set) var sums: [DailyTotals.ReportKey: DailyTotals.ReportSum] = [:]
    /// Set when a key's change no longer fits in 64 bits.
    private(set) var overflowed = false

    /// A booked row of `amount` (positive minor units) moved from one category to another.
    mutating func move(
        account: Int64, day: Day, currency: String, isCredit: Bool, amount: Int64, from old: String?, to new: String?
    ) {
        add(
            DailyTotals.ReportKey(
                account: account, day: day, currency: currency, isCredit: isCredit, category: old ?? ""),
            amount: -amount, rows: -1)
        add(
            DailyTotals.ReportKey(
                account: account, day: day, currency: currency, isCredit: isCredit, category: new ?? ""),
            amount: amount, rows: 1)
    }

    private mutating func add(_ key: DailyTotals.ReportKey, amount: Int64, rows: Int64) {
        let before = sums[key] ?? (amount: 0, rows: 0)
        let (sum, overflow) = before.amount.addingReportingOverflow(amount)
        overflowed = overflowed || overflow
        sums[key] = (sum, before.rows + rows)
    }
}
