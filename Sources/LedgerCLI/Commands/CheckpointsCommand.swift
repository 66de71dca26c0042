import LedgerCore
import LedgerStore

/// `ledgerport checkpoints`: the parent of `checkpoints delete`.
struct CheckpointsCommand: Command {
    static let name = "checkpoints"
    static let abstract = "Change an account's checkpoints (`reconcile ACCOUNT` lists them)."
    static let discussion = "To list an account's checkpoints, run `ledgerport reconcile ACCOUNT`."
    static let options: [OptionSpec] = []
    static let subcommands: [any Command.Type] = [CheckpointsDeleteCommand.self]

    init(arguments: ParsedArguments) throws(UsageError) {
        throw UsageError("checkpoints needs a subcommand: ledgerport checkpoints delete ACCOUNT DAY")
    }

    func run(in context: CommandContext) throws -> Int32 { 2 }
}

/// `ledgerport checkpoints delete ACCOUNT DAY`: removes a checkpoint.
struct CheckpointsDeleteCommand: Command {
    static let name = "checkpoints delete"
    static let abstract = "Delete an account's checkpoint on a day; later ones are recomputed."
    static let arguments = "ACCOUNT DAY"
    static let discussion = """
        Removes the checkpoint, whatever brought it (a statement, a sync, `reconcile`); the later
        checkpoints then count from the one before it. A statement balance a file stated stays, so
        importing that file again checks that day again. One transaction. A day with no checkpoint
        exits 1.
        """
    static let options: [OptionSpec] = [
        .flag("--dry-run", "Say what would change, write nothing."),
        .flag("--json", "Print the result as JSON."),
    ]

    let account: String
    let day: Day
    let dryRun: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 2 else {
            throw UsageError(
                "checkpoints delete needs ACCOUNT and DAY: ledgerport checkpoints delete ACCOUNT YYYY-MM-DD")
        }
        account = try ParsedArguments.accountName(arguments.positionals[0], what: "ACCOUNT")
        day = try parseDay(arguments.positionals[1], option: "DAY")
        dryRun = arguments.has("--dry-run")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let stored = try context.account(named: account)
        let deletion = try context.correctionStore().deleteCheckpoint(of: stored, on: day, dryRun: dryRun)
        if json {
            context.console.print(
                JSONOutput.object([
                    ("dryRun", .bool(dryRun)), ("deleted", ReportJSON.checkpoint(deletion.deleted)),
                    ("updatedCheckpoints", .array(deletion.refreshed.map(ReportJSON.checkpoint))),
                ]
                ).rendered())
            return 0
        }
        let verb = dryRun ? "dry run, nothing written: would delete" : "deleted"
        context.console.print("\(verb) the checkpoint " + CheckpointText.line(deletion.deleted))
        for checkpoint in deletion.refreshed {
            context.console.print("updated the later checkpoint " + CheckpointText.line(checkpoint))
        }
        return 0
    }
}
