import LedgerCore
import LedgerStore

/// `ledgerport transactions`: the stored transactions, by account and day, streamed.
///
/// Rows go from the store's query to the output one at a time (``Ledger/transactions(matching:_:)``,
/// ``StreamedTable``, ``StreamedJSONArray``): a million rows list in the memory of one chunk of text.
struct TransactionsCommand: Command {
    static let name = "transactions"
    static let abstract = "List stored transactions, optionally for one account and a range of days."
    static let discussion = """
        --from and --to are both included: --from 2024-01-01 --to 2024-01-31 is January. Rows are
        listed by account, day and the order they were stored, as they are read: --limit keeps the
        first N. --search and --payee ignore case (Unicode lowercase): --search finds TEXT anywhere in
        the description or the memo, --payee at the start of the payee (named by the source, a rule
        or an edit) or of the description, where banks put the payee or payer. --category keeps rows filed under TEXT or a category below it (Auto takes
        Auto:Fuel), on the row or one of its split lines, ignoring case. % and _ are plain
        characters. The table sizes its columns on its first 1000 rows; a wider cell after them is
        shown whole.
        """
    static let options: [OptionSpec] = [
        .value("--account", "NAME", "Only this account's transactions."),
        .value("--from", "DAY", "The first day to list (YYYY-MM-DD), included."),
        .value("--to", "DAY", "The last day to list (YYYY-MM-DD), included."),
        .value("--search", "TEXT", "Only transactions whose description or memo holds TEXT."),
        .value("--payee", "TEXT", "Only transactions whose payee or description starts with TEXT."),
        .value("--category", "TEXT", "Only transactions filed under category TEXT or one below it."),
        .value("--limit", "N", "List at most N transactions (the first ones)."),
        .flag("--with-upcoming", "Merge in scheduled and upcoming recurring charges, newest first (as `upcoming`)."),
        .flag("--json", "Print the transactions as JSON."),
    ]
    static let subcommands: [any Command.Type] = [TransactionsDeleteCommand.self, TransactionsEditCommand.self]

    let account: String?
    let window: DayWindow
    let search: TextSearch?
    let payee: TextSearch?
    let category: TextSearch?
    let limit: Int?
    /// `--with-upcoming`: the merged list of recorded and upcoming money instead.
    let withUpcoming: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("transactions takes no arguments") }
        account = try arguments.accountName("--account")
        let from = try arguments.value("--from").map { text throws(UsageError) in try parseDay(text, option: "--from") }
        let to = try arguments.value("--to").map { text throws(UsageError) in try parseDay(text, option: "--to") }
        if let from, let to, to < from { throw UsageError("--to \(to) is before --from \(from)") }
        window = DayWindow.days(from, through: to)
        search = try Self.text("--search", in: arguments).map(TextSearch.init)
        payee = try Self.text("--payee", in: arguments).map(TextSearch.init)
        category = try Self.text("--category", in: arguments).map(TextSearch.init)
        // No default: without --limit every row is listed.
        let hasLimit = arguments.value("--limit") != nil
        limit =
            hasLimit
            ? try arguments.count("--limit", "a count of transactions", in: 1...1_000_000_000, default: 1) : nil
        json = arguments.has("--json")
        withUpcoming = arguments.has("--with-upcoming")
        if withUpcoming, search != nil || payee != nil || category != nil || hasLimit {
            throw UsageError("--with-upcoming goes with --account, --from and --to only")
        }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let ledger = try context.reader()
        let selected = try account.map { name in try context.account(named: name) }
        if withUpcoming {
            let today = try context.today()
            let last = window.end?.previous ?? today.adding(days: 30) ?? today
            return try UpcomingCommand.list(
                from: window.start, through: last, account: selected, json: json, in: context)
        }
        let query = TransactionQuery(
            account: selected, window: window, search: search, payee: payee, category: category, limit: limit
        )
        let output = ChunkedOutput(console: context.console)
        if json {
            var array = StreamedJSONArray(output: output)
            try ledger.transactions(matching: query) { transaction in
                array.append { text in ReportJSON.appendTransaction(transaction, to: &text) }
            }
            array.finish()
            return 0
        }
        var table = StreamedTable(
            [
                ("ID", .right), ("DATE", .left), ("ACCOUNT", .left), ("AMOUNT", .right), ("CUR", .left),
                ("STATUS", .left), ("CATEGORY", .left), ("DESCRIPTION", .left), ("MEMO", .left),
            ], output: output)
        try ledger.transactions(matching: query) { transaction in
            table.append([
                String(transaction.id), transaction.bookingDay.description, transaction.account,
                Money.format(transaction.signedMinorUnits, currency: transaction.amount.currency),
                transaction.amount.currency.code, transaction.status.rawValue, transaction.category ?? "",
                transaction.description, transaction.memo,
            ])
        }
        table.finish()
        return 0
    }

    /// A text option's value, which may not be empty (it would match everything).
    private static func text(_ option: String, in arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let text = arguments.value(option) else { return nil }
        guard !text.isEmpty else { throw UsageError("\(option) '' is empty; expected the text to look for") }
        return text
    }
}

/// Reads a `YYYY-MM-DD` option value, or says what was expected.
func parseDay(_ text: String, option: String) throws(UsageError) -> Day {
    guard let day = Day(iso: text) else {
        throw UsageError("\(option) \(text) is not a calendar day; expected YYYY-MM-DD, such as 2024-01-31")
    }
    return day
}
