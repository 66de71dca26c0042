import LedgerCore
import LedgerStore

/// `ledgerport commodities`: the units the ledger declares beyond ISO 4217, with their decimals.
struct CommoditiesCommand: Command {
    static let name = "commodities"
    static let abstract = "List the commodities the ledger declares beyond ISO 4217 (BTC, fund shares)."
    static let discussion = """
        A commodity is a unit that is not an ISO 4217 currency, with its own number of decimals
        (BTC 8, a fund's shares 4 to 6); amounts in it are stored exactly, as whole minor units.
        A file naming one imports only once it is declared: with `ledgerport commodities add`, or by
        the CSV mapping's "commodities" key (registered with the first rows that use it). ISO 4217
        codes always keep their own decimals.
        """
    static let options: [OptionSpec] = [.flag("--json", "Print the commodities as JSON.")]
    static let subcommands: [any Command.Type] = [CommoditiesAddCommand.self]

    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("commodities takes no arguments") }
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let commodities = try context.commodityStore().storedCommodities()
        if json {
            context.console.print(JSONOutput.array(commodities.map(Self.json)).rendered())
            return 0
        }
        if commodities.isEmpty {
            context.console.print(
                "No commodities declared: only ISO 4217 currencies. `ledgerport commodities add BTC --digits 8` declares one."
            )
            return 0
        }
        var table = Table([
            ("CODE", .left), ("DECIMALS", .right), ("SMALLEST", .right), ("ACCOUNTS", .right), ("DECLARED BY", .left),
        ])
        for stored in commodities {
            table.append([
                stored.commodity.code, String(stored.commodity.minorDigits),
                Money.format(1, currency: stored.commodity), String(stored.accounts),
                stored.isDeclaredByUser ? "commodities add" : "a source",
            ])
        }
        context.console.print(table.rendered())
        return 0
    }

    static func json(_ stored: StoredCommodity) -> JSONOutput {
        .object([
            ("code", .string(stored.commodity.code)), ("minorDigits", .int(stored.commodity.minorDigits)),
            ("accounts", .int(stored.accounts)),
            ("declaredBy", .string(stored.isDeclaredByUser ? "user" : "source")),
            ("declaredAt", .string(stored.declaredAt)),
        ])
    }
}
