import LedgerCore
import LedgerStore

/// `ledgerport accounts`: every account with its booked balance.
struct AccountsCommand: Command {
    static let name = "accounts"
    static let abstract = "List the accounts with their booked balances and transaction counts."
    static let discussion = "Balances are signed from the holder's side: money owed on a card is negative."
    static let options: [OptionSpec] = [.flag("--json", "Print the accounts as JSON.")]
    static let subcommands: [any Command.Type] = [
        AccountsRenameCommand.self, AccountsMergeCommand.self, AccountsSetCommand.self,
    ]

    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("accounts takes no arguments") }
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let summaries = try context.reader().accountSummaries()
        if json {
            context.console.print(JSONOutput.array(summaries.map(ReportJSON.account)).rendered())
            return 0
        }
        if summaries.isEmpty {
            context.console.print("No accounts yet: `ledgerport import FILE` creates them.")
            return 0
        }
        var table = Table([
            ("ACCOUNT", .left), ("TYPE", .left), ("CURRENCY", .left), ("BALANCE", .right), ("TRANSACTIONS", .right),
        ])
        for summary in summaries {
            table.append([
                summary.account.name, summary.account.kind.rawValue, summary.account.currency.code,
                Money.format(summary.balance, currency: summary.account.currency), String(summary.transactionCount),
            ])
        }
        context.console.print(table.rendered())
        return 0
    }
}
