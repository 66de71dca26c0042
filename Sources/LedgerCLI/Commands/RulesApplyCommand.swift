import LedgerCore
import LedgerStore

/// `ledgerport rules apply`: sets what the rules say on stored rows again.
struct RulesApplyCommand: Command {
    static let name = "rules apply"
    static let abstract = "Apply the rules file to stored transactions again, keeping values set by hand."
    static let discussion = """
        Run it after the rules file changes. Each row gets what the rules set now: a value a rule no
        longer sets goes back to the source's (none for note, tags and counter account). A value set by
        hand (`transactions edit --category …`) is never changed; --dry-run lists every change and
        writes nothing. Rules read the source's fields, not what rules or hands set, so applying twice
        changes nothing the second time. One database transaction. --from and --to are both included.
        """
    static let options: [OptionSpec] = [
        .value("--rules", "PATH", "The rules file (default: $XDG_CONFIG_HOME/ledgerport/rules.json)."),
        .value("--account", "NAME", "Only this account's transactions."),
        .value("--from", "DAY", "The first booking day (YYYY-MM-DD), included."),
        .value("--to", "DAY", "The last booking day (YYYY-MM-DD), included."),
        .flag("--dry-run", "List what would change, write nothing."),
        .flag("--json", "Print the result as JSON."),
    ]

    let rulesPath: String?
    let account: String?
    let window: DayWindow
    let dryRun: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("rules apply takes no arguments") }
        rulesPath = arguments.value("--rules")
        account = try arguments.accountName("--account")
        let from = try arguments.value("--from").map { text throws(UsageError) in try parseDay(text, option: "--from") }
        let to = try arguments.value("--to").map { text throws(UsageError) in try parseDay(text, option: "--to") }
        if let from, let to, to < from { throw UsageError("--to \(to) is before --from \(from)") }
        window = DayWindow.days(from, through: to)
        dryRun = arguments.has("--dry-run")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        guard let set = try context.ruleSet(path: rulesPath, required: true) else { return 1 }
        let ledger = try context.ruleStore()
        let selected = try account.map { name in try context.account(named: name) }
        let evaluator = set.makeEvaluator()
        var changes: [JSONOutput] = []
        // Only a dry run lists the changes; an apply counts them.
        let report: (RuleChange) -> Void = { change in
            if json {
                changes.append(
                    .object([
                        ("id", .int(change.transactionID)), ("field", .string(change.field)),
                        ("before", .optional(change.before)), ("after", .optional(change.after)),
                    ]))
            } else {
                context.console.print(
                    "would change \(change.transactionID)'s \(change.field) from \(Self.shown(change.before)) "
                        + "to \(Self.shown(change.after))")
            }
        }
        let result = try ledger.applyRules(
            account: selected, in: window, dryRun: dryRun, assign: evaluator.assignment(for:),
            change: dryRun ? report : nil)
        if json {
            var members: [(String, JSONOutput)] = [
                ("dryRun", .bool(dryRun)), ("rules", .string(set.file)), ("read", .int(result.read)),
                ("changed", .int(result.changed)), ("keptByHand", .int(result.keptByHand)),
                (
                    "fields",
                    .object(RuleField.allCases.map { ($0.key, .int(result.changedFields[$0] ?? 0)) })
                ),
            ]
            if dryRun { members.append(("changes", .array(changes))) }
            context.console.print(JSONOutput.object(members).rendered())
            return 0
        }
        let fields = RuleField.allCases.compactMap { field in
            result.changedFields[field].map { "\($0) \(field.key)" }
        }
        context.console.print(
            (dryRun ? "dry run, nothing written: would change " : "changed ")
                + "\(result.changed) of \(result.read) transaction\(result.read == 1 ? "" : "s")"
                + (fields.isEmpty ? "" : " (\(fields.joined(separator: ", ")))")
                + (result.keptByHand > 0
                    ? "; kept \(result.keptByHand) value\(result.keptByHand == 1 ? "" : "s") set by hand" : ""))
        return 0
    }

    static func shown(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "(none)" }
}
