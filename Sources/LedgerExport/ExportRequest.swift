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
