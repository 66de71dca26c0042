import LedgerCore
import LedgerStore

/// `ledgerport recurring catch-up [--through DAY]`: writes what is due, exactly once.
struct RecurringCatchUpCommand: Command {
    static let name = "recurring catch-up"
    static let abstract = "Write each rule's charges due since its mark, exactly once, and settle scheduled ones."
    static let discussion = """
        For each rule, the due days after its mark up to --through (default today), skipping days it
        already charged, are written with the rule's price, label and category now; the mark moves to
        --through in the same transaction, and only forward. Running it again writes nothing. Scheduled
        charges (--settle import) are then settled by matching booked rows. `import` and `sync` run it
        unless --no-catch-up.
        """
    static let options: [OptionSpec] = [
        .value("--through", "DAY", "The last day to write (default today)."),
        .flag("--json", "Print what was written and settled as JSON."),
    ]

    let through: Day?
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("recurring catch-up takes no arguments") }
        through = try arguments.day("--through")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let day = try through ?? context.today()
        let result = try context.recurringStore().catchUpRecurring(through: day)
        Self.report(result, through: day, json: json, in: context)
        return 0
    }

    /// Prints a catch-up's result: every charge written and settled, and the checkpoints it moved.
    static func report(_ result: CatchUpResult, through day: Day, json: Bool, in context: CommandContext) {
        if json {
            context.console.print(
                JSONOutput.object([
                    ("through", .string(day.description)),
                    ("written", .array(result.written.map { ReportJSON.recurringCharge($0, missed: false) })),
                    ("settled", .array(result.settled.map { ReportJSON.recurringCharge($0, missed: false) })),
                    ("updatedCheckpoints", .array(result.refreshed.map(ReportJSON.checkpoint))),
                ]
                ).rendered())
            return
        }
        for charge in result.written {
            context.console.print(
                "\(charge.state == .booked ? "booked" : "scheduled") \(charge.rule) on \(charge.dueDay): "
                    + RecurringCommand.signed(charge.amount, charge.direction) + " (\(charge.account))")
        }
        for charge in result.settled {
            context.console.print(
                "settled \(charge.rule) of \(charge.dueDay) by transaction \(charge.transactionID.map(String.init) ?? "-")"
            )
        }
        for checkpoint in result.refreshed {
            context.console.print("  the checkpoint of \(checkpoint.asOf) is now \(checkpoint.status.rawValue)")
        }
        if result.written.isEmpty && result.settled.isEmpty {
            context.console.print("nothing due through \(day)")
        }
    }
}
