import LedgerCore
import LedgerStore

/// `ledgerport transactions delete ID…`: removes transactions, remembered so a re-import skips them.
struct TransactionsDeleteCommand: Command {
    static let name = "transactions delete"
    static let abstract = "Delete transactions by id; a re-import skips them unless --restore-deleted."
    static let arguments = "ID..."
    static let discussion = """
        IDs are as `ledgerport transactions` shows them (the ID column, or `id` with --json). Each
        deleted row's identity is remembered: importing the same file again skips it and counts it as
        deleted before, unless `import --restore-deleted` is given. Checkpoints from the earliest day
        deleted are recomputed. One transaction: an unknown id deletes nothing (exit 1).
        """
    static let options: [OptionSpec] = [
        .flag("--dry-run", "Say what would change, write nothing."),
        .flag("--json", "Print the result as JSON."),
    ]

    let ids: [Int64]
    let dryRun: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("transactions delete needs at least one ID (see `ledgerport transactions`)")
        }
        ids = try arguments.positionals.map(Self.transactionID)
        dryRun = arguments.has("--dry-run")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let correction = try context.correctionStore().deleteTransactions(ids, dryRun: dryRun)
        // The deleted rows' pairs went with them; their counterparts may pair otherwise now.
        if !dryRun { try context.matchTransfersAfterWrite() }
        if json {
            context.console.print(
                JSONOutput.object([
                    ("dryRun", .bool(dryRun)), ("deleted", .array(correction.before.map(ReportJSON.transaction))),
                    ("updatedCheckpoints", .array(correction.refreshed.map(ReportJSON.checkpoint))),
                ]
                ).rendered())
            return 0
        }
        let verb = dryRun ? "dry run, nothing written: would delete" : "deleted"
        for transaction in correction.before {
            let amount = Money.format(transaction.signedMinorUnits, currency: transaction.amount.currency)
            context.console.print(
                "\(verb) \(transaction.id): \(transaction.bookingDay) \(transaction.account) \(amount) \(transaction.description)"
            )
        }
        for checkpoint in correction.refreshed {
            context.console.print(
                "\(dryRun ? "would update" : "updated") the checkpoint " + CheckpointText.line(checkpoint))
        }
        return 0
    }

    /// Reads a transaction id argument.
    static func transactionID(_ text: String) throws(UsageError) -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw UsageError("\"\(text)\" is not a transaction id; expected a number from `ledgerport transactions`")
        }
        return id
    }
}
