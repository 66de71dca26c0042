import LedgerCore
import LedgerStore

/// `ledgerport recurring edit NAME …`: changes a rule's future.
struct RecurringEditCommand: Command {
    static let name = "recurring edit"
    static let abstract = "Change a recurring rule's future: price, rhythm, last day, category."
    static let arguments = "NAME"
    static let discussion = """
        Charges already written keep the price, label and category they were written with, and the
        rule's mark stays: a new rhythm (monthly to weekly) counts due days from the rule's first
        day again but never bills a day the mark has passed.
        """
    static let options: [OptionSpec] = [
        .value("--amount", "X", "The new price, without a sign."),
        .value("--every", "day|week|month|year", "The new rhythm."),
        .value("--interval", "N", "Every N units."),
        .value("--until", "DAY", "The last day a charge may fall on ('' for none)."),
        .value("--category", "TEXT", "The new category ('' for none)."),
        .value("--tolerance", "X", "With --settle import: how far a row's amount may be."),
        .value("--window", "DAYS", "With --settle import: days either side of the due day."),
        .flag("--json", "Print the rule as JSON."),
    ]

    let name: String
    let amountText: String?
    let unit: Recurrence.Unit?
    let interval: Int?
    let until: Day??
    let category: String??
    let toleranceText: String?
    let windowDays: Int?
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("recurring edit needs one NAME") }
        name = arguments.positionals[0]
        amountText = arguments.value("--amount")
        if let every = arguments.value("--every") {
            guard let unit = Recurrence.Unit(rawValue: every) else {
                throw UsageError("--every \(every) is not a rhythm; expected day, week, month or year")
            }
            self.unit = unit
        } else {
            unit = nil
        }
        interval = try arguments.count("--interval", "an interval", in: 1...1000)
        if let text = arguments.value("--until") {
            until = .some(text.isEmpty ? nil : try parseDay(text, option: "--until"))
        } else {
            until = nil
        }
        category = arguments.value("--category").map { $0.isEmpty ? nil : $0 }
        toleranceText = arguments.value("--tolerance")
        windowDays = try arguments.count("--window", "a number of days", in: 0...366)
        json = arguments.has("--json")
        guard
            amountText != nil || unit != nil || interval != nil || until != nil || category != nil
                || toleranceText != nil || windowDays != nil
        else {
            throw UsageError(
                "recurring edit needs --amount, --every, --interval, --until, --category, --tolerance or --window")
        }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let rule = try RecurringCommand.rule(named: name, in: context)
        let currency = rule.amount.currency
        let amount = try amountText.map { text throws(UsageError) in
            try RecurringCommand.amount(text, option: "--amount", currency: currency)
        }
        let tolerance = try toleranceText.map { text throws(UsageError) in
            try RecurringCommand.amount(text, option: "--tolerance", currency: currency).minorUnits
        }
        if case .some(.some(let last)) = until, last < rule.recurrence.first {
            throw UsageError("--until \(last) is before the rule's first day \(rule.recurrence.first)")
        }
        let edited = try context.recurringStore().editRecurringRule(
            rule, amount: amount, unit: unit, interval: interval, until: until, category: category,
            tolerance: tolerance, windowDays: windowDays)
        if json {
            context.console.print(ReportJSON.recurringRule(edited).rendered())
        } else {
            context.console.print(
                "\(edited.name): \(RecurringCommand.signed(edited.amount, edited.direction)) every "
                    + "\(RecurringCommand.rhythm(edited.recurrence)) from here on; charges written stay as they were")
        }
        return 0
    }
}
