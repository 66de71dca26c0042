import LedgerCore
import LedgerStore

/// `ledgerport recurring show NAME`: a rule and every charge it wrote.
struct RecurringShowCommand: Command {
    static let name = "recurring show"
    static let abstract = "Show a recurring rule and its charges (booked, scheduled, settled, missed)."
    static let arguments = "NAME"
    static let options: [OptionSpec] = [.flag("--json", "Print the rule and its charges as JSON.")]

    let name: String
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("recurring show needs one NAME") }
        name = arguments.positionals[0]
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let rule = try RecurringCommand.rule(named: name, in: context)
        let charges = try context.recurringStore().recurringCharges(of: rule)
        let today = try context.today()
        if json {
            context.console.print(
                JSONOutput.object([
                    ("rule", ReportJSON.recurringRule(rule)),
                    (
                        "charges",
                        .array(
                            charges.map {
                                ReportJSON.recurringCharge(
                                    $0, missed: $0.isMissed(today: today, windowDays: rule.windowDays))
                            })
                    ),
                ]
                ).rendered())
            return 0
        }
        context.console.print(
            "\(rule.name): \(RecurringCommand.signed(rule.amount, rule.direction)) every "
                + "\(RecurringCommand.rhythm(rule.recurrence)) from \(rule.recurrence.first)"
                + (rule.recurrence.until.map { " until \($0)" } ?? "") + " on \(rule.account.name)"
                + (rule.category.map { ", \($0)" } ?? "") + "; settle \(rule.settlement.rawValue); mark "
                + (rule.mark?.description ?? "none") + (rule.stoppedOn.map { "; stopped \($0)" } ?? ""))
        guard !charges.isEmpty else {
            context.console.print("No charges yet")
            return 0
        }
        var table = Table([("DUE", .left), ("AMOUNT", .right), ("STATE", .left), ("ROW", .right), ("CATEGORY", .left)])
        for charge in charges {
            let missed = charge.isMissed(today: today, windowDays: rule.windowDays)
            table.append([
                charge.dueDay.description, RecurringCommand.signed(charge.amount, charge.direction),
                missed ? "missed" : charge.state.rawValue, charge.transactionID.map(String.init) ?? "-",
                charge.category ?? "",
            ])
        }
        context.console.print(table.rendered())
        return 0
    }
}
