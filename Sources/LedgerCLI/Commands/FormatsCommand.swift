import LedgerCore
import LedgerImport

/// `ledgerport formats`: the registered format adapters.
struct FormatsCommand: Command {
    static let name = "formats"
    static let abstract = "List the file formats ledgerport reads, with their ids for --format."
    static let opensLedger = false
    static let options: [OptionSpec] = [.flag("--json", "Print the formats as JSON.")]

    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("formats takes no arguments") }
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let adapters = context.adapters
        if json {
            let values = adapters.map { adapter -> JSONOutput in
                .object([
                    ("id", .string(adapter.id)), ("summary", .string(adapter.summary)),
                    ("extensions", .array(adapter.fileExtensions.map(JSONOutput.string))),
                ])
            }
            context.console.print(JSONOutput.array(values).rendered())
            return 0
        }
        var table = Table([("ID", .left), ("EXTENSIONS", .left), ("FORMAT", .left)])
        for adapter in adapters {
            table.append([adapter.id, adapter.fileExtensions.joined(separator: ", "), adapter.summary])
        }
        context.console.print(table.rendered())
        return 0
    }
}
