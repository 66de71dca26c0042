import LedgerCore
import LedgerStore

/// `ledgerport report`: income and spending by category, payee, month or account, per currency,
/// transfers left out; or the net worth over time (`docs/reports.md`).
///
/// Takes no positional argument: a word after `report` names a subcommand (`report reconcile`).
struct ReportCommand: Command {
    static let name = "report"
    static let abstract = "Sum income and spending by category, payee, month or account, or show the net worth."
    static let discussion = """
        Income is the booked credits added and spending the booked debits, each by direction, per
        currency (two currencies are never added); pending rows and matched transfers are left out.
        --from and --to are both included, as with `transactions`: --from 2024-01-01 --to 2024-03-31
        is the first quarter. --monthly splits each line by month (--by month is the months alone).
        --net-worth adds every account's balance per currency (a liability counts negative) at the
        end of --to (else of the last day with a row or checkpoint), or with --monthly at each
        month's end from --from (else the first such day). Figures are exact decimals.
        """
    static let options: [OptionSpec] = [
        .value("--by", "KEY", "Group the lines by category, payee, month or account."),
        .value("--from", "DAY", "The first day to count (YYYY-MM-DD), included."),
        .value("--to", "DAY", "The last day to count (YYYY-MM-DD), included."),
        OptionSpec(name: "--account", value: "NAME", help: "Only this account (repeat for more).", repeats: true),
        .flag("--monthly", "One line per month (with --net-worth, one point per month's end)."),
        .flag("--net-worth", "The sum of the accounts' balances per currency instead."),
        .flag("--json", "Print the report as JSON."),
    ]
    static let subcommands: [any Command.Type] = [ReportReconcileCommand.self]

    let grouping: ReportQuery.Grouping?
    let from: Day?
    let to: Day?
    let accounts: [String]
    let isMonthly: Bool
    let isNetWorth: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else {
            throw UsageError(
                "report takes no arguments, found '\(arguments.positionals[0])'; expected options such as --by category"
            )
        }
        if let by = arguments.value("--by") {
            guard let grouping = ReportQuery.Grouping(rawValue: by) else {
                let keys = ReportQuery.Grouping.allCases.map(\.rawValue)
                throw UsageError("--by \(by) is not a grouping; expected one of " + keys.joined(separator: ", "))
            }
            self.grouping = grouping
        } else {
            grouping = nil
        }
        from = try arguments.value("--from").map { text throws(UsageError) in try parseDay(text, option: "--from") }
        to = try arguments.value("--to").map { text throws(UsageError) in try parseDay(text, option: "--to") }
        if let from, let to, to < from { throw UsageError("--to \(to) is before --from \(from)") }
        accounts = try arguments.values("--account").map { name throws(UsageError) in
            try ParsedArguments.accountName(name, what: "--account")
        }
        isMonthly = arguments.has("--monthly")
        isNetWorth = arguments.has("--net-worth")
        json = arguments.has("--json")
        if isNetWorth, let grouping {
            throw UsageError(
                "--net-worth sums balances and takes no --by \(grouping.rawValue); expected one or the other")
        }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let ledger = try context.readingStore()
        var selected: [StoredAccount] = []
        for name in accounts {
            let account = try context.account(named: name)
            if !selected.contains(where: { $0.id == account.id }) { selected.append(account) }
        }
        if isNetWorth { return try runNetWorth(ledger, accounts: selected, in: context) }
        let query = ReportQuery(
            window: DayWindow.days(from, through: to), accounts: selected, grouping: grouping, isMonthly: isMonthly)
        let lines = try ledger.report(query)
        if json {
            context.console.print(try ReportJSON.report(lines, query: query, from: from, to: to).rendered())
            return 0
        }
        if lines.isEmpty {
            context.console.print("No booked rows to count in the window (pending rows and transfers are left out).")
            return 0
        }
        var columns: [(String, Table.Alignment)] = []
        if query.hasMonths { columns.append(("MONTH", .left)) }
        if let grouping, grouping != .month { columns.append((grouping.rawValue.uppercased(), .left)) }
        columns += [("CURRENCY", .left), ("INCOME", .right), ("SPENDING", .right), ("NET", .right), ("ROWS", .right)]
        var table = Table(columns)
        for line in lines {
            var cells: [String] = []
            if query.hasMonths { cells.append(line.month ?? "") }
            if let grouping, grouping != .month {
                cells.append(line.group ?? (grouping == .category ? "(none)" : ""))
            }
            cells += [
                line.currency.code, Money.format(line.income, currency: line.currency),
                Money.format(line.spending, currency: line.currency),
                Money.format(try Self.net(of: line), currency: line.currency), String(line.rows),
            ]
            table.append(cells)
        }
        context.console.print(table.rendered())
        return 0
    }

    /// A line's income less its spending, or an error when it leaves 64 bits.
    static func net(of line: ReportLine) throws -> Int64 {
        guard let net = line.net else {
            throw RuntimeError(
                "the net of \(line.group ?? line.month ?? "the report") in \(line.currency.code) doesn't fit in 64 bits"
            )
        }
        return net
    }

    // MARK: - Private

    private func runNetWorth(_ ledger: any ReportReading, accounts: [StoredAccount], in context: CommandContext) throws
        -> Int32
    {
        let days = try netWorthDays(ledger, accounts: accounts)
        let points = try ledger.netWorth(at: days, accounts: accounts)
        if json {
            context.console.print(ReportJSON.netWorth(points, isMonthly: isMonthly, from: from, to: to).rendered())
            return 0
        }
        if points.isEmpty {
            context.console.print("No balances to add: no booked row or checkpoint on or before the days asked.")
            return 0
        }
        var table = Table([("DAY", .left), ("CURRENCY", .left), ("NET WORTH", .right)])
        for point in points {
            table.append([
                point.day.description, point.currency.code, Money.format(point.amount, currency: point.currency),
            ])
        }
        context.console.print(table.rendered())
        return 0
    }

    /// `--to` or the last day with data; with `--monthly`, each month's last day from the first
    /// month to the last, the last month's point being that last day.
    private func netWorthDays(_ ledger: any ReportReading, accounts: [StoredAccount]) throws -> [Day] {
        let span = try ledger.bookedSpan(of: accounts)
        guard let last = to ?? span?.upperBound else { return [] }
        guard isMonthly else { return [last] }
        guard let first = from ?? span?.lowerBound, first <= last else { return [] }
        var days: [Day] = []
        var month = first.firstOfMonth
        while month <= last {
            let next = month.monthWindow.end ?? last.next
            days.append(min(next.previous, last))
            guard next > month else { break }
            month = next
        }
        return days
    }
}
