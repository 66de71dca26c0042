import LedgerCore
import LedgerStore

/// `ledgerport recurring add NAME …`: a new recurring rule.
struct RecurringAddCommand: Command {
    static let name = "recurring add"
    static let abstract = "Add a recurring rule (rent, a subscription, a salary)."
    static let arguments = "NAME"
    static let discussion = """
        Due days are counted from --from in one step: every --interval (1) days, weeks, months or
        years; a day of the month past a shorter month's end falls on its last day for that month
        only. --settle book (the default) writes each charge as a booked transaction; --settle import
        stores it as scheduled, never counted in balances or checkpoints, until a row imported or
        synced into the account settles it: same direction, the amount within --tolerance, the day
        within --window days (5) of the due day. A scheduled charge past its window unsettled is
        listed as missed. No charge is written here: `recurring catch-up` writes them.
        """
    static let options: [OptionSpec] = [
        .value("--account", "NAME", "The account charged (required)."),
        .value("--amount", "X", "The price, without a sign (required)."),
        .value("--direction", "debit|credit", "Money out (debit) or in (credit) (required)."),
        .value("--every", "day|week|month|year", "The rhythm (required)."),
        .value("--interval", "N", "Every N units (default 1)."),
        .value("--from", "DAY", "The first due day, YYYY-MM-DD (required)."),
        .value("--until", "DAY", "The last day a charge may fall on."),
        .value("--category", "TEXT", "The charges' category."),
        .value("--settle", "book|import", "How charges count (default book)."),
        .value("--tolerance", "X", "With --settle import: how far a row's amount may be (default 0)."),
        .value("--window", "DAYS", "With --settle import: days either side of the due day (default 5)."),
        .flag("--json", "Print the rule as JSON."),
    ]

    let name: String
    let accountName: String
    let amountText: String
    let direction: Direction
    let unit: Recurrence.Unit
    let interval: Int
    let first: Day
    let until: Day?
    let category: String?
    let settlement: RecurringRule.Settlement
    let toleranceText: String?
    let windowDays: Int
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1, let name = arguments.positionals.first,
            !name.isEmpty, !name.contains(where: \.isNewline), !name.utf8.contains(0)
        else {
            throw UsageError(
                "recurring add needs one NAME: ledgerport recurring add Rent --account Checking --amount 1200.00 "
                    + "--direction debit --every month --from 2024-01-01")
        }
        self.name = name
        func required(_ option: String) throws(UsageError) -> String {
            guard let value = arguments.value(option) else { throw UsageError("recurring add needs \(option)") }
            return value
        }
        accountName = try required("--account")
        amountText = try required("--amount")
        let directionText = try required("--direction")
        guard let direction = Direction(rawValue: directionText) else {
            throw UsageError("--direction \(directionText) is not a direction; expected debit or credit")
        }
        self.direction = direction
        let every = try required("--every")
        guard let unit = Recurrence.Unit(rawValue: every) else {
            throw UsageError("--every \(every) is not a rhythm; expected day, week, month or year")
        }
        self.unit = unit
        interval = try arguments.count("--interval", "an interval", in: 1...1000, default: 1)
        first = try parseDay(try required("--from"), option: "--from")
        until = try arguments.day("--until")
        if let until, until < first { throw UsageError("--until \(until) is before --from \(first)") }
        category = arguments.value("--category")
        let settle = arguments.value("--settle") ?? "book"
        guard let settlement = RecurringRule.Settlement(rawValue: settle) else {
            throw UsageError("--settle \(settle) is not a way to settle; expected book or import")
        }
        self.settlement = settlement
        toleranceText = arguments.value("--tolerance")
        windowDays = try arguments.count("--window", "a number of days", in: 0...366, default: 5)
        if settlement == .book, toleranceText != nil || arguments.value("--window") != nil {
            throw UsageError("--tolerance and --window go with --settle import (a booked charge settles nothing)")
        }
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let account = try context.account(named: accountName)
        let amount = try RecurringCommand.amount(amountText, option: "--amount", currency: account.currency)
        let tolerance = try toleranceText.map { text throws(UsageError) in
            try RecurringCommand.amount(text, option: "--tolerance", currency: account.currency).minorUnits
        }
        guard let recurrence = Recurrence(unit: unit, interval: interval, first: first, until: until) else {
            throw UsageError("--until is before --from")
        }
        let rule = try context.recurringStore().addRecurringRule(
            NewRecurringRule(
                name: name, accountID: account.id, amount: amount, direction: direction, recurrence: recurrence,
                category: category, settlement: settlement, tolerance: tolerance ?? 0, windowDays: windowDays))
        if json {
            context.console.print(ReportJSON.recurringRule(rule).rendered())
        } else {
            context.console.print(
                "added \(rule.name): \(RecurringCommand.signed(rule.amount, rule.direction)) every "
                    + "\(RecurringCommand.rhythm(rule.recurrence)) from \(rule.recurrence.first) on "
                    + "\(rule.account.name) (\(rule.settlement == .book ? "booked" : "scheduled until imported")); "
                    + "`ledgerport recurring catch-up` writes the charges due")
        }
        return 0
    }
}
