import LedgerCore

/// A stored row as `rules apply` reads it: its fields for the rules, and what rules and hands set.
struct StoredRuleRow {
    struct State: Equatable, Sendable {
        /// The values, one per ``RuleField`` (not an array: a row's state is made without an
        /// allocation of its own).
        var category: String?
        var payee: String?
        var note: String?
        var tags: String?
        var counterAccount: String?
        var ruleIDs: String?
        var ruleMask: Int
        /// The source's category and payee, kept while a rule or a person replaces them.
        var sourceCategory: String?
        var sourcePayee: String?

        subscript(field: RuleField) -> String? {
            get {
                switch field {
                case .category: return category
                case .payee: return payee
                case .note: return note
                case .tags: return tags
                case .counterAccount: return counterAccount
                }
            }
            set {
                switch field {
                case .category: category = newValue
                case .payee: payee = newValue
                case .note: note = newValue
                case .tags: tags = newValue
                case .counterAccount: counterAccount = newValue
                }
            }
        }
    }

    let id: Int64
    let state: State
    let handMask: Int
    let sourceCategory: String?
    let sourcePayee: String?

    /// The state the rules' assignment gives, keeping every hand-set field (counted in `kept`
    /// when the rules would have changed it).
    func reassigned(by assignment: RuleAssignment, kept: inout Int) -> State {
        var next = state
        next.ruleIDs =
            switch assignment.ruleIDs.count {
            case 0: nil
            case 1: assignment.ruleIDs[0]
            default: assignment.ruleIDs.joined(separator: ",")
            }
        next.ruleMask = 0
        for field in RuleField.allCases {
            let wanted = assignment.text(of: field)
            if handMask & field.rawValue != 0 {
                if let wanted, wanted != state[field] { kept += 1 }
                continue
            }
            if let wanted {
                next[field] = wanted
                next.ruleMask |= field.rawValue
            } else {
                switch field {
                case .category: next[field] = sourceCategory
                case .payee: next[field] = sourcePayee
                default: next[field] = nil
                }
            }
        }
        let replaced = next.ruleMask | handMask
        next.sourceCategory = replaced & RuleField.category.rawValue != 0 ? sourceCategory : nil
        next.sourcePayee = replaced & RuleField.payee.rawValue != 0 ? sourcePayee : nil
        return next
    }
}
