import LedgerCore
import LedgerStore

/// `ledgerport accounts merge FROM INTO`: joins two accounts that are one.
struct AccountsMergeCommand: Command {
    static let name = "accounts merge"
    static let abstract = "Merge account FROM into INTO: move its rows, keep each once, remove FROM."
    static let arguments = "FROM INTO"
    static let discussion = """
        Moves FROM's transactions, statement balances, checkpoints and source link (a synced feed's
        account) into INTO, then removes FROM. A transaction INTO already holds (the same identity as
        an import sees it: day, amount, direction, description and occurrence; or the same source id)
        is kept once: FROM's copy is dropped and counted, as is a statement balance or checkpoint of
        FROM on a day INTO has one for (INTO's is kept). INTO's checkpoints are recomputed from the
        earliest day moved. Both accounts must hold the same currency, and at most one may be linked
        to a source. One database transaction: all of it or nothing.
        """
    static let options: [OptionSpec] = [
        .flag("--dry-run", "Say what would move and what would be dropped, write nothing."),
        .flag("--json", "Print the result as JSON."),
    ]

    let from: String
    let into: String
    let dryRun: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 2 else {
            throw UsageError("accounts merge needs FROM and INTO: ledgerport accounts merge FROM INTO")
        }
        from = try ParsedArguments.accountName(arguments.positionals[0], what: "FROM")
        into = try ParsedArguments.accountName(arguments.positionals[1], what: "INTO")
        dryRun = arguments.has("--dry-run")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let source = try context.account(named: from)
        let target = try context.account(named: into)
        let merge = try context.accountChangeStore().mergeAccount(source, into: target, dryRun: dryRun)
        if json {
            context.console.print(
                JSONOutput.object([
                    ("dryRun", .bool(dryRun)), ("from", .string(merge.from.name)), ("into", .string(merge.into.name)),
                    ("movedTransactions", .int(merge.movedTransactions)),
                    ("duplicateTransactions", .int(merge.duplicateTransactions)),
                    ("movedBalances", .int(merge.movedBalances)), ("duplicateBalances", .int(merge.duplicateBalances)),
                    ("movedCheckpoints", .int(merge.movedCheckpoints)),
                    ("duplicateCheckpoints", .int(merge.duplicateCheckpoints)),
                    ("movedSourceLink", .bool(merge.movedSourceKey)),
                    ("updatedCheckpoints", .array(merge.refreshed.map(ReportJSON.checkpoint))),
                ]
                ).rendered())
            return 0
        }
        let console = context.console
        console.print(
            (dryRun ? "dry run, nothing written: would merge" : "merged")
                + " \"\(merge.from.name)\" into \"\(merge.into.name)\"")
        console.print(
            "  transactions: \(merge.movedTransactions) moved, \(merge.duplicateTransactions) already there (dropped)")
        console.print(
            "  statement balances: \(merge.movedBalances) moved, \(merge.duplicateBalances) on a day INTO has (dropped)"
        )
        console.print(
            "  checkpoints: \(merge.movedCheckpoints) moved, \(merge.duplicateCheckpoints) on a day INTO has (dropped)")
        if merge.movedSourceKey { console.print("  the source link (a feed's account) moved too") }
        for checkpoint in merge.refreshed {
            console.print("  updated the checkpoint " + CheckpointText.line(checkpoint))
        }
        if !dryRun { console.print("  \"\(merge.from.name)\" is removed") }
        return 0
    }
}
