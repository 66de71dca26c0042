/// One rule of a rules file: when every condition holds, it sets its values.
public struct Rule: Sendable, Hashable {
    /// The rule's id, unique in its file (`[A-Za-z0-9][A-Za-z0-9_.-]*`), stored with the rows it
    /// sets.
    public let id: String
    /// The `when` keys, in the order the file writes them; none means every row.
    public let conditions: [RuleCondition]
    /// The `set` values (its ``RuleAssignment/ruleIDs`` is empty).
    public let values: RuleAssignment
    /// Whether later rules may add what this one doesn't set (`"continue": true`).
    public let continues: Bool
    /// Where the rule starts in its file.
    public let location: SourceLocation

    /// Creates a rule.
    public init(
        id: String, conditions: [RuleCondition], values: RuleAssignment, continues: Bool = false,
        location: SourceLocation
    ) {
        self.id = id
        self.conditions = conditions
        self.values = values
        self.continues = continues
        self.location = location
    }

    /// Why the rule doesn't fire for a transaction: one reason per key that fails, in file order;
    /// empty when it fires.
    public func mismatches(_ input: RuleInput) -> [String] {
        conditions.compactMap { $0.mismatch(input) }
    }
}
