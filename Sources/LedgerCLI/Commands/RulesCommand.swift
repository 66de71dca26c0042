import LedgerCore

/// `ledgerport rules`: checks the rules file and lists its rules in the order they are tried.
struct RulesCommand: Command {
    static let name = "rules"
    static let abstract = "Check the rules file and list its rules in the order they are tried."
    static let opensLedger = false
    static let discussion = """
        The rules file (--rules PATH, else $XDG_CONFIG_HOME/ledgerport/rules.json) is an ordered list
        of rules, each with an id, a `when` (every key must match) and a `set`. The first rule that
        matches a transaction sets its values; one with "continue": true lets later rules add what it
        didn't set. Nothing else ranks them (docs/rules.md). Every problem in the file is listed as
        FILE:LINE:COLUMN: error: …, and exits 1.
        """
    static let options: [OptionSpec] = [
        .value("--rules", "PATH", "The rules file (default: $XDG_CONFIG_HOME/ledgerport/rules.json)."),
        .flag("--json", "Print the rules as JSON."),
    ]
    static let subcommands: [any Command.Type] = [
        RulesApplyCommand.self, RulesExplainCommand.self, RulesTestCommand.self,
    ]

    let rulesPath: String?
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("rules takes no arguments") }
        rulesPath = arguments.value("--rules")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        guard let set = try context.ruleSet(path: rulesPath, required: true) else { return 1 }
        if json {
            context.console.print(
                JSONOutput.object([
                    ("file", .string(set.file)),
                    (
                        "rules",
                        .array(
                            set.rules.map { rule in
                                .object([
                                    ("id", .string(rule.id)), ("line", .int(Int64(rule.location.line))),
                                    ("when", .array(rule.conditions.map { .string($0.key) })),
                                    ("set", .array(rule.values.fields.map { .string($0.key) })),
                                    ("continue", .bool(rule.continues)),
                                ])
                            })
                    ),
                ]
                ).rendered())
            return 0
        }
        context.console.print(
            "\(set.file): \(set.rules.count) rule\(set.rules.count == 1 ? "" : "s"), tried in this order")
        for rule in set.rules {
            let when = rule.conditions.isEmpty ? "every row" : rule.conditions.map(\.key).joined(separator: ", ")
            context.console.print(
                "  \(rule.id) (line \(rule.location.line)): when \(when); sets \(rule.values.summary)"
                    + (rule.continues ? "; continue" : ""))
        }
        return 0
    }
}
