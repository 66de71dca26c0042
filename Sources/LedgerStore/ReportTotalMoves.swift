import LedgerCore

/// What rows whose category moved take from one `report_totals` key and give to another, summed
/// by key: for a write that updates rows with the report totals' trigger off (`rules apply`), and
/// writes each key's change once at the end instead (``Ledger/upsertReportTotals(_:)``).
///
/// Rows come in id order, mostly day by day, so the keys of the day in hand are kept in a short
/// list and compared field by field (the categories are mostly the rules' own strings, equal by
/// their storage); a day's keys go to the dictionary when a row of another day or account comes.
struct ReportTotalMoves {
    private var closed: [DailyTotals.ReportKey: DailyTotals.ReportSum] = [:]
    /// The keys of one account and day, with their changes so far.
    private var open: [(key: DailyTotals.ReportKey, sum: DailyTotals.ReportSum)] = []
    /// Set when a key's change no longer fits in 64 bits.
    private var overflowed = false

    /// Each key's change (amount in minor units and rows, negative where rows left it), and
    /// whether one no longer fits in 64 bits.
    func sums() -> (sums: [DailyTotals.ReportKey: DailyTotals.ReportSum], overflowed: Bool) {
        var copy = self
        copy.closeOpen()
        return (copy.closed, copy.overflowed)
    }

    /// A booked row of `amount` (positive minor units) moved from one category to another.
    mutating func move(
        account: Int64, day: Day, currency: String, isCredit: Bool, amount: Int64, from old: String?, to new: String?
    ) {
        if let first = open.first, first.key.account != account || first.key.day != day { closeOpen() }
        add(account: account, day: day, currency: currency, isCredit: isCredit, category: old ?? "", -amount, -1)
        add(account: account, day: day, currency: currency, isCredit: isCredit, category: new ?? "", amount, 1)
    }

    private mutating func add(
        account: Int64, day: Day, currency: String, isCredit: Bool, category: String, _ amount: Int64, _ rows: Int64
    ) {
        for index in open.indices {
            let key = open[index].key
            guard key.isCredit == isCredit, key.category == category, key.currency == currency else { continue }
            let (sum, overflow) = open[index].sum.amount.addingReportingOverflow(amount)
            overflowed = overflowed || overflow
            open[index].sum = (sum, open[index].sum.rows + rows)
            return
        }
        let key = DailyTotals.ReportKey(
            account: account, day: day, currency: currency, isCredit: isCredit, category: category)
        open.append((key, (amount, rows)))
    }

    /// Moves the open day's keys into the dictionary.
    private mutating func closeOpen() {
        for (key, change) in open {
            let before = closed[key] ?? (amount: 0, rows: 0)
            let (sum, overflow) = before.amount.addingReportingOverflow(change.amount)
            overflowed = overflowed || overflow
            closed[key] = (sum, before.rows + change.rows)
        }
        open.removeAll(keepingCapacity: true)
    }
}
