import LedgerCore

/// What a report sums (`docs/reports.md`): booked rows in a window of days, of some accounts,
/// grouped by one thing and optionally by month, transfers left out.
public struct ReportQuery: Sendable, Hashable {
    /// What a report's lines are grouped by, beside the currency.
    public enum Grouping: String, Sendable, Hashable, CaseIterable {
        /// The row's category (a row with none is its own group).
        case category
        /// The payee a source, a rule or an edit named, else the row's description.
        case payee
        /// The calendar month of the booking day.
        case month
        /// The account's name.
        case account
    }

    /// Booking days: includes `start`, excludes `end`; open bounds take everything.
    public var window: DayWindow
    /// Only these accounts' rows, or every account's when empty.
    public var accounts: [StoredAccount]
    /// The grouping, or `nil` for one line per currency.
    public var grouping: Grouping?
    /// Whether each group is split by month as well.
    public var isMonthly: Bool

    /// Creates a query; every part left out takes everything, in one line per currency.
    public init(
        window: DayWindow = DayWindow(start: nil, end: nil), accounts: [StoredAccount] = [],
        grouping: Grouping? = nil, isMonthly: Bool = false
    ) {
        self.window = window
        self.accounts = accounts
        self.grouping = grouping
        self.isMonthly = isMonthly
    }

    /// Whether lines carry a month (`--by month` or `--monthly`).
    public var hasMonths: Bool { isMonthly || grouping == .month }
}
