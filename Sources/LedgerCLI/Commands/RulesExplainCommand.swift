import LedgerCore
import LedgerStore

/// `ledgerport rules explain ID`: which rule fired for a transaction, and why each rule before it didn't.
struct RulesExplainCommand: Command {
    static let name = "rules explain"
    static let abstract = "Say which rule fires for a transaction and why each earlier rule doesn't."
    static let arguments = "TRANSACTION_ID"
    static let discussion = """
        Tries the rules file on the stored transaction as `rules apply` would, in file order, and for
        each rule that doesn't match names every key that fails with the value it found. Values set by
        hand are named too: the rules never change them.
        """
    static let options: [OptionSpec] = [
        .value("--rules", "PATH", "The rules file (default: $XDG_CONFIG_HOME/ledgerport/rules.json)."),
        .flag("--json", "Print the explanation as JSON."),
    ]

    let id: Int64
    let rulesPath: String?
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError("rules explain needs one TRANSACTION_ID: ledgerport rules explain 42")
        }
        id = try TransactionsDeleteCommand.transactionID(arguments.positionals[0])
        rulesPath = arguments.value("--rules")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        guard let set = try context.ruleSet(path: rulesPath, required: true) else { return 1 }
        let ledger = try context.ruleStore()
        guard let input = try ledger.ruleInput(ofTransaction: id), let stored = try ledger.transactions(ids: [id]).first
        else {
            throw RuntimeError("no transaction \(id) in the ledger; `ledgerport transactions` lists their ids")
        }
        let explanation = set.explanation(for: input)
        if json {
            context.console.print(Self.json(explanation, id: id, handSet: stored.handSet).rendered())
            return 0
        }
        for line in Self.lines(explanation, input: input, id: id, handSet: stored.handSet) {
            context.console.print(line)
        }
        return 0
    }

    /// The explanation for people.
    static func lines(_ explanation: RuleExplanation, input: RuleInput, id: Int64, handSet: [RuleField]) -> [String] {
        var lines = [
            "transaction \(id): \(input.bookingDay) \(input.account) \(input.direction.rawValue) \(input.amount) "
                + "\(input.amount.currency.code) \"\(input.description)\""
        ]
        if explanation.steps.isEmpty { lines.append("  the rules file has no rules") }
        for step in explanation.steps {
            let rule = "rule \"\(step.rule.id)\" (line \(step.rule.location.line))"
            switch step.outcome {
            case .skipped(let reasons):
                lines.append("  \(rule) doesn't match: " + reasons.joined(separator: "; "))
            case .fired(let added):
                let what = added.fields.isEmpty ? "sets nothing new" : "sets " + added.summary
                lines.append("  \(rule) matches: \(what)" + (step.rule.continues ? "; continue" : ""))
            }
        }
        let result = explanation.assignment
        if result.isEmpty {
            lines.append("no rule matches: the source's values stand")
        } else {
            lines.append("result: \(result.summary) (rules \(result.ruleIDs.joined(separator: ", ")))")
        }
        let kept = handSet.map(\.key)
        if !kept.isEmpty { lines.append("set by hand, kept whatever the rules say: " + kept.joined(separator: ", ")) }
        return lines
    }

    static func json(_ explanation: RuleExplanation, id: Int64, handSet: [RuleField]) -> JSONOutput {
        .object([
            ("id", .int(id)),
            (
                "steps",
                .array(
                    explanation.steps.map { step in
                        switch step.outcome {
                        case .skipped(let reasons):
                            return .object([
                                ("rule", .string(step.rule.id)), ("matched", .bool(false)),
                                ("reasons", .array(reasons.map(JSONOutput.string))),
                            ])
                        case .fired(let added):
                            return .object([
                                ("rule", .string(step.rule.id)), ("matched", .bool(true)),
                                ("sets", assignmentJSON(added)),
                            ])
                        }
                    })
            ),
            ("rules", .array(explanation.assignment.ruleIDs.map(JSONOutput.string))),
            ("result", assignmentJSON(explanation.assignment)),
            ("setByHand", .array(handSet.map { .string($0.key) })),
        ])
    }

    static func assignmentJSON(_ assignment: RuleAssignment) -> JSONOutput {
        .object(
            assignment.fields.map { field in
                if field == .tags { return (field.key, .array((assignment.tags ?? []).map(JSONOutput.string))) }
                return (field.key, .optional(assignment.text(of: field)))
            })
    }
}
