import LedgerCore
import LedgerStore

/// `ledgerport recurring stop NAME [--on DAY]`: no charge after a day; the charges stay.
struct RecurringStopCommand: Command {
    static let name = "recurring stop"
    static let abstract = "Stop a recurring rule: no charge after a day; its charges stay."
    static let arguments = "NAME"
    static let options: [OptionSpec] = [
        .value("--on", "DAY", "The last day a charge may fall on (default today)."),
        .flag("--json", "Print the rule as JSON."),
    ]

    let name: String
    let day: Day?
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("recurring stop needs one NAME") }
        name = arguments.positionals[0]
        day = try arguments.day("--on")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let rule = try RecurringCommand.rule(named: name, in: context)
        let last = try day ?? context.today()
        try context.recurringStore().stopRecurringRule(rule, on: last)
        if json {
            let stopped = try RecurringCommand.rule(named: name, in: context)
            context.console.print(ReportJSON.recurringRule(stopped).rendered())
        } else {
            context.console.print("stopped \(rule.name): no charge after \(last); the charges written stay")
        }
        return 0
    }
}
