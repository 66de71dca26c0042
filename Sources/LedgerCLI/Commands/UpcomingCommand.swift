import LedgerCore
import LedgerStore

/// `ledgerport upcoming`: one list of recorded and upcoming money.
struct UpcomingCommand: Command {
    static let name = "upcoming"
    static let abstract = "One list of recorded and upcoming money: transactions, scheduled and due charges."
    static let discussion = """
        The recorded transactions in the window, the scheduled charges (missed ones marked), and each
        recurring rule's due days after its mark that it hasn't charged, newest first, in the same
        order every time. Every entry has a stable id: r:RULE:DAY for a rule's charge, whether it is
        still to come or happened (its row keeps the id), t:ID for any other transaction. --from
        defaults to today, --to to 30 days after it; both days are included.
        """
    static let options: [OptionSpec] = [
        .value("--from", "DAY", "The first day (default today)."),
        .value("--to", "DAY", "The last day, included (default 30 days after --from)."),
        .value("--account", "NAME", "Only this account."),
        .flag("--json", "Print the list as JSON."),
    ]

    let from: Day?
    let to: Day?
    let accountName: String?
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("upcoming takes no arguments") }
        from = try arguments.day("--from")
        to = try arguments.day("--to")
        if let from, let to, to < from { throw UsageError("--to \(to) is before --from \(from)") }
        accountName = arguments.value("--account")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let today = try context.today()
        let first = from ?? today
        let last = to ?? first.adding(days: 30) ?? first
        let account = try accountName.map { name in try context.account(named: name) }
        return try Self.list(from: first, through: last, account: account, json: json, in: context)
    }

    /// Prints the merged list of a window (`upcoming`, `transactions --with-upcoming`).
    static func list(
        from first: Day?, through last: Day, account: StoredAccount?, json: Bool, in context: CommandContext
    ) throws -> Int32 {
        let today = try context.today()
        let window = DayWindow.days(first, through: last)
        let inputs = try context.recurringStore().timelineInputs(window: window, account: account, today: today)
        let entries = MoneyTimeline.merge(recorded: inputs.recorded, rules: inputs.rules, window: window)
        if json {
            context.console.print(JSONOutput.array(entries.map(ReportJSON.timelineEntry)).rendered())
            return 0
        }
        guard !entries.isEmpty else {
            context.console.print("Nothing recorded or due \(first.map { "from \($0) " } ?? "")through \(last)")
            return 0
        }
        var table = Table([
            ("DATE", .left), ("KIND", .left), ("ACCOUNT", .left), ("AMOUNT", .right), ("DESCRIPTION", .left),
            ("ID", .left),
        ])
        for entry in entries {
            table.append([
                entry.day.description, entry.kind.rawValue, entry.account,
                Money.format(entry.amount, currency: entry.currency) + " " + entry.currency.code, entry.description,
                entry.id,
            ])
        }
        context.console.print(table.rendered())
        return 0
    }
}
