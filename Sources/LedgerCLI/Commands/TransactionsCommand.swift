import LedgerCore
import LedgerStore

/// `ledgerport transactions`: the stored transactions, by account and day.
struct TransactionsCommand: Command {
    static let name = "transactions"
    static let abstract = "List stored transactions, optionally for one account and a range of days."
    static let discussion = "--from and --to are both included: --from 2024-01-01 --to 2024-01-31 is January."
    static let options: [OptionSpec] = [
        .value("--account", "NAME", "Only this account's transactions."),
        .value("--from", "DAY", "The first day to list (YYYY-MM-DD), included."),
        .value("--to", "DAY", "The last day to list (YYYY-MM-DD), included."),
        .flag("--json", "Print the transactions as JSON."),
    ]
    static let subcommands: [any Command.Type] = [TransactionsDeleteCommand.self, TransactionsEditCommand.self]

    let account: String?
    let window: DayWindow
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("transactions takes no arguments") }
        account = try arguments.accountName("--account")
        let from = try arguments.value("--from").map { text throws(UsageError) in try parseDay(text, option: "--from") }
        let to = try arguments.value("--to").map { text throws(UsageError) in try parseDay(text, option: "--to") }
        if let from, let to, to < from { throw UsageError("--to \(to) is before --from \(from)") }
        window = DayWindow.days(from, through: to)
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let ledger = try context.ledger()
        let selected = try account.map { name in try context.account(named: name) }
        let transactions = try ledger.transactions(account: selected, in: window)
        if json {
            context.console.print(JSONOutput.array(transactions.map(ReportJSON.transaction)).rendered())
            return 0
        }
        var table = Table([
            ("ID", .right), ("DATE", .left), ("ACCOUNT", .left), ("AMOUNT", .right), ("CUR", .left), ("STATUS", .left),
            ("DESCRIPTION", .left),
        ])
        for transaction in transactions {
            table.append([
                String(transaction.id), transaction.bookingDay.description, transaction.account,
                Money.format(transaction.signedMinorUnits, currency: transaction.amount.currency),
                transaction.amount.currency.code, transaction.status.rawValue, transaction.description,
            ])
        }
        context.console.print(table.rendered())
        return 0
    }
}

/// Reads a `YYYY-MM-DD` option value, or says what was expected.
func parseDay(_ text: String, option: String) throws(UsageError) -> Day {
    guard let day = Day(iso: text) else {
        throw UsageError("\(option) \(text) is not a calendar day; expected YYYY-MM-DD, such as 2024-01-31")
    }
    return day
}
