import LedgerCore

/// What `rules apply` did to the stored rows (or, in a dry run, would do).
public struct RuleApplication: Sendable, Hashable {
    /// Rows read (the account and window asked for).
    public var read = 0
    /// Rows that changed: a value, or which rules fired.
    public var changed = 0
    /// How many values of each field changed.
    public var changedFields: [RuleField: Int] = [:]
    /// Values a rule would have changed that a person set by hand, and were kept.
    public var keptByHand = 0

    public init() {}
}

/// One value `rules apply` changes on one row.
public struct RuleChange: Sendable, Hashable {
    public var transactionID: Int64
    /// The field's key (``RuleField/key``), or `rules` for the ids of the rules that fired.
    public var field: String
    public var before: String?
    public var after: String?

    public init(transactionID: Int64, field: String, before: String?, after: String?) {
        self.transactionID = transactionID
        self.field = field
        self.before = before
        self.after = after
    }
}
