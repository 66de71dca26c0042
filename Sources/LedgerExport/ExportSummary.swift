import LedgerStore

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
