import LedgerCore

/// `ledgerport adapters`: the adapters, built in and external. (A minimal list here; helper
/// "trust" owns the full listing, which the lead merges with this one.)
struct AdaptersCommand: Command {
    static let name = "adapters"
    static let abstract = "List the adapters, built in and external, and test them against golden files."
    static let options: [OptionSpec] = []
    static let subcommands: [any Command.Type] = [AdaptersTestCommand.self]

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("adapters takes no arguments") }
    }

    func run(in context: CommandContext) throws -> Int32 {
        for adapter in context.adapters { context.console.print("\(adapter.id)  \(adapter.summary)") }
        return 0
    }
}
