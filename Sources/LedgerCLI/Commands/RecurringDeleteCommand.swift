import LedgerCore
import LedgerStore

/// `ledgerport recurring delete NAME [--with-charges]`.
struct RecurringDeleteCommand: Command {
    static let name = "recurring delete"
    static let abstract = "Delete a recurring rule; with --with-charges, the charges it wrote too."
    static let arguments = "NAME"
    static let discussion = """
        A rule's past charges go only with --with-charges: its scheduled charges and the transactions
        it booked are deleted (rows an import brought stay: they are the bank's), and the checkpoints
        from the earliest one are recomputed, in one transaction. A rule that has charges is refused
        without it (exit 1): `recurring stop` keeps them.
        """
    static let options: [OptionSpec] = [
        .flag("--with-charges", "Delete the charges it wrote and the transactions it booked."),
        .flag("--json", "Print what was deleted as JSON."),
    ]

    let name: String
    let withCharges: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("recurring delete needs one NAME") }
        name = arguments.positionals[0]
        withCharges = arguments.has("--with-charges")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let rule = try RecurringCommand.rule(named: name, in: context)
        let deleted = try context.recurringStore().deleteRecurringRule(rule, withCharges: withCharges)
        if json {
            context.console.print(
                JSONOutput.object([
                    ("name", .string(rule.name)), ("charges", .int(deleted.charges)),
                    ("transactions", .int(deleted.rows)),
                ]
                ).rendered())
        } else {
            context.console.print(
                "deleted \(rule.name) with \(deleted.charges) charge\(deleted.charges == 1 ? "" : "s") and "
                    + "\(deleted.rows) transaction\(deleted.rows == 1 ? "" : "s")")
        }
        return 0
    }
}
