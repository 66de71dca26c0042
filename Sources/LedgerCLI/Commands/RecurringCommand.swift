import LedgerCore
import LedgerStore

/// `ledgerport recurring`: the recurring rules, each with its rhythm, price and mark.
struct RecurringCommand: Command {
    static let name = "recurring"
    static let abstract = "List the recurring rules: rent, subscriptions, salaries written exactly once."
    static let discussion = """
        A recurring rule writes a charge on each due day, counted from its first day (a rule on the
        31st falls on the last day of shorter months). `recurring catch-up` (also run after `import`
        and `sync` unless --no-catch-up) writes the due charges after each rule's mark up to today
        and moves the mark, in one transaction, so running it twice writes nothing the second time.
        See docs/recurring.md.
        """
    static let options: [OptionSpec] = [.flag("--json", "Print the rules as JSON.")]
    static let subcommands: [any Command.Type] = [
        RecurringListCommand.self, RecurringAddCommand.self, RecurringShowCommand.self, RecurringEditCommand.self,
        RecurringStopCommand.self,
        RecurringDeleteCommand.self, RecurringCatchUpCommand.self,
    ]

    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else {
            throw UsageError("recurring takes no arguments; `ledgerport recurring --help` lists its subcommands")
        }
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let rules = try context.recurringStore().recurringRules()
        if json {
            context.console.print(JSONOutput.array(rules.map(ReportJSON.recurringRule)).rendered())
            return 0
        }
        guard !rules.isEmpty else {
            context.console.print("No recurring rules; `ledgerport recurring add --help` says how to add one")
            return 0
        }
        var table = Table([
            ("NAME", .left), ("ACCOUNT", .left), ("AMOUNT", .right), ("EVERY", .left), ("FROM", .left),
            ("SETTLE", .left), ("MARK", .left), ("STATE", .left),
        ])
        for rule in rules {
            table.append([
                rule.name, rule.account.name, Self.signed(rule.amount, rule.direction), Self.rhythm(rule.recurrence),
                rule.recurrence.first.description, rule.settlement.rawValue, rule.mark?.description ?? "-",
                rule.stoppedOn.map { "stopped \($0)" } ?? "active",
            ])
        }
        context.console.print(table.rendered())
        return 0
    }

    /// `-1200.00 EUR` for money out.
    static func signed(_ amount: Money, _ direction: Direction) -> String {
        Money.format(amount.signedMinorUnits(direction), currency: amount.currency) + " " + amount.currency.code
    }

    /// `month`, `2 weeks`.
    static func rhythm(_ recurrence: Recurrence) -> String {
        recurrence.interval == 1
            ? recurrence.unit.rawValue : "\(recurrence.interval) \(recurrence.unit.rawValue)s"
    }

    /// The rule a NAME argument names.
    static func rule(named name: String, in context: CommandContext) throws -> RecurringRule {
        guard let rule = try context.recurringStore().recurringRule(named: name) else {
            throw RuntimeError("no recurring rule is named \"\(name)\" (`ledgerport recurring` lists them)")
        }
        return rule
    }

    /// A positive amount in the account's currency, written without a sign.
    static func amount(_ text: String, option: String, currency: Currency) throws(UsageError) -> Money {
        let parsed: (Money, Direction)
        do {
            parsed = try Money.parse(text, currency: currency, at: .file(option))
        } catch {
            throw UsageError("\(option) \(text): \(error.message)")
        }
        guard parsed.1 == .credit, !text.hasPrefix("+"), !parsed.0.isZero else {
            throw UsageError(
                "\(option) \(text) must be above zero and written without a sign (--direction says which way)")
        }
        return parsed.0
    }
}
