/// An ordered list of rules, read from a rules file (see `docs/rules.md`).
///
/// The first rule whose `when` holds fires and sets its values; when it says `continue`, the
/// next rule that holds may add the values it didn't set, and so on until a rule without
/// `continue` fires. Nothing else ranks rules: their order in the file is the only order.
public struct RuleSet: Sendable, Hashable {
    /// The rules, in file order.
    public let rules: [Rule]
    /// The file they were read from, for messages.
    public let file: String

    /// Creates a rule set.
    public init(rules: [Rule], file: String) {
        self.rules = rules
        self.file = file
    }

    /// An evaluator for many rows: regexes compiled once, literals scanned once per row.
    public func makeEvaluator() -> RuleEvaluator { RuleEvaluator(self) }

    /// What the rules set on one transaction (for many, use ``makeEvaluator()``).
    public func assignment(for input: RuleInput) -> RuleAssignment {
        explanation(for: input).assignment
    }

    /// Which rules fired for a transaction and why each other rule tried didn't.
    ///
    /// The reference evaluation, one condition at a time in file order; ``RuleEvaluator`` must
    /// agree with it on every row (the rules tests check that it does).
    public func explanation(for input: RuleInput) -> RuleExplanation {
        var steps: [RuleExplanation.Step] = []
        var assignment = RuleAssignment()
        for rule in rules {
            let mismatches = rule.mismatches(input)
            guard mismatches.isEmpty else {
                steps.append(RuleExplanation.Step(rule: rule, outcome: .skipped(mismatches)))
                continue
            }
            var added = rule.values
            if !assignment.isEmpty {
                // Only what earlier rules left unset.
                for field in RuleField.allCases where assignment.text(of: field) != nil { added.clear(field) }
            }
            assignment.fill(from: rule.values)
            assignment.ruleIDs.append(rule.id)
            steps.append(RuleExplanation.Step(rule: rule, outcome: .fired(added)))
            if !rule.continues { break }
        }
        return RuleExplanation(steps: steps, assignment: assignment)
    }
}

/// Why a transaction got what it got from a rule set.
public struct RuleExplanation: Sendable, Hashable {
    /// One rule's part.
    public struct Step: Sendable, Hashable {
        /// What became of the rule.
        public enum Outcome: Sendable, Hashable {
            /// The rule matched; these are the values it added (those earlier rules hadn't set).
            case fired(RuleAssignment)
            /// The rule didn't match: why, one reason per failing key.
            case skipped([String])
        }

        public let rule: Rule
        public let outcome: Outcome

        /// Whether the rule fired.
        public var fired: Bool {
            if case .fired = outcome { return true }
            return false
        }
    }

    /// Every rule tried, in file order: up to the first that fired without `continue`, every
    /// rule when none did.
    public let steps: [Step]
    /// What the rules set.
    public let assignment: RuleAssignment
}

extension RuleAssignment {
    /// Unsets a field.
    mutating func clear(_ field: RuleField) {
        switch field {
        case .category: category = nil
        case .payee: payee = nil
        case .note: note = nil
        case .tags: tags = nil
        case .counterAccount: counterAccount = nil
        }
    }
}
