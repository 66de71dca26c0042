import LedgerCore

/// A checkpoint as the report shows it: the figures, the window's pending rows, and, for a
/// discrepancy, where the balances part and the ranked candidates with their rows.
public struct ReportCheckpoint: Sendable, Hashable {
    /// The day at whose end the statement balance holds.
    public var day: Day
    /// What brought it: `import`, `sync`, `manual` or `opening`.
    public var source: String
    /// The statement's balance, in minor units.
    public var statement: Int64
    /// The ledger's expected balance (`nil` for a baseline), in minor units.
    public var expected: Int64?
    /// Statement minus expected (`nil` for a baseline), in minor units.
    public var discrepancy: Int64?
    /// Reconciled, discrepancy or baseline.
    public var status: Reconciliation.Status
    /// How many pending rows its window holds, and their signed sum in minor units.
    public var pendingCount: Int
    /// The pending rows' signed sum, in minor units.
    public var pendingSum: Int64
    /// The first day the ledger's balance departs from the statement's, when known.
    public var divergesOn: Day?
    /// The candidates for the cause, best first (at most ``ReconciliationReport/candidateLimit``).
    public var candidates: [ReportCandidate]
    /// How many candidates the diagnostics found in all.
    public var candidateCount: Int

    /// Creates a checkpoint entry.
    public init(
        day: Day, source: String, statement: Int64, expected: Int64?, discrepancy: Int64?,
        status: Reconciliation.Status, pendingCount: Int = 0, pendingSum: Int64 = 0, divergesOn: Day? = nil,
        candidates: [ReportCandidate] = [], candidateCount: Int? = nil
    ) {
        self.day = day
        self.source = source
        self.statement = statement
        self.expected = expected
        self.discrepancy = discrepancy
        self.status = status
        self.pendingCount = pendingCount
        self.pendingSum = pendingSum
        self.divergesOn = divergesOn
        self.candidates = candidates
        self.candidateCount = candidateCount ?? candidates.count
    }
}

/// One candidate for a discrepancy's cause, with the rows it names.
public struct ReportCandidate: Sendable, Hashable {
    /// The kind of mistake (`duplicate`, `divergence`, …).
    public var kind: Candidate.Kind
    /// How much it explains, in minor units.
    public var explains: Int64
    /// The sentence the diagnostics wrote.
    public var note: String
    /// The first rows it names (at most ``ReconciliationReport/candidateRowLimit``).
    public var rows: [ReportRow]
    /// How many rows it names in all.
    public var rowCount: Int

    /// Creates a candidate entry.
    public init(kind: Candidate.Kind, explains: Int64, note: String, rows: [ReportRow], rowCount: Int) {
        self.kind = kind
        self.explains = explains
        self.note = note
        self.rows = rows
        self.rowCount = rowCount
    }
}

/// A transaction as the report lists it.
public struct ReportRow: Sendable, Hashable {
    /// Its id in the ledger.
    public var id: Int64
    /// The booking day.
    public var day: Day
    /// The amount with its direction's sign, in minor units.
    public var amount: Int64
    /// The description as the source wrote it (untrusted text).
    public var description: String
    /// Whether it is pending.
    public var isPending: Bool
    /// Where it was read from (`FILE:LINE:COLUMN`), when known.
    public var location: String?

    /// Creates a row.
    public init(id: Int64, day: Day, amount: Int64, description: String, isPending: Bool, location: String?) {
        self.id = id
        self.day = day
        self.amount = amount
        self.description = description
        self.isPending = isPending
        self.location = location
    }
}
