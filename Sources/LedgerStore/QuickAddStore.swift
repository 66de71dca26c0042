import LedgerCore

/// What `ledgerport add` needs of a ledger, whichever store holds it (issue 21): the latest
/// transaction of a title (its account and category are followed) and one typed row stored as an
/// import of its own.
///
/// Only the two look-ups are SQL, one per store; storing the row is written once, here, through
/// the import's door (``ImportStore``), so a typed row is logged, counted and refused as a
/// duplicate the same way on both.
public protocol QuickAddStore: ImportStore {
    /// The latest transaction (by day, then as stored) whose payee or description is `title`,
    /// ignoring ASCII case only (SQLite's `NOCASE`): its id, day, account and category.
    func latestTransaction(titled title: String) throws(StoreError) -> LatestTitledTransaction?

    /// The highest occurrence number (0 when none) among the account's rows of a day and
    /// fingerprint that have no id of their own.
    func lastOccurrence(accountID: Int64, day: Day, fingerprint: Int64) throws(StoreError) -> Int64

    /// The id of the account's row with this identity, if it is stored.
    func transactionID(accountID: Int64, day: Day, fingerprint: Int64, occurrence: Int) throws(StoreError) -> Int64?
}

/// The latest transaction with a title: what `add` follows for the account and the category.
public struct LatestTitledTransaction: Sendable, Hashable {
    /// The transaction's id.
    public var id: Int64
    /// Its booking day, `YYYY-MM-DD`.
    public var day: String
    /// Its account's name.
    public var account: String
    /// Its category, if it has one.
    public var category: String?

    /// Creates a look-up's answer.
    public init(id: Int64, day: String, account: String, category: String?) {
        self.id = id
        self.day = day
        self.account = account
        self.category = category
    }
}

extension QuickAddStore {
    /// Stores one typed transaction as an import of its own (adapter `add`), so the imports log
    /// shows it and `imports undo` takes it back.
    ///
    /// A typed row has no id of its own: it takes the next occurrence number among the account's
    /// rows of the same day and fingerprint, so two identical coffees typed on one day are two rows.
    ///
    /// - Parameter process: the process writing, for the imports log (`ImportProcess.current`).
    /// - Returns: the stored row's id; `nil` when another process stored a row with the same
    ///   identity between the count and the write (nothing stored; run it again).
    /// - Throws: ``StoreError`` when the write fails (nothing stored).
    public func addTransaction(_ draft: Draft, accountID: Int64, process: ImportProcess?) throws(StoreError) -> Int64? {
        let importID = try beginImport(
            sourcePath: draft.location.file, adapter: "add", mapping: nil, adapterVersion: nil, adapterSHA256: nil,
            process: process)
        let fingerprint = draft.fingerprint
        let last = try lastOccurrence(accountID: accountID, day: draft.bookingDay, fingerprint: fingerprint)
        let occurrence = Int(last) + 1
        let row = PendingRow(draft: draft, accountID: accountID, fingerprint: fingerprint, occurrence: occurrence)
        var outcome = Ledger.ImportOutcome(
            sha256: nil, mapping: nil, read: 1, inserted: 0, duplicates: 0, batches: 0, status: .stopped, failure: nil)
        switch save([.insert(row)], importID: importID) {
        case .saved(let inserted, let duplicates, _, _, _):
            outcome.inserted = inserted
            outcome.duplicates = duplicates
            outcome.batches = 1
            if inserted == 1 {
                outcome.status = .complete
            } else {
                outcome.failure = "another process stored the same row at the same moment"
            }
        case .notSaved(let error):
            outcome.failure = error.message
            try? finishImport(importID, outcome)
            throw error
        }
        try finishImport(importID, outcome)
        guard outcome.status == .complete else { return nil }
        return try transactionID(
            accountID: accountID, day: draft.bookingDay, fingerprint: fingerprint, occurrence: occurrence)
    }
}
