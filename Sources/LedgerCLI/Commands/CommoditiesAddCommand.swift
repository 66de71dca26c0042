import LedgerCore
import LedgerStore

/// `ledgerport commodities add CODE --digits N`: declares a commodity.
struct CommoditiesAddCommand: Command {
    static let name = "commodities add"
    static let abstract = "Declare a commodity (a unit beyond ISO 4217) with its number of decimals."
    static let arguments = "CODE"
    static let discussion = """
        CODE is 1 to 12 of A-Z, 0-9, '.', '_', '-', starting with a letter (any case; stored upper
        case). --digits is its number of decimals, 0 to 12: amounts are whole minor units in 64 bits,
        so with 12 decimals the largest amount is 9223372.036854775807. Declaring a commodity again
        with the same decimals changes nothing. Other decimals are refused once an account holds it
        (stored amounts are never rescaled), and an ISO 4217 code keeps its own decimals.
        Exit status: 0 declared (or already so), 1 refused by what the ledger holds, 2 bad usage.
        """
    static let options: [OptionSpec] = [
        .value("--digits", "N", "The commodity's decimals, 0 to 12 (BTC has 8)."),
        .flag("--json", "Print the result as JSON."),
    ]

    let commodity: Currency
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError("commodities add needs exactly one CODE: ledgerport commodities add CODE --digits N")
        }
        guard let digitsText = arguments.value("--digits") else {
            throw UsageError("commodities add needs --digits N, the commodity's decimals (BTC has 8)")
        }
        guard let digits = Int(digitsText) else {
            throw UsageError(
                "--digits \(digitsText) is not a number of decimals; expected a whole number from 0 to "
                    + "\(Currency.largestMinorDigits)")
        }
        do {
            commodity = try Currency.declared(code: arguments.positionals[0], minorDigits: digits, at: .file("CODE"))
        } catch {
            throw UsageError(error.message)
        }
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let ledger = try context.commodityStore(creatingIfMissing: true)
        let changed = commodity.isISO ? false : try ledger.declareCommodity(commodity)
        if json {
            context.console.print(
                JSONOutput.object([
                    ("code", .string(commodity.code)), ("minorDigits", .int(commodity.minorDigits)),
                    ("iso4217", .bool(commodity.isISO)), ("changed", .bool(changed)),
                ]
                ).rendered())
        } else if commodity.isISO {
            context.console.print(
                "\(commodity.code) is an ISO 4217 currency with \(commodity.minorDigits) decimals: nothing to declare")
        } else if changed {
            context.console.print(
                "declared \(commodity.code) with \(commodity.minorDigits) decimals "
                    + "(smallest amount \(Money.format(1, currency: commodity)))")
        } else {
            context.console.print("\(commodity.code) is declared with \(commodity.minorDigits) decimals already")
        }
        return 0
    }
}
