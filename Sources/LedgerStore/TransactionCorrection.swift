import LedgerCore

/// What deleting or editing transactions did (or, in a dry run, would do).
public struct TransactionCorrection: Sendable, Hashable {
    /// The rows as they were before.
    public var before: [StoredTransaction]
    /// The rows as they are after (empty for a deletion).
    public var after: [StoredTransaction] = []
    /// Checkpoints whose status or discrepancy changed, with their new figures.
    public var refreshed: [Checkpoint] = []

    public init(before: [StoredTransaction]) { self.before = before }
}

/// The changes an edit makes to a transaction: only what the person may correct. The amount, the
/// days and the direction are the bank's, and the identity a re-import finds is kept.
public struct TransactionEdit: Sendable, Hashable {
    public var description: String?
    public var memo: String?
    public var status: TransactionStatus?
    /// Values the person sets by hand (tags joined by one space; an empty text clears the value).
    /// `rules apply` never changes a hand-set value.
    public var values: [RuleField: String]
    /// Fields handed back to the rules: each takes the source's value now (none for note, tags
    /// and counter account) and the rules' at the next `rules apply`.
    public var released: Set<RuleField>

    public init(
        description: String? = nil, memo: String? = nil, status: TransactionStatus? = nil,
        values: [RuleField: String] = [:], released: Set<RuleField> = []
    ) {
        self.description = description
        self.memo = memo
        self.status = status
        self.values = values
        self.released = released
    }

    /// Whether the edit changes nothing.
    public var isEmpty: Bool {
        description == nil && memo == nil && status == nil && values.isEmpty && released.isEmpty
    }
}
