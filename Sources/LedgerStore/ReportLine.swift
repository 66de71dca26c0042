import LedgerCore

/// One line of a report: a group's income and spending in one currency.
public struct ReportLine: Sendable, Hashable {
    /// The month (`YYYY-MM`) when the report has months, else `nil`.
    public var month: String?
    /// The category, payee or account name the line is for; `nil` for rows with no category, and
    /// for a report grouped by month or not at all.
    public var group: String?
    public var currency: Currency
    /// The credits' amounts added, in minor units (never negative).
    public var income: Int64
    /// The debits' amounts added, in minor units (never negative).
    public var spending: Int64
    /// How many rows the line sums.
    public var rows: Int

    /// Creates a line.
    public init(month: String?, group: String?, currency: Currency, income: Int64, spending: Int64, rows: Int) {
        self.month = month
        self.group = group
        self.currency = currency
        self.income = income
        self.spending = spending
        self.rows = rows
    }

    /// Income less spending in minor units, or `nil` when it doesn't fit in 64 bits.
    public var net: Int64? {
        let (net, overflow) = income.subtractingReportingOverflow(spending)
        return overflow ? nil : net
    }
}
