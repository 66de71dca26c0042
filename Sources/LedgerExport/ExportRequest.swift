import LedgerCore
import LedgerStore

/// What to export: the format, the accounts, the days, and where the last export of a name stopped.
public struct ExportRequest: Sendable {
    public var format: ExportFormat
    /// The ledger accounts whose rows are written, in the order they are written.
    public var accounts: [StoredAccount]
    /// Booking days: includes `start`, excludes `end`; open bounds take everything.
    public var window: DayWindow
    /// Where the last export of this name stopped: only what came after it is written. `nil`
    /// writes everything in the window.
    public var mark: ExportMark?
    /// Whether pending rows are written (flagged `!`) or left out.
    public var includesPending: Bool
    /// The journal names of accounts and categories.
    public var names: JournalNames

    public init(
        format: ExportFormat, accounts: [StoredAccount], window: DayWindow = DayWindow(start: nil, end: nil),
        mark: ExportMark? = nil, includesPending: Bool = true, names: JournalNames = JournalNames()
    ) {
        precondition(mark == nil || (window.start == nil && window.end == nil), "an incremental export takes no days")
        self.format = format
        self.accounts = accounts
        self.window = window
        self.mark = mark
        self.includesPending = includesPending
        self.names = names
    }
}

/// What an export wrote.
public struct ExportSummary: Sendable, Hashable {
    /// Stored transactions written.
    public var transactions = 0
    /// Pending transactions left out (`--pending omit`).
    public var pendingLeftOut = 0
    /// Balance assertions written (on a row's posting or on an entry of their own).
    public var assertions = 0
    /// Opening-balance entries written.
    public var openings = 0
    /// The mark the export reached: save it under the export's name once the output is whole.
    public var mark: ExportMark

    public init(mark: ExportMark) {
        self.mark = mark
    }
}
