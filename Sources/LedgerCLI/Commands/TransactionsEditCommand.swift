import LedgerCore
import LedgerStore

/// `ledgerport transactions edit ID`: corrects a transaction's description, memo or status.
struct TransactionsEditCommand: Command {
    static let name = "transactions edit"
    static let abstract = "Correct a transaction's description, memo or status."
    static let arguments = "ID"
    static let discussion = """
        Only what a person may correct changes: the amount, the days and the direction are the
        bank's. The row keeps its identity, so importing the same file again still finds it a
        duplicate (and keeps the edit). A status change (booked or pending) recomputes the
        checkpoints from the row's day. One transaction; an unknown id exits 1.
        """
    static let options: [OptionSpec] = [
        .value("--description", "TEXT", "The new description."),
        .value("--memo", "TEXT", "The new memo."),
        .value("--status", "booked|pending", "The new status."),
        .flag("--dry-run", "Say what would change, write nothing."),
        .flag("--json", "Print the result as JSON."),
    ]

    let id: Int64
    let edit: TransactionEdit
    let dryRun: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError("transactions edit needs one ID: ledgerport transactions edit ID --description TEXT")
        }
        id = try TransactionsDeleteCommand.transactionID(arguments.positionals[0])
        var edit = TransactionEdit(description: arguments.value("--description"), memo: arguments.value("--memo"))
        if let status = arguments.value("--status") {
            guard let parsed = TransactionStatus(rawValue: status) else {
                throw UsageError("--status \(status) is not a status; expected booked or pending")
            }
            edit.status = parsed
        }
        guard !edit.isEmpty else {
            throw UsageError("transactions edit needs --description, --memo or --status")
        }
        self.edit = edit
        dryRun = arguments.has("--dry-run")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let correction = try context.ledger().editTransaction(id, edit, dryRun: dryRun)
        if json {
            context.console.print(
                JSONOutput.object([
                    ("dryRun", .bool(dryRun)), ("before", .array(correction.before.map(ReportJSON.transaction))),
                    ("after", .array(correction.after.map(ReportJSON.transaction))),
                    ("updatedCheckpoints", .array(correction.refreshed.map(ReportJSON.checkpoint))),
                ]
                ).rendered())
            return 0
        }
        let verb = dryRun ? "dry run, nothing written: would change" : "changed"
        for (old, new) in zip(correction.before, correction.after) {
            for (field, was, now) in [
                ("description", old.description, new.description), ("memo", old.memo, new.memo),
                ("status", old.status.rawValue, new.status.rawValue),
            ] where was != now {
                context.console.print("\(verb) \(old.id)'s \(field) from \"\(was)\" to \"\(now)\"")
            }
        }
        for checkpoint in correction.refreshed {
            context.console.print(
                "\(dryRun ? "would update" : "updated") the checkpoint " + CheckpointText.line(checkpoint))
        }
        return 0
    }
}
