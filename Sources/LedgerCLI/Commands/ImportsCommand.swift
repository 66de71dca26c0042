import LedgerCore
import LedgerImport
import LedgerStore

/// `ledgerport imports`: the imports log.
struct ImportsCommand: Command {
    static let name = "imports"
    static let abstract = "List past imports: file, format, counts and how each ended."
    static let discussion = """
        A run whose process has gone (killed, crashed) before it could say how it ended shows as
        `interrupted`; one taken back by `imports undo` shows as `undone`. An external adapter's
        version shows beside its name; --json adds every adapter's version and an external one's
        sha256 (adapterVersion, adapterSHA256).
        """
    static let options: [OptionSpec] = [.flag("--json", "Print the log as JSON.")]
    static let subcommands: [any Command.Type] = [ImportsUndoCommand.self]

    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("imports takes no arguments") }
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let records = try context.reader().imports()
        // `running` in the log, but its process on this host has gone.
        let status = { (record: ImportRecord) -> String in
            if record.undoneAt != nil { return "undone" }
            return record.wasInterrupted ? "interrupted" : record.status.rawValue
        }
        if json {
            let values = records.map { record -> JSONOutput in
                .object([
                    ("id", .int(record.id)), ("startedAt", .string(record.startedAt)),
                    ("finishedAt", .optional(record.finishedAt)), ("file", .string(record.sourcePath)),
                    ("sha256", .optional(record.sha256)), ("format", .string(record.adapter)),
                    ("adapterVersion", .optional(record.adapterVersion)),
                    ("adapterSHA256", .optional(record.adapterSHA256)),
                    ("mapping", .optional(record.mapping)), ("read", .int(record.read)),
                    ("inserted", .int(record.inserted)), ("duplicates", .int(record.duplicates)),
                    ("batches", .int(record.batches)), ("status", .string(status(record))),
                    ("failure", .optional(record.failure)), ("undoneAt", .optional(record.undoneAt)),
                ])
            }
            context.console.print(JSONOutput.array(values).rendered())
            return 0
        }
        var table = Table([
            ("ID", .right), ("STARTED", .left), ("FORMAT", .left), ("READ", .right), ("INSERTED", .right),
            ("DUPLICATES", .right), ("STATUS", .left), ("FILE", .left),
        ])
        for record in records {
            table.append([
                String(record.id), record.startedAt, Self.adapterText(record), String(record.read),
                String(record.inserted),
                String(record.duplicates), status(record), record.sourcePath,
            ])
        }
        context.console.print(table.rendered())
        return 0
    }

    /// The adapter's id, and for an external adapter (one with a digest) its version too.
    private static func adapterText(_ record: ImportRecord) -> String {
        guard record.adapterSHA256 != nil, let version = record.adapterVersion else { return record.adapter }
        return "\(record.adapter) \(version)"
    }
}
