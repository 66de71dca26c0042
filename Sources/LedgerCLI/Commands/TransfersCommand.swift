import LedgerCore
import LedgerStore

/// `ledgerport transfers`: the transfers between the ledger's accounts, and the rows that look
/// like one side of a transfer but aren't paired.
struct TransfersCommand: Command {
    static let name = "transfers"
    static let abstract = "List transfers between your accounts and the unpaired rows that look like one."
    static let discussion = """
        A transfer is a debit row in one account paired with a credit row in another: the same
        amount and currency, booking days at most --days apart (default 3). Import and sync pair them
        (matched); `transfers confirm` pairs two rows by hand or confirms a match, `transfers split`
        unpairs one for good. Exports and reports count a transfer once (docs/transfers.md). Each
        pair is listed as its two rows, money out first. Candidates are unpaired booked rows with a
        counterpart within --days: two or more equally good ones (nothing is guessed), or one a wider
        --days reaches; or filed under a transfer category such as [Savings]. --account, --from and
        --to keep pairs with a row in that account and those days (both included).
        """
    static let options: [OptionSpec] = [
        .value("--account", "NAME", "Only transfers and candidates with a row in this account."),
        .value("--from", "DAY", "The first day (YYYY-MM-DD), included."),
        .value("--to", "DAY", "The last day (YYYY-MM-DD), included."),
        .value("--days", "N", "Candidates: the most days two sides may be apart (default 3)."),
        .flag("--json", "Print the transfers and candidates as JSON."),
    ]
    static let subcommands: [any Command.Type] = [
        TransfersMatchCommand.self, TransfersConfirmCommand.self, TransfersSplitCommand.self,
    ]

    let account: String?
    let window: DayWindow
    let days: Int
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else {
            throw UsageError("transfers takes no arguments (subcommands: match, confirm, split)")
        }
        account = try arguments.accountName("--account")
        let from = try arguments.value("--from").map { text throws(UsageError) in try parseDay(text, option: "--from") }
        let to = try arguments.value("--to").map { text throws(UsageError) in try parseDay(text, option: "--to") }
        if let from, let to, to < from { throw UsageError("--to \(to) is before --from \(from)") }
        window = DayWindow.days(from, through: to)
        days = try Self.days(arguments)
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let ledger = try context.transferStore()
        let selected = try account.map { name in try context.account(named: name) }
        let keeps = { (row: StoredTransaction) -> Bool in
            (selected.map { row.account == $0.name } ?? true) && window.contains(row.bookingDay)
        }
        let transfers = try ledger.transfers().filter { keeps($0.out) || keeps($0.in) }
        let candidates = try ledger.transferCandidates(maxDays: days).filter { keeps($0.row) }
        if json {
            context.console.print(
                JSONOutput.object([
                    (
                        "transfers",
                        .array(
                            transfers.map { transfer in
                                .object([
                                    ("id", .int(transfer.id)), ("state", .string(transfer.state.rawValue)),
                                    ("out", ReportJSON.transaction(transfer.out)),
                                    ("in", ReportJSON.transaction(transfer.in)),
                                ])
                            })
                    ),
                    (
                        "candidates",
                        .array(
                            candidates.map { candidate in
                                .object([
                                    ("transaction", ReportJSON.transaction(candidate.row)),
                                    ("counterparts", .array(candidate.counterparts.map { .int($0) })),
                                ])
                            })
                    ),
                ]
                ).rendered())
            return 0
        }
        if transfers.isEmpty {
            context.console.print("no transfers")
        } else {
            var table = Table([
                ("TRANSFER", .right), ("STATE", .left), ("ID", .right), ("DATE", .left), ("ACCOUNT", .left),
                ("AMOUNT", .right), ("CUR", .left), ("DESCRIPTION", .left),
            ])
            for transfer in transfers {
                for (index, row) in [transfer.out, transfer.in].enumerated() {
                    table.append(
                        [index == 0 ? String(transfer.id) : "", index == 0 ? transfer.state.rawValue : ""]
                            + Self.cells(row))
                }
            }
            context.console.print(table.rendered())
        }
        guard !candidates.isEmpty else { return 0 }
        context.console.print(
            "\nunpaired rows that look like a transfer (pair them with `ledgerport transfers confirm OUT_ID IN_ID`):")
        var table = Table([
            ("ID", .right), ("DATE", .left), ("ACCOUNT", .left), ("AMOUNT", .right), ("CUR", .left),
            ("DESCRIPTION", .left), ("COUNTERPARTS", .left),
        ])
        for candidate in candidates {
            let others = candidate.counterparts.map(String.init).joined(separator: ", ")
            table.append(
                Self.cells(candidate.row)
                    + [others.isEmpty ? "category \(candidate.row.category ?? "")" : others])
        }
        context.console.print(table.rendered())
        return 0
    }

    /// A row's id, day, account, signed amount, currency and description.
    static func cells(_ row: StoredTransaction) -> [String] {
        [
            String(row.id), row.bookingDay.description, row.account,
            Money.format(row.signedMinorUnits, currency: row.amount.currency), row.amount.currency.code,
            row.description,
        ]
    }

    /// `--days N`, 0 to 366, 3 by default.
    static func days(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        try arguments.count("--days", "a number of days", in: 0...366, default: Ledger.transferDays)
    }
}
