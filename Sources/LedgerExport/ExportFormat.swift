/// What `ledgerport export --to` writes.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    /// An hledger journal (hledger 1.25 and later read it).
    case hledger
    /// A Ledger journal (ledger 3).
    case ledger
    /// A beancount file (beancount 2 and 3).
    case beancount
    /// A spreadsheet: one row per transaction, safe against formula injection.
    case csv

    /// Whether the output is a journal of double-entry transactions (everything but CSV).
    public var isJournal: Bool { self != .csv }
}
