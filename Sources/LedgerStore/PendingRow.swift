import LedgerCore

/// A validated draft ready for the store, with the identity the importer worked out.
public struct PendingRow: Sendable, Hashable {
    /// The transaction.
    public var draft: Draft
    /// The account's row id.
    public var accountID: Int64
    /// ``Draft/fingerprint``, computed once by the importer.
    public var fingerprint: Int64
    /// The record's occurrence number (1, 2, …) among records with the same account and
    /// fingerprint in the same source.
    public var occurrence: Int
    /// What rules set on the row when it is imported (`nil`: no rules ran). A value a rule sets
    /// replaces the draft's category or payee, which is kept as the source's.
    public var assignment: RuleAssignment?

    /// Creates a row.
    public init(
        draft: Draft, accountID: Int64, fingerprint: Int64, occurrence: Int, assignment: RuleAssignment? = nil
    ) {
        self.draft = draft
        self.accountID = accountID
        self.fingerprint = fingerprint
        self.occurrence = occurrence
        self.assignment = assignment
    }

    /// The identity index's last column: the occurrence, or for a record with its own id a
    /// negative hash of that id (see the schema's notes in `Migrations.swift`).
    var discriminator: Int64 {
        guard let externalID = draft.externalID else { return Int64(occurrence) }
        var hash = FNV1a()
        hash.combine(utf8: externalID)
        return -Int64(hash.value & 0x3fff_ffff_ffff_ffff) - 1
    }
}

/// One step of a batch: a new row, or the withdrawal of a stored one by its source's id.
public enum BatchItem: Sendable, Hashable {
    /// Store a row (or count it as a duplicate).
    case insert(PendingRow)
    /// Delete the account's transaction with this external id, if there is one (an OFX
    /// `CORRECTACTION`); `location` is the correcting record's.
    case withdraw(accountID: Int64, externalID: String, location: SourceLocation)

    /// Where the item came from.
    public var location: SourceLocation {
        switch self {
        case .insert(let row): return row.draft.location
        case .withdraw(_, _, let location): return location
        }
    }
}

/// What became of a batch: saved whole, or not at all.
public enum BatchOutcome: Sendable, Hashable {
    /// Every row is stored or was already there; `withdrawn` rows were deleted by corrections;
    /// `deletedBefore` rows were skipped because `transactions delete` removed them; `booked`
    /// stored pending rows became the batch's booked rows with their ids.
    case saved(inserted: Int, duplicates: Int, withdrawn: Int = 0, deletedBefore: Int = 0, booked: Int = 0)
    /// Nothing of the batch is stored; the error says why.
    case notSaved(StoreError)
}
