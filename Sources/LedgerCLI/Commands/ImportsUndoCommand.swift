import LedgerCore
import LedgerImport
import LedgerStore

/// `ledgerport imports undo ID`: takes an import back.
struct ImportsUndoCommand: Command {
    static let name = "imports undo"
    static let abstract = "Take an import back: its rows, statement balances and checkpoints."
    static let arguments = "ID"
    static let discussion = """
        ID is an import's id as `ledgerport imports` lists it. Removes exactly the rows that import
        added; a row another import also brought stays, now counted as that import's. The statement
        balances and checkpoints it brought are removed, and the checkpoints whose windows change are
        recomputed. All in one transaction: whole or nothing. The import stays in the log as `undone`;
        undoing it again changes nothing (exit 0). An import still running is refused (exit 1). A
        feed sync is not an import and has no id here: its rows are never touched by an undo.
        """
    static let options: [OptionSpec] = [
        .flag("--dry-run", "Say what would change, write nothing."),
        .flag("--json", "Print the result as JSON."),
    ]

    let id: Int64
    let dryRun: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError("imports undo needs one ID: ledgerport imports undo ID (see `ledgerport imports`)")
        }
        guard let id = Int64(arguments.positionals[0]), id > 0 else {
            throw UsageError(
                "\"\(arguments.positionals[0])\" is not an import id; expected a number from `ledgerport imports`")
        }
        self.id = id
        dryRun = arguments.has("--dry-run")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let ledger = try context.correctionStore()
        if let record = try ledger.imports().first(where: { $0.id == id }), record.status == .running,
            !record.wasInterrupted, record.undoneAt == nil
        {
            throw StoreError(.correctionRefused(.importRunning(id)), at: .file(context.databasePath))
        }
        let undo = try ledger.undoImport(id, dryRun: dryRun)
        // The undone rows' pairs went with them; their counterparts may pair otherwise now.
        if !dryRun { try context.matchTransfersAfterWrite() }
        if json {
            context.console.print(Self.json(undo, dryRun: dryRun).rendered())
            return 0
        }
        if let before = undo.undoneBefore {
            context.console.print("import \(id) was undone already (\(before)); nothing changed")
            return 0
        }
        // A dry run speaks in the conditional: "would delete", "would keep".
        let verb = { (done: String, planned: String) in dryRun ? "would " + planned : done }
        let rows = undo.deletedTransactions == 1 ? "transaction" : "transactions"
        context.console.print(
            (dryRun ? "dry run, nothing written: " : "") + "\(verb("undid", "undo")) import \(id): "
                + "\(verb("deleted", "delete")) \(undo.deletedTransactions) \(rows)")
        for (owner, count) in undo.handedOver.sorted(by: { $0.key < $1.key }) {
            let noun = count == 1 ? "transaction" : "transactions"
            context.console.print(
                "\(verb("kept", "keep")) \(count) \(noun) import \(owner) also brought, now counted as import \(owner)'s"
            )
        }
        if undo.removedBalances > 0 {
            let noun = undo.removedBalances == 1 ? "statement balance" : "statement balances"
            context.console.print("\(verb("removed", "remove")) \(undo.removedBalances) \(noun)")
        }
        for checkpoint in undo.removedCheckpoints {
            context.console.print("\(verb("removed", "remove")) the checkpoint " + CheckpointText.line(checkpoint))
        }
        for checkpoint in undo.refreshed {
            context.console.print(
                "\(verb("updated", "update")) the later checkpoint " + CheckpointText.line(checkpoint))
        }
        return 0
    }

    private static func json(_ undo: ImportUndo, dryRun: Bool) -> JSONOutput {
        .object([
            ("dryRun", .bool(dryRun)), ("import", .int(undo.importID)),
            ("alreadyUndone", .bool(undo.wasUndoneBefore)), ("undoneBefore", .optional(undo.undoneBefore)),
            ("deletedTransactions", .int(undo.deletedTransactions)),
            (
                "handedOver",
                .array(
                    undo.handedOver.sorted(by: { $0.key < $1.key }).map { owner, count in
                        .object([("import", .int(owner)), ("transactions", .int(count))])
                    })
            ),
            ("removedBalances", .int(undo.removedBalances)),
            ("removedCheckpoints", .array(undo.removedCheckpoints.map(ReportJSON.checkpoint))),
            ("updatedCheckpoints", .array(undo.refreshed.map(ReportJSON.checkpoint))),
        ])
    }
}
