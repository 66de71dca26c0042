import LedgerCore

/// A stored checkpoint: the ledger's balance compared with a statement's at the end of a day.
public struct Checkpoint: Sendable, Hashable {
    /// What prompted the checkpoint.
    public enum Source: String, Sendable, Hashable, Codable {
        /// A statement balance in an imported file.
        case `import`
        /// A balance in a synced feed.
        case sync
        /// `ledgerport reconcile --balance`.
        case manual
        /// An opening balance (from a source, or set by hand): a starting point.
        case opening
    }

    public var id: Int64
    public var account: String
    public var currency: Currency
    public var asOf: Day
    /// Signed minor units, `nil` for a baseline.
    public var expected: Int64?
    /// Signed minor units.
    public var actual: Int64
    /// `actual - expected`, `nil` for a baseline.
    public var discrepancy: Int64?
    public var status: Reconciliation.Status
    public var source: Source
    public var importID: Int64?
    public var createdAt: String
    /// Pending rows in the checkpoint's window: shown apart, never counted.
    public var pending = PendingSummary()
    /// Candidates for the cause of a discrepancy (empty when reconciled or a baseline).
    public var diagnosis = Diagnosis.none

    /// Whether a source brought it (a statement in an imported file, a feed's balance, an opening
    /// balance a file stated) rather than a person (`reconcile --balance` or `--opening`).
    public var isFromSource: Bool { importID != nil || source == .import || source == .sync }

    /// The checkpoint with the figures of a reconciliation computed again (rows added to its
    /// window since): the same statement balance, day and source.
    func refigured(by fresh: Reconciliation) -> Checkpoint {
        var updated = self
        updated.expected = fresh.expected
        updated.discrepancy = fresh.discrepancy
        updated.status = fresh.status
        return updated
    }
}

/// The pending transactions of a checkpoint's window.
public struct PendingSummary: Sendable, Hashable {
    /// How many.
    public var count = 0
    /// Their signed sum, in minor units.
    public var sum: Int64 = 0
    /// Their ids.
    public var transactions: [Int64] = []

    public init(count: Int = 0, sum: Int64 = 0, transactions: [Int64] = []) {
        self.count = count
        self.sum = sum
        self.transactions = transactions
    }
}
