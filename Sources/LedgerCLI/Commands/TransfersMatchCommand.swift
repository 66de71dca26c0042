import LedgerCore
import LedgerStore

/// `ledgerport transfers match`: pairs the transfers' rows again.
struct TransfersMatchCommand: Command {
    static let name = "transfers match"
    static let abstract = "Pair the two sides of transfers again (import and sync do it too)."
    static let discussion = """
        Pairs booked rows of two accounts with the same amount and currency, opposite directions and
        booking days at most --days apart (default 3). A row pairs with its one closest counterpart
        when that row's closest is it too; rows with equally close counterparts stay unpaired and are
        listed by `ledgerport transfers`. The result depends only on the ledger's rows, never on the
        order they were imported in. Confirmed pairs stay; split pairs are never made again; matched
        pairs the result no longer holds are dropped. Import and sync match with 3 days.
        """
    static let options: [OptionSpec] = [
        .value("--days", "N", "The most days two sides may be apart (default 3)."),
        .flag("--json", "Print the counts as JSON."),
    ]

    let days: Int
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("transfers match takes no arguments") }
        days = try TransfersCommand.days(arguments)
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let report = try context.transferStore().matchTransfers(maxDays: days)
        if json {
            context.console.print(
                JSONOutput.object([
                    ("added", .int(Int64(report.added))), ("removed", .int(Int64(report.removed))),
                    ("transfers", .int(Int64(report.pairs))), ("ambiguous", .int(Int64(report.ambiguous))),
                ]
                ).rendered())
            return 0
        }
        context.console.print(
            "\(report.pairs) transfer\(report.pairs == 1 ? "" : "s") (\(report.added) new, \(report.removed) dropped);"
                + " \(report.ambiguous) row\(report.ambiguous == 1 ? "" : "s") with equally close counterparts left unpaired"
        )
        return 0
    }
}
