/// What rules set on one transaction: the values, and the ids of the rules that set them.
///
/// A field that is `nil` is not set by any rule (the source's value, if any, stands).
public struct RuleAssignment: Sendable, Hashable {
    /// The rules that fired, in file order: the first match, then each later match while the
    /// rule before it said `continue`. Empty when no rule matched.
    public var ruleIDs: [String] = []
    public var category: String?
    public var payee: String?
    public var note: String?
    /// Tags, each `[A-Za-z0-9][A-Za-z0-9_./-]*`, in the order the rule lists them.
    public var tags: [String]?
    /// The account on the other side of the transaction in an exported journal
    /// (`Expenses:Groceries`).
    public var counterAccount: String?

    /// Creates an assignment.
    public init(
        ruleIDs: [String] = [], category: String? = nil, payee: String? = nil, note: String? = nil,
        tags: [String]? = nil, counterAccount: String? = nil
    ) {
        self.ruleIDs = ruleIDs
        self.category = category
        self.payee = payee
        self.note = note
        self.tags = tags
        self.counterAccount = counterAccount
    }

    /// Whether no rule fired.
    public var isEmpty: Bool { ruleIDs.isEmpty }

    /// The fields this assignment sets.
    public var fields: [RuleField] { RuleField.allCases.filter { text(of: $0) != nil } }

    /// A field's value as text (tags joined by one space), or `nil` when it isn't set.
    public func text(of field: RuleField) -> String? {
        switch field {
        case .category: return category
        case .payee: return payee
        case .note: return note
        case .tags: return tags.map { $0.joined(separator: " ") }
        case .counterAccount: return counterAccount
        }
    }

    /// Fills the fields this assignment doesn't set yet from `later` (what `continue` allows).
    mutating func fill(from later: RuleAssignment) {
        if category == nil { category = later.category }
        if payee == nil { payee = later.payee }
        if note == nil { note = later.note }
        if tags == nil { tags = later.tags }
        if counterAccount == nil { counterAccount = later.counterAccount }
    }

    /// The fields set, as `category "Groceries", tags "food weekly"`: for messages.
    public var summary: String {
        let parts = fields.compactMap { field in text(of: field).map { "\(field.key) \"\($0)\"" } }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}
