/// A ledger transaction as the discrepancy diagnostics see it.
public struct DiagnosticRow: Sendable, Hashable {
    /// The transaction's id in the ledger.
    public var id: Int64
    /// The booking day.
    public var day: Day
    /// The amount with its direction's sign, in minor units.
    public var signedMinorUnits: Int64
    /// Whether the ledger holds it as pending (not counted in balances).
    public var isPending: Bool
    /// The description, for spotting duplicates.
    public var description: String
    /// The balance after this row as its statement stated it, if it did.
    public var statementBalance: Int64?

    /// Creates a row.
    public init(
        id: Int64, day: Day, signedMinorUnits: Int64, isPending: Bool = false, description: String,
        statementBalance: Int64? = nil
    ) {
        self.id = id
        self.day = day
        self.signedMinorUnits = signedMinorUnits
        self.isPending = isPending
        self.description = description
        self.statementBalance = statementBalance
    }
}
