/// `ledgerport recurring list`: the same list as `recurring` alone.
struct RecurringListCommand: Command {
    static let name = "recurring list"
    static let abstract = "List the recurring rules (the same as `ledgerport recurring`)."
    static let options: [OptionSpec] = [.flag("--json", "Print the rules as JSON.")]

    let listing: RecurringCommand

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("recurring list takes no arguments") }
        listing = try RecurringCommand(arguments: arguments)
    }

    func run(in context: CommandContext) throws -> Int32 {
        try listing.run(in: context)
    }
}
